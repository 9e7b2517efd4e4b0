import { flag, instant, integer, listOf, nullableInstant, nullableInteger, nullableText, pageOf, text, type AnswerOf } from '../contracts/answer-schemas.js';

/**
 * What saved patterns answer (`Patterns/*`; server module messaging, client feature patterns). The
 * fast-pattern send and its preview answer a send and a calculation (sends.answers.ts).
 */
const patternProperties = {
  id: integer,
  organizationId: integer,
  userId: integer,
  title: text,
  smsText: text,
  /** The dynamic template the text was taken from, if any. */
  dynamicTemplateId: nullableInteger,
  status: { type: 'string', enum: ['WatingForConfirm', 'Confirmed', 'Rejected'] },
  decidedByUserId: nullableInteger,
  decidedAt: nullableInstant,
  /** Confirmed by someone who may confirm the organization's sends (above it, or the system administrator). */
  confirmedAbove: flag,
  rejectReason: nullableText,
  createdAt: instant,
  lastModified: instant,
} as const;

const patternRequired = [
  'id', 'organizationId', 'userId', 'title', 'smsText', 'dynamicTemplateId', 'status', 'decidedByUserId', 'decidedAt', 'confirmedAbove', 'rejectReason', 'createdAt',
  'lastModified',
] as const;

/** A pattern as `Create`, `Update`, `Confirm/:id` and `Reject` answer it. */
export const patternAnswer = { type: 'object', required: patternRequired, properties: patternProperties } as const;

/** `GetAll` rows add the owner's user name and the organization's name. */
export const patternListItemAnswer = {
  type: 'object',
  required: [...patternRequired, 'userName', 'organizationName'],
  properties: { ...patternProperties, userName: text, organizationName: text },
} as const;

export const patternsPageAnswer = pageOf(patternListItemAnswer);

/** `GetSelectList`: the confirmed patterns the caller may send with. */
export const patternChoiceAnswer = {
  type: 'object',
  required: ['id', 'title', 'smsText', 'confirmedAbove'],
  properties: { id: integer, title: text, smsText: text, confirmedAbove: flag },
} as const;

export const patternChoicesAnswer = listOf(patternChoiceAnswer);

export type PatternAnswer = AnswerOf<typeof patternAnswer>;
export type PatternListItem = AnswerOf<typeof patternListItemAnswer>;
export type PatternsPage = AnswerOf<typeof patternsPageAnswer>;
export type PatternChoiceAnswer = AnswerOf<typeof patternChoiceAnswer>;
