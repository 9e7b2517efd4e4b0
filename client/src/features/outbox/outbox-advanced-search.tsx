import { useMemo, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApp } from '../../shared/app/app-context';
import { DateDisplay } from '../../shared/dates/date-display';
import { DateTimePicker } from '../../shared/dates/date-time-picker';
import { Button } from '../../shared/ui/button';
import { TextField } from '../../shared/ui/form/text-field';
import { toLatinDigits } from '../../shared/ui/form/to-latin-digits';
import { Select } from '../../shared/ui/select/select';
import { useDigits } from '../../shared/ui/use-digits';
import { errorsOf } from '../admin-common/kit';
import { DELIVERY_STATUSES, outboxDetailPath, sendingApi } from '../sending/sending-api';
import { outboxKeys } from './outbox-api';
import { advancedSearch, exportSearch, RECEIVER_SEND_STATUSES, type AdvancedSearchBody, type ReceiverHit, type SearchPage } from './outbox-search-api';
import { endOfDay, rangeError, type DateRange } from './outbox-range';
import { RawReportDialog } from './raw-report-dialog';
import { ExcelExportButton } from './excel-export-button';

interface Draft extends DateRange {
  fromHour: string; toHour: string; toNumber: string; smsText: string; description: string; sendStatus: string; deliveryStatus: string; phonebookId: string;
}
const EMPTY: Draft = { fromDate: null, toDate: null, fromHour: '', toHour: '', toNumber: '', smsText: '', description: '', sendStatus: '', deliveryStatus: '', phonebookId: '' };
const PAGE_SIZE = 50;
const HOURS = Array.from({ length: 24 }, (_, h) => h);

/** The request body of a valid draft (the dates checked first, like the send list's filter). */
function bodyOf(d: Draft): AdvancedSearchBody {
  const text = (v: string) => (v.trim() === '' ? undefined : v.trim());
  return {
    fromDate: d.fromDate as string, toDate: endOfDay(d.toDate) as string,
    fromHour: d.fromHour === '' ? undefined : Number(d.fromHour), toHour: d.toHour === '' ? undefined : Number(d.toHour),
    toNumber: text(toLatinDigits(d.toNumber)), smsText: text(d.smsText), description: text(d.description),
    sendStatus: d.sendStatus ? [d.sendStatus] : undefined, deliveryStatus: d.deliveryStatus ? [d.deliveryStatus] : undefined,
    phonebookIds: d.phonebookId ? [Number(d.phonebookId)] : undefined,
    pageSize: PAGE_SIZE,
  };
}

/**
 * The outbox advanced search: receivers of every send the caller may see, by number, text,
 * description, Jalali date range, Tehran hour range and statuses; keyset pages (next / previous
 * walk a stack of cursors, no total: counting millions of rows would cost more than the page).
 */
export function OutboxAdvancedSearch() {
  const { api } = useApp();
  const { t } = useTranslation('outbox');
  const digits = useDigits();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [body, setBody] = useState<AdvancedSearchBody | null>(null);
  // cursors[i] is the `after` of page i (undefined for the first page).
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [page, setPage] = useState<SearchPage | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [loading, setLoading] = useState(false);
  const [report, setReport] = useState<ReceiverHit | null>(null);

  const hourItems = useMemo(() => HOURS.map((h) => ({ id: String(h), title: digits(String(h).padStart(2, '0')) })), [digits]);
  const sendStatusItems = useMemo(() => RECEIVER_SEND_STATUSES.map((id) => ({ id, title: t(`sending:outboxStatuses.${id}`, { defaultValue: id }) })), [t]);
  // Sends made from a phonebook (phonebook and dynamic sends); hidden for users who have no phonebooks to read.
  const { data: phonebooks } = useSWR(outboxKeys.searchPhonebooks(), () => sendingApi.phonebooks(api, undefined, { quiet: true }), { shouldRetryOnError: false });
  const deliveryItems = useMemo(() => DELIVERY_STATUSES.map((id) => ({ id, title: t(`sending:deliveryStatuses.${id}`, { defaultValue: id }) })), [t]);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  const load = async (request: AdvancedSearchBody, index: number, stack: (string | undefined)[]) => {
    setLoading(true);
    setErrors({});
    try {
      const answer = await advancedSearch(api, { ...request, after: stack[index] });
      setPage(answer);
      setCursors(answer.nextCursor ? [...stack.slice(0, index + 1), answer.nextCursor] : stack.slice(0, index + 1));
      setPageIndex(index);
    } catch (e) {
      setErrors(errorsOf(e, { toNumber: t('search.toNumber'), toDate: t('toDate'), toHour: t('search.toHour') }));
    } finally {
      setLoading(false);
    }
  };
  const [pageIndex, setPageIndex] = useState(0);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The spec: a start and an end date are required, under 90 days.
    const problem = !draft.fromDate || !draft.toDate ? 'bothDates' : rangeError(draft);
    if (problem) { setErrors({ toDate: t(problem) }); return; }
    if (draft.fromHour !== '' && draft.toHour !== '' && Number(draft.fromHour) > Number(draft.toHour)) { setErrors({ toHour: t('search.hourOrder') }); return; }
    const request = bodyOf(draft);
    setBody(request);
    void load(request, 0, [undefined]);
  };

  return (
    <section className="mb-4 rounded border border-slate-200 p-3 dark:border-slate-700" aria-label={t('search.title')} data-testid="outbox-advanced-search">
      <form noValidate className="flex flex-wrap items-end gap-3" onSubmit={submit}>
        <DateTimePicker id="adv-from" data-testid="adv-from" label={t('fromDate')} withTime={false} value={draft.fromDate} onChange={(v) => set({ fromDate: v })} />
        <DateTimePicker id="adv-to" data-testid="adv-to" label={t('toDate')} withTime={false} value={draft.toDate} onChange={(v) => set({ toDate: v })} />
        <div className="w-28">
          <Select id="adv-from-hour" data-testid="adv-from-hour" label={t('search.fromHour')} items={hourItems} value={draft.fromHour} optimalSearch={false}
            onChange={(v) => set({ fromHour: v === null ? '' : String(v) })} />
        </div>
        <div className="w-28">
          <Select id="adv-to-hour" data-testid="adv-to-hour" label={t('search.toHour')} items={hourItems} value={draft.toHour} optimalSearch={false} error={errors.toHour}
            onChange={(v) => set({ toHour: v === null ? '' : String(v) })} />
        </div>
        <TextField id="adv-number" data-testid="adv-number" label={t('search.toNumber')} dir="ltr" inputMode="tel" maxLength={20} value={draft.toNumber}
          error={errors.toNumber} onChange={(e) => set({ toNumber: e.target.value })} />
        <TextField id="adv-text" data-testid="adv-text" label={t('search.smsText')} maxLength={100} value={draft.smsText} onChange={(e) => set({ smsText: e.target.value })} />
        <TextField id="adv-description" data-testid="adv-description" label={t('search.description')} maxLength={100} value={draft.description}
          onChange={(e) => set({ description: e.target.value })} />
        <div className="min-w-[12rem]">
          <Select id="adv-send-status" data-testid="adv-send-status" label={t('search.sendStatus')} items={sendStatusItems} value={draft.sendStatus}
            onChange={(v) => set({ sendStatus: v === null ? '' : String(v) })} />
        </div>
        <div className="min-w-[12rem]">
          <Select id="adv-delivery-status" data-testid="adv-delivery-status" label={t('search.deliveryStatus')} items={deliveryItems} value={draft.deliveryStatus}
            onChange={(v) => set({ deliveryStatus: v === null ? '' : String(v) })} />
        </div>
        {phonebooks && phonebooks.length > 0 && (
          <div className="min-w-[12rem]">
            <Select id="adv-phonebook" data-testid="adv-phonebook" label={t('search.phonebook')} items={phonebooks} value={draft.phonebookId}
              onChange={(v) => set({ phonebookId: v === null ? '' : String(v) })} />
          </div>
        )}
        <Button type="submit" loading={loading} data-testid="adv-submit">{t('search.submit')}</Button>
        <Button variant="secondary" onClick={() => { setDraft(EMPTY); setBody(null); setPage(null); setErrors({}); }} data-testid="adv-clear">{t('clear')}</Button>
        {(errors.toDate || errors['']) && <p role="alert" className="w-full text-sm text-red-700" data-testid="adv-error">{errors.toDate ?? errors['']}</p>}
      </form>
      {page && body && (
        <div className="mt-3">
          <div className="overflow-x-auto">
            <table className="w-full text-sm" data-testid="adv-results">
              <caption className="sr-only">{t('search.results')}</caption>
              <thead>
                <tr className="border-b text-start">
                  {(['send', 'number', 'text', 'description', 'dateTimeSend', 'sendStatus', 'deliveryStatus', 'statusDateTime', 'report'] as const).map((c) => (
                    <th key={c} scope="col" className="p-2 text-start font-medium">{t(`search.columns.${c}`)}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {page.items.map((r) => (
                  <tr key={`${r.sendId}:${r.seq}`} className="border-b" data-testid="adv-row" data-number={r.toNumber} data-send={r.sendId}>
                    <td className="p-2"><Link className="text-sky-700 underline" to={outboxDetailPath(r.sendId)}>{digits(r.sendId)}</Link></td>
                    <td className="p-2" dir="ltr">{digits(r.toNumber)}</td>
                    <td className="p-2" data-testid="adv-text-cell"><span className="line-clamp-2 max-w-xs" dir="auto" title={r.smsText}>{r.smsText}</span></td>
                    <td className="p-2" dir="auto">{r.description ?? '—'}</td>
                    <td className="p-2"><DateDisplay value={r.dateTimeSend} /></td>
                    <td className="p-2">{t(`sending:outboxStatuses.${r.sendStatus}`, { defaultValue: r.sendStatus })}</td>
                    <td className="p-2" data-testid="adv-row-delivery">{t(`sending:deliveryStatuses.${r.deliveryStatus}`, { defaultValue: r.deliveryStatus })}</td>
                    <td className="p-2">{r.statusDateTime ? <DateDisplay value={r.statusDateTime} /> : '—'}</td>
                    <td className="p-2"><Button size="sm" variant="ghost" onClick={() => setReport(r)} data-testid="adv-raw-report">{t('rawReport')}</Button></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {page.items.length === 0 && <p className="p-3 text-center text-sm" data-testid="adv-empty">{t('search.empty')}</p>}
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <Button size="sm" variant="secondary" disabled={pageIndex === 0 || loading} onClick={() => void load(body, pageIndex - 1, cursors)} data-testid="adv-prev">{t('search.previous')}</Button>
            <span className="text-sm" aria-live="polite" data-testid="adv-page">{t('search.page', { n: digits(pageIndex + 1) })}</span>
            <Button size="sm" variant="secondary" disabled={!page.nextCursor || loading} onClick={() => void load(body, pageIndex + 1, cursors)} data-testid="adv-next">{t('search.next')}</Button>
            {page.items.length > 0 && <ExcelExportButton key={JSON.stringify(body)} start={() => exportSearch(api, body)} testId="adv-export" />}
          </div>
        </div>
      )}
      {report && <RawReportDialog sendId={report.sendId} receiver={report} onClose={() => setReport(null)} />}
    </section>
  );
}
