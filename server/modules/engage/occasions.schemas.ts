import { NAME_FORMAT } from '../../platform/http/validation.js';
import { pagingQuerySchema } from '../../platform/http/router.js';

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const ids = (max: number) => ({ type: 'array', maxItems: max, items: id }) as const;
// Required texts have no minLength: an empty one is answered with the module's own message, on its field.
const text = (max: number) => ({ type: 'string', maxLength: max }) as const;
/** A title shown in lists and the calendar: no bidi controls. */
const nameText = (max: number) => ({ ...text(max), format: NAME_FORMAT }) as const;

const occasionFields = {
  title: nameText(200),
  privateNumberId: id,
  phonebookIds: { type: 'array', minItems: 1, maxItems: 50, items: id },
  dynamicTemplateTitle: nameText(200),
  smsBody: text(5_000),
  sendHour: { type: 'integer', minimum: 0, maximum: 23 },
  howManyDaysSendItBeforeDueDate: { type: 'integer', minimum: 0, maximum: 365, default: 0 },
  calenderEvent: { type: 'boolean' },
  calendarEvents: { ...ids(100), default: [] },
  calenderOrganizationEvents: { ...ids(100), default: [] },
  phonebookCustomFieldNameEn: { type: ['string', 'null'], maxLength: 100, default: null },
  toConsiderYear: { type: 'boolean', default: false },
  isActive: { type: 'boolean', default: true },
} as const;

const OCCASION_REQUIRED = ['title', 'privateNumberId', 'phonebookIds', 'dynamicTemplateTitle', 'smsBody', 'sendHour', 'calenderEvent'] as const;

export const createOccasionSchema = {
  type: 'object', additionalProperties: false, required: OCCASION_REQUIRED, properties: occasionFields,
} as const;

export const updateOccasionSchema = {
  type: 'object', additionalProperties: false, required: ['id', ...OCCASION_REQUIRED], properties: { id, ...occasionFields },
} as const;

export const setActiveSchema = {
  type: 'object', additionalProperties: false, required: ['id', 'isActive'], properties: { id, isActive: { type: 'boolean' } },
} as const;

export const occasionsQuery = { type: 'object', additionalProperties: false, properties: { ...pagingQuerySchema } } as const;

const eventFields = {
  title: nameText(200),
  titleEn: { type: ['string', 'null'], maxLength: 200, format: NAME_FORMAT, default: null },
  jalaliYear: { type: ['integer', 'null'], minimum: 1300, maximum: 1500, default: null },
  jalaliMonth: { type: 'integer', minimum: 1, maximum: 12 },
  jalaliDay: { type: 'integer', minimum: 1, maximum: 31 },
  isHoliday: { type: 'boolean', default: false },
} as const;

export const createEventSchema = {
  type: 'object', additionalProperties: false, required: ['title', 'jalaliMonth', 'jalaliDay'], properties: eventFields,
} as const;

export const updateEventSchema = {
  type: 'object', additionalProperties: false, required: ['id', 'title', 'jalaliMonth', 'jalaliDay'], properties: { id, ...eventFields },
} as const;

export const eventsQuery = {
  type: 'object', additionalProperties: false,
  properties: { month: { type: 'integer', minimum: 1, maximum: 12 }, year: { type: 'integer', minimum: 1300, maximum: 1500 } },
} as const;
