import { pagingQuerySchema } from '../../platform/http/router.js';
import { NAME_FORMAT } from '../../platform/http/validation.js';
import { LINE_FLAGS, NUMBER_TYPES, SENDER_AGENT_TYPES, SEND_TYPES, TYPE_PRIVATE_NUMBERS, USE_FORMS } from './line-fields.js';

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const bool = { type: 'boolean' } as const;
const text = <M extends number>(max: M) => ({ type: ['string', 'null'], maxLength: max }) as const;
/** A name or label shown in lists and pickers (agent titles, sender names, tags): no bidi controls. */
const nameText = <M extends number>(max: M) => ({ ...text(max), format: NAME_FORMAT }) as const;
const int = <A extends number, B extends number>(min: A, max: B) => ({ type: ['integer', 'null'], minimum: min, maximum: max }) as const;
/** A time of day: `hhmm` takes 8:00 and Persian digits too (shared/dates/clock-time.ts); the service stores HH:mm. */
const time = { anyOf: [{ type: 'string', format: 'hhmm' }, { type: 'null' }] } as const;
const digits = <M extends number>(max: M) => ({ anyOf: [{ type: 'string', pattern: '^[0-9]+$', maxLength: max }, { type: 'null' }] }) as const;
const credit = { anyOf: [{ type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER }, { type: 'string', pattern: '^[0-9]{1,18}$' }, { type: 'null' }] } as const;

const agentProps = {
  title: { type: 'string', minLength: 1, maxLength: 200, format: NAME_FORMAT },
  pluginName: { type: 'string', minLength: 1, maxLength: 100 },
  options: { type: 'object' },
  defaultNumber: digits(20),
  type: { enum: SENDER_AGENT_TYPES },
  startTime: time,
  endTime: time,
  sendSmsAlert: bool, isSendActive: bool, isReceiveActive: bool, isSendBulkActive: bool, sendBulkIsAutomatic: bool, checkMessageId: bool,
  isSendSmartActive: bool, isActiveAllTime: bool, routeActive: bool, isP2p: bool, isSmpp: bool, isBts: bool, isActive: bool,
  sendLink: text(500), receiveLink: text(500), deliveryLink: text(500), domain: text(200),
  internalCredit: credit, externalCredit: credit,
  queueLength: int(0, 100_000_000), udhLen: int(0, 1000), receiveInboxType: int(0, 100),
  maxPerSecond: { type: 'integer', minimum: 1, maximum: 1_000_000 },
} as const;
export const createAgentSchema = { type: 'object', additionalProperties: false, required: ['title', 'pluginName'], properties: agentProps } as const;
/** `SenderAgents/TestConnection`: a saved agent (`id`, optionally edited `options`) or an unsaved plugin and options. */
export const testConnectionSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { id, pluginName: agentProps.pluginName, options: agentProps.options },
} as const;
export const updateAgentSchema = { type: 'object', additionalProperties: false, required: ['id'], properties: { id, ...agentProps } } as const;

const lineProps = {
  organizationId: id,
  number: { type: 'string', minLength: 1, maxLength: 20 },
  useForm: { enum: USE_FORMS },
  mask: nameText(11),
  rangeStart: digits(20),
  rangeEnd: digits(20),
  numberType: { enum: NUMBER_TYPES },
  typePrivateNumber: { enum: TYPE_PRIVATE_NUMBERS },
  smsSenderAgentId: id,
  priority: { type: 'integer', minimum: -1000, maximum: 1000 },
  deliveryBase: bool, deliveryLevel1: bool, deliveryLevel2: bool, checkFilter: bool, sendToBlackList: bool, hasSla: bool, isActive: bool,
  // Offered for sale to the organizations below (CONTEXT.md "Number purchase and transfer").
  isForSale: bool,
  tryCount: { type: 'integer', minimum: 0, maximum: 100 },
  expireTime: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] },
  refundDeliveryStatusId: text(40),
  tag: nameText(100),
  // fromEntries types its keys as string; these are exactly LINE_FLAGS, each a boolean.
  ...(Object.fromEntries(LINE_FLAGS.map((f) => [f, bool])) as { [F in (typeof LINE_FLAGS)[number]]: typeof bool }),
} as const;
export const createLineSchema = { type: 'object', additionalProperties: false, required: ['smsSenderAgentId'], properties: lineProps } as const;
export const updateLineSchema = { type: 'object', additionalProperties: false, required: ['id'], properties: { id, ...lineProps } } as const;

export const linesQuery = {
  type: 'object', additionalProperties: false,
  properties: { ...pagingQuerySchema, organizationId: id, isActive: bool },
} as const;

const limit = { type: ['integer', 'null'], minimum: 0, maximum: 2_000_000_000 } as const;
export const assignSchema = {
  type: 'object', additionalProperties: false, required: ['privateNumberId', 'userId', 'sendTypesList'],
  properties: {
    privateNumberId: id, userId: id,
    sendTypesList: { type: 'array', items: { enum: SEND_TYPES }, maxItems: SEND_TYPES.length },
    canSeeReceivedSms: bool, dailySendLimit: limit, monthlySendLimit: limit,
  },
} as const;
export const unassignSchema = { type: 'object', additionalProperties: false, required: ['privateNumberId', 'userId'], properties: { privateNumberId: id, userId: id } } as const;
export const assignmentsQuery = { type: 'object', additionalProperties: false, required: ['privateNumberId'], properties: { privateNumberId: id } } as const;
export const myNumbersQuery = { type: 'object', additionalProperties: false, required: ['sendType'], properties: { sendType: { enum: SEND_TYPES } } } as const;

export const blacklistSchema = {
  type: 'object', additionalProperties: false, required: ['mobile'],
  properties: { mobile: { type: 'string', minLength: 1, maxLength: 40 }, description: text(500), general: bool },
} as const;
export const blacklistBulkSchema = {
  type: 'object', additionalProperties: false, required: ['mobiles'],
  properties: { mobiles: { type: 'array', minItems: 1, maxItems: 100_000, items: { type: 'string', maxLength: 40 } }, general: bool },
} as const;
export const blacklistQuery = { type: 'object', additionalProperties: false, properties: { ...pagingQuerySchema } } as const;

/**
 * A number class (CONTEXT.md "Number classes"): each operator's own class name or code, and the
 * patterns as typed; the service reads the digits (Persian too) and names a bad pattern by index.
 */
const operatorClass = { type: ['string', 'null'], maxLength: 50, format: NAME_FORMAT } as const;
const numberClassProps = {
  title: { type: 'string', minLength: 1, maxLength: 100, format: NAME_FORMAT },
  operatorClasses: {
    type: 'object', additionalProperties: false,
    properties: { MCI: operatorClass, Irancell: operatorClass, Rightel: operatorClass },
  },
  patterns: { type: 'array', maxItems: 1000, items: { type: 'string', maxLength: 40 } },
  description: text(500),
} as const;
export const createNumberClassSchema = {
  type: 'object', additionalProperties: false, required: ['title', 'operatorClasses', 'patterns'], properties: numberClassProps,
} as const;
export const updateNumberClassSchema = {
  type: 'object', additionalProperties: false, required: ['id', 'title', 'operatorClasses', 'patterns'], properties: { id, ...numberClassProps },
} as const;
export const numberClassesQuery = { type: 'object', additionalProperties: false, properties: { ...pagingQuerySchema } } as const;
/** `NumberClasses/CheckNow`: one line, or every line the caller manages when absent. */
export const checkNowSchema = { type: 'object', additionalProperties: false, properties: { privateNumberId: id } } as const;

/** Number purchase (CONTEXT.md "Number purchase and transfer"): a seller's price by digit count and roundness. */
const amount = { anyOf: [{ type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER }, { type: 'string', pattern: '^[0-9]{1,18}$' }] } as const;
export const numberPriceSchema = {
  type: 'object', additionalProperties: false, required: ['isRound', 'numberOfDigits', 'reservationPeriod', 'numberPrice'],
  properties: {
    organizationId: id, isRound: bool, numberOfDigits: { type: 'integer', minimum: 3, maximum: 12 },
    reservationPeriod: { type: 'integer', minimum: 0, maximum: 365 }, numberPrice: amount,
  },
} as const;
/** Free numbers: the digits they contain (Persian digits read), their length and roundness. */
export const freeNumbersQuery = {
  type: 'object', additionalProperties: false,
  properties: { pattern: { type: 'string', maxLength: 30 }, numberOfDigits: { type: 'integer', minimum: 3, maximum: 12 }, isRound: bool },
} as const;
const buyFlags = { isAllowedSendLink: bool, isService: bool } as const;
export const reserveNumberSchema = { type: 'object', additionalProperties: false, required: ['privateNumberId'], properties: { privateNumberId: id, ...buyFlags } } as const;
export const updateBuyRequestSchema = { type: 'object', additionalProperties: false, required: ['id'], properties: { id, ...buyFlags } } as const;
/** Pays a reservation (`id`) or buys a free number at once (`privateNumberId`); the terms must be accepted. */
export const payBuyRequestSchema = {
  type: 'object', additionalProperties: false, required: ['termsAccepted'], properties: { id, privateNumberId: id, termsAccepted: bool, ...buyFlags },
} as const;
export const rejectBuyRequestSchema = {
  type: 'object', additionalProperties: false, required: ['id'], properties: { id, rejectionDescription: text(500) },
} as const;
export const buyRequestsQuery = {
  type: 'object', additionalProperties: false,
  properties: {
    ...pagingQuerySchema,
    stage: { enum: ['Reserved', 'Registered', 'Assigned', 'Rejected', 'Cancelled', 'Expired'] },
    status: { enum: ['WatingForConfirm', 'Confirmed', 'Rejected'] },
  },
} as const;
const price = { anyOf: [{ type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER }, { type: 'string', pattern: '^[0-9]{0,18}$' }, { type: 'null' }] } as const;
export const transferSchema = {
  type: 'object', additionalProperties: false, required: ['privateNumberId', 'preOwner', 'newOwner'],
  properties: { privateNumberId: id, preOwner: id, newOwner: id, price },
} as const;
export const transfersQuery = { type: 'object', additionalProperties: false, properties: { ...pagingQuerySchema, privateNumberId: id } } as const;
