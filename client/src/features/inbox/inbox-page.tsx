import { useEffect, useMemo, useRef, useState } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { onRealtimeEvent } from '../../shared/realtime/realtime';
import { DateDisplay } from '../../shared/dates/date-display';
import { Button } from '../../shared/ui/button';
import { ModalDialog } from '../../shared/ui/dialog/modal-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { PageHeader } from '../../shared/ui/page-header';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { useDigits } from '../../shared/ui/use-digits';
import { SearchBox } from '../admin-common/kit';
import { INBOX_MESSAGE_EVENT, inboxApi, inboxKeys, type InboxMessage, type ReadFilter } from './inbox-api';


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
  const { data, isLoading, mutate } = useSWR(inboxKeys.list(readFilter, search, pageIndex, pageSize), () =>
    inboxApi.list(api, { pageIndex, pageSize, search: search || undefined, isRead: readFilter === 'unread' ? false : undefined }));
  const { data: unread, mutate: mutateUnread } = useSWR(inboxKeys.unread(), () => inboxApi.unreadCount(api));

  // The live handler reads the current view through a ref, so one subscription serves every filter and page.
  const view = useRef({ pageIndex, pageSize, search });
  view.current = { pageIndex, pageSize, search };
  useEffect(() => {
    // A burst of replies (a bulk send answered) costs one refetch a second, not one per message.
    let timer: ReturnType<typeof setTimeout> | null = null;
    let refetchPage = false;
    const flush = () => {
      timer = null;
      void mutateUnread();
      if (refetchPage) void mutate();
      refetchPage = false;
    };
    const off = onRealtimeEvent(INBOX_MESSAGE_EVENT, (payload) => {
      if (!isInboxMessage(payload)) return;
      const v = view.current;
      // On the first page without a search the newest message goes on top at once; elsewhere the page is fetched again.
      if (v.pageIndex !== 0 || v.search) refetchPage = true;
      else {
        void mutate((page) => (page && !page.items.some((m) => m.id === payload.id)
          ? { items: [payload, ...page.items].slice(0, v.pageSize), totalCount: page.totalCount + 1 } : page), { revalidate: false });
      }
      timer ??= setTimeout(flush, 1_000);
    });
    return () => { off(); if (timer) clearTimeout(timer); };
  }, [mutate, mutateUnread]);

  const markRead = async (ids: number[]) => {
    if (ids.length === 0) return 0;
    const result = await inboxApi.markAsRead(api, { ids });
    const marked = new Set(ids);
    void mutate((page) => page && ({ ...page, items: page.items.map((m) => (marked.has(m.id) ? { ...m, isRead: true } : m)) }), { revalidate: readFilter === 'unread' });
    void mutateUnread({ unreadCount: result.unreadCount }, { revalidate: false });
    return result.updated;
  };

  const open = (m: InboxMessage) => {
    setOpened(m);
    // Opening a message reads it.
    if (!m.isRead) void markRead([m.id]).catch(() => undefined);
  };

  const markSelected = async () => {
    setMarking(true);
    try {
      const updated = await markRead([...selected]);
      setSelected(new Set());
      showToast({ kind: 'success', message: t('marked', { n: digits(updated) }) });
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
    { key: 'parts', header: t('columns.parts'), hiddenByDefault: true, cell: (m) => digits(m.smsParts) },
    { key: 'organization', header: t('columns.organization'), hiddenByDefault: true, cell: (m) => m.organizationName ?? '—' },
  ], [t, digits, selected]);

  const pageIds = data?.items.map((m) => m.id) ?? [];
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
        </div>
      </div>
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <Button variant="secondary" size="sm" disabled={pageIds.length === 0} data-testid="inbox-select-page" onClick={() => setSelected(new Set(pageIds))}>{t('selectPage')}</Button>
        <Button variant="ghost" size="sm" disabled={selected.size === 0} onClick={() => setSelected(new Set())}>{t('clearSelection')}</Button>
        <Button size="sm" disabled={selected.size === 0} loading={marking} data-testid="inbox-mark-selected" onClick={() => { void markSelected(); }}>
          {t('markSelected', { n: digits(selected.size) })}
        </Button>
      </div>
      <DataTable columns={columns} rows={data?.items} rowKey={(m) => m.id} loading={isLoading} emptyText={search ? t('adminCommon:table.empty') : readFilter === 'unread' ? t('emptyUnread') : t('empty')}
        emptyDescription={readFilter === 'all' && !search ? t('emptyHint') : undefined} caption={t('title')}
        pageIndex={pageIndex} pageSize={pageSize} totalCount={data?.totalCount ?? 0} onPageChange={(p) => { setPageIndex(p); setSelected(new Set()); }}
        onPageSizeChange={(size) => { setPageSize(size); setPageIndex(0); setSelected(new Set()); }} data-testid="inbox-table" />
      {opened && (
        <ModalDialog open onClose={() => setOpened(null)} title={t('detailTitle', { from: opened.senderMobile })} data-testid="inbox-message-dialog"
          footer={<Button variant="secondary" onClick={() => setOpened(null)}>{t('close')}</Button>}>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-gray-500">{t('columns.receivedAt')}</dt><dd><DateDisplay value={opened.dateTimeReceive} /></dd>
            <dt className="text-gray-500">{t('columns.senderMobile')}</dt><dd><span dir="ltr">{opened.senderMobile}</span></dd>
            <dt className="text-gray-500">{t('columns.line')}</dt><dd><span dir="ltr">{digits(opened.receiverNumber)}</span>{!opened.privateNumberId && ` (${t('unknownLine')})`}</dd>
            <dt className="text-gray-500">{t('encoding')}</dt><dd>{t(`encodings.${opened.encoding}`)} — {digits(opened.smsParts)}</dd>
          </dl>
          <p className="mt-3 whitespace-pre-wrap break-words rounded bg-slate-100 p-3 dark:bg-slate-900" data-testid="inbox-message-text">{opened.smsText}</p>
        </ModalDialog>
      )}
    </section>
  );
}
