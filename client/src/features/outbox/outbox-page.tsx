import { useMemo, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApp } from '../../app/app-context';
import type { Page } from '../../shared/api/api-client';
import { DateDisplay } from '../../shared/dates/date-display';
import { DateTimePicker } from '../../shared/dates/date-time-picker';
import { Button } from '../../shared/ui/button';
import { PageHeader } from '../../shared/ui/page-header';
import { Select } from '../../shared/ui/select/select';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { useDigits } from '../../shared/ui/use-digits';
import { SearchBox } from '../admin-common/kit';
import { Amount } from '../financial/money';
import { OUTBOX_STATUSES, outboxDetailPath, type Send } from '../sending/sending-api';
import { useSendProgress } from './use-send-progress';

const DAY_MS = 86_400_000;
const MAX_RANGE_DAYS = 90;

interface Filters { status: string; fromDate: string | null; toDate: string | null }
const NO_FILTERS: Filters = { status: '', fromDate: null, toDate: null };

/** The spec's outbox range rule (start and end together, under 90 days); null when valid. */
function rangeError(f: Filters): 'bothDates' | 'rangeOrder' | 'rangeTooLong' | null {
  if (!f.fromDate && !f.toDate) return null;
  if (!f.fromDate || !f.toDate) return 'bothDates';
  const span = new Date(f.toDate).getTime() - new Date(f.fromDate).getTime();
  if (span < 0) return 'rangeOrder';
  // Both ends are whole days (the end day included), so at most 90 calendar days.
  return span > (MAX_RANGE_DAYS - 1) * DAY_MS ? 'rangeTooLong' : null;
}

/** The picker gives the start of the chosen day; the range includes the whole end day. */
const endOfDay = (iso: string | null) => (iso ? new Date(new Date(iso).getTime() + DAY_MS - 1).toISOString() : undefined);

export function OutboxPage() {
  const { api } = useApp();
  const { t } = useTranslation('outbox');
  const digits = useDigits();
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [search, setSearch] = useState('');
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [draftError, setDraftError] = useState<string | null>(null);
  const { data, isLoading, mutate } = useSWR<Page<Send>>(['outbox', filters, search, pageIndex, pageSize], () =>
    api.get<Page<Send>>('/OutBox/GetAll', {
      query: { pageIndex, pageSize, search: search || undefined, status: filters.status || undefined, fromDate: filters.fromDate ?? undefined, toDate: endOfDay(filters.toDate) },
    }));

  useSendProgress((p) => {
    // Counters of a row on this page move in place; a send not on the page is left for the next fetch.
    void mutate((page) => (page && page.items.some((s) => s.id === p.id)
      ? { ...page, items: page.items.map((s) => (s.id === p.id ? { ...s, ...p } : s)) } : page), { revalidate: false });
  });

  const statusItems = useMemo(() => OUTBOX_STATUSES.map((id) => ({ id, title: t(`sending:outboxStatuses.${id}`) })), [t]);
  const apply = (e: FormEvent) => {
    e.preventDefault();
    const error = rangeError(draft);
    setDraftError(error && t(error));
    if (error) return;
    setFilters(draft);
    setPageIndex(0);
  };
  const columns = useMemo<DataTableColumn<Send>[]>(() => [
    { key: 'id', header: t('columns.id'), hideable: false, cell: (s) => <Link className="text-sky-700 underline" to={outboxDetailPath(s.id)} data-testid="outbox-row-link">{digits(s.id)}</Link> },
    { key: 'createdAt', header: t('columns.createdAt'), cell: (s) => <DateDisplay value={s.createdAt} /> },
    { key: 'sendAt', header: t('columns.sendAt'), hiddenByDefault: true, cell: (s) => (s.dateTimeSend ? <DateDisplay value={s.dateTimeSend} /> : '—') },
    { key: 'senderNumber', header: t('columns.senderNumber'), cell: (s) => <span dir="ltr">{s.senderNumber}</span> },
    { key: 'text', header: t('columns.text'), cell: (s) => <span className="line-clamp-2 max-w-xs" title={s.smsText}>{s.smsText}</span> },
    { key: 'recipients', header: t('columns.recipients'), cell: (s) => digits(s.recipientCount) },
    { key: 'status', header: t('columns.status'), cell: (s) => <span data-testid="outbox-row-status" data-status={s.status}>{t(`sending:outboxStatuses.${s.status}`, { defaultValue: s.status })}</span> },
    { key: 'queueStatus', header: t('columns.queueStatus'), hiddenByDefault: true, cell: (s) => t(`sending:queueStatuses.${s.queueStatus}`, { defaultValue: s.queueStatus }) },
    {
      key: 'progress', header: t('columns.progress'), cell: (s) => (
        <span data-testid="outbox-row-progress">{digits(s.deliveredCount)} / {digits(s.sentCount)} / {digits(s.recipientCount)}</span>
      ),
    },
    { key: 'price', header: t('columns.price'), cell: (s) => <Amount value={s.totalPrice} /> },
    { key: 'user', header: t('columns.user'), hiddenByDefault: true, cell: (s) => s.userName ?? s.userId },
    { key: 'organization', header: t('columns.organization'), hiddenByDefault: true, cell: (s) => s.organizationName ?? s.organizationId },
  ], [t, digits]);

  return (
    <section data-testid="outbox-page">
      <PageHeader title={t('title')} />
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <SearchBox value={search} idPrefix="outbox" onSearch={(term) => { setSearch(term); setPageIndex(0); }} />
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
        <Button variant="secondary" onClick={() => { setDraft(NO_FILTERS); setFilters(NO_FILTERS); setDraftError(null); setPageIndex(0); }}>{t('clear')}</Button>
        {draftError && <p role="alert" className="w-full text-sm text-red-700" data-testid="outbox-range-error">{draftError}</p>}
      </form>
      <DataTable columns={columns} rows={data?.items} rowKey={(s) => s.id} loading={isLoading} emptyText={t('adminCommon:table.empty')} caption={t('title')}
        pageIndex={pageIndex} pageSize={pageSize} totalCount={data?.totalCount ?? 0} onPageChange={setPageIndex}
        onPageSizeChange={(size) => { setPageSize(size); setPageIndex(0); }} data-testid="outbox-table" />
    </section>
  );
}
