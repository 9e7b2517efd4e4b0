import { useTranslation } from 'react-i18next';
import { useDigits } from '../../shared/ui/use-digits';
import type { Send } from '../sending/sending-api';
import { outcomeKey, type OutcomeWord } from '../sending/delivery-outcomes';

type Counts = Pick<Send, 'id' | 'deliveredCount' | 'sentCount' | 'failedCount' | 'notDeliveredCount' | 'canceledCount' | 'recipientCount'>;

/**
 * A send's progress in the outbox list, every number with its name from the shared outcome
 * vocabulary, so the row and the send's page say the same: delivered (reached the phone) is never
 * mixed up with sent (handed to the operator), and not delivered (the operator took it) is never
 * added into failed (it never left us). Those two and cancelled appear once there are any.
 */
export function SendProgressCell({ send }: { send: Counts }) {
  const { t } = useTranslation('outbox');
  const digits = useDigits();
  const items: [key: OutcomeWord, value: number][] = [
    ['delivered', send.deliveredCount],
    ['sent', send.sentCount],
    ...(send.notDeliveredCount > 0 ? [['notDelivered', send.notDeliveredCount] as [OutcomeWord, number]] : []),
    ...(send.failedCount > 0 ? [['failed', send.failedCount] as [OutcomeWord, number]] : []),
    ...(send.canceledCount > 0 ? [['canceled', send.canceledCount] as [OutcomeWord, number]] : []),
    ['total', send.recipientCount],
  ];
  return (
    <ul className="flex min-w-[9rem] flex-wrap gap-x-3 gap-y-0.5 text-xs" aria-label={t('progressCell.label', { id: digits(send.id) })} data-testid="outbox-row-progress">
      {items.map(([key, value]) => (
        <li key={key} className="whitespace-nowrap" data-testid={`outbox-row-progress-${key}`} data-value={value}>
          <span className="text-slate-600 dark:text-slate-300">{t(outcomeKey(key))}</span> <strong className="font-semibold">{digits(value)}</strong>
        </li>
      ))}
    </ul>
  );
}
