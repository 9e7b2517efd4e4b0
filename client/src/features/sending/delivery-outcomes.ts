/**
 * Which outcome word (namespace `outcomes`, delivery-outcomes.i18n.ts) names each of a send's
 * counters. What the messaging engine counts: failedCount = never left us (refused, NotSent,
 * ErrorInSending — the `failed` bucket); notDeliveredCount = accepted by the operator and not
 * delivered (the `notDelivered` bucket, and `noReport` receivers closed by the report time-out);
 * pendingCount = not final yet (the `waiting` and `awaitingReport` buckets).
 */
import type { DeliveryBucket } from '../../../../server/shared/insight/delivery-buckets';
import type { SendCounters } from './sending-api';

export const OUTCOMES_NS = 'outcomes';
export type OutcomeWord = DeliveryBucket | 'pending' | 'sent' | 'total';

export const COUNTER_OUTCOMES: Record<keyof SendCounters, OutcomeWord> = {
  recipientCount: 'total', pendingCount: 'pending', sentCount: 'sent', deliveredCount: 'delivered',
  notDeliveredCount: 'notDelivered', failedCount: 'failed', canceledCount: 'canceled',
};

/** The i18n key of an outcome's word, for any namespace's `t`. */
export const outcomeKey = (word: OutcomeWord): string => `${OUTCOMES_NS}:${word}`;
