import { useEffect, useMemo, useState, type FormEvent } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { useAppState } from '../../shared/app/app-store';
import { useCurrentUser } from '../../shared/auth/current-user';
import { Button } from '../../shared/ui/button';
import { ConfirmDialog } from '../../shared/ui/dialog/confirm-dialog';
import { ModalDialog } from '../../shared/ui/dialog/modal-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { CheckboxField } from '../../shared/ui/form/checkbox-field';
import { TextField } from '../../shared/ui/form/text-field';
import { PageHeader } from '../../shared/ui/page-header';
import { CodeSpans } from '../../shared/ui/rich-text';
import { Spinner } from '../../shared/ui/spinner';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { isolateText } from '../../shared/ui/bidi';
import { UserText } from '../../shared/ui/user-text';
import { ErrorSummary, errorsOf, SearchBox, type FieldErrors } from '../admin-common/kit';
import { useFormFailure } from '../sending/send-form-failure';
import { assistantApi, assistantKeys, type BotAnswer, type FaqAnswer, type HelpLanguage } from './assistant-api';

const areaClass = 'w-full rounded-md border border-gray-500 bg-white px-3 py-2 text-sm dark:border-gray-400 dark:bg-gray-900';

/**
 * Configuration → Assistant FAQ (Configuration.Manage): the bot that answers this organization's
 * users (or the installation's default bot for the system administrator), its matching settings,
 * and its FAQ entries.
 */
export function AssistantAdminPage() {
  const { api, store } = useApp();
  const { t } = useTranslation('assistant');
  const { mutate } = useSWRConfig();
  const { data: user } = useCurrentUser();
  // The bot is created for the organization the switcher points at (the server's tenant), not always the user's own.
  const active = useAppState(store, (s) => s.activeOrganizationId);
  const activeOrganizationId = active ? Number(active) : user?.organizationId;
  const bots = useSWR(assistantKeys.bots(), () => assistantApi.bots(api, { pageIndex: 0, pageSize: 200 }));
  const [botId, setBotId] = useState<number | null>(null);
  const list = bots.data?.items ?? [];
  const bot = list.find((b) => b.botId === botId) ?? list[0] ?? null;
  const isSystem = user?.scope === 'superAdmin';

  const createBot = async () => {
    try {
      const created = await assistantApi.createBot(api, { title: t('admin.newBotTitle'), fuzzyMatch: true, fuzzyThreshold: 0.5, semanticMatch: false, semanticThreshold: 0.8, isActive: true });
      await mutate(assistantKeys.bots());
      setBotId(created.botId);
    } catch { /* the error catalogue told the user */ }
  };

  return (
    <section data-testid="assistant-admin-page">
      <PageHeader title={t('admin.title')} subtitle={t('admin.tryIt')} />
      {bots.isLoading && <Spinner />}
      {list.length > 1 && (
        <label className="mb-4 flex max-w-md flex-col gap-1 text-sm">
          <span className="font-medium">{t('admin.chooseBot')}</span>
          <select className={areaClass} value={bot?.botId ?? ''} onChange={(e) => setBotId(Number(e.target.value))} data-testid="assistant-bot-select">
            {list.map((b) => <option key={b.botId} value={b.botId}>{b.isDefault ? t('admin.defaultBot') : isolateText(`${b.title} (${b.organizationName ?? ''})`)}</option>)}
          </select>
        </label>
      )}
      {bots.data && !list.some((b) => !b.isDefault && b.organizationId === activeOrganizationId) && !(isSystem && activeOrganizationId === user?.organizationId) && (
        <div className="mb-4 rounded border border-slate-300 p-3 text-sm dark:border-slate-600" data-testid="assistant-no-bot">
          <p className="mb-2">{t('admin.noBot')}</p>
          <Button onClick={() => void createBot()} data-testid="assistant-create-bot">{t('admin.createBot')}</Button>
        </div>
      )}
      {bot && <BotForm key={bot.botId} bot={bot} />}
      {bot && <FaqList bot={bot} />}
    </section>
  );
}

function BotForm({ bot }: { bot: BotAnswer }) {
  const { api } = useApp();
  const { t } = useTranslation('assistant');
  const { mutate } = useSWRConfig();
  const [title, setTitle] = useState(bot.title);
  const [fuzzyMatch, setFuzzyMatch] = useState(bot.fuzzyMatch);
  const [fuzzyThreshold, setFuzzyThreshold] = useState(String(bot.fuzzyThreshold));
  const [semanticMatch, setSemanticMatch] = useState(bot.semanticMatch);
  const [semanticThreshold, setSemanticThreshold] = useState(String(bot.semanticThreshold));
  const [isActive, setIsActive] = useState(bot.isActive);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const { errors, formRef, fail } = useFormFailure(t('admin.formInvalid'));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local: FieldErrors = {};
    if (!title.trim()) local.title = t('admin.required');
    const fuzzy = Number(fuzzyThreshold.replace(',', '.'));
    const semantic = Number(semanticThreshold.replace(',', '.'));
    if (Object.keys(local).length) { fail(local); return; }
    setBusy(true);
    try {
      await assistantApi.updateBot(api, { botId: bot.botId, title: title.trim(), fuzzyMatch, fuzzyThreshold: fuzzy, semanticMatch, semanticThreshold: semantic, isActive }, { quiet: true });
      showToast({ kind: 'success', message: t('admin.botSaved') });
      await mutate(assistantKeys.bots());
    } catch (err) { fail(errorsOf(err), err); } finally { setBusy(false); }
  };
  const remove = async () => {
    try {
      await assistantApi.deleteBot(api, bot.botId);
      showToast({ kind: 'success', message: t('admin.botDeleted') });
      setDeleting(false);
      await mutate(assistantKeys.bots());
    } catch { /* the error catalogue told the user */ }
  };

  return (
    <form ref={formRef} noValidate onSubmit={(e) => void submit(e)} className="mb-6 grid max-w-3xl gap-3 rounded border border-slate-200 p-4 dark:border-slate-700" data-testid="assistant-bot-form">
      <h2 className="font-semibold">{t('admin.bot')}: {bot.isDefault ? t('admin.defaultBot') : <UserText>{bot.organizationName}</UserText>}</h2>
      <ErrorSummary errors={errors} testId="assistant-bot-errors" />
      <TextField id="assistant-bot-title" label={t('admin.botTitle')} value={title} dir="auto" maxLength={200} required error={errors.title} onChange={(e) => setTitle(e.target.value)} />
      <CheckboxField id="assistant-bot-fuzzy" label={t('admin.fuzzyMatch')} hint={t('admin.fuzzyMatchHint')} checked={fuzzyMatch} onCheckedChange={setFuzzyMatch} />
      <TextField id="assistant-bot-fuzzy-threshold" label={t('admin.fuzzyThreshold')} hint={t('admin.fuzzyThresholdHint')} value={fuzzyThreshold} dir="ltr" inputMode="decimal"
        error={errors.fuzzyThreshold} onChange={(e) => setFuzzyThreshold(e.target.value)} />
      <CheckboxField id="assistant-bot-semantic" label={t('admin.semanticMatch')} hint={t('admin.semanticMatchHint')}
        checked={semanticMatch} onCheckedChange={setSemanticMatch} data-testid="assistant-bot-semantic" />
      {/* The switch is stored either way; without an endpoint it does nothing, and says so. */}
      {!bot.semanticAvailable && (
        <p className="rounded bg-amber-50 p-2 text-sm text-amber-900 dark:bg-amber-900 dark:text-amber-100" data-testid="assistant-semantic-unavailable">
          <CodeSpans text={t('admin.semanticUnavailable')} />
        </p>
      )}
      <TextField id="assistant-bot-semantic-threshold" label={t('admin.semanticThreshold')} value={semanticThreshold} dir="ltr" inputMode="decimal"
        error={errors.semanticThreshold} onChange={(e) => setSemanticThreshold(e.target.value)} />
      <CheckboxField id="assistant-bot-active" label={t('admin.isActive')} hint={t('admin.isActiveHint')} checked={isActive} onCheckedChange={setIsActive} />
      <div className="flex justify-end gap-2">
        {!bot.isDefault && <Button variant="danger" onClick={() => setDeleting(true)}>{t('admin.deleteBot')}</Button>}
        <Button type="submit" loading={busy} data-testid="assistant-bot-save">{t('admin.saveBot')}</Button>
      </div>
      <ConfirmDialog open={deleting} danger title={t('admin.deleteBotTitle')} message={t('admin.deleteBotMessage', { title: isolateText(bot.title) })}
        confirmText={t('admin.delete')} onConfirm={() => void remove()} onCancel={() => setDeleting(false)} />
    </form>
  );
}

function FaqList({ bot }: { bot: BotAnswer }) {
  const { api } = useApp();
  const { t } = useTranslation('assistant');
  const { mutate } = useSWRConfig();
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<FaqAnswer | 'new' | null>(null);
  const [deleting, setDeleting] = useState<FaqAnswer | null>(null);
  const { data, isLoading } = useSWR(assistantKeys.faqs(bot.botId, pageIndex, pageSize, search),
    () => assistantApi.faqs(api, { botId: bot.botId, pageIndex, pageSize, ...(search ? { search } : {}) }));
  const refresh = () => mutate(assistantKeys.isAssistantKey);

  const remove = async () => {
    if (!deleting) return;
    try {
      await assistantApi.deleteFaq(api, deleting.id);
      showToast({ kind: 'success', message: t('admin.faqDeleted') });
      setDeleting(null);
      await refresh();
    } catch { /* the error catalogue told the user */ }
  };

  const columns = useMemo<DataTableColumn<FaqAnswer>[]>(() => [
    { key: 'question', header: t('admin.columns.question'), hideable: false, cell: (f) => f.question },
    { key: 'language', header: t('admin.columns.language'), cell: (f) => t(`admin.languages.${f.language}`) },
    { key: 'keywords', header: t('admin.columns.keywords'), cell: (f) => f.keywords.join('، ') },
    { key: 'active', header: t('admin.columns.active'), cell: (f) => (f.isActive ? t('admin.active') : t('admin.inactive')) },
    {
      key: 'actions', header: t('admin.columns.actions'), hideable: false, cell: (f) => (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={() => setEditing(f)} data-testid="assistant-faq-edit">{t('admin.edit')}</Button>
          <Button size="sm" variant="danger" onClick={() => setDeleting(f)} data-testid="assistant-faq-delete">{t('admin.delete')}</Button>
        </div>
      ),
    },
  ], [t]);

  return (
    <section aria-labelledby="assistant-faq-title" data-testid="assistant-faqs">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="assistant-faq-title" className="text-lg font-semibold">{t('admin.faqTitle')}</h2>
        <Button onClick={() => setEditing('new')} data-testid="assistant-faq-new">{t('admin.newFaq')}</Button>
      </div>
      <div className="mb-3"><SearchBox value={search} onSearch={(s) => { setSearch(s); setPageIndex(0); }} idPrefix="assistant-faq" /></div>
      <DataTable columns={columns} rows={data?.items} rowKey={(f) => f.id} loading={isLoading} caption={t('admin.faqTitle')}
        emptyText={t('admin.emptyFaq')} emptyDescription={search ? undefined : t('admin.emptyFaqHint')}
        pageIndex={pageIndex} pageSize={pageSize} totalCount={data?.totalCount ?? 0} onPageChange={setPageIndex}
        onPageSizeChange={(size) => { setPageSize(size); setPageIndex(0); }} data-testid="assistant-faq-table" />
      {editing && <FaqDialog botId={bot.botId} entry={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={() => { setEditing(null); void refresh(); }} />}
      <ConfirmDialog open={!!deleting} danger title={t('admin.deleteFaqTitle')} message={t('admin.deleteFaqMessage')}
        confirmText={t('admin.delete')} onConfirm={() => void remove()} onCancel={() => setDeleting(null)} />
    </section>
  );
}

function FaqDialog({ botId, entry, onClose, onSaved }: { botId: number; entry: FaqAnswer | null; onClose(): void; onSaved(): void }) {
  const { api, store } = useApp();
  const { t } = useTranslation('assistant');
  const appLanguage = useAppState(store, (s) => s.language);
  const [question, setQuestion] = useState(entry?.question ?? '');
  const [answer, setAnswer] = useState(entry?.answer ?? '');
  const [language, setLanguage] = useState<HelpLanguage>(entry?.language ?? (appLanguage === 'fa' ? 'fa' : 'en'));
  const [keywords, setKeywords] = useState((entry?.keywords ?? []).join('، '));
  const [isActive, setIsActive] = useState(entry?.isActive ?? true);
  const [busy, setBusy] = useState(false);
  const { errors, formRef, fail } = useFormFailure(t('admin.formInvalid'));
  useEffect(() => { formRef.current?.querySelector<HTMLElement>('textarea')?.focus(); }, [formRef]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local: FieldErrors = {};
    if (!question.trim()) local.question = t('admin.required');
    if (!answer.trim()) local.answer = t('admin.required');
    if (Object.keys(local).length) { fail(local); return; }
    // Persian and Latin commas both separate keywords.
    const body = { botId, question: question.trim(), answer: answer.trim(), language, keywords: keywords.split(/[,،]/).map((k) => k.trim()).filter(Boolean), isActive };
    setBusy(true);
    try {
      if (entry) await assistantApi.updateFaq(api, { id: entry.id, ...body }, { quiet: true }); else await assistantApi.createFaq(api, body, { quiet: true });
      showToast({ kind: 'success', message: t('admin.faqSaved') });
      onSaved();
    } catch (err) { fail(errorsOf(err), err); } finally { setBusy(false); }
  };

  const area = (id: string, label: string, value: string, set: (v: string) => void, rows: number, error?: string) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">{label}</label>
      <textarea id={id} data-testid={id} rows={rows} dir="auto" value={value} required aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined} onChange={(e) => set(e.target.value)} className={areaClass} />
      {error && <p id={`${id}-error`} role="alert" className="text-sm text-red-700 dark:text-red-400">{error}</p>}
    </div>
  );

  return (
    <ModalDialog open onClose={onClose} title={entry ? t('admin.faqFormEdit') : t('admin.faqFormNew')} size="lg" data-testid="assistant-faq-dialog">
      <form ref={formRef} noValidate onSubmit={(e) => void submit(e)} className="grid gap-3">
        <ErrorSummary errors={errors} testId="assistant-faq-errors" />
        {area('assistant-faq-question', t('admin.question'), question, setQuestion, 2, errors.question)}
        {area('assistant-faq-answer', t('admin.answer'), answer, setAnswer, 5, errors.answer)}
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">{t('admin.language')}</span>
          <select className={areaClass} value={language} onChange={(e) => setLanguage(e.target.value === 'en' ? 'en' : 'fa')} data-testid="assistant-faq-language">
            <option value="fa">{t('admin.languages.fa')}</option>
            <option value="en">{t('admin.languages.en')}</option>
          </select>
        </label>
        <TextField id="assistant-faq-keywords" data-testid="assistant-faq-keywords" label={t('admin.keywords')} hint={t('admin.keywordsHint')} value={keywords} dir="auto"
          error={errors.keywords} onChange={(e) => setKeywords(e.target.value)} />
        <CheckboxField id="assistant-faq-active" label={t('admin.isActive')} hint={t('admin.faqActiveHint')} checked={isActive} onCheckedChange={setIsActive} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>{t('admin.cancel')}</Button>
          <Button type="submit" loading={busy} data-testid="assistant-faq-save">{t('admin.save')}</Button>
        </div>
      </form>
    </ModalDialog>
  );
}
