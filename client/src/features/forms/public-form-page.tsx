import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useApp } from '../../shared/app/app-context';
import { useAppState } from '../../shared/app/app-store';
import { ApiError } from '../../shared/api/api-client';
import { ContentMain } from '../../shared/ui/content-main';
import { EmptyState } from '../../shared/ui/empty-state';
import { Spinner } from '../../shared/ui/spinner';
import { FilledForm } from './filled-form';
import { formsKeys, publicFormsApi } from './forms-api';

/**
 * The outer route `form/:id` (no sign-in): a published form, mobile first, right to left in
 * Persian and left to right in English, in its theme's colour. Anything not published answers the
 * server's silent 404, shown as "not found". A visitor who came by a personal short link carries
 * `sl=<code>`; it goes with the answer so the owner sees who answered.
 */
export function PublicFormPage() {
  const { id } = useParams();
  const formId = Number(id);
  const [search] = useSearchParams();
  const shortLink = search.get('sl');
  const { api, store, setLanguage } = useApp();
  const language = useAppState(store, (s) => s.language);
  const english = language !== 'fa';
  const { t } = useTranslation('forms');
  const valid = Number.isInteger(formId) && formId > 0;
  const { data, error, isLoading } = useSWR(valid ? formsKeys.publicForm(formId) : null, () => publicFormsApi.get(api, formId, { quiet: true }));
  const missing = !valid || (error instanceof ApiError && error.status === 404) || (!!error && !data);

  return (
    <div dir={english ? 'ltr' : 'rtl'} lang={english ? 'en' : 'fa'} className="min-h-screen bg-slate-100 px-3 py-4 text-slate-900 sm:py-10" data-testid="public-form-page">
      <div className="mx-auto mb-3 flex w-full max-w-xl justify-end">
        <button type="button" data-testid="public-form-language" aria-label={t('public.languageLabel')} lang={english ? 'fa' : 'en'} className="rounded border border-slate-400 bg-white px-2 py-1 text-sm"
          onClick={() => setLanguage(english ? 'fa' : 'en-US')}>{t('public.language')}</button>
      </div>
      <ContentMain>
        {isLoading && valid ? (
          <Spinner label={t('public.loading')} data-testid="public-form-loading" />
        ) : missing || !data ? (
          <EmptyState title={t('public.notFound')} description={t('public.notFoundHint')} data-testid="public-form-missing" />
        ) : (
          <FilledForm form={data} english={english}
            submit={(values, submissionKey) => publicFormsApi.submit(api, { formId, submissionKey, values, sl: shortLink && /^[A-Za-z0-9_-]{1,40}$/.test(shortLink) ? shortLink : null }, { quiet: true })}
            upload={async (fieldId, file) => (await publicFormsApi.upload(api, formId, fieldId, file)).fileKey} />
        )}
      </ContentMain>
    </div>
  );
}
