import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { AreaChart, BarChart, DonutChart } from './tremor-charts';
import { DELIVERY_BUCKETS, bucketOf, type DeliveryBucket } from '../../../../server/shared/insight/delivery-buckets';
import { outcomeKey } from '../sending/delivery-outcomes';
import { ApiError } from '../../shared/api/api-client';
import { useApp } from '../../shared/app/app-context';
import { DateTimePicker } from '../../shared/dates/date-time-picker';
import { onRealtimeEvent } from '../../shared/realtime/realtime';
import { Button } from '../../shared/ui/button';
import { EmptyState } from '../../shared/ui/empty-state';
import { Spinner } from '../../shared/ui/spinner';
import { isolateText } from '../../shared/ui/bidi';
import { cx } from '../../shared/ui/class-names';
import { useDigits } from '../../shared/ui/use-digits';
import { groupThousands, useMoney } from '../financial/money';
import { SEND_PROGRESS_EVENT } from '../sending/sending-api';
import { dashboardApi, dashboardKeys, type DashboardDay } from './dashboard-api';
import { DASHBOARD_CHARTS_NS } from './dashboard-charts.i18n';
import { MAX_RANGE_DAYS, dayLabel, defaultPicks, inReadingOrder, rangeOfPicks, type PickedRange } from './dashboard-range';

// Tremor colour names; tailwind.config.js safelists exactly these (their classes are built at run time).
export const BUCKET_COLORS: Record<DeliveryBucket, string> = {
  delivered: 'emerald', notDelivered: 'rose', awaitingReport: 'sky', noReport: 'violet', failed: 'orange', canceled: 'slate', blackList: 'fuchsia', waiting: 'amber',
};
export const OPERATOR_COLORS: Record<string, string> = { mci: 'blue', irancell: 'yellow', rightel: 'purple', other: 'gray', international: 'teal' };
const SEND_TYPE_COLORS: Record<string, string> = { Bulk: 'blue', Single: 'cyan', Dynamic: 'violet', P2P: 'pink', PhoneBook: 'lime', Api: 'indigo' };
const FALLBACK_COLOR = 'gray';
/** Pushes of send progress refresh the figures, at most this often. */
const REFRESH_MS = 3_000;

type View = 'status' | 'type';
type Unit = 'messages' | 'parts';

/** Revalidates the figures when sends move (the layout's socket), throttled. */
function useRefreshOnSends(refresh: () => void): void {
  const latest = useRef(refresh);
  latest.current = refresh;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const off = onRealtimeEvent(SEND_PROGRESS_EVENT, () => {
      timer ??= setTimeout(() => { timer = null; latest.current(); }, REFRESH_MS);
    });
    return () => { off(); if (timer) clearTimeout(timer); };
  }, []);
}

export function Panel({ title, children, testId, className }: { title: string; children: ReactNode; testId: string; className?: string }) {
  return (
    <figure className={cx('rounded border bg-white p-4 dark:border-slate-700 dark:bg-slate-800', className)} data-testid={testId}>
      <figcaption className="mb-2 font-medium">{title}</figcaption>
      {children}
    </figure>
  );
}

function Toggle<T extends string>({ label, value, options, onChange, testId }: { label: string; value: T; options: { value: T; text: string }[]; onChange: (v: T) => void; testId: string }) {
  return (
    <div role="group" aria-label={label} className="inline-flex gap-1" data-testid={testId}>
      {options.map((o) => (
        <Button key={o.value} size="sm" variant={o.value === value ? 'primary' : 'secondary'} aria-pressed={o.value === value} onClick={() => onChange(o.value)}
          data-testid={`${testId}-${o.value}`}>{o.text}</Button>
      ))}
    </div>
  );
}

/**
 * The series of a chart with their colours (and, for the donuts, their values). Tremor's own
 * legend puts <li> inside a <div> inside its <ol> (an invalid list for screen readers, axe
 * "list"), so the charts are drawn without it and this list names the series instead.
 */
export function ChartLegend({ items, testId }: { items: { name: string; color: string; value?: string }[]; testId: string }) {
  return (
    <ul className="mb-2 flex flex-wrap gap-x-4 gap-y-1 text-sm" data-testid={testId}>
      {items.map((item) => (
        <li key={item.name} className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className={cx('inline-block h-2.5 w-2.5 rounded-full', `bg-${item.color}-500`)} />
          <span>{item.name}</span>
          {item.value !== undefined && <span className="text-slate-600 dark:text-slate-300">{item.value}</span>}
        </li>
      ))}
    </ul>
  );
}

/**
 * What a chart shows, as a table for screen readers: the drawing itself is hidden from them
 * (recharts' SVG has no text alternative, axe "svg-img-alt").
 */
export function ChartTable({ caption, indexHeader, categories, rows, format }: {
  caption: string; indexHeader: string; categories: string[]; rows: Record<string, string | number>[]; format: (n: number) => string;
}) {
  // The box is the sr-only one: a table keeps its content's width whatever its own width says, so a
  // table marked sr-only widened a 390 px page to 480 px.
  return (
    <div className="sr-only">
    <table>
      <caption>{caption}</caption>
      <thead><tr><th scope="col">{indexHeader}</th>{categories.map((c) => <th key={c} scope="col">{c}</th>)}</tr></thead>
      <tbody>
        {rows.map((r) => (
          <tr key={String(r.day)}><th scope="row">{r.day}</th>{categories.map((c) => <td key={c}>{format(Number(r[c] ?? 0))}</td>)}</tr>
        ))}
      </tbody>
    </table>
    </div>
  );
}

/**
 * A drawing the keyboard and screen readers skip because its figures are written beside it (the
 * legend with values). Recharts' pie is focusable, so aria-hidden alone would hide a focusable
 * element (axe "aria-hidden-focus"); `inert` (set on the element: React 18 has no such prop)
 * takes it out of both. It also ends the pie's hover tooltips, which the legend makes redundant.
 */
export function Inert({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => { ref.current?.setAttribute('inert', ''); }, []);
  return <div ref={ref}>{children}</div>;
}

/** Parts of a day per delivery bucket (the answer has parts per exact status). */
function bucketParts(day: DashboardDay): Record<DeliveryBucket, number> {
  const out = Object.fromEntries(DELIVERY_BUCKETS.map((b) => [b, 0])) as Record<DeliveryBucket, number>;
  for (const [status, c] of Object.entries(day.statuses)) out[bucketOf(status)] += c.parts;
  return out;
}

export function DashboardChartsView() {
  const { api } = useApp();
  const { t, i18n } = useTranslation(DASHBOARD_CHARTS_NS);
  const language = i18n.language;
  const digits = useDigits();
  const { rial } = useMoney();
  const [picks, setPicks] = useState<PickedRange>(() => defaultPicks(new Date()));
  const [draft, setDraft] = useState<PickedRange>(picks);
  const [draftError, setDraftError] = useState<string | null>(null);
  const [view, setView] = useState<View>('status');
  const [unit, setUnit] = useState<Unit>('messages');
  const checked = rangeOfPicks(picks);
  const range = 'range' in checked ? checked.range : null;
  const { data, error, isLoading, isValidating, mutate } = useSWR(range ? dashboardKeys.info(range) : null, () => dashboardApi.info(api, range ?? undefined),
    { keepPreviousData: true, shouldRetryOnError: false });
  useRefreshOnSends(() => { void mutate(); });

  const count = (n: number) => digits(groupThousands(String(Math.round(n))));
  const rials = (n: number) => digits(groupThousands(String(Math.round(n))));

  const charts = useMemo(() => {
    if (!data) return null;
    const days = inReadingOrder(data.days, language);
    const label = (d: DashboardDay) => dayLabel(d.date, language);
    const bucketName = (b: DeliveryBucket) => t(outcomeKey(b));
    const typeName = (type: string) => t(`sendTypeNames.${type}`, { defaultValue: type });
    const usedBuckets = DELIVERY_BUCKETS.filter((b) => data.totals.buckets[b] > 0);
    const usedTypes = data.sendTypes.map((s) => s.sendType);
    const daily = view === 'status'
      ? {
        categories: usedBuckets.map(bucketName),
        colors: usedBuckets.map((b) => BUCKET_COLORS[b]),
        rows: days.map((d) => {
          const values = unit === 'messages' ? d.buckets : bucketParts(d);
          return { day: label(d), ...Object.fromEntries(usedBuckets.map((b) => [bucketName(b), values[b]])) };
        }),
      }
      : {
        categories: usedTypes.map(typeName),
        colors: usedTypes.map((s) => SEND_TYPE_COLORS[s] ?? FALLBACK_COLOR),
        rows: days.map((d) => ({ day: label(d), ...Object.fromEntries(usedTypes.map((s) => [typeName(s), d.sendTypes[s]?.[unit] ?? 0])) })),
      };
    const allVsSent = days.map((d) => ({ day: label(d), [t('allVsSent.all')]: d.messages, [t(outcomeKey('sent'))]: d.sent }));
    const credit = data.credit ? days.map((d) => ({ day: label(d), [t('credit.charged')]: Number(d.credit?.charged ?? 0), [t('credit.givenBack')]: Number(d.credit?.givenBack ?? 0) })) : null;
    const operators = data.operators.map((o) => ({ name: t(`operatorNames.${o.operator}`, { defaultValue: o.operator }), value: o.messages, color: OPERATOR_COLORS[o.operator] ?? FALLBACK_COLOR }));
    const totalSent = data.sendTypes.reduce((n, s) => n + s.sent, 0);
    const sendTypes = data.sendTypes.filter((s) => s.sent > 0).map((s) => ({ name: typeName(s.sendType), value: s.sent, color: SEND_TYPE_COLORS[s.sendType] ?? FALLBACK_COLOR }));
    return { daily, allVsSent, credit, operators, sendTypes, totalSent };
  }, [data, language, view, unit, t]);

  if (error instanceof ApiError && error.status === 403) return null; // silent, as the error catalogue keeps it

  const apply = (e: FormEvent) => {
    e.preventDefault();
    const next = rangeOfPicks(draft);
    if ('problem' in next) {
      setDraftError(t(`range.${next.problem}`, { days: digits(MAX_RANGE_DAYS) }));
      return;
    }
    setDraftError(null);
    setPicks(draft);
  };
  const lastTen = () => {
    const picked = defaultPicks(new Date());
    setDraft(picked);
    setPicks(picked);
    setDraftError(null);
  };

  const percentOfSent = (n: number) => t('percentOf', { value: count(n), percent: digits(charts && charts.totalSent > 0 ? Math.round((n / charts.totalSent) * 1000) / 10 : 0) });
  const empty = data && data.totals.messages === 0 && data.totals.sends === 0;

  return (
    <section className="mt-6 max-w-6xl" aria-labelledby="dashboard-charts-title" data-testid="dashboard-charts" aria-busy={isLoading || isValidating}>
      <h2 id="dashboard-charts-title" className="mb-1 text-lg font-bold">{t('title')}</h2>
      {data && (
        <p className="mb-3 text-sm text-slate-600 dark:text-slate-300" data-testid="dashboard-charts-scope">
          {data.scope === 'user' ? t('scope.user') : t('scope.organization', { name: isolateText(data.organization.name) })}
        </p>
      )}
      <form noValidate onSubmit={apply} className="mb-4 flex flex-wrap items-end gap-3" data-testid="dashboard-range">
        <DateTimePicker id="dashboard-from" data-testid="dashboard-from" label={t('range.from')} withTime={false} value={draft.fromDate}
          onChange={(v) => setDraft((d) => ({ ...d, fromDate: v }))} />
        <DateTimePicker id="dashboard-to" data-testid="dashboard-to" label={t('range.to')} withTime={false} value={draft.toDate}
          onChange={(v) => setDraft((d) => ({ ...d, toDate: v }))} />
        <Button type="submit" data-testid="dashboard-range-apply">{t('range.apply')}</Button>
        <Button variant="secondary" onClick={lastTen} data-testid="dashboard-range-last-ten">{t('range.lastTen')}</Button>
        {draftError && <p role="alert" className="w-full text-sm text-red-700 dark:text-red-400" data-testid="dashboard-range-error">{draftError}</p>}
      </form>

      {!data && isLoading && <Spinner label={t('loading')} data-testid="dashboard-charts-loading" />}
      {!data && error && <p className="text-sm text-red-700 dark:text-red-400" data-testid="dashboard-charts-failed">{t('failed')}</p>}
      {empty && <EmptyState title={t('empty')} className="rounded border bg-white dark:border-slate-700 dark:bg-slate-800" data-testid="dashboard-charts-empty" />}

      {data && charts && !empty && (
        <div className={cx('grid gap-4', isValidating && 'opacity-70 transition-opacity')} data-testid="dashboard-charts-body">
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" data-testid="dashboard-totals">
            {([
              ['sends', count(data.totals.sends)],
              ['messages', count(data.totals.messages)],
              ['parts', count(data.totals.parts)],
              ['sent', count(data.totals.sent)],
              ['delivered', count(data.totals.buckets.delivered)],
              ...(data.credit ? [['creditUsed', rial(data.credit.used)] as [string, string]] : []),
            ] as [string, string][]).map(([name, value]) => (
              <div key={name} className="rounded border bg-white p-3 dark:border-slate-700 dark:bg-slate-800">
                <dt className="text-xs text-slate-600 dark:text-slate-400" data-testid={`dashboard-total-label-${name}`}>{name === 'delivered' ? t(outcomeKey('delivered')) : t(`totals.${name}`)}</dt>
                <dd className="text-lg font-semibold" data-testid={`dashboard-total-${name}`} data-value={name === 'creditUsed' ? data.credit?.used : undefined}>{value}</dd>
              </div>
            ))}
          </dl>

          <Panel title={t('daily.title')} testId="dashboard-daily">
            <div className="mb-2 flex flex-wrap gap-3">
              <Toggle label={t('daily.view')} value={view} onChange={setView} testId="dashboard-daily-view"
                options={[{ value: 'status', text: t('daily.byStatus') }, { value: 'type', text: t('daily.byType') }]} />
              <Toggle label={t('daily.unit')} value={unit} onChange={setUnit} testId="dashboard-daily-unit"
                options={[{ value: 'messages', text: t('daily.messages') }, { value: 'parts', text: t('daily.parts') }]} />
            </div>
            <ChartLegend testId="dashboard-daily-legend" items={charts.daily.categories.map((name, i) => ({ name, color: charts.daily.colors[i] }))} />
            <div aria-hidden="true">
              <BarChart className="h-72" data={charts.daily.rows} index="day" categories={charts.daily.categories} colors={charts.daily.colors} stack showLegend={false}
                valueFormatter={count} yAxisWidth={64} allowDecimals={false} noDataText={t('empty')} data-testid="dashboard-daily-chart" />
            </div>
            <ChartTable caption={t('daily.title')} indexHeader={t('day')} categories={charts.daily.categories} rows={charts.daily.rows} format={count} />
          </Panel>

          <div className="grid gap-4 lg:grid-cols-2">
            <Panel title={t('allVsSent.title')} testId="dashboard-all-vs-sent">
              <ChartLegend testId="dashboard-all-vs-sent-legend" items={[{ name: t('allVsSent.all'), color: 'slate' }, { name: t(outcomeKey('sent')), color: 'blue' }]} />
              <div aria-hidden="true">
                <AreaChart className="h-56" data={charts.allVsSent} index="day" categories={[t('allVsSent.all'), t(outcomeKey('sent'))]} colors={['slate', 'blue']} showLegend={false}
                  valueFormatter={count} yAxisWidth={64} allowDecimals={false} noDataText={t('empty')} />
              </div>
              <ChartTable caption={t('allVsSent.title')} indexHeader={t('day')} categories={[t('allVsSent.all'), t(outcomeKey('sent'))]} rows={charts.allVsSent} format={count} />
            </Panel>
            {charts.credit && (
              <Panel title={t('credit.title')} testId="dashboard-credit">
                <ChartLegend testId="dashboard-credit-legend" items={[{ name: t('credit.charged'), color: 'rose' }, { name: t('credit.givenBack'), color: 'emerald' }]} />
                <div aria-hidden="true">
                  <AreaChart className="h-56" data={charts.credit} index="day" categories={[t('credit.charged'), t('credit.givenBack')]} colors={['rose', 'emerald']} showLegend={false}
                    valueFormatter={rials} yAxisWidth={88} allowDecimals={false} noDataText={t('empty')} />
                </div>
                <ChartTable caption={t('credit.title')} indexHeader={t('day')} categories={[t('credit.charged'), t('credit.givenBack')]} rows={charts.credit} format={rials} />
              </Panel>
            )}
          </div>

          <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
            <Panel title={t('operators.title')} testId="dashboard-operators">
              <Inert>
                <DonutChart className="h-44" data={charts.operators} index="name" category="value" colors={charts.operators.map((o) => o.color)} valueFormatter={count}
                  label={count(data.totals.messages)} noDataText={t('empty')} />
              </Inert>
              <ChartLegend testId="dashboard-operators-legend" items={charts.operators.map((o) => ({ name: o.name, color: o.color, value: count(o.value) }))} />
            </Panel>
            <Panel title={t('sendTypes.title')} testId="dashboard-send-types">
              <Inert>
                <DonutChart className="h-44" data={charts.sendTypes} index="name" category="value" colors={charts.sendTypes.map((s) => s.color)} valueFormatter={percentOfSent}
                  label={count(charts.totalSent)} noDataText={t('empty')} />
              </Inert>
              <ChartLegend testId="dashboard-send-types-legend" items={charts.sendTypes.map((s) => ({ name: s.name, color: s.color, value: percentOfSent(s.value) }))} />
            </Panel>
            <Panel title={t('lines.title')} testId="dashboard-top-lines">
              {data.topLines.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-400">{t('lines.none')}</p> : (
                <table className="w-full text-sm">
                  <thead>
                    <tr className="text-slate-600 dark:text-slate-400">
                      <th scope="col" className="py-1 text-start font-medium">{t('lines.line')}</th>
                      <th scope="col" className="py-1 text-end font-medium">{t('lines.messages')}</th>
                      <th scope="col" className="py-1 text-end font-medium">{t('lines.parts')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.topLines.map((l) => (
                      <tr key={l.privateNumberId} className="border-t dark:border-slate-700" data-testid="dashboard-top-line">
                        <td className="py-1 text-start"><bdi dir="ltr">{digits(l.senderNumber)}</bdi></td>
                        <td className="py-1 text-end">{count(l.messages)}</td>
                        <td className="py-1 text-end">{count(l.parts)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </Panel>
          </div>
        </div>
      )}
    </section>
  );
}
