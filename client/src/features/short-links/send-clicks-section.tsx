import { useMemo, useState } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { DateDisplay } from '../../shared/dates/date-display';
import { useDigits } from '../../shared/ui/use-digits';
import { ClickSummary } from './click-summary';
import { shortLinksApi, shortLinksKeys, type SendClicks } from './short-links-api';

type Click = SendClicks['items'][number];

/**
 * The outbox send detail's clicks (issue 28): shown only for a send whose text carried short
 * links — the summary and who clicked (receiver, time, device), newest first.
 */
export function SendClicksSection({ sendId }: { sendId: number }) {
  const { api } = useApp();
  const { t } = useTranslation('shortLinks');
  const digits = useDigits();
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const { data, isLoading } = useSWR(shortLinksKeys.sendClicks(sendId, pageIndex, pageSize), () =>
    shortLinksApi.sendClicks(api, { sendId, pageIndex, pageSize }, { quiet: true }), { shouldRetryOnError: false });
  const columns = useMemo<DataTableColumn<Click>[]>(() => [
    { key: 'receiver', header: t('send.columns.receiver'), cell: (c) => (c.receiver ? <span dir="ltr">{digits(c.receiver)}</span> : t('send.everyone')) },
    { key: 'clickedAt', header: t('send.columns.clickedAt'), cell: (c) => <DateDisplay value={c.clickedAt} withSeconds /> },
    { key: 'device', header: t('send.columns.device'), cell: (c) => <span data-device={c.device}>{t(`devices.${c.device}`, { defaultValue: c.device })}</span> },
    { key: 'link', header: t('send.columns.link'), cell: (c) => <span dir="ltr">{c.shortUrl}</span> },
  ], [t, digits]);
  // A send without short links shows nothing (no empty box on every send).
  if (!data || (data.personalLinks === 0 && data.publicLinks.length === 0)) return null;
  return (
    <section className="mb-4" data-testid="outbox-short-link-clicks" aria-label={t('send.title')}>
      <h2 className="mb-2 font-semibold">{t('send.title')}</h2>
      {data.personalLinks > 0 && <p className="mb-2 text-sm text-slate-600 dark:text-slate-300">{t('send.personalLinks')}: {digits(data.personalLinks)}</p>}
      <ClickSummary summary={data.summary} testId="outbox-clicks-summary" />
      {data.summary.totalClicks > 0 && (
        <DataTable columns={columns} rows={data.items} rowKey={(c) => `${c.code}-${c.clickedAt}`} loading={isLoading} caption={t('send.title')} emptyText={t('send.empty')}
          pageIndex={pageIndex} pageSize={pageSize} totalCount={data.totalCount} onPageChange={setPageIndex}
          onPageSizeChange={(size) => { setPageSize(size); setPageIndex(0); }} data-testid="outbox-clicks-table" />
      )}
    </section>
  );
}
