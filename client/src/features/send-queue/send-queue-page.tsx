import { useMemo, useState } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApp } from '../../shared/app/app-context';
import { DateDisplay } from '../../shared/dates/date-display';
import { Button } from '../../shared/ui/button';
import { ConfirmDialog } from '../../shared/ui/dialog/confirm-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { TextField } from '../../shared/ui/form/text-field';
import { PageHeader } from '../../shared/ui/page-header';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { useDigits } from '../../shared/ui/use-digits';
import { Amount } from '../financial/money';
import { outboxDetailPath, type Send } from '../sending/sending-api';
import { sendQueueApi, sendQueueKeys } from './send-queue-api';
import { UserText } from '../../shared/ui/user-text';

/** Sends of organizations below the administrator waiting for confirmation (claim Sending.Confirm). */
export function SendQueuePage() {
  const { api } = useApp();
  const { t } = useTranslation('sendQueue');
  const digits = useDigits();
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [deciding, setDeciding] = useState<{ send: Send; confirm: boolean } | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const { data, isLoading, mutate } = useSWR(sendQueueKeys.list(pageIndex, pageSize), () => sendQueueApi.list(api, { pageIndex, pageSize }));

  const decide = async () => {
    if (!deciding) return;
    setBusy(true);
    try {
      if (deciding.confirm) await sendQueueApi.confirm(api, deciding.send.id);
      else await sendQueueApi.reject(api, { id: deciding.send.id, reason: reason.trim() || undefined });
      showToast({ kind: 'success', message: t(deciding.confirm ? 'confirmed' : 'rejected') });
      setDeciding(null);
      setReason('');
      await mutate();
    } catch { /* the error catalogue told the user */ } finally { setBusy(false); }
  };

  const columns = useMemo<DataTableColumn<Send>[]>(() => [
    { key: 'id', header: t('columns.id'), hideable: false, cell: (s) => <Link className="text-sky-700 underline" to={outboxDetailPath(s.id)} data-testid="queue-row-id">{digits(s.id)}</Link> },
    { key: 'organization', header: t('columns.organization'), cell: (s) => s.organizationName ?? s.organizationId },
    { key: 'user', header: t('columns.user'), cell: (s) => s.userName ?? s.userId },
    { key: 'senderNumber', header: t('columns.senderNumber'), cell: (s) => <span dir="ltr">{digits(s.senderNumber)}</span> },
    { key: 'text', header: t('columns.text'), cell: (s) => <UserText className="line-clamp-3 max-w-xs whitespace-pre-wrap" title={s.smsText}>{s.smsText}</UserText> },
    { key: 'recipients', header: t('columns.recipients'), cell: (s) => digits(s.recipientCount) },
    { key: 'total', header: t('columns.total'), cell: (s) => <Amount value={s.totalPrice} /> },
    { key: 'createdAt', header: t('columns.createdAt'), cell: (s) => <DateDisplay value={s.createdAt} /> },
    { key: 'sendAt', header: t('columns.sendAt'), hiddenByDefault: true, cell: (s) => (s.dateTimeSend ? <DateDisplay value={s.dateTimeSend} /> : '—') },
    {
      key: 'actions', header: t('columns.actions'), hideable: false, cell: (s) => (
        <div className="flex gap-1">
          <Button size="sm" data-testid="queue-confirm" onClick={() => setDeciding({ send: s, confirm: true })}>{t('confirm')}</Button>
          <Button size="sm" variant="danger" data-testid="queue-reject" onClick={() => setDeciding({ send: s, confirm: false })}>{t('reject')}</Button>
        </div>
      ),
    },
  ], [t, digits]);

  return (
    <section data-testid="send-queue-page">
      <PageHeader title={t('title')} />
      <DataTable columns={columns} rows={data?.items} rowKey={(s) => s.id} loading={isLoading} emptyText={t('empty')} emptyDescription={t('emptyHint')} caption={t('title')}
        pageIndex={pageIndex} pageSize={pageSize} totalCount={data?.totalCount ?? 0} onPageChange={setPageIndex}
        onPageSizeChange={(size) => { setPageSize(size); setPageIndex(0); }} data-testid="send-queue-table" />
      <ConfirmDialog open={!!deciding} busy={busy} danger={deciding?.confirm === false} data-testid="queue-decision"
        title={deciding?.confirm ? t('confirmTitle') : t('rejectTitle')} confirmText={deciding?.confirm ? t('confirm') : t('reject')}
        message={deciding && (deciding.confirm
          ? t('confirmMessage', { id: digits(deciding.send.id), n: digits(deciding.send.recipientCount) })
          : (
            <>
              <p className="mb-2">{t('rejectMessage', { id: digits(deciding.send.id) })}</p>
              <TextField id="queue-reason" data-testid="queue-reason" label={t('reason')} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
            </>
          ))}
        onConfirm={() => void decide()} onCancel={() => { setDeciding(null); setReason(''); }} />
    </section>
  );
}
