import { useTranslation } from 'react-i18next';
import { DateDisplay } from '../../shared/dates/date-display';
import { cx } from '../../shared/ui/class-names';
import type { Send } from '../sending/sending-api';
import { sendStatusOf, statusTextKey, type StatusTone } from './send-status';

const TONE_CLASSES: Record<StatusTone, string> = {
  neutral: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
  info: 'bg-sky-100 text-sky-900 dark:bg-sky-900/60 dark:text-sky-100',
  success: 'bg-green-100 text-green-900 dark:bg-green-900/60 dark:text-green-100',
  warning: 'bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100',
  danger: 'bg-red-100 text-red-900 dark:bg-red-900/60 dark:text-red-100',
};

type SendState = Pick<Send, 'status' | 'queueStatus' | 'failureCode' | 'sentCount' | 'dateTimeSend'>;

/**
 * A send's status as words (see send-status.ts): a scheduled send names its time (Jalali in
 * Persian); a send that failed names why. `data-status` keeps the stored status, `data-display`
 * what is said.
 */
export function SendStatusBadge({ send, testId, withReason = false }: { send: SendState; testId?: string; withReason?: boolean }) {
  const { t } = useTranslation('outbox');
  const shown = sendStatusOf(send);
  const label = t(statusTextKey(shown.status), { defaultValue: shown.status });
  const reason = withReason && shown.status === 'ErrorInSending' && send.failureCode && send.failureCode !== 'None'
    ? t(`sending:failureCodes.${send.failureCode}`, { defaultValue: send.failureCode }) : null;
  return (
    <span className="inline-flex flex-col items-start gap-0.5" data-testid={testId} data-status={send.status} data-display={shown.status}>
      <span className={cx('inline-block whitespace-nowrap rounded px-2 py-0.5 text-xs font-medium', TONE_CLASSES[shown.tone])}>{label}</span>
      {shown.at && (
        <DateDisplay value={shown.at} className="text-xs" data-testid={testId && `${testId}-at`} />
      )}
      {reason && <span className="text-xs text-red-700 dark:text-red-300" data-testid={testId && `${testId}-reason`}>{reason}</span>}
    </span>
  );
}
