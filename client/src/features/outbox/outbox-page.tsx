import { useMemo, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useApp } from '../../shared/app/app-context';
import { hasClaim, useCurrentUser } from '../../shared/auth/current-user';
import { DateDisplay } from '../../shared/dates/date-display';
import { DateTimePicker } from '../../shared/dates/date-time-picker';
import { Button } from '../../shared/ui/button';
import { ConfirmDialog } from '../../shared/ui/dialog/confirm-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { CheckboxField } from '../../shared/ui/form/checkbox-field';
import { PageHeader } from '../../shared/ui/page-header';
import { Select } from '../../shared/ui/select/select';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { useDigits } from '../../shared/ui/use-digits';
import { cx } from '../../shared/ui/class-names';
import { errorsOf, SearchBox } from '../admin-common/kit';
import { Amount } from '../financial/money';
import { OUTBOX_STATUSES, outboxDetailPath, type Send } from '../sending/sending-api';
import { fetched } from '../../shared/live/use-live-changes';
import { useLiveSends } from './use-live-sends';
import { SendProgressCell } from './send-progress-cell';
import { HandOutProgress } from './hand-out-progress';
import { SendStatusBadge } from './send-status-badge';
import { endOfDay, rangeError, type DateRange } from './outbox-range';
import { OutboxAdvancedSearch } from './outbox-advanced-search';
import { archiveSends, isArchivable, isArchived, MAX_ARCHIVE_IDS, outboxApi, outboxKeys, unarchiveSends } from './outbox-api';
import { UserText } from '../../shared/ui/user-text';

interface Filters extends DateRange { status: string }
const NO_FILTERS: Filters = { status: '', fromDate: null, toDate: null };

export function OutboxPage() {
  const { api } = useApp();
  const { t } = useTranslation('outbox');
  const digits = useDigits();
  const navigate = useNavigate();
  const { data: me } = useCurrentUser();
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [search, setSearch] = useState('');
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [draftError, setDraftError] = useState<string | null>(null);
  // Archived sends are hidden unless asked for: this toggle, or the Archived / Archiving status filter.
  const [showArchived, setShowArchived] = useState(false);
  // Administrators see how many sends were cancelled and not resent (the spec's serial 999999) and may list only those.
  const [cancelledOnly, setCancelledOnly] = useState(false);
  const [advanced, setAdvanced] = useState(false);
  // Below md the filters wait behind a button: at 390 px they filled the first screen.
  const [filtersOpen, setFiltersOpen] = useState(false);
  // Selected rows by id (kept across pages, cleared when the list is filtered differently).
  const [selected, setSelected] = useState<ReadonlyMap<number, Send>>(new Map());
  const [confirmArchive, setConfirmArchive] = useState(false);
  const [busy, setBusy] = useState(false);
  const [actionErrors, setActionErrors] = useState<string[]>([]);
  const { data, isLoading, mutate } = useSWR(outboxKeys.list({ ...filters, cancelledOnly }, search, pageIndex, pageSize, showArchived), () =>
    fetched(() => outboxApi.list(api, {
      pageIndex, pageSize, search: search || undefined, status: filters.status || undefined, fromDate: filters.fromDate ?? undefined, toDate: endOfDay(filters.toDate),
      includeArchived: showArchived || undefined, cancelledNotResent: cancelledOnly || undefined,
    })));
  const isAdministrator = !!me && (me.isAdmin || me.scope !== 'user');
  const { data: cancelled } = useSWR(isAdministrator ? outboxKeys.list({ cancelledOnly: true }, '', 0, 1, true) : null, () =>
    outboxApi.list(api, { pageIndex: 0, pageSize: 1, cancelledNotResent: true }));
  const clearSelection = () => { setSelected(new Map()); setActionErrors([]); };

  // Rows move with the pushes laid over the fetched page (see useLiveSends: never in SWR's cache);
  // a send not on the page shows at the next fetch.
  const { live } = useLiveSends(data?.askedAt, {
    onPush: (p) => {
      // A listed send that was archived or unarchived may leave this list: fetch the page again.
      const listed = rows?.find((s) => s.id === p.id);
      if (listed && isArchived(listed) !== isArchived(p)) void mutate();
    },
  });
  const rows = useMemo(() => data?.value.items.map((s) => live(s, data.askedAt)), [data, live]);

  const statusItems = useMemo(() => OUTBOX_STATUSES.map((id) => ({ id, title: t(`sending:outboxStatuses.${id}`) })), [t]);
  const apply = (e: FormEvent) => {
    e.preventDefault();
    const error = rangeError(draft);
    setDraftError(error && t(error));
    if (error) return;
    setFilters(draft);
    setPageIndex(0);
    clearSelection();
  };

  const toggle = (send: Send, on: boolean) => setSelected((current) => {
    const next = new Map(current);
    if (on) next.set(send.id, send); else next.delete(send.id);
    return next;
  });
  const pageRows = rows ?? [];
  const pageSelected = pageRows.length > 0 && pageRows.every((s) => selected.has(s.id));
  const togglePage = (on: boolean) => setSelected((current) => {
    const next = new Map(current);
    for (const s of pageRows) { if (on) next.set(s.id, s); else next.delete(s.id); }
    return next;
  });
  // A selected row on this page has its live state (progress pushes move it); others their state when selected.
  const chosen = [...selected.values()].map((s) => pageRows.find((r) => r.id === s.id) ?? s);
  const toArchive = chosen.filter(isArchivable).map((s) => s.id);
  const toRestore = chosen.filter(isArchived).map((s) => s.id);

  /** Runs Archive or Unarchive; a refused send (`ids[i]`) is listed with the server's message, which names it. */
  const run = async (action: 'archive' | 'unarchive') => {
    const ids = action === 'archive' ? toArchive : toRestore;
    setBusy(true);
    setActionErrors([]);
    try {
      if (action === 'archive') {
        const { archiving } = await archiveSends(api, ids);
        showToast({ kind: 'success', message: t('archive.archiving', { n: digits(archiving) }) });
      } else {
        const { restored } = await unarchiveSends(api, ids);
        showToast({ kind: 'success', message: t('archive.restored', { n: digits(restored) }) });
      }
      clearSelection();
    } catch (e) {
      setActionErrors(Object.values(errorsOf(e)));
    } finally {
      setBusy(false);
      setConfirmArchive(false);
      void mutate();
    }
  };
  const columns = useMemo<DataTableColumn<Send>[]>(() => [
    {
      key: 'select', header: t('archive.select'), hideable: false, cell: (s) => (
        <input type="checkbox" className="h-4 w-4" checked={selected.has(s.id)} onChange={(e) => toggle(s, e.target.checked)}
          aria-label={t('archive.selectRow', { id: digits(s.id) })} data-testid="outbox-row-select" data-id={s.id} />
      ),
    },
    { key: 'id', header: t('columns.id'), hideable: false, cell: (s) => <Link className="text-sky-700 underline" to={outboxDetailPath(s.id)} data-testid="outbox-row-link">{digits(s.id)}</Link> },
    { key: 'createdAt', header: t('columns.createdAt'), cell: (s) => <DateDisplay value={s.createdAt} /> },
    { key: 'sendAt', header: t('columns.sendAt'), hiddenByDefault: true, cell: (s) => (s.dateTimeSend ? <DateDisplay value={s.dateTimeSend} /> : '—') },
    { key: 'senderNumber', header: t('columns.senderNumber'), cell: (s) => <span dir="ltr">{digits(s.senderNumber)}</span> },
    { key: 'text', header: t('columns.text'), cell: (s) => <UserText className="line-clamp-2 max-w-xs" title={s.smsText}>{s.smsText}</UserText> },
    { key: 'recipients', header: t('columns.recipients'), cell: (s) => digits(s.recipientCount) },
    { key: 'status', header: t('columns.status'), cell: (s) => <SendStatusBadge send={s} withReason testId="outbox-row-status" /> },
    { key: 'queueStatus', header: t('columns.queueStatus'), hiddenByDefault: true, cell: (s) => t(`sending:queueStatuses.${s.queueStatus}`, { defaultValue: s.queueStatus }) },
    {
      // The bar and the expected end only while the send is being handed out; the counts always.
      key: 'progress', header: t('columns.progress'), cell: (s) => (
        <>
          {s.handOut?.active && <HandOutProgress handOut={s.handOut} compact testId="outbox-row-hand-out" />}
          <SendProgressCell send={s} />
        </>
      ),
    },
    { key: 'price', header: t('columns.price'), cell: (s) => <Amount value={s.totalPrice} testId="outbox-row-price" /> },
    { key: 'user', header: t('columns.user'), hiddenByDefault: true, cell: (s) => s.userName ?? s.userId },
    { key: 'organization', header: t('columns.organization'), hiddenByDefault: true, cell: (s) => s.organizationName ?? s.organizationId },
  ], [t, digits, selected]);

  const tooMany = Math.max(toArchive.length, toRestore.length) > MAX_ARCHIVE_IDS;
  // An empty outbox with nothing filtered is a new user's: say what comes here and where a send starts.
  const unfiltered = !search && !showArchived && !cancelledOnly && !filters.status && !filters.fromDate && !filters.toDate;
  const canBulk = hasClaim(me, 'Sending.Bulk');
  const canSingle = hasClaim(me, 'Sending.Single');
  const emptyAction = unfiltered && (canBulk || canSingle) ? (
    <div className="flex flex-wrap justify-center gap-2">
      {canBulk && <Button onClick={() => void navigate('/sending/bulk')} data-testid="outbox-empty-bulk">{t('empty.bulk')}</Button>}
      {canSingle && <Button variant="secondary" onClick={() => void navigate('/sending/single')} data-testid="outbox-empty-single">{t('empty.single')}</Button>}
    </div>
  ) : undefined;
  return (
    <section data-testid="outbox-page">
      <PageHeader title={t('title')} />
      <div className="mb-3 flex flex-wrap gap-2">
        <Button variant="secondary" aria-expanded={advanced} onClick={() => setAdvanced((on) => !on)} data-testid="outbox-advanced-toggle">
          {advanced ? t('search.close') : t('search.open')}
        </Button>
        {!advanced && (
          <Button variant="secondary" className="md:hidden" aria-expanded={filtersOpen} aria-controls="outbox-filter-bar"
            onClick={() => setFiltersOpen((on) => !on)} data-testid="outbox-filters-toggle">{t('filters')}</Button>
        )}
      </div>
      {advanced && <OutboxAdvancedSearch />}
      {/* The advanced search has filters of its own: the list's bar under it read as a second search. */}
      {!advanced && (
        <div id="outbox-filter-bar" className={cx(filtersOpen ? 'block' : 'hidden', 'md:block')}>
          <div className="mb-3 flex flex-wrap items-end gap-3">
            <SearchBox value={search} idPrefix="outbox" onSearch={(term) => { setSearch(term); setPageIndex(0); clearSelection(); }} />
            <CheckboxField id="outbox-show-archived" data-testid="outbox-show-archived" label={t('archive.showArchived')} checked={showArchived} className="mb-2"
              onCheckedChange={(on) => { setShowArchived(on); setPageIndex(0); clearSelection(); }} />
            {isAdministrator && (
              <CheckboxField id="outbox-cancelled-not-resent" data-testid="outbox-cancelled-not-resent" className="mb-2" checked={cancelledOnly}
                label={t('cancelledNotResent', { n: digits(cancelled?.totalCount ?? 0) })}
                onCheckedChange={(on) => { setCancelledOnly(on); setPageIndex(0); clearSelection(); }} />
            )}
          </div>
          <form noValidate className="mb-3 flex flex-wrap items-end gap-3" onSubmit={apply} data-testid="outbox-filters">
            <div className="min-w-[12rem]">
              <Select id="outbox-status" data-testid="outbox-status" label={t('status')} items={statusItems} value={draft.status}
                onChange={(v) => setDraft((d) => ({ ...d, status: v === null ? '' : String(v) }))} />
            </div>
            <DateTimePicker id="outbox-from" data-testid="outbox-from" label={t('fromDate')} withTime={false} value={draft.fromDate}
              onChange={(v) => setDraft((d) => ({ ...d, fromDate: v }))} />
            <DateTimePicker id="outbox-to" data-testid="outbox-to" label={t('toDate')} withTime={false} value={draft.toDate}
              onChange={(v) => setDraft((d) => ({ ...d, toDate: v }))} />
            <Button type="submit" data-testid="outbox-apply">{t('apply')}</Button>
            <Button variant="secondary" onClick={() => { setDraft(NO_FILTERS); setFilters(NO_FILTERS); setDraftError(null); setPageIndex(0); clearSelection(); }}>{t('clear')}</Button>
            {draftError && <p role="alert" className="w-full text-sm text-red-700" data-testid="outbox-range-error">{draftError}</p>}
          </form>
        </div>
      )}
      <div className="mb-2 flex flex-wrap items-center gap-3" role="group" aria-label={t('archive.selection')} data-testid="outbox-selection">
        <CheckboxField id="outbox-select-page" data-testid="outbox-select-page" label={t('archive.selectPage')} checked={pageSelected}
          disabled={pageRows.length === 0} onCheckedChange={togglePage} />
        <span className="text-sm" aria-live="polite" data-testid="outbox-selected-count" data-count={selected.size}>{t('archive.selected', { n: digits(selected.size) })}</span>
        <Button size="sm" variant="secondary" disabled={toArchive.length === 0 || tooMany} onClick={() => setConfirmArchive(true)} data-testid="outbox-archive-selected">
          {t('archive.archiveSelected', { n: digits(toArchive.length) })}
        </Button>
        {toRestore.length > 0 && (
          <Button size="sm" variant="secondary" loading={busy} disabled={tooMany} onClick={() => void run('unarchive')} data-testid="outbox-unarchive-selected">
            {t('archive.unarchiveSelected', { n: digits(toRestore.length) })}
          </Button>
        )}
        {selected.size > 0 && <Button size="sm" variant="ghost" onClick={clearSelection} data-testid="outbox-clear-selection">{t('archive.clearSelection')}</Button>}
        {selected.size > 0 && toArchive.length === 0 && toRestore.length === 0 && <span className="text-xs text-slate-500">{t('archive.onlyFinished')}</span>}
        {tooMany && <span role="alert" className="text-sm text-red-700">{t('archive.tooMany', { max: digits(MAX_ARCHIVE_IDS) })}</span>}
      </div>
      {actionErrors.length > 0 && (
        <ul role="alert" className="mb-2 list-disc ps-6 text-sm text-red-700" data-testid="outbox-archive-errors">
          {actionErrors.map((m) => <li key={m}>{m}</li>)}
        </ul>
      )}
      <DataTable columns={columns} rows={rows} rowKey={(s) => s.id} loading={isLoading} caption={t('title')}
        emptyText={unfiltered ? t('empty.title') : t('empty.filtered')} emptyDescription={unfiltered ? t('empty.description') : undefined} emptyAction={emptyAction}
        pageIndex={pageIndex} pageSize={pageSize} totalCount={data?.value.totalCount ?? 0} onPageChange={setPageIndex}
        onPageSizeChange={(size) => { setPageSize(size); setPageIndex(0); }} data-testid="outbox-table" />
      <ConfirmDialog open={confirmArchive} busy={busy} title={t('archive.selectedTitle')} message={t('archive.selectedMessage', { n: digits(toArchive.length) })}
        confirmText={t('archive.button')} onConfirm={() => void run('archive')} onCancel={() => setConfirmArchive(false)} data-testid="outbox-archive-selected-dialog" />
    </section>
  );
}
