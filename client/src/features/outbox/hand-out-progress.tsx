import { useTranslation } from 'react-i18next';
import { DateDisplay } from '../../shared/dates/date-display';
import { useDigits } from '../../shared/ui/use-digits';
import type { HandOut } from '../sending/sending-api';

/** "about N minutes left" from the server's seconds; under a minute says so rather than "about 0". */
function LeftText({ seconds }: { seconds: number }) {
  const { t } = useTranslation('outbox');
  const digits = useDigits();
  if (seconds < 60) return <>{t('handOut.lessThanMinute')}</>;
  const minutes = Math.round(seconds / 60);
  return <>{t('handOut.minutesLeft', { count: minutes, n: digits(minutes) })}</>;
}

/**
 * A send's hand-out to the operator: a bar with its percent and, while it is being handed out,
 * the expected end (a clock time in the user's calendar) and the time left — "estimating…" until
 * the server can tell. It measures hand-out only: delivery is reported later, so the bar is named
 * for the operator, never "delivered". `compact` is the outbox row; the send's page has the long form.
 */
export function HandOutProgress({ handOut, compact = false, testId }: { handOut: HandOut; compact?: boolean; testId: string }) {
  const { t } = useTranslation('outbox');
  const digits = useDigits();
  const { percent, active } = handOut;
  return (
    <div data-testid={testId} data-active={active} data-percent={percent} className={compact ? 'mb-1 min-w-[9rem] text-xs' : ''}>
      <div className={`mb-1 flex justify-between gap-2 ${compact ? '' : 'text-sm'}`}>
        <span data-testid={`${testId}-label`}>{t('handOut.label')}</span>
        <span data-testid={`${testId}-percent`} data-value={percent}>{t('percent', { n: digits(percent) })}</span>
      </div>
      <div role="progressbar" aria-label={t('handOut.label')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}
        aria-valuetext={t('handOut.valueText', { n: digits(percent), handed: digits(handOut.handedOutCount) })}
        className={`${compact ? 'h-1.5' : 'h-3'} overflow-hidden rounded bg-slate-200 dark:bg-slate-700`} data-testid={`${testId}-bar`}>
        <div className="h-full bg-sky-600 transition-all" style={{ width: `${percent}%` }} />
      </div>
      {active && (
        <p className="mt-1 text-slate-600 dark:text-slate-300" data-testid={`${testId}-estimate`} data-estimated={handOut.endsAt !== null} aria-live="polite">
          {handOut.endsAt === null || handOut.secondsLeft === null
            ? t('handOut.estimating')
            : (
              <>
                {t('handOut.endsAt')} <DateDisplay value={handOut.endsAt} data-testid={`${testId}-ends-at`} />
                {' — '}<span data-testid={`${testId}-left`}><LeftText seconds={handOut.secondsLeft} /></span>
              </>
            )}
        </p>
      )}
      {!compact && <p className="mt-1 text-xs text-slate-500 dark:text-slate-400" data-testid={`${testId}-note`}>{t('handOut.note')}</p>}
    </div>
  );
}
