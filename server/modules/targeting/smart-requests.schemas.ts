import { NAME_FORMAT } from '../../platform/http/validation.js';
import { pagingQuerySchema } from '../../platform/http/router.js';
export {
  smartAgentsAnswer, smartEstimateAnswer, smartRequestAnswer, smartRequestDetailAnswer, smartRequestListAnswer, smartRequestsPageAnswer,
  SMART_OPERATORS, SMART_REQUEST_STAGES, SMART_SMS_STATUS_NAMES,
} from '../../shared/targeting/smart-requests.answers.js';
import { SMART_OPERATORS, SMART_REQUEST_STAGES, SMART_SMS_STATUS_NAMES } from '../../shared/targeting/smart-requests.answers.js';

/**
 * Requests of `SmartSmsRecipients/*` (targeting CONTEXT.md, "Smart requests API"). The shapes of
 * areas are checked loosely here and exactly by the service (geo-areas.ts + Turf), so the spec's
 * own messages ('Please select a polygon.', …) answer instead of ajv's.
 */

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const count = { type: ['integer', 'null'], minimum: 1, maximum: 100_000_000 } as const;
const optionalText = { type: ['string', 'null'], maxLength: 100, format: NAME_FORMAT } as const;
const position = { type: 'array', minItems: 2, maxItems: 2, items: { type: 'number' } } as const;

/** One drawn area, GeoJSON order `[longitude, latitude]` (server/shared/targeting/geo-areas.ts `GeoArea`). */
const area = {
  type: 'object', additionalProperties: false, required: ['type'],
  properties: {
    type: { enum: ['Polygon', 'Circle', 'Rectangle'] },
    coordinates: { type: 'array', maxItems: 20, items: { type: 'array', maxItems: 2000, items: position } },
    center: position,
    radiusMeters: { type: 'number' },
    bbox: { type: 'array', minItems: 4, maxItems: 4, items: { type: 'number' } },
  },
} as const;

/** A periodic request's rule: its occurrences repeat the request (targeting CONTEXT.md "Periodic smart requests"). */
const periodic = {
  type: ['object', 'null'], additionalProperties: false, required: ['periodType'],
  properties: {
    periodType: { enum: ['Daily', 'Weekly', 'Monthly'], title: 'Repeat every / تکرار هر' },
    weekDays: { type: 'array', maxItems: 7, uniqueItems: true, items: { type: 'integer', minimum: 0, maximum: 6 }, title: 'Week days (0 = Saturday) / روزهای هفته' },
    repeatCount: { type: 'integer', minimum: 1, maximum: 365, title: 'Repetitions / تعداد تکرار' },
    endDate: { type: 'string', format: 'date-time', title: 'Repeat until / تکرار تا' },
  },
} as const;

const requestProperties = {
  requestName: { type: 'string', maxLength: 100, format: NAME_FORMAT, title: 'Title / عنوان' },
  text: { type: 'string', maxLength: 2000, title: 'Message text / متن پیام' },
  senderAgentId: { ...id, title: 'BTS sender agent (none: the default) / ارسال‌کننده BTS' },
  operator: { type: ['string', 'null'], enum: [...SMART_OPERATORS, null], title: 'Operator / اپراتور' },
  areas: { type: 'array', maxItems: 20, items: area, title: 'Areas drawn on the map / محدوده‌ها' },
  residenceState: { type: 'boolean', default: true, title: 'People who live there / ساکنین' },
  joberState: { type: 'boolean', default: false, title: 'People who work there / شاغلین' },
  travellerState: { type: 'boolean', default: false, title: 'People passing through / مسافرین' },
  provinces: { type: 'array', maxItems: 31, uniqueItems: true, items: { type: 'string', minLength: 1, maxLength: 100 }, default: [], title: 'Provinces / استان‌ها' },
  ageFrom: { type: ['integer', 'null'], minimum: 0, maximum: 120, title: 'Age from / سن از' },
  ageTo: { type: ['integer', 'null'], minimum: 0, maximum: 120, title: 'Age to / سن تا' },
  gender: { enum: ['All', 'Man', 'Woman'], default: 'All', title: 'Gender / جنسیت' },
  deviceType: { ...optionalText, title: 'Device type / نوع دستگاه' },
  brand: { ...optionalText, title: 'Brand / برند' },
  model: { ...optionalText, title: 'Model / مدل' },
  mobilePrefix: { type: 'array', maxItems: 50, uniqueItems: true, items: { type: 'string', pattern: '^09[0-9]{0,9}$' }, default: [], title: 'Mobile prefixes / پیش‌شماره‌ها' },
  cellList: { type: 'array', maxItems: 1000, uniqueItems: true, items: { type: 'string', maxLength: 50 }, default: [], title: 'Cell list / فهرست سلول‌ها' },
  smartRequestType: { enum: ['Area', 'CellList'], default: 'Area', title: 'Request type / نوع درخواست' },
  operationType: { ...optionalText, title: 'Operation type / نوع عملیات' },
  grayListExpireHour: { type: ['integer', 'null'], minimum: 0, maximum: 8760, title: 'Gray list (hours) / لیست خاکستری (ساعت)' },
  sentDelayType: { enum: ['None', 'Minute', 'Hour'], default: 'None', title: 'Send delay unit / واحد تأخیر ارسال' },
  sentDelayValue: { type: 'integer', minimum: 0, maximum: 10_000, default: 0, title: 'Send delay / تأخیر ارسال' },
  sendCountType: { enum: ['Count', 'Percentage'], default: 'Count', title: 'Send count type / نوع تعداد ارسال' },
  countToSend: { ...count, title: 'Count to send (per area) / تعداد ارسال' },
  percentageToSend: { type: ['integer', 'null'], minimum: 1, maximum: 100, title: 'Percentage to send / درصد ارسال' },
  maxSendCount: { ...count, title: 'Max send count / حداکثر تعداد ارسال' },
  maxDailySendCount: { ...count, title: 'Max daily send count / حداکثر ارسال روزانه' },
  startDatetime: { type: 'string', format: 'date-time', title: 'Presence from / حضور از' },
  endDatetime: { type: 'string', format: 'date-time', title: 'Presence until / حضور تا' },
} as const;

/** Required by ajv: the presence window (the spec forces the date period). Title, operator and areas are the service's, with the spec's messages. */
const requestRequired = ['startDatetime', 'endDatetime'] as const;

export const createSmartRequestSchema = {
  type: 'object', additionalProperties: false, required: requestRequired,
  properties: requestProperties,
  examples: [{
    requestName: 'Mall opening', text: 'Welcome!', operator: 'MCI',
    areas: [{ type: 'Polygon', coordinates: [[[51.38, 35.7], [51.4, 35.7], [51.4, 35.72], [51.38, 35.72]]] }],
    residenceState: true, gender: 'Woman', sendCountType: 'Count', countToSend: 100,
    startDatetime: '2026-12-01T10:00:00Z', endDatetime: '2026-12-01T10:30:00Z',
  }],
} as const;

export const createPeriodicSmartRequestSchema = {
  type: 'object', additionalProperties: false, required: [...requestRequired, 'periodicSmartSms'],
  properties: { ...requestProperties, periodicSmartSms: periodic },
} as const;

/**
 * P2P: one text per operator over the same audience; each item becomes its own request (the BTS
 * takes one text per request). Every item names its operator (spec: "Smart P2P requires an operator").
 */
export const createP2PSmartRequestsSchema = {
  type: 'object', additionalProperties: false, required: [...requestRequired, 'items'],
  properties: {
    ...requestProperties,
    items: {
      type: 'array', minItems: 1, maxItems: 3, title: 'Texts per operator / متن هر اپراتور',
      items: {
        type: 'object', additionalProperties: false, required: ['text'],
        properties: { operator: requestProperties.operator, text: requestProperties.text, countToSend: requestProperties.countToSend, percentageToSend: requestProperties.percentageToSend },
      },
    },
  },
} as const;

/** Update: the whole request again, with its id (only while it may be edited). */
export const updateSmartRequestSchema = {
  type: 'object', additionalProperties: false, required: [...requestRequired, 'id'],
  properties: { id: { ...id, title: 'Request / درخواست' }, ...requestProperties, periodicSmartSms: periodic },
} as const;

/** Estimate: the same body as a create; text optional (one part assumed when empty). */
export const estimateSmartRequestSchema = {
  type: 'object', additionalProperties: false, required: requestRequired,
  properties: { ...requestProperties, periodicSmartSms: periodic },
} as const;

export const rejectSmartRequestSchema = {
  type: 'object', additionalProperties: false,
  properties: { reason: { type: ['string', 'null'], maxLength: 500, title: 'Reject reason / دلیل رد' } },
} as const;

export const smartRequestsQuery = {
  type: 'object', additionalProperties: false,
  properties: {
    pageIndex: pagingQuerySchema.pageIndex,
    pageSize: pagingQuerySchema.pageSize,
    search: pagingQuerySchema.search,
    status: { enum: SMART_SMS_STATUS_NAMES, title: 'Status / وضعیت' },
    stage: { enum: SMART_REQUEST_STAGES, title: 'Stage / مرحله' },
  },
} as const;

/** Route names under `/api/SmartSmsRecipients/` (method, action). */
export const SMART_REQUEST_ROUTES = {
  create: ['POST', 'CreateSmartSmsRecipient'],
  createPeriodic: ['POST', 'CreatePeriodicSmartSmsRecipient'],
  createP2P: ['POST', 'CreateP2PSmartSmsRecipients'],
  estimate: ['POST', 'Estimate'],
  getAgents: ['GET', 'GetAgents'],
  getAll: ['GET', 'GetAll'],
  get: ['GET', 'Get/:id'],
  update: ['POST', 'Update'],
  confirm: ['POST', 'Confirm/:id'],
  reject: ['POST', 'Reject/:id'],
  cancel: ['POST', 'Cancel/:id'],
} as const;
