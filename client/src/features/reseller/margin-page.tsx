import { useMemo, useState } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { formatDate, monthNames, tehranDayOf } from '../../shared/dates/jalali';
import { DateDisplay } from '../../shared/dates/date-display';
import { PageHeader } from '../../shared/ui/page-header';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { FieldFrame, inputClass } from '../../shared/ui/form/field-frame';
import { UserText } from '../../shared/ui/user-text';
import { OrganizationPicker } from '../admin-common/pickers';
import { BarChart } from '../dashboard/tremor-charts';
import { Amount, useMoney } from '../financial/money';
import { resellerApi, type MarginPeriod, type MarginSend } from './reseller-api';
import { useResellerChoice } from './reseller-picker';

const RANGES = { d7: 7, d30: 30, d90: 90, d365: 365 } as const;
type RangeKey = keyof typeof RANGES;

/** `YYYY-MM-DD` of the Tehran day `days` before today (both ends inclusive in the API). */
const daysBefore = (today: string, days: number) => new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/** A reseller's margin (Financial.ResellerMargin): totals, a chart per Tehran day or Jalali month, and every customer send. */
export function MarginPage() {
  const { api } = useApp();
  const { t, i18n } = useTranslation('reseller');
  const { rial, digits } = useMoney();
  const choice = useResellerChoice('margin');
  const [range, setRange] = useState<RangeKey>('d30');
  const [groupBy, setGroupBy] = useState<'day' | 'month'>('day');
  const [customerId, setCustomerId] = useState<number | null>(null);
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const today = tehranDayOf(new Date());
  const query = {
    resellerId: choice.resellerId, fromDate: daysBefore(today, RANGES[range] - 1), toDate: today, groupBy,
    customerOrganizationId: customerId ?? undefined, pageIndex, pageSize,
  };
  const { data, isLoading } = useSWR(choice.waiting ? null : ['reseller/margin', query], () => resellerApi.margin(api, query));

  const periodLabel = (p: string) => {
    if (groupBy === 'day') return formatDate(p, i18n.language);
    const [y, m] = p.split('-').map(Number);
    return `${monthNames('solar', i18n.language)[m - 1]} ${digits(y)}`;
  };
  const marginLabel = t('margin.totals.margin');
  const costLabel = t('margin.totals.resellerCost');
  const chartData = (data?.periods ?? []).map((p: MarginPeriod) => ({ period: periodLabel(p.period), [marginLabel]: Number(p.margin), [costLabel]: Number(p.resellerCost) }));

  const columns = useMemo<DataTableColumn<MarginSend>[]>(() => [
    { key: 'sendId', header: t('margin.columns.sendId'), hideable: false, cell: (r) => (r.sendId === null ? '—' : t('margin.sendNo', { id: digits(r.sendId) })) },
    { key: 'createdAt', header: t('margin.columns.createdAt'), cell: (r) => <DateDisplay value={r.createdAt} /> },
    { key: 'customer', header: t('margin.columns.customer'), cell: (r) => <UserText>{r.customerOrganizationName}</UserText> },
    { key: 'parts', header: t('margin.columns.parts'), cell: (r) => digits(r.parts) },
    { key: 'customerPaid', header: t('margin.columns.customerPaid'), cell: (r) => <Amount value={r.customerPaid} /> },
    { key: 'resellerCost', header: t('margin.columns.resellerCost'), cell: (r) => <Amount value={r.resellerCost} /> },
    { key: 'margin', header: t('margin.columns.margin'), hideable: false, cell: (r) => <strong data-testid="margin-row-margin"><Amount value={r.margin} /></strong> },
    { key: 'status', header: t('margin.columns.status'), cell: (r) => t(`margin.statuses.${r.status}`) },
  ], [t, digits]);

  const totals = data?.totals;
  return (
    <section data-testid="margin-page">
      <PageHeader title={t('margin.title')} subtitle={t('margin.subtitle')} />
      {choice.picker}
      {choice.prompt}
      {!choice.waiting && (
        <>
          <form className="mb-4 grid gap-3 sm:grid-cols-3" onSubmit={(e) => e.preventDefault()} data-testid="margin-filters">
            <FieldFrame id="margin-range" label={t('margin.range')} errorText={null}>
              <select id="margin-range" className={inputClass(false)} value={range} data-testid="margin-range"
                onChange={(e) => { setRange(e.target.value as RangeKey); setPageIndex(0); }}>
                {(Object.keys(RANGES) as RangeKey[]).map((k) => <option key={k} value={k}>{t(`margin.ranges.${k}`)}</option>)}
              </select>
            </FieldFrame>
            <FieldFrame id="margin-group" label={t('margin.groupBy')} errorText={null}>
              <select id="margin-group" className={inputClass(false)} value={groupBy} data-testid="margin-group" onChange={(e) => setGroupBy(e.target.value as 'day' | 'month')}>
                <option value="day">{t('margin.groups.day')}</option>
                <option value="month">{t('margin.groups.month')}</option>
              </select>
            </FieldFrame>
            <OrganizationPicker id="margin-customer" data-testid="margin-customer" label={t('margin.customer')} placeholder={t('margin.allCustomers')}
              parentId={choice.shownId} reloadKey={choice.shownId ?? 0} value={customerId} onChange={(id) => { setCustomerId(id); setPageIndex(0); }} />
          </form>
          <dl className="mb-4 grid gap-3 sm:grid-cols-5" data-testid="margin-totals">
            {(['sends', 'parts', 'customerPaid', 'resellerCost', 'margin'] as const).map((k) => (
              <div key={k} className="rounded border border-slate-200 p-3 dark:border-slate-700">
                <dt className="text-sm text-slate-600 dark:text-slate-300">{t(`margin.totals.${k}`)}</dt>
                <dd className="text-lg font-semibold" data-testid={`margin-total-${k}`}>
                  {totals ? (k === 'sends' || k === 'parts' ? digits(totals[k]) : rial(totals[k])) : '…'}
                </dd>
              </div>
            ))}
          </dl>
          <section className="mb-6 rounded border border-slate-200 p-3 dark:border-slate-700" aria-labelledby="margin-chart-title" data-testid="margin-chart">
            <h2 id="margin-chart-title" className="text-lg font-semibold">{t('margin.chart')}</h2>
            {data && chartData.length === 0
              ? <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="margin-chart-empty">{t('margin.chartEmpty')}</p>
              : <BarChart className="h-64" data={chartData} index="period" categories={[marginLabel, costLabel]} colors={['emerald', 'slate']} stack
                valueFormatter={(n: number) => digits(n.toLocaleString('en-US'))} />}
          </section>
          <DataTable columns={columns} rows={data?.items} rowKey={(r, i) => `${r.sendId ?? 'x'}-${i}`} loading={isLoading} caption={t('margin.title')}
            emptyText={t('margin.empty')} pageIndex={pageIndex} pageSize={pageSize} totalCount={data?.totalCount ?? 0} onPageChange={setPageIndex}
            onPageSizeChange={(size) => { setPageSize(size); setPageIndex(0); }} data-testid="margin-table" />
        </>
      )}
    </section>
  );
}
