import { DELIVERY_STATUSES, OUTBOX_STATUSES } from '../statuses.js';

const hour = { type: 'integer', minimum: 0, maximum: 23 } as const;
const text = { type: 'string', maxLength: 100 } as const;

/**
 * The spec's outbox advanced search (fromDate/toDate required, under 90 days; toNumber, smsText,
 * description, send hour range, sendStatus, deliveryStatus), keyset paged by `after` (the
 * `nextCursor` of the previous page). zipCode, guild, zone and phonebookIds are not stored on a
 * send yet, so they are not accepted.
 */
export const advancedSearchSchema = {
  type: 'object', additionalProperties: false, required: ['fromDate', 'toDate'],
  properties: {
    fromDate: { type: 'string', format: 'date-time' },
    toDate: { type: 'string', format: 'date-time' },
    fromHour: hour,
    toHour: hour,
    toNumber: { type: 'string', maxLength: 20 },
    smsText: text,
    description: text,
    sendStatus: { type: 'array', maxItems: OUTBOX_STATUSES.length, items: { type: 'string', enum: [...OUTBOX_STATUSES] } },
    deliveryStatus: { type: 'array', maxItems: DELIVERY_STATUSES.length, items: { type: 'string', enum: [...DELIVERY_STATUSES] } },
    pageSize: { type: 'integer', minimum: 1, maximum: 500, default: 50 },
    after: { type: 'string', pattern: '^[0-9]{1,18}:[0-9]{1,9}$' },
  },
} as const;
