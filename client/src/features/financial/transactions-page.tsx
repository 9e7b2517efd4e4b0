import { useMemo, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import type { Page } from '../../shared/api/api-client';
import { DateDisplay } from '../../shared/dates/date-display';
import { Button } from '../../shared/ui/button';
import { NumericInput } from '../../shared/ui/form/numeric-input';
import { TextField } from '../../shared/ui/form/text-field';
import { toLatinDigits } from '../../shared/ui/form/to-latin-digits';
import { PageHeader } from '../../shared/ui/page-header';
import { Select } from '../../shared/ui/select/select';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { Amount } from './money';

interface Transaction {
  id: number;
  createdAt: string;
  organizationId: number | null;
  userId: number | null;
  amount: string;
  currentCredit: string;
  typeCreditChange: string;
  typeTransaction: string;
  referenceType: string | null;
  referenceId: string | null;
  description: string | null;
  createdByUserName: string | null;
}

const CREDIT_CHANGES = ['Manage', 'BuyPanel', 'ExtendedPanel', 'Fish', 'OnlinePayment', 'PriceNumber', 'ActivationService',
  'GiveBackCostOfUnsuccessSent', 'ActivationGeneralPhoneBook', 'SendSms', 'DeleteUser', 'TransferPrivateNumber'];

type Filters = { organizationId: string; userId: string; typeCreditChange: string; typeTransaction: string; referenceType: string; referenceId: string; fromDate: string; toDate: string };
const EMPTY: Filters = { organizationId: '', userId: '', typeCreditChange: '', typeTransaction: '', referenceType: '', referenceId: '', fromDate: '', toDate: '' };

/** 'YYYY-MM-DD' (any digits) → ISO at the start (or end) of that UTC day; anything else is ignored. */
function dayIso(value: string, end: boolean): string | undefined {
  const v = toLatinDigits(value.trim());
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return undefined;
  const d = new Date(`${v}T${end ? '23:59:59.999' : '00:00:00.000'}Z`);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

export function TransactionsPage() {
  const { api } = useApp();
  const { t } = useTranslation('financial');
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const query = {
    pageIndex, pageSize,
    organizationId: Number(filters.organizationId) || undefined, userId: Number(filters.userId) || undefined,
    typeCreditChange: filters.typeCreditChange || undefined, typeTransaction: filters.typeTransaction || undefined,
    referenceType: filters.referenceType.trim() || undefined, referenceId: filters.referenceId.trim() || undefined,
    fromDate: dayIso(filters.fromDate, false), toDate: dayIso(filters.toDate, true),
  };
  const { data, isLoading } = useSWR<Page<Transaction>>(['transactions', JSON.stringify(query)], () => api.get<Page<Transaction>>('/Transactions/GetAll', { query }));
  const set = (k: keyof Filters) => (v: string) => setDraft((d) => ({ ...d, [k]: v }));
  const apply = (e: FormEvent) => { e.preventDefault(); setFilters({ ...draft }); setPageIndex(0); };
  const changeItems = useMemo(() => CREDIT_CHANGES.map((id) => ({ id, title: id })), []);
  const typeItems = useMemo(() => ['Increase', 'Decrease'].map((id) => ({ id, title: t(`transactions.${id}`) })), [t]);
  const columns = useMemo<DataTableColumn<Transaction>[]>(() => [
    { key: 'at', header: t('transactions.columns.at'), cell: (r) => <DateDisplay value={r.createdAt} /> },
    { key: 'organization', header: t('transactions.columns.organization'), cell: (r) => r.organizationId ?? '—' },
    { key: 'type', header: t('transactions.columns.type'), cell: (r) => <>{t(`transactions.${r.typeTransaction}`)} <span dir="ltr" className="text-xs text-slate-500">{r.typeCreditChange}</span></> },
    { key: 'amount', header: t('transactions.columns.amount'), cell: (r) => <Amount value={r.amount} /> },
    { key: 'currentCredit', header: t('transactions.columns.currentCredit'), cell: (r) => <Amount value={r.currentCredit} /> },
    { key: 'reference', header: t('transactions.columns.reference'), cell: (r) => <span dir="ltr">{[r.referenceType, r.referenceId].filter(Boolean).join(' #') || '—'}</span> },
    { key: 'user', header: t('transactions.columns.user'), cell: (r) => r.createdByUserName ?? '—' },
    { key: 'description', header: t('transactions.columns.description'), hiddenByDefault: true, hideable: true, cell: (r) => r.description ?? '—' },
  ], [t]);
  return (
    <section data-testid="transactions-page">
      <PageHeader title={t('transactions.title')} />
      <form noValidate onSubmit={apply} className="mb-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4" data-testid="transactions-filters">
        <NumericInput id="tx-organizationId" data-testid="tx-organizationId" label={t('transactions.organizationId')} value={draft.organizationId} onValueChange={set('organizationId')} />
        <NumericInput id="tx-userId" data-testid="tx-userId" label={t('transactions.userId')} value={draft.userId} onValueChange={set('userId')} />
        <Select id="tx-typeCreditChange" data-testid="tx-typeCreditChange" label={t('transactions.typeCreditChange')} items={changeItems} value={draft.typeCreditChange}
          onChange={(v) => set('typeCreditChange')(v === null ? '' : String(v))} />
        <Select id="tx-typeTransaction" data-testid="tx-typeTransaction" label={t('transactions.typeTransaction')} items={typeItems} value={draft.typeTransaction}
          onChange={(v) => set('typeTransaction')(v === null ? '' : String(v))} />
        <TextField id="tx-referenceType" data-testid="tx-referenceType" label={t('transactions.referenceType')} value={draft.referenceType} maxLength={30} onChange={(e) => set('referenceType')(e.target.value)} />
        <TextField id="tx-referenceId" data-testid="tx-referenceId" label={t('transactions.referenceId')} value={draft.referenceId} maxLength={100} onChange={(e) => set('referenceId')(e.target.value)} />
        <TextField id="tx-fromDate" data-testid="tx-fromDate" dir="ltr" placeholder="YYYY-MM-DD" label={t('transactions.fromDate')} value={draft.fromDate} onChange={(e) => set('fromDate')(e.target.value)} />
        <TextField id="tx-toDate" data-testid="tx-toDate" dir="ltr" placeholder="YYYY-MM-DD" label={t('transactions.toDate')} value={draft.toDate} onChange={(e) => set('toDate')(e.target.value)} />
        <div className="flex items-end gap-2">
          <Button type="submit" data-testid="tx-apply">{t('actions.apply')}</Button>
          <Button variant="secondary" onClick={() => { setDraft(EMPTY); setFilters(EMPTY); setPageIndex(0); }}>{t('actions.clear')}</Button>
        </div>
      </form>
      <DataTable columns={columns} rows={data?.items} rowKey={(r) => r.id} loading={isLoading} emptyText={t('adminCommon:table.empty')} caption={t('transactions.title')}
        pageIndex={pageIndex} pageSize={pageSize} totalCount={data?.totalCount ?? 0} onPageChange={setPageIndex}
        onPageSizeChange={(size) => { setPageSize(size); setPageIndex(0); }} data-testid="transactions-table" />
    </section>
  );
}
