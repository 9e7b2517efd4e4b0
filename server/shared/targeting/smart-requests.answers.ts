import { flag, instant, integer, nullableInstant, nullableInteger, nullableText, pageOf, rials, text, type AnswerOf } from '../contracts/answer-schemas.js';

/**
 * What `SmartSmsRecipients/*` answers (server module targeting; the client's smart request page
 * reads these types). Shapes are stable: fields are only ever added.
 */

export const SMART_SMS_STATUS_NAMES = ['Stored', 'Waiting', 'Done', 'Failed', 'NotFound', 'InternalError', 'Unknown'] as const;
/**
 * Where the request is in the panel's own flow (the spec's SmartSmsStatus is what the operator
 * reports; it stays `Stored` until the request reached the BTS):
 * `AwaitingApproval` → (Confirm) `Queued` → `Submitted` → `Ended`; `Rejected` and `Cancelled` end it
 * before or (Cancelled) during the operator's work.
 */
export const SMART_REQUEST_STAGES = ['AwaitingApproval', 'Queued', 'Submitted', 'Ended', 'Rejected', 'Cancelled'] as const;
export const SMART_OPERATORS = ['MCI', 'Irancell', 'Rightel'] as const;
export const SMART_REQUEST_KINDS = ['Single', 'Periodic', 'P2P'] as const;

const position = { type: 'array', items: { type: 'number' }, minItems: 2, maxItems: 2 } as const;

const areaAnswer = {
  type: 'object', required: ['type'],
  properties: {
    type: { enum: ['Polygon', 'Circle', 'Rectangle'] },
    coordinates: { type: 'array', items: { type: 'array', items: position } },
    center: position,
    radiusMeters: { type: 'number' },
    bbox: { type: 'array', items: { type: 'number' } },
  },
} as const;

const smartRequestProperties = {
  id: integer,
  organizationId: integer,
  userId: integer,
  /** Which call created it: `Single`, `Periodic`, `P2P` (one row per operator text). */
  requestKind: { enum: SMART_REQUEST_KINDS },
  /** P2P rows created by one call share this id (the first row's id); null otherwise. */
  groupId: nullableInteger,
  requestName: text,
  text,
  senderAgentId: integer,
  operator: { enum: SMART_OPERATORS },
  areas: { type: 'array', items: areaAnswer },
  residenceState: flag,
  joberState: flag,
  travellerState: flag,
  provinces: { type: 'array', items: text },
  ageFrom: nullableInteger,
  ageTo: nullableInteger,
  gender: { enum: ['All', 'Man', 'Woman'] },
  deviceType: nullableText,
  brand: nullableText,
  model: nullableText,
  mobilePrefix: { type: 'array', items: text },
  cellList: { type: 'array', items: text },
  smartRequestType: { enum: ['Area', 'CellList'] },
  operationType: nullableText,
  /** A periodic request's rule `{periodType, weekDays?, repeatCount?, endDate?}` (its occurrences repeat it; targeting CONTEXT.md "Periodic smart requests"). */
  periodicSmartSms: { type: ['object', 'null'] },
  /** An occurrence of a periodic request: its parent's id and period step (0 = the first); null otherwise. */
  parentId: nullableInteger,
  occurrenceIndex: nullableInteger,
  /** A running periodic request: when its next occurrence is due to be created (null: none known or ended). */
  nextOccurrenceAt: nullableInstant,
  /** Why a periodic request stopped: `Completed` (end date or repetitions reached) or `Cancelled`. */
  periodicStopReason: nullableText,
  grayListExpireHour: nullableInteger,
  sentDelayType: { enum: ['None', 'Minute', 'Hour'] },
  sentDelayValue: integer,
  sendCountType: { enum: ['Count', 'Percentage'] },
  countToSend: nullableInteger,
  percentageToSend: nullableInteger,
  maxSendCount: nullableInteger,
  maxDailySendCount: nullableInteger,
  startDatetime: instant,
  endDatetime: instant,
  stage: { enum: SMART_REQUEST_STAGES },
  status: { enum: SMART_SMS_STATUS_NAMES },
  statusDatetime: instant,
  /** The operator's id of the request once submitted. */
  externalId: nullableText,
  /** Messages the credit is held for (the estimate's sendable count when submitted). */
  requestedCount: integer,
  foundCount: integer,
  sentCount: integer,
  deliveredCount: integer,
  partsCount: integer,
  /** Price of one message (all its parts) on this operator for this owner, rials. */
  unitPrice: rials,
  heldAmount: rials,
  settledAmount: rials,
  failedReason: nullableText,
  /** The last progress the operator reported (counts, status, time), as stored. */
  responseData: { type: ['object', 'null'] },
  /** Approval: who decided and when (null while waiting or when no approval was needed). */
  decidedByUserId: nullableInteger,
  decidedAt: nullableInstant,
  rejectReason: nullableText,
  /** What the caller may do now (the server checks again). */
  canEdit: flag,
  canDecide: flag,
  canCancel: flag,
  submitAfter: nullableInstant,
  createdAt: instant,
  lastModified: instant,
} as const;
const smartRequestRequired = Object.keys(smartRequestProperties) as (keyof typeof smartRequestProperties)[];

export const smartRequestAnswer = { type: 'object', required: smartRequestRequired, properties: smartRequestProperties } as const;
export const smartRequestsPageAnswer = pageOf(smartRequestAnswer);
/** One occurrence of a periodic request, as its parent's `Get/:id` lists it. */
export const smartOccurrenceAnswer = {
  type: 'object',
  required: ['id', 'occurrenceIndex', 'stage', 'status', 'startDatetime', 'endDatetime', 'maxSendCount', 'requestedCount', 'sentCount', 'deliveredCount', 'heldAmount', 'settledAmount', 'failedReason'],
  properties: {
    id: integer, occurrenceIndex: integer, stage: { enum: SMART_REQUEST_STAGES }, status: { enum: SMART_SMS_STATUS_NAMES },
    startDatetime: instant, endDatetime: instant, maxSendCount: nullableInteger, requestedCount: integer, sentCount: integer, deliveredCount: integer,
    heldAmount: rials, settledAmount: rials, failedReason: nullableText,
  },
} as const;
/** The sums over a periodic request's occurrences. */
export const smartOccurrenceTotalsAnswer = {
  type: 'object', required: ['occurrenceCount', 'requestedCount', 'sentCount', 'deliveredCount', 'heldAmount', 'settledAmount'],
  properties: { occurrenceCount: integer, requestedCount: integer, sentCount: integer, deliveredCount: integer, heldAmount: rials, settledAmount: rials },
} as const;
/**
 * `Get/:id` adds where recipients were found (a coarse sample for the map, `[lon, lat]`) and, for a
 * periodic request, its occurrences and their totals (empty and null otherwise).
 */
export const smartRequestDetailAnswer = {
  type: 'object', required: [...smartRequestRequired, 'locations', 'occurrences', 'occurrenceTotals'],
  properties: {
    ...smartRequestProperties, locations: { type: 'array', items: position },
    occurrences: { type: 'array', items: smartOccurrenceAnswer },
    occurrenceTotals: { ...smartOccurrenceTotalsAnswer, type: ['object', 'null'] },
  },
} as const;
export const smartRequestListAnswer = { type: 'object', required: ['items'], properties: { items: { type: 'array', items: smartRequestAnswer } } } as const;

/**
 * Who a smart request would reach — the one declaration of this shape: the BTS plugin's `estimate`
 * answers it (the gateway SDK's `BtsEstimate` is this type), the `Estimate` answer carries it, the
 * client shows it.
 */
const smartAudienceProperties = {
  /** People matching every filter except the operator, per operator (the form shows all three). */
  perOperator: { type: 'object', required: SMART_OPERATORS, properties: { MCI: integer, Irancell: integer, Rightel: integer } },
  /** For the request's operator, per area in the order given (an area's count is capped by it). */
  perArea: { type: 'array', items: integer },
  /** What a submit would send now: per area the count or percentage, capped by those found and `maxSendCount`. */
  sendableCount: integer,
} as const;
export const smartAudienceAnswer = { type: 'object', required: ['perOperator', 'perArea', 'sendableCount'], properties: smartAudienceProperties } as const;

/** `Estimate`: the audience (per operator, per area of the chosen operator, sendable), and the price of what a submit would send. */
export const smartEstimateAnswer = {
  type: 'object',
  required: [...smartAudienceAnswer.required, 'partsCount', 'unitPrice', 'price', 'smartPercent'],
  properties: {
    ...smartAudienceProperties,
    partsCount: integer,
    unitPrice: rials,
    price: rials,
    /** The tariff range's smart percent for the operator (100 = the ordinary price); null: not told (the price already carries it). */
    smartPercent: { type: ['number', 'null'] },
  },
} as const;

/** `GetAgents`: the installation's active `bts` agents a request may name (`senderAgentId`); the first is the default. */
export const smartAgentsAnswer = {
  type: 'object', required: ['items'],
  properties: { items: { type: 'array', items: { type: 'object', required: ['id', 'title'], properties: { id: integer, title: text } } } },
} as const;

export type SmartAgents = AnswerOf<typeof smartAgentsAnswer>;
export type SmartRequest = AnswerOf<typeof smartRequestAnswer>;
export type SmartRequestDetail = AnswerOf<typeof smartRequestDetailAnswer>;
export type SmartOccurrence = AnswerOf<typeof smartOccurrenceAnswer>;
export type SmartEstimate = AnswerOf<typeof smartEstimateAnswer>;
export type SmartAudience = AnswerOf<typeof smartAudienceAnswer>;
export type SmartOperator = (typeof SMART_OPERATORS)[number];
