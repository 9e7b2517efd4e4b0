import { useRef, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useApp } from '../../shared/app/app-context';
import { hasClaim, useCurrentUser } from '../../shared/auth/current-user';
import { Button } from '../../shared/ui/button';
import { ModalDialog } from '../../shared/ui/dialog/modal-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { CheckboxField } from '../../shared/ui/form/checkbox-field';
import { NumericInput } from '../../shared/ui/form/numeric-input';
import { Select } from '../../shared/ui/select/select';
import { useDigits } from '../../shared/ui/use-digits';
import { ErrorSummary, errorsOf, type FieldErrors } from '../admin-common/kit';
import { isFinished, newSendId, outboxDetailPath } from '../sending/sending-api';
import { GRADUAL_MIN_RECIPIENTS } from '../sending/send-kind-section';
import { getMyNumbers, linesKeys } from '../lines/lines-api';
import { outboxKeys, type OutboxSend } from './outbox-api';
import { getResendLinks, RESENDABLE_STATUSES, resendByDeliveryStatus, type ResendLink } from './resend-api';
import { DateDisplay } from '../../shared/dates/date-display';

/** Resend by delivery status: the user picks statuses (with their counts) and a line; the receivers in them go out as a new send. */
function ResendDialog({ send, counts, earlier, onClose, onResent }: {
  send: OutboxSend; counts: [string, number][]; earlier: readonly ResendLink[]; onClose(): void; onResent(id: number): void;
}) {
  const { api } = useApp();
  const { t } = useTranslation('resend');
  const digits = useDigits();
  const [chosen, setChosen] = useState<string[]>(counts.some(([s]) => s !== 'SentAndReceivedbyPhone') ? counts.filter(([s]) => s !== 'SentAndReceivedbyPhone').map(([s]) => s) : []);
  const [line, setLine] = useState<number | null>(send.privateNumberId ?? null);
  const [gradual, setGradual] = useState(false);
  const [stepCount, setStepCount] = useState('1000');
  const [intervalMinutes, setIntervalMinutes] = useState('60');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  // One id per dialog: a double click answers the first resend instead of making a second.
  const sendId = useRef(newSendId());
  const { data: lines } = useSWR(linesKeys.myNumbers('Bulk'), () => getMyNumbers(api, { sendType: 'Bulk' }));
  const total = counts.filter(([s]) => chosen.includes(s)).reduce((sum, [, n]) => sum + n, 0);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const step = Number(stepCount);
    const minutes = Number(intervalMinutes);
    if (gradual) {
      const local: FieldErrors = {};
      if (!(Number.isInteger(step) && step >= 1)) local.gradualStepCount = t('atLeastOne');
      if (!(Number.isInteger(minutes) && minutes >= 1)) local.gradualIntervalMinutes = t('atLeastOne');
      if (total < GRADUAL_MIN_RECIPIENTS) local.deliveryStatuses = t('gradualTooFew', { min: digits(GRADUAL_MIN_RECIPIENTS) });
      if (Object.keys(local).length) { setErrors(local); return; }
    }
    setBusy(true);
    setErrors({});
    try {
      const steps = gradual ? { gradualStepCount: step, gradualIntervalMinutes: minutes } : {};
      const made = await resendByDeliveryStatus(api, { id: send.id, deliveryStatuses: chosen, senderNumberId: line, sendId: sendId.current, ...steps });
      showToast({ kind: 'success', message: t('made', { id: digits(made.id) }) });
      onResent(made.id);
    } catch (err) {
      setErrors(errorsOf(err, { deliveryStatuses: t('statuses'), senderNumberId: t('line'), gradualStepCount: t('stepCount'), gradualIntervalMinutes: t('intervalMinutes') }));
    } finally { setBusy(false); }
  };

  return (
    <ModalDialog open onClose={onClose} title={t('title', { id: digits(send.id) })} data-testid="resend-dialog">
      <form noValidate onSubmit={(e) => void submit(e)}>
        <ErrorSummary errors={errors} testId="resend-errors" />
        {/* A send's final receivers do not change: an earlier resend took the same ones, so a second is a second copy and a second charge. */}
        {earlier.length > 0 && (
          <div role="note" className="mb-3 rounded border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100" data-testid="resend-already">
            <p>{t('already')}</p>
            <ul className="mt-1 list-disc ps-5">
              {earlier.map((r) => (
                <li key={r.id} data-id={r.id}>
                  {t('alreadyItem', { id: digits(r.id), kind: t(r.resendRuleId ? 'automatic' : 'manual'), receivers: t('receivers', { n: digits(r.recipientCount) }) })}{' '}
                  <DateDisplay value={r.dateTimeSend} />
                </li>
              ))}
            </ul>
          </div>
        )}
        <fieldset className="mb-3">
          <legend className="mb-1 text-sm font-medium">{t('statuses')}</legend>
          {counts.map(([status, n]) => (
            <CheckboxField key={status} id={`resend-status-${status}`} data-testid={`resend-status-${status}`}
              label={`${t(`sending:deliveryStatuses.${status}`, { defaultValue: status })} (${digits(n)})`}
              checked={chosen.includes(status)} onCheckedChange={(on) => setChosen((c) => (on ? [...c, status] : c.filter((s) => s !== status)))} />
          ))}
        </fieldset>
        <Select id="resend-line" data-testid="resend-line" label={t('line')} items={lines} titleField="number" value={line ?? ''} required
          onChange={(v) => setLine(v === null ? null : Number(v))} />
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300" data-testid="resend-count" data-value={total}>{t('count', { n: digits(total) })}</p>
        <fieldset className="mt-3" data-testid="resend-kind">
          <legend className="mb-1 text-sm font-medium">{t('kind')}</legend>
          <div role="radiogroup" aria-label={t('kind')} className="flex flex-wrap gap-4">
            {(['direct', 'gradual'] as const).map((k) => (
              <label key={k} className="flex items-center gap-1 text-sm">
                <input type="radio" name="resend-kind" value={k} checked={gradual === (k === 'gradual')} onChange={() => setGradual(k === 'gradual')} data-testid={`resend-kind-${k}`} />
                {t(k)}
              </label>
            ))}
          </div>
        </fieldset>
        {gradual && (
          <div className="mt-2 grid gap-2 sm:grid-cols-2" data-testid="resend-gradual">
            <NumericInput id="resend-gradual-step" data-testid="resend-gradual-step" label={t('stepCount')} value={stepCount} required
              onValueChange={setStepCount} error={errors.gradualStepCount} />
            <NumericInput id="resend-gradual-interval" data-testid="resend-gradual-interval" label={t('intervalMinutes')} value={intervalMinutes} required
              onValueChange={setIntervalMinutes} error={errors.gradualIntervalMinutes} />
            <p className="text-sm text-slate-600 sm:col-span-2 dark:text-slate-300" data-testid="resend-gradual-hint">
              {t('gradualHint', { min: digits(GRADUAL_MIN_RECIPIENTS), count: digits(stepCount || '0'), minutes: digits(intervalMinutes || '0') })}
            </p>
          </div>
        )}
        <div className="mt-4 flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>{t('cancel')}</Button>
          <Button type="submit" loading={busy} data-testid="resend-submit">{t('submit')}</Button>
        </div>
      </form>
    </ModalDialog>
  );
}

/** The outbox detail's resend part: the send it was made from, the sends made from it, and the resend action. */
export function ResendSection({ send }: { send: OutboxSend }) {
  const { api } = useApp();
  const { t } = useTranslation('resend');
  const digits = useDigits();
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  const { data: links, mutate } = useSWR(outboxKeys.resends(send.id, send.queueStatus), () => getResendLinks(api, send.id));
  const counts = Object.entries(send.deliveryStatusCounts ?? {}).filter(([s, n]) => n > 0 && RESENDABLE_STATUSES.includes(s));
  const canResend = isFinished(send) && counts.length > 0 && hasClaim(user, 'Sending.Bulk');
  if (!links?.resendOfSendId && !links?.resends.length && !canResend) return null;
  return (
    <section className="mb-4" data-testid="outbox-resend-section">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="font-semibold">{t('heading')}</h2>
        {canResend && <Button size="sm" variant="secondary" onClick={() => setOpen(true)} data-testid="outbox-resend">{t('button')}</Button>}
      </div>
      {links?.resendOfSendId && (
        <p className="mt-1 text-sm" data-testid="outbox-resend-of">
          {t(links.resendRuleId ? 'automaticOf' : 'resendOf')} <Link className="text-sky-700 underline" to={outboxDetailPath(links.resendOfSendId)}>#{digits(links.resendOfSendId)}</Link>
        </p>
      )}
      {!!links?.resends.length && (
        <ul className="mt-1 text-sm" data-testid="outbox-resends">
          {links.resends.map((r) => (
            <li key={r.id} data-testid="outbox-resend-link" data-id={r.id}>
              <Link className="text-sky-700 underline" to={outboxDetailPath(r.id)}>#{digits(r.id)}</Link>{' '}
              {t(r.resendRuleId ? 'automatic' : 'manual')} — {t('receivers', { n: digits(r.recipientCount) })}, <span dir="ltr">{digits(r.senderNumber)}</span>,{' '}
              {t(`sending:outboxStatuses.${r.status}`, { defaultValue: r.status })}
            </li>
          ))}
        </ul>
      )}
      {open && (
        <ResendDialog send={send} counts={counts} earlier={links?.resends ?? []} onClose={() => setOpen(false)}
          onResent={(id) => { setOpen(false); void mutate(); navigate(outboxDetailPath(id)); }} />
      )}
    </section>
  );
}
