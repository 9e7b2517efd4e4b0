import { useTranslation } from 'react-i18next';
import { DateDisplay } from '../../shared/dates/date-display';
import { cx } from '../../shared/ui/class-names';
import type { BuyRequest } from './number-purchase-api';

const STAGE_COLOUR: Record<BuyRequest['stage'], string> = {
  Reserved: 'bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-200',
  Registered: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200',
  Assigned: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-200',
  Rejected: 'bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-200',
  Cancelled: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
  Expired: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
};

/** A buy request's stage (reserved → registered → assigned or rejected). */
export function StageBadge({ stage, testId }: { stage: BuyRequest['stage']; testId: string }) {
  const { t } = useTranslation('numberPurchase');
  return <span className={cx('inline-block rounded-full px-2 py-0.5 text-xs font-medium', STAGE_COLOUR[stage])} data-testid={testId} data-stage={stage}>{t(`stages.${stage}`)}</span>;
}

/** The request's dates that are set: reservation, registration, assignment, cancellation. */
export function RequestDates({ row }: { row: BuyRequest }) {
  const { t } = useTranslation('numberPurchase');
  const dates = (['reservationDate', 'registrationDate', 'assignmentDate', 'cancellationDate'] as const).filter((k) => row[k]);
  return (
    <ul className="text-xs">
      {dates.map((k) => <li key={k}>{t(`dates.${k}`)}: <DateDisplay value={row[k]} /></li>)}
    </ul>
  );
}
