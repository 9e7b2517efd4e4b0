import { useEffect, useMemo, useRef, useState } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { fetched, useLiveChanges } from '../../shared/live/use-live-changes';
import { onRealtimeEvent, REALTIME_CONNECTED } from '../../shared/realtime/realtime';
import { DateDisplay } from '../../shared/dates/date-display';
import { Button } from '../../shared/ui/button';
import { ModalDialog } from '../../shared/ui/dialog/modal-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { PageHeader } from '../../shared/ui/page-header';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { useDigits } from '../../shared/ui/use-digits';
import { DateTimePicker } from '../../shared/dates/date-time-picker';
import { TextField } from '../../shared/ui/form/text-field';
import { toLatinDigits } from '../../shared/ui/form/to-latin-digits';
import { Select } from '../../shared/ui/select/select';
import { Link, useSearchParams } from 'react-router';
import { SearchBox } from '../admin-common/kit';
import { ExcelExportButton } from '../outbox/excel-export-button';
import { INBOX_MESSAGE_EVENT, inboxApi, inboxKeys, type InboxFilter, type InboxMessage, type ReadFilter } from './inbox-api';

interface Draft { inboxGroupId: string; receiverNumber: string; senderMobile: string; smsText: string; fromDate: string | null; toDate: string | null }
const EMPTY: Draft = { inboxGroupId: '', receiverNumber: '', senderMobile: '', smsText: '', fromDate: null, toDate: null };
const DAY_MS = 86_400_000;

/** The server's filter of a draft: the end date counts its whole day. */
function filterOf(d: Draft, search: string, readFilter: ReadFilter): InboxFilter {
  const text = (v: string) => (v.trim() === '' ? undefined : v.trim());
  return {
    search: search || undefined,
    isRead: readFilter === 'unread' ? false : readFilter === 'read' ? true : undefined,
    inboxGroupId: d.inboxGroupId === '' ? undefined : Number(d.inboxGroupId),
    receiverNumber: text(toLatinDigits(d.receiverNumber)), senderMobile: text(toLatinDigits(d.senderMobile)), smsText: text(d.smsText),
    fromDate: d.fromDate ?? undefined,
    toDate: d.toDate ? new Date(new Date(d.toDate).getTime() + DAY_MS).toISOString() : undefined,
  };
}


function isInboxMessage(value: unknown): value is InboxMessage {
  return !!value && typeof value === 'object' && typeof (value as InboxMessage).id === 'number' && typeof (value as InboxMessage).smsText === 'string';
}

export function InboxPage() {
  const { api } = useApp();
  const { t } = useTranslation('inbox');
  const digits = useDigits();
  const [readFilter, setReadFilter] = useState<ReadFilter>('all');
  const [search, setSearch] = useState('');
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [opened, setOpened] = useState<InboxMessage | null>(null);
  const [marking, setMarking] = useState(false);
  // `?group=` (a group's link on the groups page) opens the inbox filtered by it.
  const [params] = useSearchParams();
  const initial = /^\d+$/.test(params.get('group') ?? '') ? { ...EMPTY, inboxGroupId: params.get('group') as string } : EMPTY;
  const [draft, setDraft] = useState<Draft>(initial);
  const [applied, setApplied] = useState<Draft>(initial);
  const filter = useMemo(() => filterOf(applied, search, readFilter), [applied, search, readFilter]);
  const { data, isLoading, isValidating, mutate } = useSWR(inboxKeys.list(filter, pageIndex, pageSize), () => fetched(() => inboxApi.list(api, { ...filter, pageIndex, pageSize })));
  // New messages and read marks are laid over the fetched page at render, never written into SWR's
  // cache (a cache write makes SWR throw away a fetch under way: a burst of messages during a slow
  // answer left the inbox empty; see useLiveChanges).
  const { since: arrivedSince, note: noteArrival } = useLiveChanges<InboxMessage>(data?.askedAt);
  const { live: withRead, note: noteRead } = useLiveChanges<{ id: number; isRead: boolean }>(data?.askedAt);
  const { data: groups } = useSWR(inboxKeys.groups(), () => inboxApi.groups(api, undefined, { quiet: true }), { shouldRetryOnError: false });
  const groupItems = useMemo(() => [{ id: '0', title: t('filters.noGroup') }, ...(groups ?? []).map((g) => ({ id: String(g.id), title: g.name }))], [groups, t]);
  const filtered = Object.values(filter).some((v) => v !== undefined);
  const { data: unread, mutate: mutateUnread } = useSWR(inboxKeys.unread(), () => inboxApi.unreadCount(api));

  // The live handler reads the current view through a ref, so one subscription serves every filter and page.
  const view = useRef({ pageIndex, pageSize, filtered, isValidating, note: noteArrival });
  view.current = { pageIndex, pageSize, filtered, isValidating, note: noteArrival };
  useEffect(() => {
    // A burst of replies (a bulk send answered) costs one refetch a second, not one per message.
    let timer: ReturnType<typeof setTimeout> | null = null;
    let refetchPage = false;
    const flush = () => {
      timer = null;
      void mutateUnread();
      if (!refetchPage) return;
      // A new fetch replaces one under way in SWR: with answers slower than a second none would land.
      // One at a time: the next once the one under way has.
      if (view.current.isValidating) { timer = setTimeout(flush, 1_000); return; }
      refetchPage = false;
      void mutate();
    };
    const off = onRealtimeEvent(INBOX_MESSAGE_EVENT, (payload) => {
      if (!isInboxMessage(payload)) return;
      const v = view.current;
      // On the first page without a search the newest message goes on top at once; elsewhere the page is fetched again.
      if (v.pageIndex !== 0 || v.filtered) refetchPage = true;
      else v.note(payload);
      timer ??= setTimeout(flush, 1_000);
    });
    // Messages stored before the socket (re)connected were pushed to nobody: fetch the page again
    // (after a fetch under way, as above). Found by the slow-answer browser test on a busy machine.
    const offConnected = onRealtimeEvent(REALTIME_CONNECTED, () => {
      refetchPage = true;
      timer ??= setTimeout(flush, 0);
    });
    return () => { off(); offConnected(); if (timer) clearTimeout(timer); };
  }, [mutate, mutateUnread]);

  // The page as shown: the answer, messages that arrived after it was asked on top (first page, no
  // filter: the only view a new message surely belongs to), read marks made since laid over.
  const shown = useMemo(() => {
    if (!data) return undefined;
    const { value, askedAt } = data;
    const listed = new Set(value.items.map((m) => m.id));
    const arrived = pageIndex === 0 && !filtered ? arrivedSince(askedAt).filter((m) => !listed.has(m.id)).sort((a, b) => b.id - a.id) : [];
    const items = [...arrived, ...value.items].slice(0, pageSize).map((m) => withRead(m, askedAt));
    return { items, totalCount: value.totalCount + arrived.length };
  }, [data, arrivedSince, withRead, pageIndex, pageSize, filtered]);

  const markRead = async (ids: number[], isRead = true) => {
    if (ids.length === 0) return 0;
    const result = isRead ? await inboxApi.markAsRead(api, { ids }) : await inboxApi.markAsUnread(api, { ids });
    for (const id of ids) noteRead({ id, isRead });
    // Under a read filter the marked rows leave the list.
    if (readFilter !== 'all') void mutate();
    void mutateUnread({ unreadCount: result.unreadCount }, { revalidate: false });
    return result.updated;
  };

  const open = (m: InboxMessage) => {
    setOpened(m);
    // Opening a message reads it.
    if (!m.isRead) void markRead([m.id]).catch(() => undefined);
  };

  const markSelected = async (isRead = true) => {
    setMarking(true);
    try {
      const updated = await markRead([...selected], isRead);
      setSelected(new Set());
      showToast({ kind: 'success', message: t(isRead ? 'marked' : 'markedUnread', { n: digits(updated) }) });
    } finally {
      setMarking(false);
    }
  };

  const toggle = (id: number, on: boolean) => setSelected((s) => {
    const next = new Set(s);
    if (on) next.add(id); else next.delete(id);
    return next;
  });

  // Row handlers through a ref: the columns stay memoized on what they show, not on these closures.
  const actions = useRef({ open, toggle });
  actions.current = { open, toggle };
  const columns = useMemo<DataTableColumn<InboxMessage>[]>(() => [
    {
      key: 'select', header: t('columns.select'), hideable: false, cell: (m) => (
        <input type="checkbox" checked={selected.has(m.id)} onChange={(e) => actions.current.toggle(m.id, e.target.checked)} aria-label={t('selectRow', { id: digits(m.id) })} data-testid="inbox-row-select" />
      ),
    },
    { key: 'receivedAt', header: t('columns.receivedAt'), cell: (m) => <DateDisplay value={m.dateTimeReceive} /> },
    { key: 'senderMobile', header: t('columns.senderMobile'), cell: (m) => <span dir="ltr" data-testid="inbox-row-from">{m.senderMobile}</span> },
    { key: 'line', header: t('columns.line'), cell: (m) => <span dir="ltr">{digits(m.receiverNumber)}</span> },
    {
      key: 'text', header: t('columns.text'), hideable: false, cell: (m) => (
        <button type="button" className={`line-clamp-2 max-w-xs text-start underline-offset-2 hover:underline ${m.isRead ? '' : 'font-semibold'}`} title={m.smsText}
          onClick={() => actions.current.open(m)} data-testid="inbox-row-text"><bdi>{m.smsText}</bdi></button>
      ),
    },
    {
      key: 'status', header: t('columns.status'), cell: (m) => (
        <span data-testid="inbox-row-status" data-read={m.isRead ? 'true' : 'false'} className={m.isRead ? 'text-gray-500' : 'font-semibold text-sky-700 dark:text-sky-300'}>
          {m.isRead ? t('read') : t('unread')}
        </span>
      ),
    },
    { key: 'group', header: t('columns.group'), cell: (m) => (m.inboxGroupName ? <span data-testid="inbox-row-group"><bdi>{m.inboxGroupName}</bdi></span> : '—') },
    { key: 'encoding', header: t('columns.encoding'), cell: (m) => <span data-testid="inbox-row-encoding">{t(`encodings.${m.encoding}`)} — {t('partsCount', { n: digits(m.smsParts) })}</span> },
    { key: 'organization', header: t('columns.organization'), hiddenByDefault: true, cell: (m) => m.organizationName ?? '—' },
  ], [t, digits, selected]);

  const pageIds = shown?.items.map((m) => m.id) ?? [];
  const filterButton = (value: ReadFilter) => (
    <Button variant={readFilter === value ? 'primary' : 'secondary'} size="sm" aria-pressed={readFilter === value} data-testid={`inbox-show-${value}`}
      onClick={() => { setReadFilter(value); setPageIndex(0); setSelected(new Set()); }}>
      {t(`show.${value}`)}
    </Button>
  );

  return (
    <section data-testid="inbox-page">
      <PageHeader title={t('title')} subtitle={t('live')}
        actions={<span className="text-sm text-sky-700 dark:text-sky-300" data-testid="inbox-unread-count">{t('unreadCount', { n: digits(unread?.unreadCount ?? 0) })}</span>} />
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <SearchBox value={search} idPrefix="inbox" onSearch={(term) => { setSearch(term); setPageIndex(0); setSelected(new Set()); }} />
        <div role="group" aria-label={t('show.label')} className="flex gap-1">
          {filterButton('all')}
          {filterButton('unread')}
          {filterButton('read')}
        </div>
        <Link to="/inbox/groups" className="text-sm text-sky-700 underline" data-testid="inbox-groups-link">{t('groupsLink')}</Link>
      </div>
      <form className="mb-3 flex flex-wrap items-end gap-3" data-testid="inbox-filters" aria-label={t('filters.title')}
        onSubmit={(e) => { e.preventDefault(); setApplied(draft); setPageIndex(0); setSelected(new Set()); }}>
        <div className="min-w-[12rem]">
          <Select id="inbox-group" data-testid="inbox-filter-group" label={t('filters.group')} items={groupItems} value={draft.inboxGroupId} optimalSearch={false}
            onChange={(v) => setDraft((d) => ({ ...d, inboxGroupId: v === null ? '' : String(v) }))} />
        </div>
        <TextField id="inbox-receiver" data-testid="inbox-filter-receiver" label={t('filters.receiverNumber')} dir="ltr" inputMode="tel" maxLength={40} value={draft.receiverNumber}
          onChange={(e) => setDraft((d) => ({ ...d, receiverNumber: e.target.value }))} />
        <TextField id="inbox-sender" data-testid="inbox-filter-sender" label={t('filters.senderMobile')} dir="ltr" inputMode="tel" maxLength={40} value={draft.senderMobile}
          onChange={(e) => setDraft((d) => ({ ...d, senderMobile: e.target.value }))} />
        <TextField id="inbox-text" data-testid="inbox-filter-text" label={t('filters.smsText')} maxLength={100} value={draft.smsText}
          onChange={(e) => setDraft((d) => ({ ...d, smsText: e.target.value }))} />
        <DateTimePicker id="inbox-from" data-testid="inbox-filter-from" label={t('filters.fromDate')} withTime={false} value={draft.fromDate} onChange={(v) => setDraft((d) => ({ ...d, fromDate: v }))} />
        <DateTimePicker id="inbox-to" data-testid="inbox-filter-to" label={t('filters.toDate')} withTime={false} value={draft.toDate} onChange={(v) => setDraft((d) => ({ ...d, toDate: v }))} />
        <Button type="submit" size="sm" data-testid="inbox-filter-apply">{t('filters.apply')}</Button>
        <Button type="button" variant="secondary" size="sm" data-testid="inbox-filter-clear" onClick={() => { setDraft(EMPTY); setApplied(EMPTY); setPageIndex(0); }}>{t('filters.clear')}</Button>
        <ExcelExportButton testId="inbox-export" start={() => { const { search: _s, ...rest } = filter; return inboxApi.export(api, { ...rest, ...(search ? { search } : {}) }); }} />
      </form>
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <Button variant="secondary" size="sm" disabled={pageIds.length === 0} data-testid="inbox-select-page" onClick={() => setSelected(new Set(pageIds))}>{t('selectPage')}</Button>
        <Button variant="ghost" size="sm" disabled={selected.size === 0} onClick={() => setSelected(new Set())}>{t('clearSelection')}</Button>
        <Button size="sm" disabled={selected.size === 0} loading={marking} data-testid="inbox-mark-selected" onClick={() => { void markSelected(); }}>
          {t('markSelected', { n: digits(selected.size) })}
        </Button>
        <Button size="sm" variant="secondary" disabled={selected.size === 0} loading={marking} data-testid="inbox-mark-unread" onClick={() => { void markSelected(false); }}>
          {t('markSelectedUnread', { n: digits(selected.size) })}
        </Button>
      </div>
      <DataTable columns={columns} rows={shown?.items} rowKey={(m) => m.id} loading={isLoading} emptyText={filtered && readFilter === 'all' ? t('adminCommon:table.empty') : readFilter === 'unread' ? t('emptyUnread') : t('empty')}
        emptyDescription={!filtered ? t('emptyHint') : undefined} caption={t('title')}
        pageIndex={pageIndex} pageSize={pageSize} totalCount={shown?.totalCount ?? 0} onPageChange={(p) => { setPageIndex(p); setSelected(new Set()); }}
        onPageSizeChange={(size) => { setPageSize(size); setPageIndex(0); setSelected(new Set()); }} data-testid="inbox-table" />
      {opened && (
        <ModalDialog open onClose={() => setOpened(null)} title={t('detailTitle', { from: opened.senderMobile })} data-testid="inbox-message-dialog"
          footer={<>
            <Button variant="secondary" data-testid="inbox-message-unread" onClick={() => { void markRead([opened.id], false); setOpened(null); }}>{t('markUnread')}</Button>
            <Button variant="secondary" onClick={() => setOpened(null)}>{t('close')}</Button>
          </>}>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-gray-500">{t('columns.receivedAt')}</dt><dd><DateDisplay value={opened.dateTimeReceive} /></dd>
            <dt className="text-gray-500">{t('columns.senderMobile')}</dt><dd><span dir="ltr">{opened.senderMobile}</span></dd>
            <dt className="text-gray-500">{t('columns.line')}</dt><dd><span dir="ltr">{digits(opened.receiverNumber)}</span>{!opened.privateNumberId && ` (${t('unknownLine')})`}</dd>
            <dt className="text-gray-500">{t('encoding')}</dt><dd data-testid="inbox-message-encoding">{t(`encodings.${opened.encoding}`)} — {t('partsCount', { n: digits(opened.smsParts) })}</dd>
            <dt className="text-gray-500">{t('columns.group')}</dt><dd>{opened.inboxGroupName ? <bdi>{opened.inboxGroupName}</bdi> : '—'}</dd>
          </dl>
          <p className="mt-3 whitespace-pre-wrap break-words rounded bg-slate-100 p-3 dark:bg-slate-900" data-testid="inbox-message-text">{opened.smsText}</p>
        </ModalDialog>
      )}
    </section>
  );
}
