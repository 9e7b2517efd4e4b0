import { DELIVERY_STATUSES, FINAL_DELIVERY_STATUSES, type DeliveryStatus } from '../statuses.js';

/**
 * What a receiver may be resent for: a final delivery status (an open one may still be sent by
 * its own send) — not BlackList, which a new send would refuse anyway — and Unknown (no report
 * came before the report time-out).
 */
export const RESENDABLE_STATUSES: readonly DeliveryStatus[] = FINAL_DELIVERY_STATUSES.filter((s) => s !== 'BlackList');

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
// No minItems: an empty list is answered with the spec's own message, not ajv's.
const statuses = { type: 'array', maxItems: DELIVERY_STATUSES.length, items: { type: 'string', enum: RESENDABLE_STATUSES } } as const;

export const manualResendSchema = {
  type: 'object', additionalProperties: false, required: ['id', 'deliveryStatuses', 'senderNumberId'],
  properties: {
    id, deliveryStatuses: statuses, senderNumberId: id, sendId: { type: ['string', 'null'], maxLength: 100 },
    // The spec's "direct or gradual": either step field makes the resend a gradual send (both needed).
    gradualStepCount: { type: ['integer', 'null'], minimum: 1, maximum: 1_000_000 },
    gradualIntervalMinutes: { type: ['integer', 'null'], minimum: 1, maximum: 10_080 },
  },
} as const;

export const resendRuleSchema = {
  type: 'object', additionalProperties: false, required: ['privateNumberId', 'deliveryStatus', 'targetPrivateNumbers'],
  properties: { privateNumberId: id, deliveryStatus: statuses, targetPrivateNumbers: { type: 'array', maxItems: 20, items: id } },
} as const;

export const resendRulesQuery = { type: 'object', additionalProperties: false, properties: { privateNumberId: id } } as const;
