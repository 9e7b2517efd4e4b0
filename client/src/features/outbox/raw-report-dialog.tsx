import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { outboxApi, outboxKeys } from './outbox-api';
import { ModalDialog } from '../../shared/ui/dialog/modal-dialog';
import { Spinner } from '../../shared/ui/spinner';
import type { Receiver } from '../sending/sending-api';

/** A receiver's raw report as the operator sent it (OutBox/GetDeliveryReport), kept so a customer can audit it. */
export function RawReportDialog({ sendId, receiver, onClose }: { sendId: number; receiver: Pick<Receiver, 'seq' | 'toNumber'>; onClose(): void }) {
  const { api } = useApp();
  const { t } = useTranslation('outbox');
  const { data, isLoading } = useSWR(outboxKeys.deliveryReport(sendId, receiver.seq), () =>
    outboxApi.deliveryReport(api, { id: sendId, seq: receiver.seq }));
  const report = data?.deliveryReport;
  return (
    <ModalDialog open onClose={onClose} size="lg" title={t('rawReportTitle', { number: receiver.toNumber })} data-testid="outbox-raw-report">
      {isLoading ? <Spinner /> : report == null ? <p>{t('noReport')}</p> : (
        <pre dir="ltr" className="max-h-[60vh] overflow-auto rounded bg-slate-100 p-3 text-start text-xs dark:bg-slate-900" data-testid="outbox-raw-report-json">
          {JSON.stringify(report, null, 2)}
        </pre>
      )}
    </ModalDialog>
  );
}
