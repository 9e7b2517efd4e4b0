import { useMemo, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { DateDisplay } from '../../shared/dates/date-display';
import { DateTimePicker } from '../../shared/dates/date-time-picker';
import { Button } from '../../shared/ui/button';
import { hasClaim, useCurrentUser } from '../../shared/auth/current-user';
import { TextField } from '../../shared/ui/form/text-field';
import { PageHeader } from '../../shared/ui/page-header';
import { Select } from '../../shared/ui/select/select';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { UserText } from '../../shared/ui/user-text';
import { Amount } from './money';
import { OrganizationPicker, UserPicker } from '../admin-common/pickers';
import { CREDIT_CHANGES, REFERENCE_TYPES, ReferenceLabel } from './transaction-labels';
import { financialKeys, transactionsApi, type Transaction, type TransactionsQuery } from './financial-api';

type Filters = { organizationId: number | null; userId: number | null; typeCreditChange: string; typeTransaction: string; referenceType: string; referenceId: string; fromDate: string | null; toDate: string | null };
const EMPTY: Filters = { organizationId: null, userId: null, typeCreditChange: '', typeTransaction: '', referenceType: '', referenceId: '', fromDate: null, toDate: null };

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * The picker (without time) answers the start of the chosen Tehran day in UTC, as on the outbox;
 * the upper bound is the last millisecond of that day, so "to" includes the whole day.
 */
const endOfDay = (iso: string | null) => (iso ? new Date(new Date(iso).getTime() + DAY_MS - 1).toISOString() : undefined);

export function TransactionsPage() {
  const { api } = useApp();
  const { t } = useTranslation('financial');
  const { data: user } = useCurrentUser();
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const query: TransactionsQuery = {
    pageIndex, pageSize,
    organizationId: filters.organizationId ?? undefined, userId: filters.userId ?? undefined,
    typeCreditChange: filters.typeCreditChange || undefined, typeTransaction: filters.typeTransaction || undefined,
    referenceType: filters.referenceType.trim() || undefined, referenceId: filters.referenceId.trim() || undefined,
    fromDate: filters.fromDate ?? undefined, toDate: endOfDay(filters.toDate),
  };
  const { data, isLoading } = useSWR(financialKeys.transactions(query), () => transactionsApi.list(api, query));
  const set = (k: Exclude<keyof Filters, 'fromDate' | 'toDate' | 'organizationId' | 'userId'>) => (v: string) => setDraft((d) => ({ ...d, [k]: v }));
  const apply = (e: FormEvent) => { e.preventDefault(); setFilters({ ...draft }); setPageIndex(0); };
  const changeItems = useMemo(() => CREDIT_CHANGES.map((id) => ({ id, title: t(`transactions.changes.${id}`) })), [t]);
  const referenceItems = useMemo(() => REFERENCE_TYPES.map((id) => ({ id, title: t(`transactions.referenceTypes.${id}`) })), [t]);
  const typeItems = useMemo(() => ['Increase', 'Decrease'].map((id) => ({ id, title: t(`transactions.${id}`) })), [t]);
  const columns = useMemo<DataTableColumn<Transaction>[]>(() => [
    { key: 'at', header: t('transactions.columns.at'), cell: (r) => <DateDisplay value={r.createdAt} /> },
    { key: 'organization', header: t('transactions.columns.organization'), cell: (r) => (
      <span data-testid="tx-organization"><UserText fallback="—">{r.organizationName}</UserText>{r.userName ? <> / <UserText>{r.userName}</UserText></> : null}</span>
    ) },
    { key: 'type', header: t('transactions.columns.type'), cell: (r) => (
      <span data-testid="tx-type" data-type={r.typeTransaction} data-change={r.typeCreditChange}>
        {t(`transactions.${r.typeTransaction}`, { defaultValue: t('transactions.unknown') })}
        <span className="ms-1 text-xs text-slate-500">({t(`transactions.changes.${r.typeCreditChange}`, { defaultValue: t('transactions.unknown') })})</span>
      </span>
    ) },
    { key: 'amount', header: t('transactions.columns.amount'), cell: (r) => <Amount value={r.amount} /> },
    { key: 'currentCredit', header: t('transactions.columns.currentCredit'), cell: (r) => <Amount value={r.currentCredit} /> },
    { key: 'reference', header: t('transactions.columns.reference'), cell: (r) => <ReferenceLabel entry={r} /> },
    // Entries the engine writes (settle, refund, expiry) carry the actor name 'system'.
    { key: 'user', header: t('transactions.columns.user'), cell: (r) => (r.createdByUserName === 'system' ? t('transactions.system') : <UserText fallback="—">{r.createdByUserName}</UserText>) },
    { key: 'description', header: t('transactions.columns.description'), hideable: true, cell: (r) => <UserText fallback="—" data-testid="tx-description">{r.description}</UserText> },
  ], [t]);
  return (
    <section data-testid="transactions-page">
      <PageHeader title={t('transactions.title')} />
      <form noValidate onSubmit={apply} className="mb-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4" data-testid="transactions-filters">
        <OrganizationPicker id="tx-organizationId" data-testid="tx-organizationId" label={t('transactions.organizationId')} placeholder={t('transactions.allOrganizations')}
          value={draft.organizationId} onChange={(id) => setDraft((d) => ({ ...d, organizationId: id, userId: id === d.organizationId ? d.userId : null }))} />
        {hasClaim(user, 'Users.View') && (
          <UserPicker id="tx-userId" data-testid="tx-userId" label={t('transactions.userId')} placeholder={t('transactions.allUsers')} organizationId={draft.organizationId}
            value={draft.userId} onChange={(id) => setDraft((d) => ({ ...d, userId: id }))} />
        )}
        <Select id="tx-typeCreditChange" data-testid="tx-typeCreditChange" label={t('transactions.typeCreditChange')} items={changeItems} value={draft.typeCreditChange}
          onChange={(v) => set('typeCreditChange')(v === null ? '' : String(v))} />
        <Select id="tx-typeTransaction" data-testid="tx-typeTransaction" label={t('transactions.typeTransaction')} items={typeItems} value={draft.typeTransaction}
          onChange={(v) => set('typeTransaction')(v === null ? '' : String(v))} />
        <Select id="tx-referenceType" data-testid="tx-referenceType" label={t('transactions.referenceType')} items={referenceItems} value={draft.referenceType}
          onChange={(v) => set('referenceType')(v === null ? '' : String(v))} />
        <TextField id="tx-referenceId" data-testid="tx-referenceId" label={t('transactions.referenceId')} value={draft.referenceId} maxLength={100} onChange={(e) => set('referenceId')(e.target.value)} />
        <DateTimePicker id="tx-fromDate" data-testid="tx-fromDate" label={t('transactions.fromDate')} withTime={false} value={draft.fromDate}
          onChange={(v) => setDraft((d) => ({ ...d, fromDate: v }))} />
        <DateTimePicker id="tx-toDate" data-testid="tx-toDate" label={t('transactions.toDate')} withTime={false} value={draft.toDate}
          onChange={(v) => setDraft((d) => ({ ...d, toDate: v }))} />
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
