import { useCallback, useMemo, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { useCurrentUser } from '../../shared/auth/current-user';
import { DateDisplay } from '../../shared/dates/date-display';
import { Button } from '../../shared/ui/button';
import { EmptyState } from '../../shared/ui/empty-state';
import { UserText } from '../../shared/ui/user-text';
import { useDigits } from '../../shared/ui/use-digits';
import { ModalDialog } from '../../shared/ui/dialog/modal-dialog';
import { CheckboxField } from '../../shared/ui/form/checkbox-field';
import { NumericInput } from '../../shared/ui/form/numeric-input';
import { TextField } from '../../shared/ui/form/text-field';
import { describedBy, FieldFrame, inputClass } from '../../shared/ui/form/field-frame';
import type { DataTableColumn } from '../../shared/ui/table/data-table';
import { ApprovalSubjectPage, type ApprovalSubjectDialogProps } from '../../shared/ui/approvals/approval-subject-page';
import { ApprovalStatusBadge } from '../../shared/ui/approvals/approvals';
import { ErrorSummary, errorsOf, type FieldErrors } from '../admin-common/kit';
import { getMyNumbers } from '../lines/lines-api';
import { getPhonebookChoices } from '../contacts/contacts-api';
import type { SafeListItem } from '../../../../server/shared/inbound/safe-lists.answers';

const NS = 'safeLists';
const PATH = '/SafeLists';

/** A whole number typed in the form, or null when empty. */
const numberOrNull = (v: string): number | null => (v.trim() === '' ? null : Number(v));

function Select({ id, label, hint, value, onChange, error, options, placeholder }: {
  id: string; label: string; hint?: string; value: string; onChange(v: string): void; error?: string; options: { value: number; label: string }[]; placeholder: string;
}) {
  return (
    <FieldFrame id={id} label={label} hint={hint} required errorText={error ?? null}>
      <select id={id} data-testid={id} value={value} onChange={(e) => onChange(e.target.value)} className={inputClass(!!error)} required
        aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, hint, error ?? null)}>
        <option value="">{placeholder}</option>
        {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
    </FieldFrame>
  );
}

/** Request or edit a safe-list: every field of the spec's whitemessage request; the server judges the rest (words on the line, ownership). */
function SafeListDialog({ editing, onClose, onSaved }: ApprovalSubjectDialogProps<SafeListItem>) {
  const { api } = useApp();
  const { t } = useTranslation(NS);
  const { data: lines } = useSWR(['safe-list-lines'], () => getMyNumbers(api, { sendType: 'Single' }));
  const { data: books } = useSWR(['safe-list-phonebooks'], () => getPhonebookChoices(api, { manageable: true }));
  const [privateNumberId, setLine] = useState(editing?.privateNumberId ? String(editing.privateNumberId) : '');
  const [phonebookId, setBook] = useState(editing?.phonebookId ? String(editing.phonebookId) : '');
  const [enterSms, setEnter] = useState(editing?.enterSms ?? '');
  const [exitSms, setExitSms] = useState(editing?.exitSms ?? '');
  const [returnText, setReturn] = useState(editing?.returnText ?? '');
  const [cancelText, setCancel] = useState(editing?.cancelText ?? '');
  const [isSendCancelText, setSendCancel] = useState(editing?.isSendCancelText ?? false);
  const [daily, setDaily] = useState(editing?.dailyAddLimit != null ? String(editing.dailyAddLimit) : '');
  const [monthly, setMonthly] = useState(editing?.monthlyAddLimit != null ? String(editing.monthlyAddLimit) : '');
  const [repeat, setRepeat] = useState(String(editing?.repeatTextDay ?? 1));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const required: FieldErrors = {};
    if (!privateNumberId) required.privateNumberId = t('required');
    if (!phonebookId) required.phonebookId = t('required');
    if (!enterSms.trim()) required.enterSms = t('required');
    if (!exitSms.trim()) required.exitSms = t('required');
    if (!returnText.trim()) required.returnText = t('required');
    if (isSendCancelText && !cancelText.trim()) required.cancelText = t('required');
    if (Object.keys(required).length > 0) { setErrors(required); return; }
    setBusy(true);
    try {
      const body = {
        privateNumberId: Number(privateNumberId), phonebookId: Number(phonebookId), enterSms, exitSms, returnText,
        cancelText: cancelText.trim() ? cancelText : null, isSendCancelText,
        dailyAddLimit: numberOrNull(daily), monthlyAddLimit: numberOrNull(monthly), repeatTextDay: numberOrNull(repeat) ?? 0,
      };
      if (editing) await api.post(`${PATH}/Update`, { id: editing.id, ...body }, { quiet: true });
      else await api.post(`${PATH}/Create`, body, { quiet: true });
      onSaved();
    } catch (err) { setErrors(errorsOf(err)); } finally { setBusy(false); }
  };

  const lineOptions = (lines ?? []).map((l) => ({ value: l.id, label: l.number }));
  const bookOptions = (books ?? []).map((b) => ({ value: b.id, label: b.title }));
  return (
    <ModalDialog open onClose={onClose} title={t(editing ? 'edit' : 'create')} data-testid="safe-list-dialog">
      <form noValidate onSubmit={(e) => void submit(e)}>
        <ErrorSummary errors={errors} testId="safe-list-errors" />
        <div className="mb-4 grid gap-3 sm:grid-cols-2">
          <Select id="safe-list-line" label={t('fields.line')} hint={lines && lines.length === 0 ? t('noLines') : t('hints.line')} value={privateNumberId} onChange={setLine}
            error={errors.privateNumberId} options={lineOptions} placeholder={t('choose')} />
          <Select id="safe-list-phonebook" label={t('fields.phonebook')} hint={books && books.length === 0 ? t('noPhonebooks') : t('hints.phonebook')} value={phonebookId} onChange={setBook}
            error={errors.phonebookId} options={bookOptions} placeholder={t('choose')} />
          <TextField id="safe-list-enter" data-testid="safe-list-enter" label={t('fields.enterSms')} hint={t('hints.words')} value={enterSms} maxLength={50} required
            error={errors.enterSms} onChange={(e) => setEnter(e.target.value)} />
          <TextField id="safe-list-exit" data-testid="safe-list-exit" label={t('fields.exitSms')} value={exitSms} maxLength={50} required
            error={errors.exitSms} onChange={(e) => setExitSms(e.target.value)} />
          <TextField id="safe-list-return" data-testid="safe-list-return" className="sm:col-span-2" label={t('fields.returnText')} value={returnText} maxLength={1000} required
            error={errors.returnText} onChange={(e) => setReturn(e.target.value)} />
          <CheckboxField id="safe-list-send-cancel" data-testid="safe-list-send-cancel" className="sm:col-span-2" label={t('fields.isSendCancelText')}
            checked={isSendCancelText} onCheckedChange={setSendCancel} error={errors.isSendCancelText} />
          <TextField id="safe-list-cancel" data-testid="safe-list-cancel" className="sm:col-span-2" label={t('fields.cancelText')} value={cancelText} maxLength={1000}
            required={isSendCancelText} error={errors.cancelText} onChange={(e) => setCancel(e.target.value)} />
          <NumericInput id="safe-list-daily" data-testid="safe-list-daily" label={t('fields.dailyAddLimit')} hint={t('hints.limits')} value={daily} onValueChange={setDaily} error={errors.dailyAddLimit} />
          <NumericInput id="safe-list-monthly" data-testid="safe-list-monthly" label={t('fields.monthlyAddLimit')} value={monthly} onValueChange={setMonthly} error={errors.monthlyAddLimit} />
          <NumericInput id="safe-list-repeat" data-testid="safe-list-repeat" className="sm:col-span-2" label={t('fields.repeatTextDay')} hint={t('hints.repeatTextDay')}
            value={repeat} onValueChange={setRepeat} error={errors.repeatTextDay} />
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>{t('cancel')}</Button>
          <Button type="submit" loading={busy} data-testid="safe-list-save">{t('save')}</Button>
        </div>
      </form>
    </ModalDialog>
  );
}

export function SafeListsPage() {
  const { t } = useTranslation(NS);
  const digits = useDigits();
  const limit = useCallback((n: number | null) => (n === null ? t('noLimit') : digits(n)), [t, digits]);

  const leading = useMemo<DataTableColumn<SafeListItem>[]>(() => [
    { key: 'id', header: t('columns.id'), cell: (r) => digits(r.id) },
    { key: 'words', header: t('columns.words'), hideable: false, cell: (r) => <UserText>{t('wordsCell', { enter: r.enterSms, exit: r.exitSms })}</UserText> },
    { key: 'line', header: t('columns.line'), cell: (r) => <span dir="ltr">{r.receiverNumber ?? t('deletedRef')}</span> },
    { key: 'phonebook', header: t('columns.phonebook'), cell: (r) => <UserText>{r.phonebookTitle ?? t('deletedRef')}</UserText> },
    { key: 'members', header: t('columns.members'), cell: (r) => <span data-testid="safe-list-members">{digits(r.membersCount)}</span> },
  ], [t, digits]);
  const trailing = useMemo<DataTableColumn<SafeListItem>[]>(() => [
    { key: 'limits', header: t('columns.limits'), cell: (r) => `${limit(r.dailyAddLimit)} / ${limit(r.monthlyAddLimit)}` },
    { key: 'overLimit', header: t('columns.overLimit'), cell: (r) => digits(r.overLimitCount) },
    { key: 'user', header: t('columns.user'), cell: (r) => <UserText>{r.userName}</UserText> },
    { key: 'organization', header: t('columns.organization'), cell: (r) => <UserText>{r.organizationName}</UserText> },
    { key: 'lastModified', header: t('columns.lastModified'), cell: (r) => <DateDisplay value={r.lastModified} /> },
  ], [t, digits, limit]);
  const statusCell = useCallback((r: SafeListItem) => (
    <span className="grid gap-1">
      <ApprovalStatusBadge ns={NS} status={r.status} testId="safe-list-status" />
      {r.status === 'Rejected' && r.rejectComment && <UserText className="text-xs text-red-700 dark:text-red-300" data-testid="safe-list-reject-comment">{t('rejectComment', { comment: r.rejectComment })}</UserText>}
    </span>
  ), [t]);
  // Only an administrator above the list's organization decides (the server's rule); its own administrators wait.
  const { data: me } = useCurrentUser();
  const canDecideRow = useCallback((r: SafeListItem) => me?.scope === 'superAdmin' || (me !== undefined && r.organizationId !== me.organizationId), [me]);
  const empty = useCallback((create: () => void) => (
    <EmptyState title={t('empty')} description={t('emptyHint')} action={<Button onClick={create} data-testid="safe-list-create-first">{t('create')}</Button>} data-testid="safe-lists-empty" />
  ), [t]);

  return (
    <ApprovalSubjectPage<SafeListItem> pageTestId="safe-lists-page" ns={NS} path={PATH} swrKey="safe-lists" testId="safe-list" tableTestId="safe-lists-table"
      leading={leading} trailing={trailing} statusCell={statusCell} canDecideRow={canDecideRow} rejectWithReason rejectReasonField="rejectComment" emptyState={empty} dialog={SafeListDialog} />
  );
}
