import { flag, instant, integer, integers, nullableInstant, nullableInteger, nullableText, pageOf, rials, text, type AnswerOf } from '../contracts/answer-schemas.js';
import { createdSendAnswer } from './sends.answers.js';

/**
 * What the periodic send definitions answer (`ScheduledMessages/GetPeriodicSends`,
 * `CancelPeriodicSend`, and `Create` with typeSend periodic; server module messaging, client
 * feature sending). A definition is its `periodic_sends` row.
 */
const periodicProperties = {
  id: integer,
  organizationId: integer,
  userId: integer,
  privateNumberId: integer,
  senderAgentId: integer,
  senderNumber: text,
  lineType: text,
  smsText: text,
  isFlashSms: flag,
  sendType: text,
  description: nullableText,
  recipientCount: integer,
  wrongNumberCount: integer,
  duplicateCount: integer,
  /** The spec's SmsSentPeriodType. */
  periodType: { type: 'string', enum: ['Minute', 'Hour', 'Daily', 'Weekly', 'Monthly', 'Yearly'] },
  period: integer,
  /** Saturday = 0 … Friday = 6. */
  daysOfWeek: integers,
  sendHour: integer,
  sendMinute: integer,
  /** Tehran days, `YYYY-MM-DD`; endDate is inclusive. */
  startDate: text,
  endDate: nullableText,
  maxOccurrences: nullableInteger,
  /** Set on a GradualPeriodic definition (each occurrence a gradual send), null otherwise. */
  gradualStepCount: nullableInteger,
  gradualIntervalMinutes: nullableInteger,
  occurrences: integer,
  failedOccurrences: integer,
  dateTimeNext: nullableInstant,
  dateTimeLast: nullableInstant,
  lastSendId: nullableInteger,
  lastFailureCode: nullableText,
  status: { type: 'string', enum: ['Active', 'Canceled', 'Finished'] },
  createdAt: instant,
  updatedAt: instant,
} as const;

const periodicRequired = [
  'id', 'organizationId', 'userId', 'privateNumberId', 'senderAgentId', 'senderNumber', 'lineType', 'smsText', 'isFlashSms', 'sendType',
  'description', 'recipientCount', 'wrongNumberCount', 'duplicateCount', 'periodType', 'period', 'daysOfWeek', 'sendHour', 'sendMinute',
  'startDate', 'endDate', 'maxOccurrences', 'gradualStepCount', 'gradualIntervalMinutes', 'occurrences', 'failedOccurrences', 'dateTimeNext', 'dateTimeLast', 'lastSendId',
  'lastFailureCode', 'status', 'createdAt', 'updatedAt',
] as const;

/** A definition as `CancelPeriodicSend` answers it. */
export const periodicSendAnswer = { type: 'object', required: periodicRequired, properties: periodicProperties } as const;

/** `GetPeriodicSends` rows add the organization's and the owner's names. */
export const periodicListItemAnswer = {
  type: 'object',
  required: [...periodicRequired, 'organizationName', 'userName'],
  properties: { ...periodicProperties, organizationName: nullableText, userName: nullableText },
} as const;

export const periodicSendsPageAnswer = pageOf(periodicListItemAnswer);

/** A new definition (`Create` with typeSend periodic): what one occurrence costs now and the next occurrences. */
export const periodicCreatedAnswer = {
  type: 'object',
  required: [...periodicRequired, 'occurrencePrice', 'smsParts', 'blackListCount', 'upcoming'],
  properties: {
    ...periodicProperties,
    /** Integer rials as text. */
    occurrencePrice: rials,
    smsParts: integer,
    blackListCount: integer,
    upcoming: { type: 'array', items: instant },
  },
} as const;

/** `Create` and the bulk creates: typeSend periodic stores a definition, any other kind makes the send. */
export const createdSendOrPeriodicAnswer = { anyOf: [createdSendAnswer, periodicCreatedAnswer] } as const;

export type PeriodicSendAnswer = AnswerOf<typeof periodicSendAnswer>;
export type PeriodicListItem = AnswerOf<typeof periodicListItemAnswer>;
export type PeriodicSendsPage = AnswerOf<typeof periodicSendsPageAnswer>;
export type PeriodicCreatedAnswer = AnswerOf<typeof periodicCreatedAnswer>;
export type CreatedSendOrPeriodicAnswer = AnswerOf<typeof createdSendOrPeriodicAnswer>;
