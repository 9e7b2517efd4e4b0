import { useMemo, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApp } from '../../shared/app/app-context';
import type { Page } from '../../shared/api/api-client';
import { useCurrentUser } from '../../shared/auth/current-user';
import { DateDisplay } from '../../shared/dates/date-display';
import { Button } from '../../shared/ui/button';
import { cx } from '../../shared/ui/class-names';
import { ConfirmDialog } from '../../shared/ui/dialog/confirm-dialog';
import { ModalDialog } from '../../shared/ui/dialog/modal-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { EmptyState } from '../../shared/ui/empty-state';
import { TextField } from '../../shared/ui/form/text-field';
import { describedBy, FieldFrame, inputClass } from '../../shared/ui/form/field-frame';
import { PageHeader } from '../../shared/ui/page-header';
import { isolateText } from '../../shared/ui/bidi';
import { UserText } from '../../shared/ui/user-text';
import { useDigits } from '../../shared/ui/use-digits';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { ErrorSummary, errorsOf, type FieldErrors } from '../admin-common/kit';
import { TemplateFields } from '../sending/phonebook-recipients';
import type { PhonebookFieldChoice } from '../sending/sending-api';
import { parseTemplate, placeholderNames } from '../../../../server/shared/text/template-placeholders';
import { countParts } from '../../../../server/shared/sms/sms-text';
import { PATTERN_SEND_PATH, PATTERN_STATUSES, type Pattern, type PatternStatus } from './patterns-api';

const BADGE: Record<PatternStatus, string> = {
  WatingForConfirm: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200',
  Confirmed: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-200',
  Rejected: 'bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-200',
};

/** The contact's own fields a pattern may name (the server's DYNAMIC_CONTACT_FIELDS). */
const OWN_FIELDS = ['firstName', 'lastName', 'cellphone', 'phonebookGroup', 'job', 'email', 'address', 'telephone', 'birthdate'] as const;

/** Administrators (and resellers, super admins) confirm and reject; the server checks it again. */
function useCanDecide(): boolean {
  const { data: user } = useCurrentUser();
  return !!user && (user.isAdmin || user.scope === 'superAdmin' || user.scope === 'reseller');
}

const useCustomFields = () => {
  const { api } = useApp();
  return useSWR<{ items: PhonebookFieldChoice[] }>(['send-phonebook-fields'], () => api.get<{ items: PhonebookFieldChoice[] }>('/CustomFields/GetAll'));
};

export function StatusBadge({ pattern }: { pattern: Pick<Pattern, 'status' | 'confirmedAbove'> }) {
  const { t } = useTranslation('patterns');
  return (
    <span className="inline-flex flex-wrap gap-1">
      <span className={cx('inline-block rounded-full px-2 py-0.5 text-xs font-medium', BADGE[pattern.status])} data-testid="pattern-status" data-status={pattern.status}>
        {t(`statuses.${pattern.status}`)}
      </span>
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

function RejectDialog({ pattern, onClose, onDone }: { pattern: Pattern; onClose(): void; onDone(): void }) {
  const { api } = useApp();
  const { t } = useTranslation('patterns');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await api.post('/Patterns/Reject', { id: pattern.id, reason: reason.trim() || null });
      onDone();
    } catch { /* the error catalogue told the user */ } finally { setBusy(false); }
  };
  return (
    <ModalDialog open onClose={onClose} title={t('rejectTitle')} data-testid="pattern-reject-dialog">
      <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-3">
        <p>{t('rejectMessage', { title: isolateText(pattern.title) })}</p>
        <TextField id="pattern-reject-reason" data-testid="pattern-reject-reason" label={t('rejectReason')} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>{t('cancel')}</Button>
          <Button type="submit" variant="danger" loading={busy} data-testid="pattern-reject-confirm">{t('reject')}</Button>
        </div>
      </form>
    </ModalDialog>
  );
}

export function PatternsPage() {
  const { api } = useApp();
  const { t } = useTranslation('patterns');
  const canDecide = useCanDecide();
  const digits = useDigits();
  const [dialog, setDialog] = useState<{ editing: Pattern | null } | null>(null);
  const [deleting, setDeleting] = useState<Pattern | null>(null);
  const [rejecting, setRejecting] = useState<Pattern | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [status, setStatus] = useState<PatternStatus | ''>('');
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const { data, isLoading, mutate } = useSWR<Page<Pattern>>(['patterns', pageIndex, pageSize, status],
    () => api.get<Page<Pattern>>('/Patterns/GetAll', { query: { pageIndex, pageSize, status } }));

  const confirm = async (row: Pattern) => {
    setBusy(`Confirm-${row.id}`);
    try {
      await api.post(`/Patterns/Confirm/${row.id}`, {});
      showToast({ kind: 'success', message: t('done') });
      await mutate();
    } catch { /* told */ } finally { setBusy(null); }
  };

  const remove = async () => {
    if (!deleting) return;
    setBusy('delete');
    try {
      await api.delete(`/Patterns/Delete/${deleting.id}`);
      showToast({ kind: 'success', message: t('deleted') });
      setDeleting(null);
      if (data && data.items.length === 1 && pageIndex > 0) setPageIndex(pageIndex - 1);
      await mutate();
    } catch { /* told */ } finally { setBusy(null); }
  };

  const columns = useMemo<DataTableColumn<Pattern>[]>(() => [
    { key: 'id', header: t('columns.id'), cell: (r) => digits(r.id) },
    { key: 'title', header: t('columns.title'), hideable: false, cell: (r) => <UserText>{r.title}</UserText> },
    { key: 'smsText', header: t('columns.smsText'), cell: (r) => <span dir="auto" className="whitespace-pre-wrap break-words">{r.smsText}</span> },
    { key: 'status', header: t('columns.status'), hideable: false, cell: (r) => <StatusBadge pattern={r} /> },
    { key: 'user', header: t('columns.user'), cell: (r) => <UserText>{r.userName ?? String(r.userId)}</UserText> },
    { key: 'organization', header: t('columns.organization'), cell: (r) => <UserText>{r.organizationName ?? String(r.organizationId)}</UserText> },
    { key: 'lastModified', header: t('columns.lastModified'), cell: (r) => <DateDisplay value={r.lastModified} /> },
    {
      key: 'actions', header: t('columns.actions'), hideable: false,
      cell: (r) => (
        <div className="flex flex-wrap gap-2">
          {canDecide && (r.status !== 'Confirmed' || !r.confirmedAbove) && <Button size="sm" loading={busy === `Confirm-${r.id}`} onClick={() => void confirm(r)} data-testid="pattern-confirm">{t('confirm')}</Button>}
          {canDecide && r.status !== 'Rejected' && <Button size="sm" variant="secondary" onClick={() => setRejecting(r)} data-testid="pattern-reject">{t('reject')}</Button>}
          {r.status === 'Confirmed' && <Link className="rounded px-2 py-1 text-sm text-sky-700 underline dark:text-sky-300" to={`${PATTERN_SEND_PATH}?patternId=${r.id}`} data-testid="pattern-send">{t('send')}</Link>}
          <Button size="sm" variant="secondary" onClick={() => setDialog({ editing: r })} data-testid="pattern-edit">{t('edit')}</Button>
          <Button size="sm" variant="danger" onClick={() => setDeleting(r)} data-testid="pattern-delete">{t('delete')}</Button>
        </div>
      ),
    },
  // The actions close over `mutate` of the current key.
  ], [t, canDecide, busy, mutate, digits]);

  const create = <Button onClick={() => setDialog({ editing: null })} data-testid="pattern-create">{t('create')}</Button>;
  const empty = !isLoading && data && data.totalCount === 0 && !status;
  return (
    <section data-testid="patterns-page">
      <PageHeader title={t('title')} actions={create} />
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">{t('intro')}</p>
      {empty ? (
        <EmptyState title={t('empty')} description={t('emptyHint')} action={<Button onClick={() => setDialog({ editing: null })} data-testid="pattern-create-first">{t('create')}</Button>} data-testid="patterns-empty" />
      ) : (<>
        <div className="mb-3 max-w-xs">
          <FieldFrame id="pattern-status-filter" label={t('statusFilter')} errorText={null}>
            <select id="pattern-status-filter" data-testid="pattern-status-filter" value={status} className={inputClass(false)}
              onChange={(e) => { setStatus(e.target.value as PatternStatus | ''); setPageIndex(0); }}>
              <option value="">{t('allStatuses')}</option>
              {PATTERN_STATUSES.map((s) => <option key={s} value={s}>{t(`statuses.${s}`)}</option>)}
            </select>
          </FieldFrame>
        </div>
        <DataTable columns={columns} rows={data?.items} rowKey={(r) => r.id} loading={isLoading} emptyText={t('empty')} caption={t('title')}
          pageIndex={pageIndex} pageSize={pageSize} totalCount={data?.totalCount ?? 0} onPageChange={setPageIndex}
          onPageSizeChange={(s) => { setPageSize(s); setPageIndex(0); }} data-testid="patterns-table" />
      </>)}
      {dialog && <PatternDialog editing={dialog.editing} onClose={() => setDialog(null)} onSaved={() => { setDialog(null); showToast({ kind: 'success', message: t('done') }); void mutate(); }} />}
      {rejecting && <RejectDialog pattern={rejecting} onClose={() => setRejecting(null)} onDone={() => { setRejecting(null); showToast({ kind: 'success', message: t('done') }); void mutate(); }} />}
      <ConfirmDialog open={!!deleting} busy={busy === 'delete'} danger title={t('deleteTitle')}
        message={deleting ? t('deleteMessage', { title: isolateText(deleting.title) }) : undefined}
        confirmText={t('delete')} onConfirm={() => void remove()} onCancel={() => setDeleting(null)} data-testid="pattern-delete-dialog" />
    </section>
  );
}
