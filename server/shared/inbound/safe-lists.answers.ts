import { flag, instant, integer, nullableInstant, nullableInteger, nullableText, pageOf, text, type AnswerOf } from '../contracts/answer-schemas.js';

/**
 * What `SafeLists/*` answers (server module inbound; client feature safe-lists): the spec's
 * Whitemessage request — a line and a phonebook people join and leave by texting a word.
 */
const safeListProperties = {
  id: integer,
  organizationId: integer,
  userId: integer,
  /** Null once the line or the phonebook is deleted: the list then does nothing. */
  privateNumberId: nullableInteger,
  phonebookId: nullableInteger,
  enterSms: text,
  exitSms: text,
  returnText: text,
  cancelText: nullableText,
  isSendCancelText: flag,
  /** Null: no limit. */
  dailyAddLimit: nullableInteger,
  monthlyAddLimit: nullableInteger,
  /** Days before the same number gets the join reply again (0: every time). */
  repeatTextDay: integer,
  status: { type: 'string', enum: ['WatingForConfirm', 'Confirmed', 'Rejected'] },
  decidedByUserId: nullableInteger,
  decidedAt: nullableInstant,
  rejectComment: nullableText,
  /** Join texts refused because a daily or monthly add limit was reached. */
  overLimitCount: integer,
  createdAt: instant,
  lastModified: instant,
} as const;

const safeListRequired = [
  'id', 'organizationId', 'userId', 'privateNumberId', 'phonebookId', 'enterSms', 'exitSms', 'returnText', 'cancelText', 'isSendCancelText',
  'dailyAddLimit', 'monthlyAddLimit', 'repeatTextDay', 'status', 'decidedByUserId', 'decidedAt', 'rejectComment', 'overLimitCount', 'createdAt', 'lastModified',
] as const;

/** A list as `Create`, `Update`, `Confirm/:id`, `Reject` and `UndoConfirm/:id` answer it. */
export const safeListAnswer = { type: 'object', required: safeListRequired, properties: safeListProperties } as const;

/** `GetAll` rows add a title (the join word), the owner, the organization, the line's number, the phonebook's title and its members. */
export const safeListItemAnswer = {
  type: 'object',
  required: [...safeListRequired, 'title', 'userName', 'organizationName', 'receiverNumber', 'phonebookTitle', 'membersCount'],
  properties: { ...safeListProperties, /** The join word: the list's name in the panel. */ title: text, userName: text, organizationName: text, receiverNumber: nullableText, phonebookTitle: nullableText, membersCount: integer },
} as const;

export const safeListPageAnswer = pageOf(safeListItemAnswer);

export type SafeListAnswer = AnswerOf<typeof safeListAnswer>;
export type SafeListItem = AnswerOf<typeof safeListItemAnswer>;
export type SafeListPage = AnswerOf<typeof safeListPageAnswer>;
