import { useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { Button } from '../../shared/ui/button';
import { ModalDialog } from '../../shared/ui/dialog/modal-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { CheckboxField } from '../../shared/ui/form/checkbox-field';
import { NumericInput } from '../../shared/ui/form/numeric-input';
import { toLatinDigits } from '../../shared/ui/form/to-latin-digits';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { useDigits } from '../../shared/ui/use-digits';
import { ErrorSummary, errorsOf, type FieldErrors } from '../admin-common/kit';
import { UserPicker } from '../admin-common/pickers';
import { LINE_SEND_TYPES, linesApi, linesKeys, type Assignment, type Line } from './lines-api';
import { UserText } from '../../shared/ui/user-text';

const limitOf = (v: string): number | null => (v.trim() ? Number(toLatinDigits(v.trim())) : null);

/** Who may send from a line, with which send types and limits; assigning an assigned user updates it. */
export function AssignmentsDialog({ line, onClose }: { line: Line; onClose(): void }) {
  const { api } = useApp();
  const { t } = useTranslation('lines');
  const digits = useDigits();
  const { data, isLoading, mutate } = useSWR(linesKeys.assignments(line.id), () => linesApi.assignments(api, { privateNumberId: line.id }));
  const [userId, setUserId] = useState<number | null>(null);
  const [sendTypes, setSendTypes] = useState<string[]>(['Single', 'Bulk']);
  const [canSeeReceivedSms, setCanSeeReceivedSms] = useState(false);
  const [daily, setDaily] = useState('');
  const [monthly, setMonthly] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const pick = (a: Assignment) => {
    setUserId(a.userId);
    setSendTypes(a.sendTypesList);
    setCanSeeReceivedSms(a.canSeeReceivedSms);
    setDaily(a.dailySendLimit == null ? '' : String(a.dailySendLimit));
    setMonthly(a.monthlySendLimit == null ? '' : String(a.monthlySendLimit));
  };

  const assign = async (e: FormEvent) => {
    e.preventDefault();
    const local: FieldErrors = {};
    if (!userId) local.userId = t('required');
    if (!sendTypes.length) local.sendTypesList = t('assignments.pickSendType');
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      await linesApi.assign(api, {
        privateNumberId: line.id, userId, sendTypesList: sendTypes, canSeeReceivedSms, dailySendLimit: limitOf(daily), monthlySendLimit: limitOf(monthly),
      }, { quiet: true });
      showToast({ kind: 'success', message: t('assignments.assigned') });
      setUserId(null);
      await mutate();
    } catch (err) { setErrors(errorsOf(err)); } finally { setBusy(false); }
  };

  const unassign = async (a: Assignment) => {
    try {
      await linesApi.unassign(api, { privateNumberId: line.id, userId: a.userId });
      showToast({ kind: 'success', message: t('assignments.unassigned') });
      await mutate();
    } catch { /* the error catalogue told the user */ }
  };

  const columns: DataTableColumn<Assignment>[] = [
    { key: 'user', header: t('assignments.columns.user'), hideable: false, cell: (a) => <UserText data-testid="assignment-user">{a.userName}</UserText> },
    { key: 'sendTypes', header: t('assignments.columns.sendTypes'), cell: (a) => a.sendTypesList.map((s) => t(`assignments.sendTypeNames.${s}`)).join('، ') },
    {
      key: 'limits', header: t('assignments.columns.limits'),
      cell: (a) => `${a.dailySendLimit == null ? t('assignments.noLimit') : digits(a.dailySendLimit)} / ${a.monthlySendLimit == null ? t('assignments.noLimit') : digits(a.monthlySendLimit)}`,
    },
    { key: 'received', header: t('assignments.columns.received'), cell: (a) => t(a.canSeeReceivedSms ? 'yes' : 'no') },
    {
      key: 'actions', header: t('assignments.columns.actions'), hideable: false, cell: (a) => (
        <div className="flex gap-1">
          <Button size="sm" variant="secondary" onClick={() => pick(a)}>{t('edit')}</Button>
          <Button size="sm" variant="danger" onClick={() => void unassign(a)} data-testid="assignment-unassign">{t('assignments.unassign')}</Button>
        </div>
      ),
    },
  ];

  return (
    <ModalDialog open onClose={onClose} size="lg" title={t('assignments.title', { number: line.number })} data-testid="assignments-dialog">
      <DataTable columns={columns} rows={data?.items} rowKey={(a) => a.id} loading={isLoading} emptyText={t('assignments.empty')} emptyDescription={t('assignments.emptyHint')}
        pageIndex={0} pageSize={Math.max(data?.items.length ?? 0, 1)} totalCount={data?.totalCount ?? 0} onPageChange={() => undefined}
        columnChooser={false} data-testid="assignments-table" />
      <form noValidate onSubmit={(e) => void assign(e)} className="mt-4 border-t border-slate-200 pt-3 dark:border-slate-700">
        <ErrorSummary errors={errors} testId="assignment-errors" />
        <div className="grid gap-x-4 gap-y-3 sm:grid-cols-2">
          <UserPicker id="assignment-user" data-testid="assignment-user-select" label={t('assignments.user')} organizationId={line.organizationId} value={userId} required
            error={errors.userId} onChange={(id) => setUserId(id)} />
          <CheckboxField id="assignment-received" label={t('assignments.canSeeReceivedSms')} checked={canSeeReceivedSms} onCheckedChange={setCanSeeReceivedSms} />
          <NumericInput id="assignment-daily" label={t('assignments.dailySendLimit')} value={daily} onValueChange={setDaily} error={errors.dailySendLimit} />
          <NumericInput id="assignment-monthly" label={t('assignments.monthlySendLimit')} value={monthly} onValueChange={setMonthly} error={errors.monthlySendLimit} />
        </div>
        <fieldset className="mt-3">
          <legend className="mb-1 text-sm font-medium">{t('assignments.sendTypes')}</legend>
          <div className="flex flex-wrap gap-4">
            {LINE_SEND_TYPES.map((s) => (
              <CheckboxField key={s} id={`assignment-type-${s}`} data-testid={`assignment-type-${s}`} label={t(`assignments.sendTypeNames.${s}`)} checked={sendTypes.includes(s)}
                onCheckedChange={(on) => setSendTypes((list) => (on ? [...list, s] : list.filter((x) => x !== s)))} />
            ))}
          </div>
        </fieldset>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>{t('close')}</Button>
          <Button type="submit" loading={busy} data-testid="assignment-save">{t('assignments.assign')}</Button>
        </div>
      </form>
    </ModalDialog>
  );
}
