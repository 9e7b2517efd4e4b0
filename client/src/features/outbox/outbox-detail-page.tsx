import { SendClicksSection } from '../short-links/send-clicks-section';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { Link, useBlocker, useParams, type BlockerFunction } from 'react-router';
import { useApp } from '../../shared/app/app-context';
import { DateDisplay } from '../../shared/dates/date-display';
import { Button } from '../../shared/ui/button';
import { ConfirmDialog } from '../../shared/ui/dialog/confirm-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { EmptyState } from '../../shared/ui/empty-state';
import { TextField } from '../../shared/ui/form/text-field';
import { toLatinDigits } from '../../shared/ui/form/to-latin-digits';
import { PageHeader } from '../../shared/ui/page-header';
import { Select } from '../../shared/ui/select/select';
import { Spinner } from '../../shared/ui/spinner';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { useDigits } from '../../shared/ui/use-digits';
import { errorsOf } from '../admin-common/kit';
import { Amount } from '../financial/money';
import { DELIVERY_STATUSES, isFinished, type Receiver, type Send, type SendCounters } from '../sending/sending-api';
import { fetched } from '../../shared/live/use-live-changes';
import { useLiveSends } from './use-live-sends';
import { archiveSends, isArchivable, isArchived, isBeingEdited, isEditable, outboxApi, outboxKeys, startEdit, unarchiveSends } from './outbox-api';
import { SendEditDialog } from './send-edit-dialog';
import { RawReportDialog } from './raw-report-dialog';
import { isStatusEditable, StatusEditDialog } from './status-edit-dialog';
import { hasClaim, useCurrentUser } from '../../shared/auth/current-user';
import { ExcelExportButton } from './excel-export-button';
import { exportRecipients } from './outbox-search-api';
import { SendStatusBadge } from './send-status-badge';
import { HandOutProgress } from './hand-out-progress';
import { ResendSection } from './resend-section';
import { DeliveryStatusRequestPanel } from './delivery-status-request';
import { UserText } from '../../shared/ui/user-text';
import { COUNTER_OUTCOMES, outcomeKey } from '../sending/delivery-outcomes';

/** A regional send is held from its counts and its receivers are picked when sending starts: until then its list is empty by design. */
const PICKED_AT_SEND: readonly string[] = ['Stored', 'Ready', 'WatingForConfirm', 'Confirmed', 'Updating', 'Extracting'];

const COUNTERS: (keyof SendCounters)[] = ['recipientCount', 'pendingCount', 'sentCount', 'deliveredCount', 'notDeliveredCount', 'failedCount', 'canceledCount'];
// Progress may arrive 4 times a second per send; the receivers page and the per-status counts
// are fetched again at most once a second so a large send does not flood the API.
const REFRESH_THROTTLE_MS = 1000;
/** How soon a refresh that waits for a fetch under way looks again. */
const REFRESH_RECHECK_MS = 100;

/** What the send cost in the end: its price less what came back (integer rials as text; bigint, as the ledger keeps them). */
function netPrice(send: { totalPrice: string; refundedPrice: string }): string {
  const net = BigInt(send.totalPrice) - BigInt(send.refundedPrice);
  return (net < 0n ? 0n : net).toString();
}

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="font-medium" data-testid={testId}>{children}</dd>
    </div>
  );
}

export function OutboxDetailPage() {
  const { id: idParam } = useParams();
  const id = Number(idParam);
  const valid = Number.isInteger(id) && id > 0;
  const { api } = useApp();
  const { t } = useTranslation('outbox');
  const digits = useDigits();
  const [deliveryStatus, setDeliveryStatus] = useState('');
  const [numberDraft, setNumberDraft] = useState('');
  const [toNumber, setToNumber] = useState('');
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [report, setReport] = useState<Receiver | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [archiving, setArchiving] = useState(false);
  const [editingStatus, setEditingStatus] = useState(false);
  const { data: me } = useCurrentUser();
  const [busy, setBusy] = useState(false);
  const [archiveError, setArchiveError] = useState<string | null>(null);
  // The edit dialog: opened for a send that is Updating (after Edit, or on opening the page: resume
  // editing), closed by the dialog itself, so a progress push during a save or a leave keeps it mounted.
  const [editing, setEditing] = useState(false);
  // Leaving the page while the dialog is open (the back button, a link) is leaving the edit: the
  // dialog warns and stops the send, or stays. One blocker for the page's life, reading a ref.
  const editingRef = useRef(false);
  editingRef.current = editing;
  const shouldBlock = useCallback<BlockerFunction>(({ currentLocation, nextLocation }) =>
    editingRef.current && currentLocation.pathname !== nextLocation.pathname, []);
  const blocker = useBlocker(shouldBlock);
  // The edit ended while a navigation waited for the warning: nothing to warn about any more.
  useEffect(() => { if (!editing && blocker.state === 'blocked') blocker.proceed(); }, [editing, blocker]);
  const { data: answer, error, isLoading, isValidating, mutate } = useSWR(valid ? outboxKeys.send(id) : null, () => fetched(() => outboxApi.get(api, id)));
  const { data: receivers, isLoading: receiversLoading, isValidating: receiversValidating, mutate: mutateReceivers } = useSWR(
    valid ? outboxKeys.receivers(id, deliveryStatus, toNumber, pageIndex, pageSize) : null,
    () => outboxApi.recipients(api, { id, pageIndex, pageSize, deliveryStatus: deliveryStatus || undefined, toNumber: toNumber || undefined }));

  const refreshTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => { if (refreshTimer.current) clearTimeout(refreshTimer.current); }, []);
  const fetching = useRef(false);
  fetching.current = isValidating || receiversValidating;
  const scheduleRefresh = (now: boolean) => {
    if (refreshTimer.current && !now) return;
    if (refreshTimer.current) clearTimeout(refreshTimer.current);
    const refresh = () => {
      // A new fetch replaces one under way (SWR keeps the latest): with answers slower than the
      // throttle, every refresh replaced the last and the page never loaded while the send moved.
      // One fetch at a time, and the next once it has landed.
      if (fetching.current) { refreshTimer.current = setTimeout(refresh, REFRESH_RECHECK_MS); return; }
      refreshTimer.current = null;
      void mutate();
      void mutateReceivers();
    };
    refreshTimer.current = setTimeout(refresh, now ? 0 : REFRESH_THROTTLE_MS);
  };
  // The send moves with its pushes laid over the answer (see useLiveSends: never in SWR's cache), and
  // what a push does not carry (the per-status counts, the receivers) is fetched again, throttled.
  // A stable callback for the status-request panel's subscription (it must not resubscribe every render).
  const scheduleRef = useRef(scheduleRefresh);
  scheduleRef.current = scheduleRefresh;
  const refreshNow = useCallback(() => scheduleRef.current(true), []);
  const { live, note } = useLiveSends(answer?.askedAt, { only: id, onPush: (p) => scheduleRefresh(isFinished(p)) });
  const send = answer && live(answer.value, answer.askedAt);
  const updating = !!send && isBeingEdited(send);
  useEffect(() => { if (updating) setEditing(true); }, [updating]);

  const statusItems = useMemo(() => DELIVERY_STATUSES.map((s) => ({ id: s, title: t(`sending:deliveryStatuses.${s}`) })), [t]);
  // Each receiver has its own text: a dynamic send, or a P2P send made from a file (the only sends with p2PIsSendDuplicateNumber).
  const dynamic = send?.sendType === 'Dynamic' || (send?.p2PIsSendDuplicateNumber !== null && send?.p2PIsSendDuplicateNumber !== undefined);
  const columns = useMemo<DataTableColumn<Receiver>[]>(() => [
    { key: 'seq', header: t('receiverColumns.seq'), cell: (r) => digits(r.seq + 1) },
    { key: 'toNumber', header: t('receiverColumns.toNumber'), hideable: false, cell: (r) => <span dir="ltr" data-testid="receiver-number">{digits(r.toNumber)}</span> },
    { key: 'operator', header: t('receiverColumns.operator'), cell: (r) => t(`sending:operators.${r.operator}`, { defaultValue: r.operator }) },
    { key: 'description', header: t('receiverColumns.description'), hiddenByDefault: true, cell: (r) => r.description ?? '—' },
    // A dynamic send: each receiver's own text and parts.
    ...(dynamic ? [{
      key: 'smsText', header: t('receiverColumns.smsText'),
      cell: (r: Receiver) => <span className="whitespace-pre-wrap break-all" data-testid="receiver-text"><UserText>{r.smsText ?? ''}</UserText> <span className="text-xs text-slate-600 dark:text-slate-300">({t('receiverColumns.parts', { n: digits(r.smsParts ?? 0) })})</span></span>,
    }] : []),
    {
      // A cancelled receiver is stored as ErrorInSending (the spec's SendStatus has no cancel): it says Cancelled.
      key: 'sendStatus', header: t('receiverColumns.sendStatus'), hiddenByDefault: true,
      cell: (r) => (r.deliveryStatus === 'IsCanceled' ? t('statuses.Canceled') : t(`sending:outboxStatuses.${r.sendStatus}`, { defaultValue: r.sendStatus })),
    },
    {
      key: 'deliveryStatus', header: t('receiverColumns.deliveryStatus'),
      cell: (r) => <span data-testid="receiver-status" data-status={r.deliveryStatus}>{t(`sending:deliveryStatuses.${r.deliveryStatus}`, { defaultValue: r.deliveryStatus })}</span>,
    },
    { key: 'providerId', header: t('receiverColumns.providerId'), hiddenByDefault: true, cell: (r) => <span dir="ltr">{r.providerId ?? '—'}</span> },
    { key: 'attempts', header: t('receiverColumns.attempts'), hiddenByDefault: true, cell: (r) => digits(r.attempts) },
    { key: 'refunded', header: t('receiverColumns.refunded'), hiddenByDefault: true, cell: (r) => t(r.refunded ? 'yes' : 'no') },
    { key: 'statusDateTime', header: t('receiverColumns.statusDateTime'), cell: (r) => (r.statusDateTime ? <DateDisplay value={r.statusDateTime} /> : '—') },
    {
      key: 'report', header: t('receiverColumns.report'), hideable: false,
      cell: (r) => <Button size="sm" variant="ghost" onClick={() => setReport(r)} data-testid="receiver-raw-report">{t('rawReport')}</Button>,
    },
  ], [t, digits, dynamic]);

  const cancel = async () => {
    setBusy(true);
    try {
      await outboxApi.cancel(api, id);
      showToast({ kind: 'success', message: t('canceled') });
      setCancelling(false);
      scheduleRefresh(true);
    } catch { /* the error catalogue told the user */ } finally { setBusy(false); }
  };

  /** Merges a send the server answered (without the per-status counts) and fetches the rest again. */
  const merge = (answered: Send) => {
    note(answered);
    scheduleRefresh(true);
  };

  const edit = async () => {
    setBusy(true);
    try {
      merge(await startEdit(api, id));
    } catch {
      // The error catalogue told the user (e.g. the send has started meanwhile): show what it is now.
      scheduleRefresh(true);
    } finally { setBusy(false); }
  };

  const archive = async () => {
    setBusy(true);
    setArchiveError(null);
    try {
      await archiveSends(api, [id]);
      showToast({ kind: 'success', message: t('archive.archiving', { n: digits(1) }) });
    } catch (e) {
      setArchiveError(Object.values(errorsOf(e)).join(' '));
    } finally {
      setBusy(false);
      setArchiving(false);
      scheduleRefresh(true);
    }
  };

  const unarchive = async () => {
    setBusy(true);
    setArchiveError(null);
    try {
      await unarchiveSends(api, [id]);
      showToast({ kind: 'success', message: t('archive.restored', { n: digits(1) }) });
    } catch (e) {
      setArchiveError(Object.values(errorsOf(e)).join(' '));
    } finally {
      setBusy(false);
      scheduleRefresh(true);
    }
  };

  const back = <Link to="/outbox" className="text-sky-700 underline">{t('back')}</Link>;
  if (!valid || (error && !send)) {
    return <section data-testid="outbox-detail-page"><PageHeader title={t('title')} breadcrumbs={back} /><EmptyState title={t('notFound')} /></section>;
  }
  if (isLoading || !send) return <section data-testid="outbox-detail-page"><Spinner /></section>;

  const finished = isFinished(send);
  const statusCounts = Object.entries(send.deliveryStatusCounts ?? {}).filter(([, n]) => n > 0);
  const actions = (
    <>
      {isEditable(send) && <Button variant="secondary" loading={busy} onClick={() => void edit()} data-testid="outbox-edit">{t('edit.button')}</Button>}
      {isArchivable(send) && <Button variant="secondary" onClick={() => setArchiving(true)} data-testid="outbox-archive">{t('archive.button')}</Button>}
      {isArchived(send) && <Button variant="secondary" loading={busy} onClick={() => void unarchive()} data-testid="outbox-unarchive">{t('archive.unarchive')}</Button>}
      {!finished && <Button variant="danger" onClick={() => setCancelling(true)} data-testid="outbox-cancel">{t('cancel')}</Button>}
      {hasClaim(me, 'SmsReports.EditStatus') && isStatusEditable(send) && (
        <Button variant="secondary" onClick={() => setEditingStatus(true)} data-testid="outbox-status-edit-open">{t('statusEdit.button')}</Button>
      )}
    </>
  );
  return (
    <section data-testid="outbox-detail-page" data-send-id={send.id} data-queue-status={send.queueStatus} data-status={send.status}>
      <PageHeader title={t('detailTitle', { id: digits(send.id) })} breadcrumbs={back} actions={actions} />
      {archiveError && <p role="alert" className="mb-3 text-sm text-red-700" data-testid="outbox-archive-error">{archiveError}</p>}
      {/* Progress first: it is what a sender comes back for, and on a phone the fields below fill screens. */}
      <section className="mb-4" aria-label={t('progress')}>
        <HandOutProgress handOut={send.handOut} testId="outbox-progress" />
        <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7" aria-live="polite">
          {COUNTERS.map((c) => (
            <div key={c} className="rounded border border-slate-200 p-2 text-center dark:border-slate-700">
              <dt className="text-xs text-slate-500" data-testid={`outbox-counter-label-${c}`}>{t(outcomeKey(COUNTER_OUTCOMES[c]))}</dt>
              <dd className="text-lg font-semibold" data-testid={`outbox-counter-${c}`} data-value={send[c]}>{digits(send[c])}</dd>
            </div>
          ))}
        </dl>
      </section>
      <dl className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Field label={t('columns.status')} testId="outbox-status"><SendStatusBadge send={send} testId="outbox-status-badge" /></Field>
        <Field label={t('columns.queueStatus')} testId="outbox-queue-status">{t(`sending:queueStatuses.${send.queueStatus}`, { defaultValue: send.queueStatus })}</Field>
        <Field label={t('fields.senderNumber')}><span dir="ltr">{digits(send.senderNumber)}</span></Field>
        <Field label={t('fields.user')}><UserText>{send.userName ?? send.userId}</UserText></Field>
        <Field label={t('fields.sendType')} testId="outbox-send-type">{t(`sending:sendTypes.${send.sendType}`, { defaultValue: send.sendType })}</Field>
        <Field label={t('fields.subType')} testId="outbox-sub-type">
          {t(`sending:subTypes.${send.sendSubType}`, { defaultValue: send.sendSubType })}
          {send.gradualStepCount ? ` — ${t('sending:gradualSteps', { size: digits(send.gradualStepCount), minutes: digits(send.gradualIntervalMinutes ?? 0) })}` : ''}
        </Field>
        <Field label={t('fields.createdAt')}><DateDisplay value={send.createdAt} /></Field>
        <Field label={t('fields.dateTimeSend')}>{send.dateTimeSend ? <DateDisplay value={send.dateTimeSend} /> : '—'}</Field>
        <Field label={t('fields.dateTimeStart')}>{send.dateTimeStart ? <DateDisplay value={send.dateTimeStart} /> : '—'}</Field>
        <Field label={t('fields.dateTimeEnd')}>{send.dateTimeEnd ? <DateDisplay value={send.dateTimeEnd} /> : '—'}</Field>
        <Field label={t('fields.parts')}>{digits(send.smsParts)} ({t(`sending:encodings.${send.smsEncoding}`, { defaultValue: send.smsEncoding })})</Field>
        <Field label={t('fields.flash')}>{t(send.isFlashSms ? 'yes' : 'no')}</Field>
        <Field label={t('fields.wrong')}>{digits(send.wrongNumberCount)}</Field>
        <Field label={t('fields.duplicate')}>{digits(send.duplicateCount)}</Field>
        <Field label={t('fields.blackList')} testId="outbox-blacklist-count">{digits(send.blackListCount)}</Field>
        {send.rejectReason && <Field label={t('rejectReason')} testId="outbox-reject-reason"><UserText>{send.rejectReason}</UserText></Field>}
        {send.failureCode && send.failureCode !== 'None' && <Field label={t('fields.failureCode')} testId="outbox-failure"><span data-code={send.failureCode}>{t(`sending:failureCodes.${send.failureCode}`, { defaultValue: send.failureCode })}</span></Field>}
        <Field label={t('fields.price')}><Amount value={send.sendPrice} /></Field>
        <Field label={t('fields.levy')}><Amount value={send.resolutionOfParliamentPrice} /></Field>
        <Field label={t('fields.vat')}><Amount value={send.taxPrice} /></Field>
        <Field label={t('fields.total')}><Amount value={send.totalPrice} testId="outbox-total" /></Field>
        <Field label={t('fields.refunded')}><Amount value={send.refundedPrice} testId="outbox-refunded" /></Field>
        <Field label={t('fields.net')}><Amount value={netPrice(send)} testId="outbox-net" /></Field>
      </dl>
      <div className="mb-4">
        <p className="mb-1 text-sm text-slate-500">{t('fields.text')}</p>
        <p className="whitespace-pre-wrap rounded border border-slate-200 p-3 dark:border-slate-700" dir="auto" data-testid="outbox-text">{send.smsText}</p>
      </div>


      {statusCounts.length > 0 && (
        <section className="mb-4" data-testid="outbox-delivery-counts">
          <h2 className="mb-2 font-semibold">{t('perDeliveryStatus')}</h2>
          <ul className="flex flex-wrap gap-2">
            {statusCounts.map(([status, n]) => (
              <li key={status} className="rounded bg-slate-100 px-2 py-1 text-sm dark:bg-slate-800" data-testid={`outbox-delivery-${status}`} data-count={n}>
                {t(`sending:deliveryStatuses.${status}`, { defaultValue: status })}: <strong>{digits(n)}</strong>
              </li>
            ))}
          </ul>
        </section>
      )}

      {/* Only a send with receivers handed to the operator has anything to ask about. */}
      {'deliveryStatusRequest' in send && send.deliveryStatusRequest && send.sentCount > 0 && !isArchived(send) && (
        <DeliveryStatusRequestPanel sendId={send.id} request={send.deliveryStatusRequest} onFinished={refreshNow} />
      )}

      <ResendSection send={send} />
      <SendClicksSection sendId={send.id} />

      <h2 className="mb-2 font-semibold">{t('receivers')}</h2>
      <div className="mb-2 flex flex-wrap items-end gap-3">
        <div className="min-w-[14rem]">
          <Select id="outbox-delivery-status" data-testid="outbox-delivery-status" label={t('deliveryStatus')} items={statusItems} value={deliveryStatus}
            onChange={(v) => { setDeliveryStatus(v === null ? '' : String(v)); setPageIndex(0); }} />
        </div>
        {/* A regional send's receivers are hidden: the server refuses a search by number on it, so none is offered. */}
        {!send.isHiddenReceivers && (
          <form noValidate role="search" className="flex items-end gap-2"
            onSubmit={(e) => { e.preventDefault(); setToNumber(toLatinDigits(numberDraft.trim())); setPageIndex(0); }}>
            <TextField id="outbox-to-number" data-testid="outbox-to-number" label={t('toNumber')} dir="ltr" inputMode="tel" maxLength={20} value={numberDraft}
              onChange={(e) => { setNumberDraft(e.target.value); if (!e.target.value.trim()) { setToNumber(''); setPageIndex(0); } }} />
            <Button type="submit" variant="secondary" data-testid="outbox-to-number-submit">{t('findNumber')}</Button>
          </form>
        )}
        <ExcelExportButton start={() => exportRecipients(api, send.id)} testId="outbox-receivers-export" />
        {/* The spec's ExportDataStatus of the user's last export of these receivers. */}
        {'exportDataStatus' in send && send.exportDataStatus !== 'None' && (
          <span className="text-xs text-slate-600 dark:text-slate-300" data-testid="outbox-export-data-status" data-status={send.exportDataStatus}>
            {t(`exportDataStatus.${send.exportDataStatus}`)}
          </span>
        )}
      </div>
      <DataTable columns={columns} rows={receivers?.items} rowKey={(r) => r.seq} loading={receiversLoading} emptyText={send.isHiddenReceivers && PICKED_AT_SEND.includes(send.queueStatus) ? t('receiversPickedAtSend') : t('adminCommon:table.empty')} caption={t('receivers')}
        pageIndex={pageIndex} pageSize={pageSize} totalCount={receivers?.totalCount ?? 0} onPageChange={setPageIndex}
        onPageSizeChange={(size) => { setPageSize(size); setPageIndex(0); }} data-testid="outbox-receivers" />
      {report && <RawReportDialog sendId={send.id} receiver={report} onClose={() => setReport(null)} />}
      {editingStatus && <StatusEditDialog send={send} onClose={() => setEditingStatus(false)} onSaved={(s) => { setEditingStatus(false); merge(s); }} />}
      <ConfirmDialog open={cancelling} busy={busy} danger title={t('cancelTitle')} message={t('cancelMessage')} confirmText={t('cancel')}
        onConfirm={() => void cancel()} onCancel={() => setCancelling(false)} data-testid="outbox-cancel-dialog" />
      <ConfirmDialog open={archiving} busy={busy} title={t('archive.title')} message={t('archive.message', { id: digits(send.id) })} confirmText={t('archive.button')}
        onConfirm={() => void archive()} onCancel={() => setArchiving(false)} data-testid="outbox-archive-dialog" />
      {/* A send paused for an edit shows the edit again, also after a reload (resume editing). */}
      {editing && (
        <SendEditDialog key={send.id} send={send} blocker={blocker} onRefresh={() => scheduleRefresh(true)} onEnded={() => setEditing(false)}
          onSaved={(s) => { setEditing(false); merge(s); }} onLeft={(s) => { setEditing(false); merge(s); }} />
      )}
    </section>
  );
}
