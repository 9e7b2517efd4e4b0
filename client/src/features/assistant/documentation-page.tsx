import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { useApp } from '../../shared/app/app-context';
import { useAppState } from '../../shared/app/app-store';
import { ContentMain } from '../../shared/ui/content-main';
import { Spinner } from '../../shared/ui/spinner';
import { assistantApi, assistantKeys, DOCUMENTATION_PATH, helpLanguageOf } from './assistant-api';
import { HelpMarkdown } from './help-markdown';

/**
 * The documentation viewer (`documentation` and `documentation/**`, signed in, outside the main
 * layout): the product's help pages — the texts the chat assistant answers from — with a table of
 * contents, a search box using the assistant's matcher, Persian right to left and English left to
 * right. `documentation/<slug>#s<n>` opens a page at one section.
 */
export function DocumentationPage() {
  const { api, store, setLanguage } = useApp();
  const { t } = useTranslation('assistant');
  const appLanguage = useAppState(store, (s) => s.language);
  const language = helpLanguageOf(appLanguage);
  const slug = (useParams()['*'] ?? '').split('/')[0];
  const { hash } = useLocation();
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const contents = useSWR(assistantKeys.contents(language), () => assistantApi.contents(api, { language }));
  const current = slug || contents.data?.[0]?.slug || '';
  const page = useSWR(current ? assistantKeys.page(language, current) : null, () => assistantApi.page(api, current, { language }, { quiet: true }));
  const hits = useSWR(search ? assistantKeys.search(language, search) : null, () => assistantApi.search(api, { language, search }));

  // A link to a section scrolls to it once the page is drawn.
  useEffect(() => {
    if (!page.data || !hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [page.data, hash]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSearch(draft.trim());
  };

  return (
    <div className="min-h-screen bg-slate-50 dark:bg-slate-900" dir={language === 'fa' ? 'rtl' : 'ltr'} lang={language} data-testid="documentation-page">
      <header className="flex flex-wrap items-center gap-3 border-b border-slate-200 bg-white px-4 py-2 dark:border-slate-700 dark:bg-slate-800">
        <span className="text-lg font-bold text-sky-700">{t('docs.title')}</span>
        <div className="ms-auto flex flex-wrap items-center gap-3 text-sm">
          <Link to="/developer/api-docs" className="text-sky-700 underline dark:text-sky-300" data-testid="documentation-api-link">{t('docs.apiDocs')}</Link>
          <button type="button" className="rounded border px-2 py-1" lang={language === 'fa' ? 'en' : 'fa'}
            onClick={() => setLanguage(language === 'fa' ? 'en-US' : 'fa')} data-testid="documentation-language">{t('docs.language')}</button>
          <Link to="/" className="rounded bg-slate-700 px-3 py-1 text-white" data-testid="documentation-back">{t('docs.back')}</Link>
        </div>
      </header>
      <div className="mx-auto flex max-w-6xl flex-col gap-4 p-4 md:flex-row">
        <nav aria-label={t('docs.contents')} className="shrink-0 md:w-64" data-testid="documentation-contents">
          <form role="search" onSubmit={submit} className="mb-4 flex gap-2">
            <label htmlFor="documentation-search" className="sr-only">{t('docs.searchLabel')}</label>
            <input id="documentation-search" type="search" dir="auto" value={draft} maxLength={200} placeholder={t('docs.searchPlaceholder')} data-testid="documentation-search"
              onChange={(e) => { setDraft(e.target.value); if (!e.target.value) setSearch(''); }}
              className="min-w-0 flex-1 rounded border border-gray-500 bg-white px-2 py-1 text-sm dark:border-gray-400 dark:bg-gray-900" />
            <button type="submit" className="rounded bg-sky-700 px-3 py-1 text-sm text-white">{t('docs.search')}</button>
          </form>
          <h2 className="mb-2 text-xs font-semibold uppercase text-slate-500 dark:text-slate-400">{t('docs.contents')}</h2>
          {contents.isLoading && <Spinner label={t('docs.loading')} />}
          <ol className="space-y-1 text-sm">
            {(contents.data ?? []).map((p) => (
              <li key={p.slug}>
                <Link to={`${DOCUMENTATION_PATH}/${p.slug}`} aria-current={p.slug === current ? 'page' : undefined}
                  className={`block rounded px-2 py-1 ${p.slug === current ? 'bg-sky-100 text-sky-800 dark:bg-sky-900 dark:text-sky-100' : 'hover:bg-slate-100 dark:hover:bg-slate-700'}`}>{p.title}</Link>
              </li>
            ))}
          </ol>
        </nav>
        <ContentMain className="min-w-0 flex-1 rounded bg-white p-4 dark:bg-slate-800">
          {search && (
            <section aria-labelledby="documentation-results" className="mb-6 border-b border-slate-200 pb-4 dark:border-slate-700" data-testid="documentation-results">
              <div className="mb-2 flex items-center justify-between">
                <h2 id="documentation-results" className="font-semibold">{t('docs.results')}</h2>
                <button type="button" className="text-sm underline" onClick={() => { setSearch(''); setDraft(''); }}>{t('docs.clear')}</button>
              </div>
              {hits.isLoading && <Spinner label={t('docs.loading')} />}
              {hits.data && hits.data.length === 0 && <p className="text-sm text-slate-600 dark:text-slate-300">{t('docs.noResults')}</p>}
              <ul className="space-y-2">
                {(hits.data ?? []).map((h) => (
                  <li key={`${h.slug}-${h.sectionId}`} data-testid="documentation-hit">
                    <Link to={h.link} className="font-medium text-sky-700 underline dark:text-sky-300" onClick={() => setSearch('')}>{h.pageTitle}{h.sectionId !== 's0' ? ` — ${h.sectionTitle}` : ''}</Link>
                    <p className="text-sm text-slate-600 dark:text-slate-300">{h.snippet}</p>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {page.isLoading && <Spinner label={t('docs.loading')} />}
          {page.error && <p data-testid="documentation-not-found">{t('docs.notFound')}</p>}
          {page.data && (
            <article data-testid="documentation-article">
              <h1 className="mb-4 text-2xl font-bold">{page.data.title}</h1>
              {page.data.sections.map((s) => (
                <section key={s.id} id={s.id} aria-labelledby={s.id === 's0' ? undefined : `${s.id}-title`} className="scroll-mt-4">
                  {s.id !== 's0' && <h2 id={`${s.id}-title`} className="mb-2 mt-6 text-lg font-semibold">{s.title}</h2>}
                  <HelpMarkdown text={s.markdown} />
                </section>
              ))}
            </article>
          )}
        </ContentMain>
      </div>
    </div>
  );
}
