import { useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { Button } from '../../shared/ui/button';
import { ModalDialog } from '../../shared/ui/dialog/modal-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { CheckboxField } from '../../shared/ui/form/checkbox-field';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { useDigits } from '../../shared/ui/use-digits';
import { ErrorSummary, errorsOf, type FieldErrors } from '../admin-common/kit';
import { createResendRule, deleteResendRule, getResendRules, RESENDABLE_STATUSES, type ResendRule } from '../outbox/resend-api';
import { getMyNumbers, linesKeys, type Line } from './lines-api';

/** The spec's automatic resend of a line: which final statuses are sent again, and on which lines (tried in order). */
export function ResendRulesDialog({ line, onClose }: { line: Line; onClose(): void }) {
  const { api } = useApp();
  const { t } = useTranslation('resend');
  const digits = useDigits();
  const { data, isLoading, mutate } = useSWR(['resend-rules', line.id], () => getResendRules(api, line.id));
  const { data: lines } = useSWR(linesKeys.myNumbers('Bulk'), () => getMyNumbers(api, { sendType: 'Bulk' }));
  const [statuses, setStatuses] = useState<string[]>([]);
  const [targets, setTargets] = useState<number[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const numberOf = (id: number) => lines?.find((l) => l.id === id)?.number ?? String(id);
  const statusTitle = (s: string) => t(`sending:deliveryStatuses.${s}`, { defaultValue: s });

  const add = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      await createResendRule(api, { privateNumberId: line.id, deliveryStatus: statuses, targetPrivateNumbers: targets });
      showToast({ kind: 'success', message: t('rules.added') });
      setStatuses([]);
      setTargets([]);
      await mutate();
    } catch (err) {
      setErrors(errorsOf(err, { deliveryStatus: t('rules.statuses'), targetPrivateNumbers: t('rules.targets') }));
    } finally { setBusy(false); }
  };

  const remove = async (rule: ResendRule) => {
    try {
      await deleteResendRule(api, rule.id);
      showToast({ kind: 'success', message: t('rules.deleted') });
      await mutate();
    } catch { /* the error catalogue told the user */ }
  };

  const columns: DataTableColumn<ResendRule>[] = [
    { key: 'statuses', header: t('rules.columns.statuses'), hideable: false, cell: (r) => r.deliveryStatus.map(statusTitle).join('، ') },
    { key: 'targets', header: t('rules.columns.targets'), cell: (r) => <span dir="ltr">{r.targetPrivateNumbers.map((id) => digits(numberOf(id))).join(', ')}</span> },
    { key: 'actions', header: t('rules.columns.actions'), hideable: false, cell: (r) => <Button size="sm" variant="danger" onClick={() => void remove(r)} data-testid="resend-rule-delete">{t('rules.delete')}</Button> },
  ];
  const toggle = <T,>(list: T[], item: T, on: boolean) => (on ? [...list, item] : list.filter((x) => x !== item));

  return (
    <ModalDialog open onClose={onClose} size="lg" title={t('rules.title', { number: digits(line.number) })} data-testid="resend-rules-dialog">
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">{t('rules.hint')}</p>
      <DataTable columns={columns} rows={data?.items} rowKey={(r) => r.id} loading={isLoading} caption={t('rules.title', { number: digits(line.number) })}
        emptyText={t('rules.empty')} pageIndex={0} pageSize={100} totalCount={data?.totalCount ?? 0} onPageChange={() => undefined} data-testid="resend-rules" />
      <form noValidate className="mt-4" onSubmit={(e) => void add(e)}>
        <ErrorSummary errors={errors} testId="resend-rule-errors" />
        <fieldset className="mb-3">
          <legend className="mb-1 text-sm font-medium">{t('rules.statuses')}</legend>
          <div className="grid gap-1 sm:grid-cols-2">
            {RESENDABLE_STATUSES.map((s) => (
              <CheckboxField key={s} id={`resend-rule-status-${s}`} data-testid={`resend-rule-status-${s}`} label={statusTitle(s)}
                checked={statuses.includes(s)} onCheckedChange={(on) => setStatuses((c) => toggle(c, s, on))} />
            ))}
          </div>
        </fieldset>
        <fieldset className="mb-3">
          <legend className="mb-1 text-sm font-medium">{t('rules.targets')}</legend>
          {(lines ?? []).filter((l) => l.id !== line.id).map((l) => (
            <CheckboxField key={l.id} id={`resend-rule-target-${l.id}`} data-testid={`resend-rule-target-${l.id}`} label={digits(l.number)}
              checked={targets.includes(l.id)} onCheckedChange={(on) => setTargets((c) => toggle(c, l.id, on))} />
          ))}
        </fieldset>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>{t('rules.close')}</Button>
          <Button type="submit" loading={busy} data-testid="resend-rule-add">{t('rules.add')}</Button>
        </div>
      </form>
    </ModalDialog>
  );
}
