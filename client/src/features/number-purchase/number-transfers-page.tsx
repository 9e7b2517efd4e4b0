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
import { LinePicker, OrganizationPicker, UserPicker } from '../admin-common/pickers';
import { Amount } from '../financial/money';
import { numberPurchaseApi, numberPurchaseKeys, type Transfer } from './number-purchase-api';

const FIELDS = ['privateNumberId', 'preOwner', 'newOwner'] as const;
type Picked = Record<(typeof FIELDS)[number], number | null>;
const NONE: Picked = { privateNumberId: null, preOwner: null, newOwner: null };

/** Moves a line from one user to another (assignment and limits go along) and lists the history of transfers. */
export function NumberTransfersPage() {
  const { api } = useApp();
  const { t } = useTranslation('numberPurchase');
  const digits = useDigits();
  // The line and both owners are chosen by number and name (the pickers), never typed as ids.
  const [picked, setPicked] = useState<Picked>(NONE);
  // Only narrows the new owner's list: a transfer names users, the organization follows the new owner.
  const [newOrganizationId, setNewOrganizationId] = useState<number | null>(null);
  const [price, setPrice] = useState('');
  const [formKey, setFormKey] = useState(0);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [lineFilter, setLineFilter] = useState<number | null>(null);
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const { data, isLoading, mutate } = useSWR(numberPurchaseKeys.transfers(lineFilter === null ? '' : String(lineFilter), pageIndex, pageSize),
    () => numberPurchaseApi.transfers(api, { pageIndex, pageSize, ...(lineFilter !== null ? { privateNumberId: lineFilter } : {}) }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local: FieldErrors = {};
    for (const f of FIELDS) if (picked[f] === null) local[f] = t('transfers.required');
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      const amount = toLatinDigits(price).replace(/[,\s]/g, '');
      await numberPurchaseApi.transfer(api, {
        privateNumberId: picked.privateNumberId!, preOwner: picked.preOwner!, newOwner: picked.newOwner!, price: amount || null,
      }, { quiet: true });
      showToast({ kind: 'success', message: t('transfers.done') });
      setPicked(NONE);
      setNewOrganizationId(null);
      setPrice('');
      // The pickers load their first pages again (the line's owners changed).
      setFormKey((k) => k + 1);
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
      <form noValidate onSubmit={(e) => void submit(e)} className="mb-6 grid items-end gap-3 sm:grid-cols-3" data-testid="transfer-form">
        <ErrorSummary errors={errors} testId="transfer-errors" />
        <LinePicker id="transfer-privateNumberId" data-testid="transfer-privateNumberId" label={t('transfers.privateNumberId')} required reloadKey={formKey}
          value={picked.privateNumberId} error={errors.privateNumberId} onChange={(id) => setPicked((p) => ({ ...p, privateNumberId: id }))} />
        <UserPicker id="transfer-preOwner" data-testid="transfer-preOwner" label={t('transfers.preOwner')} hint={t('transfers.preOwnerHint')} required reloadKey={formKey}
          value={picked.preOwner} error={errors.preOwner} onChange={(id) => setPicked((p) => ({ ...p, preOwner: id }))} />
        <OrganizationPicker id="transfer-newOrganization" data-testid="transfer-newOrganization" label={t('transfers.newOrganization')} hint={t('transfers.newOrganizationHint')}
          clearable reloadKey={formKey} value={newOrganizationId}
          onChange={(id) => { setNewOrganizationId(id); setPicked((p) => ({ ...p, newOwner: null })); }} />
        <UserPicker id="transfer-newOwner" data-testid="transfer-newOwner" label={t('transfers.newOwner')} required organizationId={newOrganizationId} reloadKey={formKey}
          value={picked.newOwner} error={errors.newOwner} onChange={(id) => setPicked((p) => ({ ...p, newOwner: id }))} />
        <TextField id="transfer-price" data-testid="transfer-price" label={t('transfers.price')} hint={t('transfers.priceHint')} dir="ltr" inputMode="numeric" value={price}
          error={errors.price} onChange={(e) => setPrice(e.target.value)} />
        <Button type="submit" loading={busy} data-testid="transfer-submit">{t('transfers.submit')}</Button>
      </form>
      <h2 className="mb-2 text-lg font-semibold">{t('transfers.history')}</h2>
      <LinePicker id="transfer-filter" data-testid="transfer-filter" className="mb-3 max-w-xs" label={t('transfers.filter')} clearable reloadKey={formKey}
        value={lineFilter} onChange={(id) => { setLineFilter(id); setPageIndex(0); }} />
      <DataTable columns={columns} rows={data?.items} rowKey={(r) => r.id} loading={isLoading} caption={t('transfers.history')} emptyText={t('transfers.empty')}
        pageIndex={pageIndex} pageSize={pageSize} totalCount={data?.totalCount ?? 0} onPageChange={setPageIndex}
        onPageSizeChange={(size) => { setPageSize(size); setPageIndex(0); }} data-testid="number-transfers-table" />
    </section>
  );
}
