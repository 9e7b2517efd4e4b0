import { useMemo, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { DateDisplay } from '../../shared/dates/date-display';
import { Button } from '../../shared/ui/button';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { TextField } from '../../shared/ui/form/text-field';
import { toLatinDigits } from '../../shared/ui/form/to-latin-digits';
import { PageHeader } from '../../shared/ui/page-header';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { useDigits } from '../../shared/ui/use-digits';
import { UserText } from '../../shared/ui/user-text';
import { ErrorSummary, errorsOf, type FieldErrors } from '../admin-common/kit';
import { Amount } from '../financial/money';
import { numberPurchaseApi, numberPurchaseKeys, type Transfer } from './number-purchase-api';

const FIELDS = ['privateNumberId', 'preOwner', 'newOwner'] as const;

/** Moves a line from one user to another (assignment and limits go along) and lists the history of transfers. */
export function NumberTransfersPage() {
  const { api } = useApp();
  const { t } = useTranslation('numberPurchase');
  const digits = useDigits();
  const [draft, setDraft] = useState({ privateNumberId: '', preOwner: '', newOwner: '', price: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [filter, setFilter] = useState('');
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const lineFilter = toLatinDigits(filter).trim();
  const { data, isLoading, mutate } = useSWR(numberPurchaseKeys.transfers(lineFilter, pageIndex, pageSize),
    () => numberPurchaseApi.transfers(api, { pageIndex, pageSize, ...(/^[0-9]+$/.test(lineFilter) ? { privateNumberId: Number(lineFilter) } : {}) }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local: FieldErrors = {};
    for (const f of FIELDS) if (!/^[0-9]+$/.test(toLatinDigits(draft[f]).trim())) local[f] = t('transfers.required');
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      const price = toLatinDigits(draft.price).replace(/[,\s]/g, '');
      await numberPurchaseApi.transfer(api, {
        privateNumberId: Number(toLatinDigits(draft.privateNumberId)), preOwner: Number(toLatinDigits(draft.preOwner)), newOwner: Number(toLatinDigits(draft.newOwner)),
        price: price || null,
      }, { quiet: true });
      showToast({ kind: 'success', message: t('transfers.done') });
      setDraft({ privateNumberId: '', preOwner: '', newOwner: '', price: '' });
      await mutate();
    } catch (err) { setErrors(errorsOf(err)); } finally { setBusy(false); }
  };

  const columns = useMemo<DataTableColumn<Transfer>[]>(() => [
    { key: 'number', header: t('transfers.columns.number'), hideable: false, cell: (r) => <span dir="ltr" className="font-mono">{digits(r.privateNumber)}</span> },
    { key: 'numberType', header: t('transfers.columns.numberType'), cell: (r) => r.numberType },
    { key: 'preOwner', header: t('transfers.columns.preOwner'), cell: (r) => <UserText>{r.preOwnerUserName ?? ''}</UserText> },
    { key: 'newOwner', header: t('transfers.columns.newOwner'), cell: (r) => <UserText>{r.newOwnerUserName ?? ''}</UserText> },
    { key: 'price', header: t('transfers.columns.price'), cell: (r) => <Amount value={r.price} /> },
    { key: 'at', header: t('transfers.columns.at'), cell: (r) => <DateDisplay value={r.transferDateTime} /> },
  ], [t, digits]);

  return (
    <section data-testid="number-transfers-page">
      <PageHeader title={t('transfers.title')} />
      <p className="mb-3 text-sm text-slate-700 dark:text-slate-300">{t('transfers.intro')}</p>
      <form noValidate onSubmit={(e) => void submit(e)} className="mb-6 grid items-end gap-3 sm:grid-cols-5" data-testid="transfer-form">
        <ErrorSummary errors={errors} testId="transfer-errors" />
        {FIELDS.map((f) => (
          <TextField key={f} id={`transfer-${f}`} data-testid={`transfer-${f}`} label={t(`transfers.${f}`)} dir="ltr" inputMode="numeric" required value={draft[f]} error={errors[f]}
            onChange={(e) => setDraft((d) => ({ ...d, [f]: e.target.value }))} />
        ))}
        <TextField id="transfer-price" data-testid="transfer-price" label={t('transfers.price')} hint={t('transfers.priceHint')} dir="ltr" inputMode="numeric" value={draft.price}
          error={errors.price} onChange={(e) => setDraft((d) => ({ ...d, price: e.target.value }))} />
        <Button type="submit" loading={busy} data-testid="transfer-submit">{t('transfers.submit')}</Button>
      </form>
      <h2 className="mb-2 text-lg font-semibold">{t('transfers.history')}</h2>
      <TextField id="transfer-filter" className="mb-3 max-w-xs" label={t('transfers.filter')} dir="ltr" inputMode="numeric" value={filter} onChange={(e) => { setFilter(e.target.value); setPageIndex(0); }} />
      <DataTable columns={columns} rows={data?.items} rowKey={(r) => r.id} loading={isLoading} caption={t('transfers.history')} emptyText={t('transfers.empty')}
        pageIndex={pageIndex} pageSize={pageSize} totalCount={data?.totalCount ?? 0} onPageChange={setPageIndex}
        onPageSizeChange={(size) => { setPageSize(size); setPageIndex(0); }} data-testid="number-transfers-table" />
    </section>
  );
}
