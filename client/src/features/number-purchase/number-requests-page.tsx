import { useMemo, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { ApprovalActions, ApprovalStatusBadge, RejectReasonDialog, useCanDecide, type ApprovalAction } from '../../shared/ui/approvals/approvals';
import { Button } from '../../shared/ui/button';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { CheckboxField } from '../../shared/ui/form/checkbox-field';
import { TextField } from '../../shared/ui/form/text-field';
import { toLatinDigits } from '../../shared/ui/form/to-latin-digits';
import { PageHeader } from '../../shared/ui/page-header';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { useDigits } from '../../shared/ui/use-digits';
import { UserText } from '../../shared/ui/user-text';
import { ErrorSummary, errorsOf, type FieldErrors } from '../admin-common/kit';
import { Amount } from '../financial/money';
import { numberPurchaseApi, numberPurchaseKeys, type BuyRequest, type NumberPrice } from './number-purchase-api';
import { RequestDates, StageBadge } from './request-cells';

/** The seller's price list: one price per digit count and roundness (saving an existing pair replaces it). */
function PricesSection() {
  const { api } = useApp();
  const { t } = useTranslation('numberPurchase');
  const digits = useDigits();
  const { data, isLoading, mutate } = useSWR(numberPurchaseKeys.prices, () => numberPurchaseApi.prices(api));
  const [draft, setDraft] = useState({ numberOfDigits: '8', isRound: false, reservationPeriod: '0', numberPrice: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await numberPurchaseApi.savePrice(api, {
        numberOfDigits: Number(toLatinDigits(draft.numberOfDigits)), isRound: draft.isRound,
        reservationPeriod: Number(toLatinDigits(draft.reservationPeriod) || '0'), numberPrice: toLatinDigits(draft.numberPrice).replace(/[,\s]/g, ''),
      }, { quiet: true });
      setErrors({});
      showToast({ kind: 'success', message: t('prices.saved') });
      await mutate();
    } catch (err) { setErrors(errorsOf(err)); } finally { setBusy(false); }
  };
  const columns = useMemo<DataTableColumn<NumberPrice>[]>(() => [
    { key: 'digits', header: t('prices.digits'), cell: (p) => p.numberOfDigits },
    { key: 'round', header: t('prices.round'), cell: (p) => t(p.isRound ? 'buy.yes' : 'buy.no') },
    { key: 'period', header: t('prices.period'), cell: (p) => (p.reservationPeriod > 0 ? t('buy.days', { n: digits(p.reservationPeriod) }) : t('buy.noReservation')) },
    { key: 'price', header: t('prices.price'), cell: (p) => <Amount value={p.numberPrice} /> },
    {
      key: 'actions', header: t('columns.actions'), hideable: false,
      cell: (p) => <Button size="sm" variant="danger" onClick={() => void numberPurchaseApi.deletePrice(api, p.id).then(() => mutate()).catch(() => undefined)}>{t('prices.delete')}</Button>,
    },
  ], [t, digits, api, mutate]);
  return (
    <section className="mt-8" data-testid="number-prices">
      <h2 className="mb-2 text-lg font-semibold">{t('prices.title')}</h2>
      <p className="mb-1 text-sm text-slate-700 dark:text-slate-300">{t('prices.intro')}</p>
      <p className="mb-3 text-sm text-slate-700 dark:text-slate-300">{t('prices.forSaleHint')}</p>
      <form noValidate onSubmit={(e) => void save(e)} className="mb-3 grid items-end gap-3 sm:grid-cols-5">
        <ErrorSummary errors={errors} testId="number-price-errors" />
        <TextField id="price-digits" data-testid="price-digits" label={t('prices.digits')} dir="ltr" inputMode="numeric" value={draft.numberOfDigits} error={errors.numberOfDigits}
          onChange={(e) => setDraft((d) => ({ ...d, numberOfDigits: e.target.value }))} />
        <CheckboxField id="price-round" data-testid="price-round" label={t('prices.round')} checked={draft.isRound} onCheckedChange={(v) => setDraft((d) => ({ ...d, isRound: v }))} />
        <TextField id="price-period" data-testid="price-period" label={t('prices.period')} dir="ltr" inputMode="numeric" value={draft.reservationPeriod} error={errors.reservationPeriod}
          onChange={(e) => setDraft((d) => ({ ...d, reservationPeriod: e.target.value }))} />
        <TextField id="price-amount" data-testid="price-amount" label={t('prices.price')} dir="ltr" inputMode="numeric" value={draft.numberPrice} error={errors.numberPrice}
          onChange={(e) => setDraft((d) => ({ ...d, numberPrice: e.target.value }))} />
        <Button type="submit" loading={busy} data-testid="price-save">{t('prices.save')}</Button>
      </form>
      <DataTable columns={columns} rows={data?.items} rowKey={(p) => p.id} loading={isLoading} caption={t('prices.title')} emptyText={t('prices.empty')}
        pageIndex={0} pageSize={100} totalCount={data?.items.length ?? 0} onPageChange={() => undefined} data-testid="number-prices-table" />
    </section>
  );
}

/**
 * A parent's review of the organizations below: paid requests wait here; confirm moves the line to
 * the buyer, reject refunds it (both through the shared approval workflow on the server).
 */
export function NumberRequestsPage() {
  const { api } = useApp();
  const { t } = useTranslation('numberPurchase');
  const digits = useDigits();
  const canDecide = useCanDecide();
  const [onlyWaiting, setOnlyWaiting] = useState(true);
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [busy, setBusy] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<BuyRequest | null>(null);
  const { data, isLoading, mutate } = useSWR(numberPurchaseKeys.requests(onlyWaiting ? 'waiting' : 'all', pageIndex, pageSize),
    () => numberPurchaseApi.list(api, { pageIndex, pageSize, ...(onlyWaiting ? { status: 'WatingForConfirm' } : {}) }));

  const decide = async (r: BuyRequest, action: ApprovalAction) => {
    if (action === 'Reject') { setRejecting(r); return; }
    setBusy(`${action}-${r.id}`);
    try {
      await numberPurchaseApi.confirm(api, r.id);
      showToast({ kind: 'success', message: t('review.confirmed') });
      await mutate();
    } catch { /* the error catalogue told the user */ } finally { setBusy(null); }
  };

  const columns = useMemo<DataTableColumn<BuyRequest>[]>(() => [
    { key: 'number', header: t('columns.number'), hideable: false, cell: (r) => <span dir="ltr" className="font-mono" data-testid="review-number">{digits(r.number)}</span> },
    { key: 'organization', header: t('columns.organization'), cell: (r) => <UserText>{r.organizationName ?? ''}</UserText> },
    { key: 'user', header: t('columns.user'), cell: (r) => <UserText>{r.userName ?? ''}</UserText> },
    { key: 'stage', header: t('columns.stage'), cell: (r) => <StageBadge stage={r.stage} testId="review-stage" /> },
    { key: 'status', header: t('columns.status'), cell: (r) => <ApprovalStatusBadge ns="numberPurchase" status={r.status} testId="review-status" /> },
    { key: 'payAmount', header: t('columns.payAmount'), cell: (r) => <Amount value={r.payAmount} /> },
    { key: 'dates', header: t('columns.dates'), cell: (r) => <RequestDates row={r} /> },
    {
      key: 'actions', header: t('columns.actions'), hideable: false, cell: (r) => r.stage === 'Registered' ? (
        <div className="flex flex-wrap gap-1">
          <ApprovalActions ns="numberPurchase" testId="review" id={r.id} status={r.status} canDecide={canDecide} busy={busy} onDecide={(a) => void decide(r, a)} />
        </div>
      ) : null,
    },
  // eslint-disable-next-line react-hooks/exhaustive-deps
  ], [t, digits, canDecide, busy]);

  return (
    <section data-testid="number-requests-page">
      <PageHeader title={t('review.title')} />
      <p className="mb-3 text-sm text-slate-700 dark:text-slate-300">{t('review.intro')}</p>
      <CheckboxField id="review-only-waiting" className="mb-3" label={t('review.onlyWaiting')} checked={onlyWaiting} onCheckedChange={(v) => { setOnlyWaiting(v); setPageIndex(0); }} />
      <DataTable columns={columns} rows={data?.items} rowKey={(r) => r.id} loading={isLoading} caption={t('review.title')} emptyText={t('review.empty')}
        pageIndex={pageIndex} pageSize={pageSize} totalCount={data?.totalCount ?? 0} onPageChange={setPageIndex}
        onPageSizeChange={(size) => { setPageSize(size); setPageIndex(0); }} data-testid="number-requests-table" />
      {rejecting && (
        <RejectReasonDialog ns="numberPurchase" path="BuyRequests" testId="review" reasonField="rejectionDescription" row={{ id: rejecting.id, title: rejecting.number }}
          onClose={() => setRejecting(null)} onDone={() => { setRejecting(null); showToast({ kind: 'success', message: t('review.rejected') }); void mutate(); }} />
      )}
      <PricesSection />
    </section>
  );
}
