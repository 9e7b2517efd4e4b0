import { useMemo, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { DateDisplay } from '../../shared/dates/date-display';
import { Button } from '../../shared/ui/button';
import { ModalDialog } from '../../shared/ui/dialog/modal-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { CheckboxField } from '../../shared/ui/form/checkbox-field';
import { TextField } from '../../shared/ui/form/text-field';
import { toLatinDigits } from '../../shared/ui/form/to-latin-digits';
import { PageHeader } from '../../shared/ui/page-header';
import { Select } from '../../shared/ui/select/select';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { useDigits } from '../../shared/ui/use-digits';
import { ErrorSummary, errorsOf, type FieldErrors } from '../admin-common/kit';
import { Amount } from '../financial/money';
import { numberPurchaseApi, numberPurchaseKeys, type BuyRequest, type FreeNumber } from './number-purchase-api';
import { RequestDates, StageBadge } from './request-cells';

/** What the pay dialog pays: a free number at once, or the caller's reservation. */
type PayTarget = { kind: 'number'; number: string; privateNumberId: number; amount: string } | { kind: 'reservation'; number: string; id: number; amount: string };

function PayDialog({ target, onClose, onPaid }: { target: PayTarget; onClose(): void; onPaid(): void }) {
  const { api } = useApp();
  const { t } = useTranslation('numberPurchase');
  const digits = useDigits();
  const [isService, setIsService] = useState(false);
  const [isAllowedSendLink, setIsAllowedSendLink] = useState(false);
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!terms) { setErrors({ termsAccepted: t('pay.termsRequired') }); return; }
    setBusy(true);
    try {
      const which = target.kind === 'number' ? { privateNumberId: target.privateNumberId } : { id: target.id };
      await numberPurchaseApi.pay(api, { ...which, termsAccepted: true, isService, isAllowedSendLink }, { quiet: true });
      showToast({ kind: 'success', message: t('pay.done') });
      onPaid();
    } catch (err) { setErrors(errorsOf(err)); } finally { setBusy(false); }
  };
  return (
    <ModalDialog open onClose={onClose} title={t('pay.title', { number: digits(target.number) })} data-testid="buy-pay-dialog">
      <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-3">
        <ErrorSummary errors={errors} testId="buy-pay-errors" />
        <p>{t('pay.amount')}: <Amount value={target.amount} testId="buy-pay-amount" /></p>
        <CheckboxField id="buy-is-service" data-testid="buy-is-service" label={t('pay.isService')} checked={isService} onCheckedChange={setIsService} />
        <CheckboxField id="buy-allow-link" data-testid="buy-allow-link" label={t('pay.isAllowedSendLink')} hint={t('pay.linkNote')} checked={isAllowedSendLink} onCheckedChange={setIsAllowedSendLink} />
        <CheckboxField id="buy-terms" data-testid="buy-terms" label={t('pay.terms')} checked={terms} error={errors.termsAccepted}
          onCheckedChange={(v) => { setTerms(v); setErrors({}); }} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>{t('pay.cancel')}</Button>
          <Button type="submit" loading={busy} data-testid="buy-pay-submit">{t('pay.submit')}</Button>
        </div>
      </form>
    </ModalDialog>
  );
}

/**
 * Buying a sender number: search the parent organizations' free numbers, reserve or buy, pay from
 * the organization's credit with the terms accepted; the caller's requests below with their stage.
 */
export function BuyNumberPage() {
  const { api } = useApp();
  const { t } = useTranslation('numberPurchase');
  const digits = useDigits();
  const [pattern, setPattern] = useState('');
  const [numberOfDigits, setNumberOfDigits] = useState('');
  const [round, setRound] = useState('');
  const [query, setQuery] = useState<{ pattern: string; digits: string; round: string } | null>(null);
  const [paying, setPaying] = useState<PayTarget | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(10);

  const found = useSWR(query ? numberPurchaseKeys.search(query.pattern, query.digits, query.round) : null, () => numberPurchaseApi.search(api, {
    pattern: query!.pattern || undefined, numberOfDigits: query!.digits ? Number(query!.digits) : undefined, isRound: query!.round === '' ? undefined : query!.round === 'true',
  }, { quiet: true }).catch((err) => { setErrors(errorsOf(err)); return { items: [] }; }));
  const mine = useSWR(numberPurchaseKeys.requests('mine', pageIndex, pageSize), () => numberPurchaseApi.list(api, { pageIndex, pageSize }));

  const search = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setQuery({ pattern: toLatinDigits(pattern).trim(), digits: toLatinDigits(numberOfDigits).trim(), round });
  };
  const refresh = async () => { await Promise.all([found.mutate(), mine.mutate()]); };

  const reserve = async (f: FreeNumber) => {
    setBusy(`reserve-${f.privateNumberId}`);
    try {
      await numberPurchaseApi.reserve(api, { privateNumberId: f.privateNumberId });
      showToast({ kind: 'success', message: t('buy.reserved') });
      await refresh();
    } catch { /* the error catalogue told the user */ } finally { setBusy(null); }
  };
  const cancel = async (r: BuyRequest) => {
    setBusy(`cancel-${r.id}`);
    try {
      await numberPurchaseApi.cancel(api, r.id);
      showToast({ kind: 'success', message: t('mine.cancelled') });
      await refresh();
    } catch { /* the error catalogue told the user */ } finally { setBusy(null); }
  };

  const freeColumns = useMemo<DataTableColumn<FreeNumber>[]>(() => [
    { key: 'number', header: t('buy.columns.number'), hideable: false, cell: (f) => <span dir="ltr" className="font-mono" data-testid="free-number">{digits(f.number)}</span> },
    { key: 'digits', header: t('buy.columns.digits'), cell: (f) => f.numberOfDigits },
    { key: 'round', header: t('buy.columns.round'), cell: (f) => t(f.isRound ? 'buy.yes' : 'buy.no') },
    { key: 'price', header: t('buy.columns.price'), cell: (f) => <Amount value={f.numberPrice} /> },
    { key: 'reservation', header: t('buy.columns.reservation'), cell: (f) => (f.reservationPeriod > 0 ? t('buy.days', { n: digits(f.reservationPeriod) }) : t('buy.noReservation')) },
    {
      key: 'actions', header: t('buy.columns.actions'), hideable: false, cell: (f) => (
        <div className="flex flex-wrap gap-1">
          {f.reservationPeriod > 0 && (
            <Button size="sm" variant="secondary" loading={busy === `reserve-${f.privateNumberId}`} onClick={() => void reserve(f)} data-testid="free-number-reserve">{t('buy.reserve')}</Button>
          )}
          <Button size="sm" onClick={() => setPaying({ kind: 'number', number: f.number, privateNumberId: f.privateNumberId, amount: f.numberPrice })} data-testid="free-number-buy">{t('buy.buyNow')}</Button>
        </div>
      ),
    },
  // eslint-disable-next-line react-hooks/exhaustive-deps
  ], [t, digits, busy]);

  const mineColumns = useMemo<DataTableColumn<BuyRequest>[]>(() => [
    { key: 'number', header: t('columns.number'), hideable: false, cell: (r) => <span dir="ltr" className="font-mono" data-testid="my-request-number">{digits(r.number)}</span> },
    { key: 'stage', header: t('columns.stage'), cell: (r) => <StageBadge stage={r.stage} testId="my-request-stage" /> },
    { key: 'payAmount', header: t('columns.payAmount'), cell: (r) => <Amount value={r.payAmount} /> },
    { key: 'dates', header: t('columns.dates'), cell: (r) => <RequestDates row={r} /> },
    { key: 'rejectionDescription', header: t('columns.rejectionDescription'), cell: (r) => r.rejectionDescription ?? '' },
    {
      key: 'actions', header: t('columns.actions'), hideable: false, cell: (r) => r.stage === 'Reserved' ? (
        <div className="flex flex-wrap items-center gap-1">
          <span className="text-xs">{t('mine.until')} <DateDisplay value={r.reservationExpiresAt} /></span>
          <Button size="sm" onClick={() => setPaying({ kind: 'reservation', number: r.number, id: r.id, amount: r.payAmount })} data-testid="my-request-pay">{t('mine.pay')}</Button>
          <Button size="sm" variant="secondary" loading={busy === `cancel-${r.id}`} onClick={() => void cancel(r)} data-testid="my-request-cancel">{t('mine.cancelReservation')}</Button>
        </div>
      ) : null,
    },
  // eslint-disable-next-line react-hooks/exhaustive-deps
  ], [t, digits, busy]);

  const roundItems = [{ id: '', title: t('buy.roundAny') }, { id: 'true', title: t('buy.roundYes') }, { id: 'false', title: t('buy.roundNo') }];
  return (
    <section data-testid="buy-number-page">
      <PageHeader title={t('buy.title')} />
      <p className="mb-4 text-sm text-slate-700 dark:text-slate-300">{t('buy.intro')}</p>
      <form noValidate onSubmit={search} className="mb-4 grid items-end gap-3 sm:grid-cols-4" data-testid="buy-search">
        <TextField id="buy-pattern" data-testid="buy-pattern" label={t('buy.pattern')} hint={t('buy.patternHint')} dir="ltr" inputMode="numeric" value={pattern}
          maxLength={12} error={errors.pattern} onChange={(e) => setPattern(e.target.value)} />
        <TextField id="buy-digits" data-testid="buy-digits" label={t('buy.digits')} dir="ltr" inputMode="numeric" value={numberOfDigits} maxLength={2}
          error={errors.numberOfDigits} onChange={(e) => setNumberOfDigits(e.target.value)} />
        <Select id="buy-round" data-testid="buy-round" label={t('buy.round')} items={roundItems} value={round} clearable={false} optimalSearch={false}
          onChange={(v) => setRound(v === null ? '' : String(v))} />
        <Button type="submit" data-testid="buy-search-submit">{t('buy.search')}</Button>
      </form>
      {query && (
        <DataTable columns={freeColumns} rows={found.data?.items} rowKey={(f) => f.privateNumberId} loading={found.isLoading} caption={t('buy.title')}
          emptyText={t('buy.empty')} pageIndex={0} pageSize={100} totalCount={found.data?.items.length ?? 0} onPageChange={() => undefined}
          data-testid="free-numbers-table" />
      )}
      <h2 className="mb-2 mt-6 text-lg font-semibold">{t('mine.title')}</h2>
      <DataTable columns={mineColumns} rows={mine.data?.items} rowKey={(r) => r.id} loading={mine.isLoading} caption={t('mine.title')}
        emptyText={t('mine.empty')} pageIndex={pageIndex} pageSize={pageSize} totalCount={mine.data?.totalCount ?? 0} onPageChange={setPageIndex}
        onPageSizeChange={(size) => { setPageSize(size); setPageIndex(0); }} data-testid="my-requests-table" />
      {paying && <PayDialog target={paying} onClose={() => setPaying(null)} onPaid={() => { setPaying(null); void refresh(); }} />}
    </section>
  );
}
