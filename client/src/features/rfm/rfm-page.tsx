import { useEffect, useMemo, useState } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../shared/dates/jalali';
import { useApp } from '../../shared/app/app-context';
import { Button } from '../../shared/ui/button';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { PageHeader } from '../../shared/ui/page-header';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { UserText } from '../../shared/ui/user-text';
import { TextField } from '../../shared/ui/form/text-field';
import { NumericInput } from '../../shared/ui/form/numeric-input';
import { FieldFrame, inputClass } from '../../shared/ui/form/field-frame';
import { localizeNumber } from '../../shared/i18n/number-formatter';
import { RFM_INDEXES, RFM_WINDOW_DAYS } from '../../../../server/shared/insight/rfm-points';
import { rfmApi, type RfmFilter, type RfmResult, type RfmSort, type RfmStrategyItem } from './rfm-api';

const SORTS: RfmSort[] = ['totalPoint', 'realUsedCredit', 'realSentCount', 'sendSmsFrequency', 'recentSendSms'];

interface Draft { name: string; min: string; max: string; sends: '' | 'with' | 'without'; sort: RfmSort }

const filterOf = (d: Draft): RfmFilter => ({
  sort: d.sort,
  ...(d.name.trim() ? { name: d.name.trim() } : {}),
  ...(d.min ? { minTotalPoint: Number(d.min) } : {}),
  ...(d.max ? { maxTotalPoint: Number(d.max) } : {}),
  ...(d.sends ? { withoutSends: d.sends === 'without' } : {}),
});

/** A reseller's customers ranked by the nightly RFM points (SmsReports.Rfm), with filters, the export and the point strategy. */
export function RfmPage() {
  const { api } = useApp();
  const { t, i18n } = useTranslation('rfm');
  const n = (v: number | string | bigint) => localizeNumber(typeof v === 'string' ? BigInt(v) : v, i18n.language, true);
  const [draft, setDraft] = useState<Draft>({ name: '', min: '', max: '', sends: '', sort: 'totalPoint' });
  const [filter, setFilter] = useState<RfmFilter>({ sort: 'totalPoint' });
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [exporting, setExporting] = useState(false);
  const { data, isLoading } = useSWR(['rfm/results', filter, pageIndex, pageSize], () => rfmApi.results(api, { ...filter, pageIndex, pageSize }));

  const columns = useMemo<DataTableColumn<RfmResult>[]>(() => [
    { key: 'organizationName', header: t('columns.organizationName'), hideable: false, cell: (r) => <UserText>{r.organizationName}</UserText> },
    { key: 'totalPoint', header: t('columns.totalPoint'), hideable: false, cell: (r) => <strong data-testid="rfm-total-point">{n(r.totalPoint)}</strong> },
    { key: 'points', header: t('columns.points'), cell: (r) => <span dir="ltr">{n(r.points.recency)} / {n(r.points.frequency)} / {n(r.points.monetary)}</span> },
    { key: 'recentSendSms', header: t('columns.recentSendSms'), cell: (r) => (r.recentSendSms === null ? t('never') : n(r.recentSendSms)) },
    { key: 'sendSmsFrequency', header: t('columns.sendSmsFrequency'), cell: (r) => n(r.sendSmsFrequency) },
    { key: 'realUsedCredit', header: t('columns.realUsedCredit'), cell: (r) => n(r.realUsedCredit) },
    { key: 'totalUsedCredit', header: t('columns.totalUsedCredit'), cell: (r) => n(r.totalUsedCredit) },
    { key: 'usedCreditPerEachFrequency', header: t('columns.usedCreditPerEachFrequency'), cell: (r) => n(r.usedCreditPerEachFrequency) },
    { key: 'sent', header: t('columns.sent'), cell: (r) => <span dir="ltr">{n(r.realSentCount)} / {n(r.totalSentCount)}</span> },
    { key: 'parts', header: t('columns.parts'), cell: (r) => <span dir="ltr">{n(r.realSentParts)} / {n(r.totalSentParts)}</span> },
  // eslint-disable-next-line react-hooks/exhaustive-deps
  ], [t, i18n.language]);

  const exportFile = async () => {
    setExporting(true);
    try {
      const blob = await rfmApi.exportResults(api, filter);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = 'rfm.xlsx';
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      showToast({ kind: 'success', message: t('exported') });
    } catch { /* the error catalogue told the user */ } finally { setExporting(false); }
  };

  const run = data?.run;
  return (
    <section data-testid="rfm-page">
      <PageHeader title={t('title')} subtitle={t('subtitle', { days: RFM_WINDOW_DAYS })}
        actions={<Button variant="secondary" onClick={() => void exportFile()} disabled={exporting} data-testid="rfm-export">{t('export')}</Button>} />
      <p className="mb-3 text-sm text-gray-700 dark:text-gray-300" data-testid="rfm-run">
        {run ? t('run', { day: formatDate(run.day, i18n.language), from: formatDate(run.fromDate, i18n.language), to: formatDate(run.toDate, i18n.language), count: run.customers }) : t('noRun')}
      </p>
      <form className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-6" onSubmit={(e) => { e.preventDefault(); setFilter(filterOf(draft)); setPageIndex(0); }} data-testid="rfm-filters">
        <TextField label={t('filters.name')} value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} maxLength={100} data-testid="rfm-filter-name" />
        <NumericInput label={t('filters.minTotalPoint')} value={draft.min} onValueChange={(v) => setDraft({ ...draft, min: v })} data-testid="rfm-filter-min" />
        <NumericInput label={t('filters.maxTotalPoint')} value={draft.max} onValueChange={(v) => setDraft({ ...draft, max: v })} data-testid="rfm-filter-max" />
        <FieldFrame id="rfm-filter-sends" label={t('filters.sends')} errorText={null}>
          <select id="rfm-filter-sends" className={inputClass(false)} value={draft.sends} onChange={(e) => setDraft({ ...draft, sends: e.target.value as Draft['sends'] })} data-testid="rfm-filter-sends">
            <option value="">{t('filters.all')}</option>
            <option value="with">{t('filters.withSends')}</option>
            <option value="without">{t('filters.withoutSends')}</option>
          </select>
        </FieldFrame>
        <FieldFrame id="rfm-sort" label={t('filters.sort')} errorText={null}>
          <select id="rfm-sort" className={inputClass(false)} value={draft.sort} onChange={(e) => setDraft({ ...draft, sort: e.target.value as RfmSort })} data-testid="rfm-sort">
            {SORTS.map((s) => <option key={s} value={s}>{t(`sort.${s}`)}</option>)}
          </select>
        </FieldFrame>
        <div className="flex items-end"><Button type="submit" data-testid="rfm-apply">{t('filters.apply')}</Button></div>
      </form>
      <DataTable columns={columns} rows={data?.items} rowKey={(r) => r.organizationId} loading={isLoading} caption={t('title')}
        emptyText={t('empty')} pageIndex={pageIndex} pageSize={pageSize} totalCount={data?.totalCount ?? 0} onPageChange={setPageIndex}
        onPageSizeChange={(size) => { setPageSize(size); setPageIndex(0); }} data-testid="rfm-table" />
      <StrategyEditor />
    </section>
  );
}

interface Row { index: RfmStrategyItem['index']; start: string; end: string; point: string }

/** The point strategy as one table per index; saved whole (the server numbers and checks the ranges). */
function StrategyEditor() {
  const { api } = useApp();
  const { t } = useTranslation('rfm');
  const { data, mutate } = useSWR('rfm/strategy', () => rfmApi.strategy(api));
  const [rows, setRows] = useState<Row[]>([]);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (data) setRows(data.items.map((i) => ({ index: i.index, start: i.valueStartRange, end: i.valueEndRange ?? '', point: String(i.point) })));
  }, [data]);

  const save = async () => {
    setSaving(true);
    try {
      const items: RfmStrategyItem[] = RFM_INDEXES.flatMap((index) => rows.filter((r) => r.index === index).map((r, k) => ({
        index, range: k + 1, valueStartRange: r.start || '0', valueEndRange: r.end === '' ? null : r.end, point: Number(r.point || '0'),
      })));
      await mutate(await rfmApi.saveStrategy(api, { items }), { revalidate: false });
      showToast({ kind: 'success', message: t('strategy.saved') });
    } catch { /* the error catalogue told the user */ } finally { setSaving(false); }
  };
  const update = (row: Row, patch: Partial<Row>) => setRows(rows.map((r) => (r === row ? { ...r, ...patch } : r)));

  return (
    <section className="mt-6" aria-labelledby="rfm-strategy-title" data-testid="rfm-strategy">
      <h2 id="rfm-strategy-title" className="text-lg font-semibold">{t('strategy.title')}</h2>
      <p className="mb-3 text-sm text-gray-700 dark:text-gray-300">{t('strategy.hint')}</p>
      <div className="grid gap-4 lg:grid-cols-3">
        {RFM_INDEXES.map((index) => {
          const mine = rows.filter((r) => r.index === index);
          return (
            <fieldset key={index} className="rounded-md border border-gray-300 p-3 dark:border-gray-600" data-testid={`rfm-strategy-${index}`}>
              <legend className="px-1 text-sm font-medium">{t(`strategy.index.${index}`)}</legend>
              {mine.length === 0 && <p className="text-sm text-gray-700 dark:text-gray-300">{t('strategy.none')}</p>}
              {mine.map((r, k) => (
                <div key={k} className="mb-2 grid grid-cols-[1fr_1fr_1fr_auto] items-end gap-2">
                  <NumericInput label={`${t('strategy.range')} ${k + 1}: ${t('strategy.start')}`} value={r.start} onValueChange={(v) => update(r, { start: v })} data-testid={`rfm-${index}-${k + 1}-start`} />
                  <NumericInput label={t('strategy.end')} value={r.end} onValueChange={(v) => update(r, { end: v })} data-testid={`rfm-${index}-${k + 1}-end`} />
                  <NumericInput label={t('strategy.point')} value={r.point} onValueChange={(v) => update(r, { point: v })} data-testid={`rfm-${index}-${k + 1}-point`} />
                  <Button size="sm" variant="secondary" aria-label={`${t('strategy.remove')} ${k + 1}`} onClick={() => setRows(rows.filter((x) => x !== r))}>×</Button>
                </div>
              ))}
              <Button size="sm" variant="secondary" onClick={() => setRows([...rows, { index, start: '', end: '', point: '' }])} data-testid={`rfm-${index}-add`}>{t('strategy.add')}</Button>
            </fieldset>
          );
        })}
      </div>
      <div className="mt-3"><Button onClick={() => void save()} disabled={saving} data-testid="rfm-strategy-save">{t('strategy.save')}</Button></div>
    </section>
  );
}
