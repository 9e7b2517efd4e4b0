import { useTranslation } from 'react-i18next';
import { useDigits } from '../../shared/ui/use-digits';
import type { Send } from '../sending/sending-api';

type Counts = Pick<Send, 'id' | 'deliveredCount' | 'sentCount' | 'failedCount' | 'notDeliveredCount' | 'canceledCount' | 'recipientCount'>;

/**
 * A send's progress in the outbox list, every number with its name: delivered (reached the phone)
 * is never mixed up with sent (handed to the operator). Failed and cancelled appear once there are any.
 */
export function SendProgressCell({ send }: { send: Counts }) {
  const { t } = useTranslation('outbox');
  const digits = useDigits();
  const failed = send.failedCount + send.notDeliveredCount;
  const items: [key: string, value: number][] = [
    ['delivered', send.deliveredCount],
    ['sent', send.sentCount],
    ...(failed > 0 ? [['failed', failed] as [string, number]] : []),
    ...(send.canceledCount > 0 ? [['canceled', send.canceledCount] as [string, number]] : []),
    ['total', send.recipientCount],
  ];
  return (
    <ul className="flex min-w-[9rem] flex-wrap gap-x-3 gap-y-0.5 text-xs" aria-label={t('progressCell.label', { id: digits(send.id) })} data-testid="outbox-row-progress">
      {items.map(([key, value]) => (
        <li key={key} className="whitespace-nowrap" data-testid={`outbox-row-progress-${key}`} data-value={value}>
          <span className="text-slate-600 dark:text-slate-300">{t(`progressCell.${key}`)}</span> <strong className="font-semibold">{digits(value)}</strong>
        </li>
      ))}
    </ul>
  );
}
