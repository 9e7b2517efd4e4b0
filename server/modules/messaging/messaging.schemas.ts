import { pagingQuerySchema } from '../../platform/http/router.js';
import { DELIVERY_STATUSES, OUTBOX_STATUSES, QUEUE_STATUSES } from './statuses.js';
import { PERIOD_TYPES } from './periodic/periodic-schedule.js';
import { SHORT_LINK_MODES } from '../../shared/engage/short-links.js';

/**
 * The longest recipient array a JSON body may carry. Larger lists arrive as pasted text
 * (`receiversText`, a flat string) or an upload: a giant JSON array costs the server far more to
 * parse than the same numbers as text. The settings' maximums still apply below this.
 */
export const MAX_JSON_RECIPIENTS = 100_000;

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const smsBody = { type: 'string', maxLength: 5000 } as const;
const sendId = { type: ['string', 'null'], maxLength: 100 } as const;
const common = {
  senderNumberId: id,
  smsBody,
  isFlashSms: { type: 'boolean', default: false },
  sendDirect: { type: 'boolean', default: true },
  sendDateTime: { type: ['string', 'null'], format: 'date-time' },
  sendId,
  description: { type: ['string', 'null'], maxLength: 500 },
  // The spec's typeSend; the gradual and periodic fields are read only with their kind.
  // gradualPeriodic (the spec's sub-type GradualPeriodic) reads both: each occurrence goes out gradually.
  typeSend: { type: 'string', enum: ['direct', 'gradual', 'periodic', 'gradualPeriodic'], default: 'direct' },
  gradualStepCount: { type: ['integer', 'null'], minimum: 1, maximum: 1_000_000 },
  gradualIntervalMinutes: { type: ['integer', 'null'], minimum: 1, maximum: 10_080 },
  // Ranges are judged by the periodic service, so each answers its own field message.
  periodType: { type: 'string', enum: PERIOD_TYPES, default: 'Daily' },
  period: { type: 'integer', minimum: -1_000, maximum: 1_000, default: 1 },
  daysOfWeek: { type: 'array', maxItems: 7, items: { type: 'integer', minimum: -100, maximum: 100 } },
  sendHour: { type: 'integer', minimum: -1_000, maximum: 1_000 },
  sendMinute: { type: 'integer', minimum: -1_000, maximum: 1_000, default: 0 },
  startDate: { type: ['string', 'null'], maxLength: 10 },
  endDate: { type: ['string', 'null'], maxLength: 10 },
  maxOccurrences: { type: ['integer', 'null'], minimum: -1_000, maximum: 100_000 },
  // Issue 28: the text's links left as they are, one short link per send, or a personal link per receiver.
  shortLinkMode: { type: 'string', enum: SHORT_LINK_MODES, default: 'None' },
} as const;

/** Typed list (`receivers`), pasted text (`receiversText`) or an uploaded file (`recipientsUploadId`). */
export const createSchema = {
  type: 'object', additionalProperties: false, required: ['senderNumberId', 'smsBody'],
  properties: {
    ...common,
    sendType: { type: 'string', enum: ['Single', 'Bulk', 'P2P', 'Api'], default: 'Bulk' },
    // A typed list is short (MaxManualRecipients); long lists come as pasted text or an upload.
    receivers: { type: 'array', maxItems: MAX_JSON_RECIPIENTS, items: { type: 'string', maxLength: 40 } },
    // Room for a pasted list of 2 million numbers, so it gets the maximum message rather than a length error.
    receiversText: { type: 'string', maxLength: 30_000_000 },
    recipientsUploadId: { type: 'string', maxLength: 36 },
  },
} as const;

/**
 * A voice send (`CreateVoice`, preview `GetVoiceCalculations`): the spec's sendingMethod with
 * voiceFile (a media id) or voiceText, and receivers as on `Create`. Always a bulk send now or at
 * sendDateTime: never gradual or periodic (decided, see CONTEXT.md "Voice").
 */
export const voiceSchema = {
  type: 'object', additionalProperties: false, required: ['senderNumberId', 'sendingMethod'],
  properties: {
    senderNumberId: id,
    sendingMethod: { type: 'string', enum: ['File', 'Text'] },
    voiceFile: { type: ['integer', 'null'], minimum: 1, maximum: 2147483647 },
    // Longer than the rule's maximum, so a long text gets its own message rather than a length error.
    voiceText: { type: ['string', 'null'], maxLength: 20_000 },
    sendDirect: common.sendDirect,
    sendDateTime: common.sendDateTime,
    sendId,
    description: common.description,
    receivers: { type: 'array', maxItems: MAX_JSON_RECIPIENTS, items: { type: 'string', maxLength: 40 } },
    receiversText: { type: 'string', maxLength: 30_000_000 },
    recipientsUploadId: { type: 'string', maxLength: 36 },
  },
} as const;

export const fastSchema = {
  type: 'object', additionalProperties: false, required: ['mobile', 'smsBody', 'senderNumberId'],
  properties: { mobile: { type: 'string', maxLength: 40 }, smsBody, senderNumberId: id, sendId, isFlashSms: { type: 'boolean', default: false }, description: { type: ['string', 'null'], maxLength: 500 }, shortLinkMode: { type: 'string', enum: SHORT_LINK_MODES, default: 'None' } },
} as const;

export const bulkSchema = {
  type: 'object', additionalProperties: false, required: ['senderNumberId', 'smsBody', 'bulkRecipients'],
  properties: {
    ...common,
    bulkRecipients: {
      type: 'array', minItems: 1, maxItems: MAX_JSON_RECIPIENTS,
      items: { type: 'object', additionalProperties: false, required: ['mobile'], properties: { mobile: { type: 'string', maxLength: 40 }, description: { type: ['string', 'null'], maxLength: 200 } } },
    },
  },
} as const;

/**
 * `CreateScheduledMessageByPhonebook` and its preview: one or more phonebooks, the spec's 'From
 * index' (1-based) and 'Number' range, and an optional filter on one field (a contact field or a
 * custom field's nameEn). Direct or gradual; a periodic send of a phonebook is not offered.
 */
export const phonebookSendSchema = {
  type: 'object', additionalProperties: false, required: ['senderNumberId', 'smsBody', 'phonebookIds'],
  properties: {
    ...common,
    typeSend: { type: 'string', enum: ['direct', 'gradual'], default: 'direct' },
    phonebookIds: { type: 'array', minItems: 1, maxItems: 50, uniqueItems: true, items: id },
    fromIndex: { type: ['integer', 'null'], minimum: 1, maximum: 100_000_000 },
    number: { type: ['integer', 'null'], minimum: 1, maximum: 100_000_000 },
    filterField: { type: ['string', 'null'], maxLength: 64 },
    filterValue: { type: ['string', 'null'], maxLength: 500 },
  },
} as const;

export const uploadQuery = {
  type: 'object', additionalProperties: false, properties: { format: { type: 'string', enum: ['text', 'csv'], default: 'text' } },
} as const;

export const outboxQuery = {
  type: 'object', additionalProperties: false,
  properties: {
    ...pagingQuerySchema,
    status: { type: 'string', enum: [...OUTBOX_STATUSES] },
    queueStatus: { type: 'string', enum: [...QUEUE_STATUSES] },
    fromDate: { type: 'string', format: 'date-time' },
    toDate: { type: 'string', format: 'date-time' },
    includeArchived: { type: 'boolean' },
    /** The spec's "serial 999999": sends with cancelled receivers that no resend was made from. */
    cancelledNotResent: { type: 'boolean' },
  },
} as const;

export const recipientsQuery = {
  type: 'object', additionalProperties: false, required: ['id'],
  properties: { ...pagingQuerySchema, id, deliveryStatus: { type: 'string', enum: [...DELIVERY_STATUSES] }, toNumber: { type: 'string', maxLength: 20 } },
} as const;

export const reportQuery = {
  type: 'object', additionalProperties: false, required: ['id', 'seq'], properties: { id, seq: { type: 'integer', minimum: 0, maximum: 100_000_000 } },
} as const;

export const queueQuery = { type: 'object', additionalProperties: false, properties: { ...pagingQuerySchema } } as const;

export const periodicListQuery = {
  type: 'object', additionalProperties: false,
  properties: { ...pagingQuerySchema, status: { type: 'string', enum: ['Active', 'Canceled', 'Finished'] } },
} as const;

export const periodicIdSchema = { type: 'object', additionalProperties: false, required: ['id'], properties: { id } } as const;

export const sendIdsSchema = {
  type: 'object', additionalProperties: false, required: ['ids'],
  properties: { ids: { type: 'array', minItems: 1, maxItems: 500, uniqueItems: true, items: id } },
} as const;

export const editSchema = {
  type: 'object', additionalProperties: false, required: ['id'],
  properties: { id, smsBody, sendDateTime: { type: ['string', 'null'], format: 'date-time' }, sendDirect: { type: 'boolean' } },
} as const;

export const rejectSchema = {
  type: 'object', additionalProperties: false, required: ['id'], properties: { id, reason: { type: 'string', maxLength: 500 } },
} as const;

/**
 * An administrator's status edit of a finished send (`OutBox/EditStatus`): the record's label only.
 * The status set is the spec's; the service narrows it to EDITABLE_SEND_STATUSES.
 */
/** `OutBox/RequestDeliveryStatus`: the send whose receivers' latest statuses are asked of the operator. */
export const sendIdSchema = {
  type: 'object', additionalProperties: false, required: ['id'],
  properties: { id },
} as const;

export const editStatusSchema = {
  type: 'object', additionalProperties: false, required: ['id', 'status', 'reason'],
  properties: { id, status: { type: 'string', enum: [...OUTBOX_STATUSES] }, reason: { type: 'string', maxLength: 500 } },
} as const;
