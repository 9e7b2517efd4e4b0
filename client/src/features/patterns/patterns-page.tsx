import { useCallback, useMemo, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApp } from '../../shared/app/app-context';
import { DateDisplay } from '../../shared/dates/date-display';
import { Button } from '../../shared/ui/button';
import { ModalDialog } from '../../shared/ui/dialog/modal-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { EmptyState } from '../../shared/ui/empty-state';
import { TextField } from '../../shared/ui/form/text-field';
import { describedBy, FieldFrame, inputClass } from '../../shared/ui/form/field-frame';
import { PageHeader } from '../../shared/ui/page-header';
import { UserText } from '../../shared/ui/user-text';
import { useDigits } from '../../shared/ui/use-digits';
import type { DataTableColumn } from '../../shared/ui/table/data-table';
import { ApprovalList, useApprovalListRefresh } from '../../shared/ui/approvals/approval-list';
import { ApprovalStatusBadge } from '../../shared/ui/approvals/approvals';
import { ErrorSummary, errorsOf, type FieldErrors } from '../admin-common/kit';
import { TemplateFields } from '../sending/phonebook-recipients';
import type { PhonebookFieldChoice } from '../sending/sending-api';
import { parseTemplate, placeholderNames } from '../../../../server/shared/text/template-placeholders';
import { countParts } from '../../../../server/shared/sms/sms-text';
import { PATTERN_SEND_PATH, type Pattern } from './patterns-api';

/** The contact's own fields a pattern may name (the server's DYNAMIC_CONTACT_FIELDS). */
const OWN_FIELDS = ['firstName', 'lastName', 'cellphone', 'phonebookGroup', 'job', 'email', 'address', 'telephone', 'birthdate'] as const;

const useCustomFields = () => {
  const { api } = useApp();
  return useSWR<{ items: PhonebookFieldChoice[] }>(['send-phonebook-fields'], () => api.get<{ items: PhonebookFieldChoice[] }>('/CustomFields/GetAll'));
};

export function StatusBadge({ pattern }: { pattern: Pick<Pattern, 'status' | 'confirmedAbove'> }) {
  const { t } = useTranslation('patterns');
  return (
    <span className="inline-flex flex-wrap gap-1">
      <ApprovalStatusBadge ns="patterns" status={pattern.status} testId="pattern-status" />
      {pattern.status === 'Confirmed' && pattern.confirmedAbove && (
        <span className="inline-block rounded-full bg-sky-100 px-2 py-0.5 text-xs font-medium text-sky-900 dark:bg-sky-900/40 dark:text-sky-200" title={t('fastHint')} data-testid="pattern-fast">{t('fast')}</span>
      )}
    </span>
  );
}

/**
 * The text as a sample contact would receive it, read with the server's own parser
 * (server/shared/text/template-placeholders.ts): contact fields take sample values, custom fields
 * their Persian name; names that match no field are listed (the server refuses them on save).
 */
function Preview({ smsText }: { smsText: string }) {
  const { t } = useTranslation('patterns');
  const digits = useDigits();
  const { data: fields } = useCustomFields();
  const parts = useMemo(() => parseTemplate(smsText), [smsText]);
  if (!smsText.trim()) return <p className="text-sm text-slate-500" data-testid="pattern-preview-empty">{t('previewEmpty')}</p>;
  const custom = fields?.items ?? [];
  const valueOf = (name: string): string | null => {
    const lower = name.toLowerCase();
    const own = OWN_FIELDS.find((f) => f.toLowerCase() === lower);
    if (own) return t(`sample.${own}`);
    const field = custom.find((f) => f.nameEn.toLowerCase() === lower);
    return field ? `«${field.nameFa}»` : null;
  };
  const unknown = placeholderNames(parts).filter((n) => valueOf(n) === null);
  const rendered = parts.map((p) => (typeof p === 'string' ? p : valueOf(p.name) ?? '')).join('');
  const count = countParts(rendered);
  return (
    <div aria-live="polite">
      <p className="mb-1 text-sm font-medium">{t('preview')}</p>
      <p dir="auto" className="whitespace-pre-wrap rounded border border-slate-200 bg-slate-50 p-2 text-sm dark:border-slate-700 dark:bg-slate-800" data-testid="pattern-preview">{rendered}</p>
      <p className="mt-1 text-xs text-slate-500">{t('previewLength', { chars: digits([...rendered].length), parts: digits(Math.max(1, count.parts)) })}</p>
      {fields && unknown.length > 0 && (
        <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300" data-testid="pattern-preview-unknown">
          <span dir="ltr">{t('unknownFields', { fields: unknown.map((n) => `{${n}}`).join(' ') })}</span>
        </p>
      )}
    </div>
  );
}

function PatternDialog({ editing, onClose, onSaved }: { editing: Pattern | null; onClose(): void; onSaved(): void }) {
  const { api } = useApp();
  const { t } = useTranslation('patterns');
  const [title, setTitle] = useState(editing?.title ?? '');
  const [smsText, setSmsText] = useState(editing?.smsText ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local: FieldErrors = {};
    if (!title.trim()) local.title = t('required');
    if (!smsText.trim()) local.smsText = t('required');
    if (Object.keys(local).length) { setErrors(local); return; }
    setBusy(true);
    try {
      const body = { title: title.trim(), smsText };
      if (editing) await api.post('/Patterns/Update', { id: editing.id, ...body }, { quiet: true });
      else await api.post('/Patterns/Create', body, { quiet: true });
      onSaved();
    } catch (err) { setErrors(errorsOf(err)); } finally { setBusy(false); }
  };

  return (
    <ModalDialog open onClose={onClose} title={t(editing ? 'edit' : 'create')} data-testid="pattern-dialog">
      <form noValidate onSubmit={(e) => void submit(e)}>
        <ErrorSummary errors={errors} testId="pattern-errors" />
        <div className="mb-3 grid gap-3">
          <TextField id="pattern-title" data-testid="pattern-title" label={t('titleField')} value={title} maxLength={100} required error={errors.title} onChange={(e) => setTitle(e.target.value)} />
          <FieldFrame id="pattern-text" label={t('smsText')} required errorText={errors.smsText ?? null}>
            <textarea id="pattern-text" data-testid="pattern-text" rows={5} dir="auto" value={smsText} maxLength={5000} required
              aria-invalid={errors.smsText ? true : undefined} aria-describedby={describedBy('pattern-text', undefined, errors.smsText ?? null)}
              className={inputClass(!!errors.smsText)} onChange={(e) => { setSmsText(e.target.value); setErrors(({ smsText: _stale, ...rest }) => rest); }} />
          </FieldFrame>
          <TemplateFields onInsert={(placeholder) => setSmsText((v) => v + placeholder)} />
          <Preview smsText={smsText} />
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>{t('cancel')}</Button>
          <Button type="submit" loading={busy} data-testid="pattern-save">{t('save')}</Button>
        </div>
      </form>
    </ModalDialog>
  );
}

export function PatternsPage() {
  const { t } = useTranslation('patterns');
  const digits = useDigits();
  const refresh = useApprovalListRefresh('patterns');
  const [dialog, setDialog] = useState<{ editing: Pattern | null } | null>(null);

  const leading = useMemo<DataTableColumn<Pattern>[]>(() => [
    { key: 'id', header: t('columns.id'), cell: (r) => digits(r.id) },
    { key: 'title', header: t('columns.title'), hideable: false, cell: (r) => <UserText>{r.title}</UserText> },
    { key: 'smsText', header: t('columns.smsText'), cell: (r) => <span dir="auto" className="whitespace-pre-wrap break-words">{r.smsText}</span> },
  ], [t, digits]);
  const trailing = useMemo<DataTableColumn<Pattern>[]>(() => [
    { key: 'user', header: t('columns.user'), cell: (r) => <UserText>{r.userName ?? String(r.userId)}</UserText> },
    { key: 'organization', header: t('columns.organization'), cell: (r) => <UserText>{r.organizationName ?? String(r.organizationId)}</UserText> },
    { key: 'lastModified', header: t('columns.lastModified'), cell: (r) => <DateDisplay value={r.lastModified} /> },
  ], [t]);
  const statusCell = useCallback((r: Pattern) => <StatusBadge pattern={r} />, []);
  // A confirmation not from above can still be replaced by one from above.
  const canConfirm = useCallback((r: Pattern) => r.status !== 'Confirmed' || !r.confirmedAbove, []);
  const actions = useCallback((r: Pattern) => (<>
    {r.status === 'Confirmed' && <Link className="rounded px-2 py-1 text-sm text-sky-700 underline dark:text-sky-300" to={`${PATTERN_SEND_PATH}?patternId=${r.id}`} data-testid="pattern-send">{t('send')}</Link>}
    <Button size="sm" variant="secondary" onClick={() => setDialog({ editing: r })} data-testid="pattern-edit">{t('edit')}</Button>
  </>), [t]);

  const create = <Button onClick={() => setDialog({ editing: null })} data-testid="pattern-create">{t('create')}</Button>;
  const empty = <EmptyState title={t('empty')} description={t('emptyHint')} action={<Button onClick={() => setDialog({ editing: null })} data-testid="pattern-create-first">{t('create')}</Button>} data-testid="patterns-empty" />;
  return (
    <section data-testid="patterns-page">
      <PageHeader title={t('title')} actions={create} />
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">{t('intro')}</p>
      <ApprovalList<Pattern> ns="patterns" path="/Patterns" swrKey="patterns" testId="pattern" tableTestId="patterns-table"
        leading={leading} trailing={trailing} statusCell={statusCell} canConfirm={canConfirm} rejectWithReason actions={actions} emptyState={empty} />
      {dialog && <PatternDialog editing={dialog.editing} onClose={() => setDialog(null)} onSaved={() => { setDialog(null); showToast({ kind: 'success', message: t('done') }); void refresh(); }} />}
    </section>
  );
}
