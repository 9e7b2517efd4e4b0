import { useMemo, useState } from 'react';
import useSWR from 'swr';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { DateDisplay } from '../../shared/dates/date-display';
import { Button } from '../../shared/ui/button';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { PageHeader } from '../../shared/ui/page-header';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { useDigits } from '../../shared/ui/use-digits';
import { developerKeys, webhooksApi, type Delivery } from './developer-api';

/** The server's short reasons (platform/outbound: never the receiver's text); anything else, older rows' texts too, is shown as stored. */
const LAST_ERRORS: Record<string, string> = { 'connection failed': 'connectionFailed', 'timed out': 'timedOut', 'address not allowed': 'addressNotAllowed' };

/** One webhook's deliveries, newest first, refreshed while any is pending; a finished one can be resent. */
export function WebhookDeliveriesPage() {
  const { api } = useApp();
  const { t } = useTranslation('webhooks');
  const digits = useDigits();
  const id = Number(useParams().id);
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const hook = useSWR(developerKeys.webhook(id), () => webhooksApi.get(api, id));
  const { data, isLoading, mutate } = useSWR(developerKeys.deliveries(id, pageIndex, pageSize),
    () => webhooksApi.deliveries(api, { webhookId: id, pageIndex, pageSize }),
    { refreshInterval: (latest) => (latest?.items.some((d) => d.status === 'pending') ? 1500 : 5000) });

  const resend = async (d: Delivery) => {
    try {
      await webhooksApi.resendDelivery(api, d.id);
      showToast({ kind: 'success', message: t('resent') });
      await mutate();
    } catch { /* told */ }
  };

  const columns = useMemo<DataTableColumn<Delivery>[]>(() => [
    { key: 'id', header: t('dcol.id'), hideable: false, cell: (r) => digits(r.id) },
    { key: 'event', header: t('dcol.event'), cell: (r) => t(`events.${r.eventType}`) },
    { key: 'status', header: t('dcol.status'), hideable: false, cell: (r) => <span data-testid="delivery-status" data-status={r.status}>{t(`deliveryStatuses.${r.status}`)}</span> },
    { key: 'attempts', header: t('dcol.attempts'), cell: (r) => <span data-testid="delivery-attempts">{digits(r.attempts)}</span> },
    { key: 'code', header: t('dcol.code'), cell: (r) => (r.lastStatusCode === null ? '—' : digits(r.lastStatusCode)) },
    { key: 'duration', header: t('dcol.duration'), cell: (r) => (r.lastDurationMs === null ? '—' : digits(r.lastDurationMs)) },
    { key: 'error', header: t('dcol.error'), cell: (r) => {
      if (!r.lastError) return '—';
      const known = LAST_ERRORS[r.lastError];
      return <span dir={known ? undefined : 'ltr'} className="break-all" data-testid="delivery-error">{known ? t(`lastErrors.${known}`) : r.lastError}</span>;
    } },
    { key: 'next', header: t('dcol.next'), cell: (r) => (r.status === 'pending' ? <DateDisplay value={r.nextAttemptAt} /> : '—') },
    { key: 'createdAt', header: t('dcol.createdAt'), cell: (r) => <DateDisplay value={r.createdAt} /> },
    {
      key: 'actions', header: t('dcol.actions'), hideable: false,
      cell: (r) => (r.status === 'pending' ? '—' : <Button size="sm" variant="secondary" onClick={() => void resend(r)} data-testid="delivery-resend">{t('resend')}</Button>),
    },
  // The actions close over `mutate` of the current key.
  ], [t, mutate, digits]);

  return (
    <section data-testid="webhook-deliveries-page">
      <PageHeader title={t('deliveriesTitle')} actions={<Link to="/developer/webhooks" className="text-sky-700 underline">{t('back')}</Link>} />
      {hook.data && <p className="mb-3 text-sm" dir="ltr" data-testid="webhook-deliveries-url">{hook.data.url}</p>}
      <DataTable columns={columns} rows={data?.items} rowKey={(r) => r.id} loading={isLoading} emptyText={t('noDeliveries')} caption={t('deliveriesTitle')}
        pageIndex={pageIndex} pageSize={pageSize} totalCount={data?.totalCount ?? 0} onPageChange={setPageIndex}
        onPageSizeChange={(s) => { setPageSize(s); setPageIndex(0); }} data-testid="webhook-deliveries-table" />
    </section>
  );
}
