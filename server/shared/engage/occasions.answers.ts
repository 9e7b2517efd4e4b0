import { flag, idAnswer, instant, integer, integers, nullableInteger, nullableRials, nullableText, pageOf, text, type AnswerOf } from '../contracts/answer-schemas.js';

/**
 * What `OccasionScheduledMessages/*` and `CalendarEvents/*` answer (server module engage; the
 * client's occasions feature reads these types). The names are the spec's, misspellings included
 * (`calenderEvent`, `calenderOrganizationEvents`).
 */
const occasionProperties = {
  id: integer,
  organizationId: integer,
  userId: integer,
  title: text,
  privateNumberId: integer,
  phonebookIds: integers,
  dynamicTemplateTitle: text,
  smsBody: text,
  sendHour: integer,
  howManyDaysSendItBeforeDueDate: integer,
  calenderEvent: flag,
  calendarEvents: integers,
  calenderOrganizationEvents: integers,
  phonebookCustomFieldNameEn: nullableText,
  toConsiderYear: flag,
  isActive: flag,
  /** The Tehran day (`YYYY-MM-DD`) of the latest run; null before the first. */
  lastRunDay: nullableText,
  lastSendId: nullableInteger,
  lastFailureCode: nullableText,
  createdAt: instant,
  updatedAt: instant,
  /** The Tehran day the occasion was created: no run answers a day before it. */
  firstRunDay: text,
} as const;

const occasionRequired = [
  'id', 'organizationId', 'userId', 'title', 'privateNumberId', 'phonebookIds', 'dynamicTemplateTitle', 'smsBody', 'sendHour',
  'howManyDaysSendItBeforeDueDate', 'calenderEvent', 'calendarEvents', 'calenderOrganizationEvents', 'phonebookCustomFieldNameEn',
  'toConsiderYear', 'isActive', 'lastRunDay', 'lastSendId', 'lastFailureCode', 'firstRunDay',
] as const;

export const occasionAnswer = {
  type: 'object', required: occasionRequired, properties: occasionProperties,
} as const;

/** One day's answer of an occasion with its send's outcome (`Get/:id`'s `runs`, newest first). */
export const occasionRunAnswer = {
  type: 'object',
  required: ['runDay', 'sendId', 'recipientCount', 'failureCode', 'queueStatus', 'status', 'totalPrice'],
  properties: {
    runDay: text,
    sendId: nullableInteger,
    recipientCount: integer,
    failureCode: nullableText,
    queueStatus: nullableText,
    status: nullableText,
    /** Integer rials as text. */
    totalPrice: nullableRials,
  },
} as const;

/** `GetAll`'s rows add the line's number and the owner's user name. */
export const occasionListItemAnswer = {
  type: 'object',
  required: [...occasionRequired, 'senderNumber', 'userName'],
  properties: { ...occasionProperties, senderNumber: nullableText, userName: nullableText },
} as const;

export const occasionsPageAnswer = pageOf(occasionListItemAnswer);

export const occasionDetailAnswer = {
  type: 'object',
  required: [...occasionRequired, 'runs'],
  properties: { ...occasionProperties, runs: { type: 'array', items: occasionRunAnswer } },
} as const;

export const occasionDeletedAnswer = idAnswer;

/** A system event (`organizationId` null: the official holidays, read only) or the organization's own. */
export const calendarEventAnswer = {
  type: 'object',
  required: ['id', 'organizationId', 'title', 'titleEn', 'jalaliYear', 'jalaliMonth', 'jalaliDay', 'isHoliday', 'isSystem'],
  properties: {
    id: integer,
    organizationId: nullableInteger,
    title: text,
    titleEn: nullableText,
    /** Null: every year on this Jalali month and day. */
    jalaliYear: nullableInteger,
    jalaliMonth: integer,
    jalaliDay: integer,
    isHoliday: flag,
    isSystem: flag,
  },
} as const;

export const calendarEventsAnswer = pageOf(calendarEventAnswer);

export type OccasionAnswer = AnswerOf<typeof occasionAnswer>;
export type OccasionListItem = AnswerOf<typeof occasionListItemAnswer>;
export type OccasionsPage = AnswerOf<typeof occasionsPageAnswer>;
export type OccasionDetail = AnswerOf<typeof occasionDetailAnswer>;
export type OccasionRunAnswer = AnswerOf<typeof occasionRunAnswer>;
export type CalendarEventAnswer = AnswerOf<typeof calendarEventAnswer>;
export type CalendarEventsPage = AnswerOf<typeof calendarEventsAnswer>;
