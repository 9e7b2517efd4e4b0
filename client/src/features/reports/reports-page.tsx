import { useMemo, useState, type FormEvent } from 'react';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { DELIVERY_BUCKETS, type DeliveryBucket } from '../../../../server/shared/insight/delivery-buckets';
import type { ReportGrouping } from '../../../../server/shared/insight/report-periods';
import { useApp } from '../../shared/app/app-context';
import { hasClaim, useCurrentUser } from '../../shared/auth/current-user';
import { DateTimePicker } from '../../shared/dates/date-time-picker';
import { Button } from '../../shared/ui/button';
import { EmptyState } from '../../shared/ui/empty-state';
import { PageHeader } from '../../shared/ui/page-header';
import { Spinner } from '../../shared/ui/spinner';
import { cx } from '../../shared/ui/class-names';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { UserText } from '../../shared/ui/user-text';
import { useDigits } from '../../shared/ui/use-digits';
import { groupThousands, useMoney } from '../financial/money';
import { outcomeKey } from '../sending/delivery-outcomes';
import { OrganizationPicker, UserPicker } from '../admin-common/pickers';
import { BUCKET_COLORS, ChartLegend, ChartTable, Inert, OPERATOR_COLORS, Panel } from '../dashboard/dashboard-charts-view';
import { inReadingOrder, type PickedRange } from '../dashboard/dashboard-range';
import { AreaChart, BarChart, DonutChart } from '../dashboard/tremor-charts';
import { reportsApi, type ReportFilter, type ReportKind, type ReportPeriodRow, type ReportTreeRow } from './reports-api';
import { REPORTS_NS } from './reports.i18n';
import { REPORT_MAX_RANGE_DAYS, defaultReportPicks, periodLabel, reportRangeOfPicks } from './reports-range';

const KINDS: ReportKind[] = ['user', 'organization', 'tree'];
const CLAIM_OF: Record<ReportKind, string> = { user: 'SmsReports.Reports', organization: 'SmsReports.Reports', tree: 'SmsReports.TreeReport' };
const SERIES = ['messages', 'delivered', 'failed', 'pending'] as const;
const SERIES_COLORS = ['slate', 'emerald', 'rose', 'amber'];
const PAGE_SIZE = 31;

interface Draft extends PickedRange { grouping: ReportGrouping; organizationId: number | null; userId: number | null }

export const UserReportPage = () => <ReportsPage kind="user" />;
export const OrganizationReportPage = () => <ReportsPage kind="organization" />;
export const TreeReportPage = () => <ReportsPage kind="tree" />;

/** A report (module insight, "Reports"): filters, totals, Tremor charts, the periods' table, the tree's rows and the .xlsx export. */
function ReportsPage({ kind }: { kind: ReportKind }) {
  const { api } = useApp();
  const { t, i18n } = useTranslation(REPORTS_NS);
  const language = i18n.language;
  const { data: user } = useCurrentUser();
  const digits = useDigits();
  const { rial } = useMoney();
  const isAdmin = user !== undefined && user.scope !== 'user';
  const [draft, setDraft] = useState<Draft>(() => ({ ...defaultReportPicks(new Date()), grouping: 'day', organizationId: null, userId: null }));
  const [draftError, setDraftError] = useState<string | null>(null);
  const [filter, setFilter] = useState<ReportFilter | null>(() => {
    const checked = reportRangeOfPicks(draft);
    return 'range' in checked ? { ...checked.range, grouping: 'day' } : null;
  });
  const [periodPage, setPeriodPage] = useState(0);
  const [treePage, setTreePage] = useState(0);
  const [exporting, setExporting] = useState(false);
  // The organization and tree reports are administrators' (a plain user's are its own sends): no call that can only answer 403.
  const allowed = kind === 'user' || isAdmin;
  const { data, error, isLoading, isValidating } = useSWR(filter && user && allowed ? ['reports', kind, filter] : null, () => reportsApi.get(api, kind, filter!), { keepPreviousData: true, shouldRetryOnError: false });

  const count = (n: number) => digits(groupThousands(String(n)));
  const bucketName = (b: DeliveryBucket) => t(outcomeKey(b));
  const operatorName = (o: string) => t(`dashboardCharts:operatorNames.${o}`, { defaultValue: o });

  const apply = (e: FormEvent) => {
    e.preventDefault();
    const checked = reportRangeOfPicks(draft);
    if ('problem' in checked) {
      setDraftError(t(`filters.${checked.problem}`, { days: digits(REPORT_MAX_RANGE_DAYS) }));
      return;
    }
    setDraftError(null);
    setPeriodPage(0);
    setTreePage(0);
    setFilter({
      ...checked.range, grouping: draft.grouping,
      ...(kind !== 'user' && draft.organizationId ? { organizationId: draft.organizationId } : {}),
      ...(kind === 'user' && draft.userId ? { userId: draft.userId } : {}),
    });
  };

  const exportFile = async () => {
    if (!filter) return;
    setExporting(true);
    try {
      const blob = await reportsApi.export(api, kind, filter);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `${kind}-report-${filter.fromDate}-${filter.toDate}.xlsx`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      showToast({ kind: 'success', message: t('exported') });
    } catch { /* the error catalogue told the user */ } finally { setExporting(false); }
  };

  const charts = useMemo(() => {
    if (!data) return null;
    const label = (p: ReportPeriodRow) => periodLabel(p.period, data.grouping, language);
    const periods = inReadingOrder(data.periods, language);
    const names = SERIES.map((s) => t(`charts.${s}`));
    const series = periods.map((p) => ({ day: label(p), ...Object.fromEntries(SERIES.map((s, i) => [names[i], p[s]])) }));
    const credit = data.totals.credit
      ? periods.map((p) => ({ day: label(p), [t('charts.charged')]: Number(p.credit?.charged ?? 0), [t('charts.givenBack')]: Number(p.credit?.givenBack ?? 0) }))
      : null;
    const operators = data.operators.map((o) => ({ name: operatorName(o.operator), value: o.messages, color: OPERATOR_COLORS[o.operator] ?? 'gray' }));
    const statuses = DELIVERY_BUCKETS.filter((b) => data.totals.buckets[b] > 0).map((b) => ({ name: bucketName(b), value: data.totals.buckets[b], color: BUCKET_COLORS[b] }));
    return { names, series, credit, operators, statuses };
  // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, language, t]);

  const figureColumns = <R extends ReportPeriodRow | ReportTreeRow>(): DataTableColumn<R>[] => [
    { key: 'sends', header: t('totals.sends'), cell: (r) => count(r.sends) },
    { key: 'messages', header: t('totals.messages'), cell: (r) => count(r.messages) },
    { key: 'parts', header: t('totals.parts'), cell: (r) => count(r.parts) },
    { key: 'sent', header: t('totals.sent'), hideable: true, cell: (r) => count(r.sent) },
    { key: 'delivered', header: t('totals.delivered'), cell: (r) => count(r.delivered) },
    { key: 'failed', header: t('totals.failed'), cell: (r) => count(r.failed) },
    { key: 'pending', header: t('totals.pending'), cell: (r) => count(r.pending) },
    { key: 'credit', header: t('table.credit'), cell: (r) => (r.credit ? rial(r.credit.used) : t('table.noCredit')) },
  ];
  const periodColumns: DataTableColumn<ReportPeriodRow>[] = [
    { key: 'period', header: t('table.period'), hideable: false, cell: (r) => <span data-testid="report-period">{periodLabel(r.period, data?.grouping ?? 'day', language)}</span> },
    ...figureColumns<ReportPeriodRow>(),
  ];
  const treeColumns: DataTableColumn<ReportTreeRow>[] = [
    { key: 'organization', header: t('table.organization'), hideable: false, cell: (r) => <span data-testid="report-tree-name"><UserText>{r.organizationName}</UserText>{r.own && ` (${t('table.ownSends')})`}</span> },
    ...figureColumns<ReportTreeRow>(),
  ];

  const empty = data && data.totals.messages === 0 && data.totals.sends === 0;
  const tabs = KINDS.filter((k) => hasClaim(user, CLAIM_OF[k]) && (k === 'user' || isAdmin));

  return (
    <section data-testid="reports-page" data-kind={kind} aria-busy={isLoading || isValidating}>
      <PageHeader title={t(`title.${kind}`)} subtitle={t(`subtitle.${kind}`)}
        actions={<Button variant="secondary" onClick={() => void exportFile()} disabled={exporting || !data || !!empty} data-testid="reports-export">{t('export')}</Button>} />
      {tabs.length > 1 && (
        <nav aria-label={t('tabs')} className="mb-4 flex flex-wrap gap-2" data-testid="reports-tabs">
          {tabs.map((k) => (
            <NavLink key={k} to={`/reports/${k}`} data-testid={`reports-tab-${k}`}
              className={({ isActive }) => cx('rounded px-3 py-1 text-sm', isActive ? 'bg-blue-700 text-white' : 'border border-slate-300 dark:border-slate-600')}>
              {t(`menu.${k}`)}
            </NavLink>
          ))}
        </nav>
      )}
      <form noValidate onSubmit={apply} className="mb-4 flex flex-wrap items-end gap-3" data-testid="reports-filters">
        <DateTimePicker id="reports-from" data-testid="reports-from" label={t('filters.from')} withTime={false} value={draft.fromDate} onChange={(v) => setDraft((d) => ({ ...d, fromDate: v }))} />
        <DateTimePicker id="reports-to" data-testid="reports-to" label={t('filters.to')} withTime={false} value={draft.toDate} onChange={(v) => setDraft((d) => ({ ...d, toDate: v }))} />
        <div role="group" aria-label={t('filters.grouping')} className="inline-flex gap-1" data-testid="reports-grouping">
          {(['day', 'month'] as const).map((g) => (
            <Button key={g} size="sm" variant={draft.grouping === g ? 'primary' : 'secondary'} aria-pressed={draft.grouping === g}
              onClick={() => setDraft((d) => ({ ...d, grouping: g }))} data-testid={`reports-grouping-${g}`}>{t(`filters.${g}`)}</Button>
          ))}
        </div>
        {kind !== 'user' && isAdmin && (
          <div className="w-64">
            <OrganizationPicker id="reports-organization" data-testid="reports-organization" label={t('filters.organization')} placeholder={t('filters.organizationPlaceholder')}
              value={draft.organizationId} onChange={(id) => setDraft((d) => ({ ...d, organizationId: id }))} />
          </div>
        )}
        {kind === 'user' && isAdmin && hasClaim(user, 'Users.View') && (
          <div className="w-64">
            <UserPicker id="reports-user" data-testid="reports-user" label={t('filters.user')} placeholder={t('filters.userPlaceholder')}
              value={draft.userId} onChange={(id) => setDraft((d) => ({ ...d, userId: id }))} />
          </div>
        )}
        <Button type="submit" data-testid="reports-apply">{t('filters.apply')}</Button>
        {draftError && <p role="alert" className="w-full text-sm text-red-700 dark:text-red-400" data-testid="reports-range-error">{draftError}</p>}
      </form>

      {data && (
        <p className="mb-3 text-sm text-slate-600 dark:text-slate-300" data-testid="reports-subject">
          {t(`subject.${data.subject.kind}`)}{' '}
          {data.subject.userName !== null ? <><UserText>{data.subject.userName}</UserText> (<UserText>{data.subject.organizationName}</UserText>)</> : <UserText>{data.subject.organizationName}</UserText>}
        </p>
      )}
      {user && !allowed && <EmptyState title={t('adminsOnly')} className="rounded border bg-white dark:border-slate-700 dark:bg-slate-800" data-testid="reports-admins-only" />}
      {!data && isLoading && <Spinner label={t('loading')} data-testid="reports-loading" />}
      {!data && error && <p className="text-sm text-red-700 dark:text-red-400" data-testid="reports-failed">{t('failed')}</p>}
      {empty && <EmptyState title={t('empty')} className="rounded border bg-white dark:border-slate-700 dark:bg-slate-800" data-testid="reports-empty" />}

      {data && charts && !empty && (
        <div className={cx('grid grid-cols-1 gap-4', isValidating && 'opacity-70 transition-opacity')} data-testid="reports-body">
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-8" data-testid="reports-totals">
            {([
              ['sends', count(data.totals.sends)], ['messages', count(data.totals.messages)], ['parts', count(data.totals.parts)], ['delivered', count(data.totals.delivered)],
              ['failed', count(data.totals.failed)], ['pending', count(data.totals.pending)],
              ...(data.totals.credit ? [['used', rial(data.totals.credit.used)], ['givenBack', rial(data.totals.credit.givenBack)]] : []),
            ] as [string, string][]).map(([name, value]) => (
              <div key={name} className="rounded border bg-white p-3 dark:border-slate-700 dark:bg-slate-800">
                <dt className="text-xs text-slate-600 dark:text-slate-400">{t(`totals.${name}`)}</dt>
                <dd className="text-lg font-semibold" data-testid={`reports-total-${name}`}>{value}</dd>
              </div>
            ))}
          </dl>
          {data.totals.credit && <p className="text-xs text-slate-600 dark:text-slate-400">{t(kind === 'tree' ? 'treeCreditHint' : 'creditHint')}</p>}

          <Panel title={t('charts.series')} testId="reports-series">
            <ChartLegend testId="reports-series-legend" items={charts.names.map((name, i) => ({ name, color: SERIES_COLORS[i] }))} />
            <div aria-hidden="true">
              <AreaChart className="h-72" data={charts.series} index="day" categories={charts.names} colors={SERIES_COLORS} showLegend={false}
                valueFormatter={count} yAxisWidth={64} allowDecimals={false} noDataText={t('empty')} />
            </div>
            <ChartTable caption={t('charts.series')} indexHeader={t('table.period')} categories={charts.names} rows={charts.series} format={count} />
          </Panel>

          <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
            {charts.credit && (
              <Panel title={t('charts.credit')} testId="reports-credit">
                <ChartLegend testId="reports-credit-legend" items={[{ name: t('charts.charged'), color: 'rose' }, { name: t('charts.givenBack'), color: 'emerald' }]} />
                <div aria-hidden="true">
                  <BarChart className="h-56" data={charts.credit} index="day" categories={[t('charts.charged'), t('charts.givenBack')]} colors={['rose', 'emerald']} showLegend={false}
                    valueFormatter={count} yAxisWidth={88} allowDecimals={false} noDataText={t('empty')} />
                </div>
                <ChartTable caption={t('charts.credit')} indexHeader={t('table.period')} categories={[t('charts.charged'), t('charts.givenBack')]} rows={charts.credit} format={count} />
              </Panel>
            )}
            <Panel title={t('charts.operators')} testId="reports-operators">
              <Inert>
                <DonutChart className="h-44" data={charts.operators} index="name" category="value" colors={charts.operators.map((o) => o.color)} valueFormatter={count}
                  label={count(data.totals.messages)} noDataText={t('empty')} />
              </Inert>
              <ChartLegend testId="reports-operators-legend" items={charts.operators.map((o) => ({ name: o.name, color: o.color, value: count(o.value) }))} />
            </Panel>
            <Panel title={t('charts.statuses')} testId="reports-statuses">
              <Inert>
                <DonutChart className="h-44" data={charts.statuses} index="name" category="value" colors={charts.statuses.map((s) => s.color)} valueFormatter={count}
                  label={count(data.totals.messages)} noDataText={t('empty')} />
              </Inert>
              <ChartLegend testId="reports-statuses-legend" items={charts.statuses.map((s) => ({ name: s.name, color: s.color, value: count(s.value) }))} />
            </Panel>
          </div>

          {data.organizations && (
            <section aria-labelledby="reports-tree-title" className="min-w-0">
              <h2 id="reports-tree-title" className="mb-2 text-lg font-semibold">{t('table.organizations')}</h2>
              <DataTable columns={treeColumns} rows={data.organizations.slice(treePage * PAGE_SIZE, (treePage + 1) * PAGE_SIZE)} rowKey={(r) => `${r.organizationId}-${r.own}`}
                caption={t('table.organizations')} emptyText={t('empty')} pageIndex={treePage} pageSize={PAGE_SIZE} totalCount={data.organizations.length} onPageChange={setTreePage}
                data-testid="reports-tree-table" />
            </section>
          )}
          <section aria-labelledby="reports-periods-title" className="min-w-0">
            <h2 id="reports-periods-title" className="mb-2 text-lg font-semibold">{t('table.periods')}</h2>
            <DataTable columns={periodColumns} rows={data.periods.slice(periodPage * PAGE_SIZE, (periodPage + 1) * PAGE_SIZE)} rowKey={(r) => r.period}
              caption={t('table.periods')} emptyText={t('empty')} pageIndex={periodPage} pageSize={PAGE_SIZE} totalCount={data.periods.length} onPageChange={setPeriodPage}
              data-testid="reports-periods-table" />
          </section>
        </div>
      )}
    </section>
  );
}
