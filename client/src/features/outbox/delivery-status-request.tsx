import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { DateDisplay } from '../../shared/dates/date-display';
import { onRealtimeEvent } from '../../shared/realtime/realtime';
import { Button } from '../../shared/ui/button';
import { useDigits } from '../../shared/ui/use-digits';
import { errorsOf } from '../admin-common/kit';
import { DELIVERY_STATUS_REQUEST_EVENT, requestSendDeliveryStatus, type DeliveryStatusRequest } from './outbox-api';

const UNDER_WAY: readonly string[] = ['Queued', 'Running'];

/**
 * "Request delivery status" on a send's page (OutBox/RequestDeliveryStatus): asks the operator for
 * the latest status of the receivers still without a final one. Shows whether the line's operator
 * can be asked at all, the request's progress as it is pushed (`delivery-status-request`), its
 * result, and when the next request is allowed (once per window per send, the server's rule).
 * `onFinished` fetches the send again: the answers moved its receivers and counts.
 */
export function DeliveryStatusRequestPanel({ sendId, request, onFinished }: { sendId: number; request: DeliveryStatusRequest; onFinished: () => void }) {
  const { t } = useTranslation('outbox');
  const { api } = useApp();
  const digits = useDigits();
  const [pushed, setPushed] = useState<DeliveryStatusRequest | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());

  // The newest of the answer and the pushes (a refetch after the end answers the same as the last push).
  const current = pushed && (pushed.requestedAt ?? '') >= (request.requestedAt ?? '') ? pushed : request;
  useEffect(() => onRealtimeEvent(DELIVERY_STATUS_REQUEST_EVENT, (payload) => {
    const p = payload as (DeliveryStatusRequest & { id?: number }) | null;
    if (!p || p.id !== sendId) return;
    setPushed(p);
    if (p.state === 'Done' || p.state === 'Failed') onFinished();
  }), [sendId, onFinished]);
  // The button comes back by itself when the window ends.
  const nextAt = current.nextAllowedAt ? new Date(current.nextAllowedAt).getTime() : 0;
  useEffect(() => {
    if (nextAt <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(nextAt - now + 50, 60_000));
    return () => clearTimeout(timer);
  }, [nextAt, now]);

  const ask = async () => {
    setBusy(true);
    setRefusal(null);
    try {
      setPushed(await requestSendDeliveryStatus(api, sendId));
      setNow(Date.now());
    } catch (e) {
      setRefusal(Object.values(errorsOf(e)).join(' ') || t('deliveryStatusRequest.failed'));
    } finally {
      setBusy(false);
    }
  };

  const underWay = UNDER_WAY.includes(current.state);
  const waitForWindow = nextAt > now;
  const percent = current.total > 0 ? Math.min(100, Math.floor((current.asked * 100) / current.total)) : current.state === 'Done' ? 100 : 0;
  return (
    <section className="mb-4 rounded border border-slate-200 p-3 dark:border-slate-700" aria-labelledby="outbox-status-request-title"
      data-testid="outbox-status-request" data-state={current.state} data-supported={current.supported}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="outbox-status-request-title" className="font-semibold">{t('deliveryStatusRequest.title')}</h2>
        <Button variant="secondary" loading={busy} disabled={!current.supported || underWay || waitForWindow} onClick={() => void ask()}
          aria-describedby="outbox-status-request-help" data-testid="outbox-status-request-button">
          {t('deliveryStatusRequest.button')}
        </Button>
      </div>
      <p id="outbox-status-request-help" className="mt-1 text-xs text-slate-600 dark:text-slate-300" data-testid="outbox-status-request-help">
        {current.supported ? t('deliveryStatusRequest.help') : t('deliveryStatusRequest.notSupported')}
      </p>
      {refusal && <p role="alert" className="mt-2 text-sm text-red-700" data-testid="outbox-status-request-error">{refusal}</p>}
      {underWay && (
        <div className="mt-2" aria-live="polite">
          <div role="progressbar" aria-label={t('deliveryStatusRequest.title')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}
            aria-valuetext={t('deliveryStatusRequest.progress', { asked: digits(current.asked), total: digits(current.total) })}
            className="h-2 overflow-hidden rounded bg-slate-200 dark:bg-slate-700" data-testid="outbox-status-request-bar">
            <div className="h-full bg-sky-600 transition-all" style={{ width: `${percent}%` }} />
          </div>
          <p className="mt-1 text-sm" data-testid="outbox-status-request-progress">
            {current.state === 'Queued' ? t('deliveryStatusRequest.queued') : t('deliveryStatusRequest.progress', { asked: digits(current.asked), total: digits(current.total) })}
          </p>
        </div>
      )}
      {current.state === 'Done' && (
        <p className="mt-2 text-sm" aria-live="polite" data-testid="outbox-status-request-result"
          data-asked={current.asked} data-final={current.final} data-pending={current.pending} data-unknown={current.unknown}>
          {current.asked === 0
            ? t('deliveryStatusRequest.nothingToAsk')
            : t('deliveryStatusRequest.result', { asked: digits(current.asked), final: digits(current.final), pending: digits(current.pending), unknown: digits(current.unknown) })}
          {current.finishedAt && <> {'('}<DateDisplay value={current.finishedAt} />{')'}</>}
        </p>
      )}
      {current.state === 'Failed' && <p role="alert" className="mt-2 text-sm text-red-700" data-testid="outbox-status-request-failed">{t('deliveryStatusRequest.failed')}</p>}
      {current.supported && waitForWindow && !underWay && current.nextAllowedAt && (
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-300" data-testid="outbox-status-request-next">
          {t('deliveryStatusRequest.nextAt')} <DateDisplay value={current.nextAllowedAt} />
        </p>
      )}
    </section>
  );
}
