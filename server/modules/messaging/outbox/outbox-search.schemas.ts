import { DELIVERY_STATUSES, OUTBOX_STATUSES } from '../statuses.js';

const hour = { type: 'integer', minimum: 0, maximum: 23 } as const;
const text = { type: 'string', maxLength: 100 } as const;

/**
 * The spec's outbox advanced search fields: fromDate/toDate (required, under 90 days), toNumber,
 * smsText, description, the send hour range, sendStatus, deliveryStatus, phonebookIds (sends made
 * from any of them), and zipCode, guild and zone: sends whose regional filters (targeting's regional
 * sends, `sends.regionalFilters`) named that zone, that guild or sub-guild, or a postal prefix starting with zipCode.
 */
const filterProperties = {
  fromDate: { type: 'string', format: 'date-time' },
  toDate: { type: 'string', format: 'date-time' },
  fromHour: hour,
  toHour: hour,
  toNumber: { type: 'string', maxLength: 20 },
  smsText: text,
  description: text,
  sendStatus: { type: 'array', maxItems: OUTBOX_STATUSES.length, items: { type: 'string', enum: [...OUTBOX_STATUSES] } },
  deliveryStatus: { type: 'array', maxItems: DELIVERY_STATUSES.length, items: { type: 'string', enum: [...DELIVERY_STATUSES] } },
  phonebookIds: { type: 'array', maxItems: 50, items: { type: 'integer', minimum: 1, maximum: 2147483647 } },
  zipCode: { type: 'string', pattern: '^[0-9]{0,10}$' },
  guild: text,
  zone: { type: 'integer', minimum: 1, maximum: 2147483647 },
} as const;

/** The search, keyset paged by `after` (the `nextCursor` of the previous page). */
export const advancedSearchSchema = {
  type: 'object', additionalProperties: false, required: ['fromDate', 'toDate'],
  properties: {
    ...filterProperties,
    pageSize: { type: 'integer', minimum: 1, maximum: 500, default: 50 },
    after: { type: 'string', pattern: '^[0-9]{1,18}:[0-9]{1,9}$' },
  },
} as const;

/** The same filter without paging: every receiver it finds goes to the file. */
export const exportSearchSchema = {
  type: 'object', additionalProperties: false, required: ['fromDate', 'toDate'], properties: filterProperties,
} as const;

export const downloadParams = {
  type: 'object', additionalProperties: false, required: ['id', 'key'],
  properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 }, key: { type: 'string', pattern: '^[0-9a-f]{48}$' } },
} as const;
