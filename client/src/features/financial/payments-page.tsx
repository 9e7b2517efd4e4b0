import { useMemo, useState, type FormEvent } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApp } from '../../shared/app/app-context';
import { hasClaim, useCurrentUser } from '../../shared/auth/current-user';
import { DateDisplay } from '../../shared/dates/date-display';
import { Button } from '../../shared/ui/button';
import { ConfirmDialog } from '../../shared/ui/dialog/confirm-dialog';
import { ModalDialog } from '../../shared/ui/dialog/modal-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { CheckboxField } from '../../shared/ui/form/checkbox-field';
import { NumericInput } from '../../shared/ui/form/numeric-input';
import { TextField } from '../../shared/ui/form/text-field';
import { toLatinDigits } from '../../shared/ui/form/to-latin-digits';
import { useDigits } from '../../shared/ui/use-digits';
import { PageHeader } from '../../shared/ui/page-header';
import { Select } from '../../shared/ui/select/select';
import { UserText } from '../../shared/ui/user-text';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { ErrorSummary, errorsOf, FormSection, type FieldErrors } from '../admin-common/kit';
import { financialKeys, invoicePath, PAYMENT_STATUSES, PAYMENT_TYPES, paymentsApi, type Payment } from './financial-api';
import { Amount, useMoney } from './money';

const TEXT_FIELDS = ['billNumber', 'referenceId', 'orderId', 'description'] as const;
const CHEQUE_TEXT_FIELDS = ['branchCode', 'chequeAccountNumber', 'holderName', 'serialNumber', 'seriesNumber', 'typeBank', 'chequeImageAddress'] as const;

type Draft = Record<string, string> & { typePayment: string; amount: string };
const EMPTY: Draft = { typePayment: 'Cash', amount: '' };

/** The body of Payments/Create: only the fields of the chosen type; dates/times as the API wants them. */
function paymentBody(draft: Draft, isPassed: boolean): Record<string, unknown> {
  const v = (k: string) => toLatinDigits((draft[k] ?? '').trim()) || undefined;
  const body: Record<string, unknown> = { typePayment: draft.typePayment, amount: draft.amount };
  const date = v('paymentDate');
  if (date) body.paymentDate = new Date(`${date}T00:00:00Z`).toISOString();
  body.paymentTime = v('paymentTime');
  for (const k of TEXT_FIELDS) body[k] = draft[k]?.trim() || undefined;
  if (draft.typePayment === 'Cheque') {
    for (const k of CHEQUE_TEXT_FIELDS) body[k] = draft[k]?.trim() || undefined;
    body.dueDate = v('dueDate');
    body.nationalCode = v('nationalCode');
    body.sayadNumber = v('sayadNumber');
    body.isPassed = isPassed;
  }
  return body;
}

function CreatePaymentDialog({ onClose, onCreated }: { onClose(): void; onCreated(): void }) {
  const { api } = useApp();
  const { t } = useTranslation('financial');
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [isPassed, setIsPassed] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const typeItems = useMemo(() => PAYMENT_TYPES.map((id) => ({ id, title: t(`payments.types.${id}`) })), [t]);
  const set = (k: string) => (value: string) => setDraft((d) => ({ ...d, [k]: value }));
  const text = (k: string, extra: { maxLength?: number; required?: boolean; dir?: 'ltr' } = {}) => (
    <TextField key={k} id={`payment-${k}`} data-testid={`payment-${k}`} label={t(`payments.${k}`)} value={draft[k] ?? ''} error={errors[k]}
      onChange={(e) => set(k)(e.target.value)} maxLength={extra.maxLength ?? 100} required={extra.required} dir={extra.dir} />
  );
  const numeric = (k: string, required = false) => (
    <NumericInput key={k} id={`payment-${k}`} data-testid={`payment-${k}`} label={t(`payments.${k}`)} value={draft[k] ?? ''} error={errors[k]} onValueChange={set(k)} required={required} />
  );
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      await paymentsApi.create(api, paymentBody(draft, isPassed), { quiet: true });
      showToast({ kind: 'success', message: t('payments.created') });
      onCreated();
    } catch (err) { setErrors(errorsOf(err)); } finally { setBusy(false); }
  };
  const cheque = draft.typePayment === 'Cheque';
  return (
    <ModalDialog open onClose={onClose} title={t('payments.create')} size="lg" data-testid="payment-dialog">
      <form noValidate onSubmit={(e) => void submit(e)} data-testid="payment-form">
        <ErrorSummary errors={errors} testId="payment-errors" />
        <div className="mb-4 grid gap-x-4 gap-y-3 sm:grid-cols-2">
          <Select id="payment-typePayment" data-testid="payment-typePayment" label={t('payments.typePayment')} items={typeItems} value={draft.typePayment}
            clearable={false} required onChange={(v) => set('typePayment')(v === null ? 'Cash' : String(v))} error={errors.typePayment} />
          {numeric('amount', true)}
          {text('paymentDate', { maxLength: 10, dir: 'ltr' })}
          {text('paymentTime', { maxLength: 5, dir: 'ltr' })}
          {TEXT_FIELDS.map((k) => text(k, { maxLength: k === 'description' ? 1000 : 100 }))}
        </div>
        {cheque && (
          <FormSection title={t('payments.cheque')} testId="payment-cheque">
            {numeric('sayadNumber', true)}
            {text('dueDate', { maxLength: 10, required: true, dir: 'ltr' })}
            {text('typeBank', { maxLength: 40, required: true })}
            {numeric('nationalCode')}
            {CHEQUE_TEXT_FIELDS.filter((k) => k !== 'typeBank').map((k) => text(k, { maxLength: k === 'chequeImageAddress' ? 500 : k === 'holderName' ? 200 : 40 }))}
            <CheckboxField id="payment-isPassed" data-testid="payment-isPassed" label={t('payments.isPassed')} checked={isPassed} onCheckedChange={setIsPassed} />
          </FormSection>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="submit" loading={busy} data-testid="payment-save">{t('actions.save')}</Button>
        </div>
      </form>
    </ModalDialog>
  );
}

export function PaymentsPage() {
  const { api } = useApp();
  const { t } = useTranslation('financial');
  const { mutate: globalMutate } = useSWRConfig();
  const { rial } = useMoney();
  const { data: user } = useCurrentUser();
  const [draft, setDraft] = useState({ typePayment: '', typeStatus: '' });
  const [filters, setFilters] = useState({ typePayment: '', typeStatus: '' });
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [creating, setCreating] = useState(false);
  const [deciding, setDeciding] = useState<{ payment: Payment; confirm: boolean } | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const { data, isLoading, mutate } = useSWR(financialKeys.payments(filters.typePayment, filters.typeStatus, pageIndex, pageSize), () =>
    paymentsApi.list(api, { pageIndex, pageSize, typePayment: filters.typePayment || undefined, typeStatus: filters.typeStatus || undefined }));
  const canDecide = hasClaim(user, 'Financial.ConfirmPayments') && !!user?.isAdmin;
  const canCreate = hasClaim(user, 'Financial.Payments');
  const filtered = !!(filters.typePayment || filters.typeStatus);
  const typeItems = useMemo(() => [...PAYMENT_TYPES, 'OnLine'].map((id) => ({ id, title: t(`payments.types.${id}`) })), [t]);
  const statusItems = useMemo(() => PAYMENT_STATUSES.map((id) => ({ id, title: t(`payments.statuses.${id}`) })), [t]);
  const decide = async () => {
    if (!deciding) return;
    setBusy(true);
    try {
      if (deciding.confirm) await paymentsApi.confirm(api, { id: deciding.payment.id });
      else await paymentsApi.reject(api, { id: deciding.payment.id, rejectionDescription: reason.trim() || undefined });
      showToast({ kind: 'success', message: t(deciding.confirm ? 'payments.confirmed' : 'payments.rejected') });
      setDeciding(null);
      setReason('');
      await mutate();
      void globalMutate(financialKeys.myCredit());
    } catch { /* the error catalogue told the user */ } finally { setBusy(false); }
  };
  const digits = useDigits();
  const columns = useMemo<DataTableColumn<Payment>[]>(() => [
    { key: 'id', header: t('payments.columns.id'), cell: (p) => <span data-testid="payment-row-id" data-id={p.id}>{digits(p.id)}</span> },
    { key: 'organization', header: t('payments.columns.organization'), cell: (p) => <UserText fallback="—">{p.payerOrganizationName}</UserText> },
    { key: 'type', header: t('payments.columns.type'), cell: (p) => t(`payments.types.${p.typePayment}`) },
    { key: 'amount', header: t('payments.columns.amount'), cell: (p) => <Amount value={p.amount} /> },
    { key: 'status', header: t('payments.columns.status'), cell: (p) => <span data-testid="payment-row-status" data-status={p.typeStatus}>{t(`payments.statuses.${p.typeStatus}`)}</span> },
    { key: 'at', header: t('payments.columns.at'), cell: (p) => (p.createdAt ? <DateDisplay value={p.createdAt} /> : '—') },
    {
      key: 'actions', header: t('payments.columns.actions'), cell: (p) => (
        <div className="flex gap-1">
          {canDecide && p.typeStatus === 'Checking' && p.organizationId !== user?.organizationId && (
            <>
              <Button size="sm" data-testid="payment-confirm" onClick={() => setDeciding({ payment: p, confirm: true })}>{t('payments.confirm')}</Button>
              <Button size="sm" variant="danger" data-testid="payment-reject" onClick={() => setDeciding({ payment: p, confirm: false })}>{t('payments.reject')}</Button>
            </>
          )}
          {p.typeStatus === 'Confirmed' && <Link className="self-center text-sky-700 underline" data-testid="payment-invoice" to={invoicePath('payment', p.id)}>{t('payments.invoice')}</Link>}
        </div>
      ),
    },
  ], [t, canDecide, user?.organizationId, digits]);
  return (
    <section data-testid="payments-page">
      <PageHeader title={t('payments.title')} actions={canCreate && <Button data-testid="payments-create" onClick={() => setCreating(true)}>{t('payments.create')}</Button>} />
      <form noValidate className="mb-3 flex flex-wrap items-end gap-3" onSubmit={(e) => { e.preventDefault(); setFilters({ ...draft }); setPageIndex(0); }}>
        <div className="min-w-[12rem]"><Select id="payments-typePayment" data-testid="payments-typePayment" label={t('payments.typePayment')} items={typeItems} value={draft.typePayment}
          onChange={(v) => setDraft((d) => ({ ...d, typePayment: v === null ? '' : String(v) }))} /></div>
        <div className="min-w-[12rem]"><Select id="payments-typeStatus" data-testid="payments-typeStatus" label={t('payments.typeStatus')} items={statusItems} value={draft.typeStatus}
          onChange={(v) => setDraft((d) => ({ ...d, typeStatus: v === null ? '' : String(v) }))} /></div>
        <Button type="submit" data-testid="payments-apply">{t('actions.apply')}</Button>
        <Button variant="secondary" onClick={() => { setDraft({ typePayment: '', typeStatus: '' }); setFilters({ typePayment: '', typeStatus: '' }); setPageIndex(0); }}>{t('actions.clear')}</Button>
      </form>
      <DataTable columns={columns} rows={data?.items} rowKey={(p) => p.id} loading={isLoading} caption={t('payments.title')}
        emptyText={filtered ? t('payments.emptyFiltered') : t('payments.empty')} emptyDescription={filtered ? undefined : t('payments.emptyHint')}
        emptyAction={!filtered && canCreate ? <Button data-testid="payments-empty-create" onClick={() => setCreating(true)}>{t('payments.create')}</Button> : undefined}
        pageIndex={pageIndex} pageSize={pageSize} totalCount={data?.totalCount ?? 0} onPageChange={setPageIndex}
        onPageSizeChange={(size) => { setPageSize(size); setPageIndex(0); }} data-testid="payments-table" />
      {creating && <CreatePaymentDialog onClose={() => setCreating(false)} onCreated={() => { setCreating(false); void mutate(); }} />}
      <ConfirmDialog open={!!deciding} busy={busy} danger={deciding?.confirm === false} data-testid="payment-decision"
        title={deciding?.confirm ? t('payments.confirmTitle') : t('payments.rejectTitle')}
        confirmText={deciding?.confirm ? t('payments.confirm') : t('payments.reject')}
        message={deciding && (deciding.confirm ? t('payments.confirmMessage', { amount: rial(deciding.payment.amount) }) : (
          <>
            <p className="mb-2">{t('payments.rejectMessage')}</p>
            <TextField id="payment-rejection" data-testid="payment-rejection" label={t('payments.rejectionDescription')} value={reason} maxLength={1000} onChange={(e) => setReason(e.target.value)} />
          </>
        ))}
        onConfirm={() => void decide()} onCancel={() => { setDeciding(null); setReason(''); }} />
    </section>
  );
}
