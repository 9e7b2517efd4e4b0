import { flag, idAnswer, instant, integer, nullableInteger, nullableText, pageOf, text, type AnswerOf } from '../contracts/answer-schemas.js';

/**
 * What `TextParsers/*` answers (server module inbound; the client's text-parsers feature reads
 * these types). The spec's field names; `senderNumber` is the line's number (read only).
 */
const parserProperties = {
  id: integer,
  organizationId: integer,
  userId: integer,
  title: text,
  privateNumberId: integer,
  senderNumber: nullableText,
  isActive: flag,
  isChildrenChange: flag,
  senderConditionType: text,
  senderConditionValue: nullableText,
  senderPhonebookId: nullableInteger,
  ifConditionType: text,
  ifConditionValue: nullableText,
  thenConditionType: text,
  thenConditionValue: nullableText,
  mobileNumber: nullableText,
  email: nullableText,
  matchingDynamicTemplateId: nullableInteger,
  noMatchingDynamicTemplateId: nullableInteger,
  ipAndPort: nullableText,
  sentDelayType: text,
  sentDelayValue: integer,
  createdAt: instant,
  lastModified: instant,
} as const;

const parserRequired = Object.keys(parserProperties) as (keyof typeof parserProperties)[];

export const textParserAnswer = { type: 'object', required: parserRequired, properties: parserProperties } as const;

export const textParserListItemAnswer = {
  type: 'object', required: [...parserRequired, 'userName'], properties: { ...parserProperties, userName: nullableText },
} as const;

export const textParsersPageAnswer = pageOf(textParserListItemAnswer);
export const textParserDeletedAnswer = idAnswer;

export type TextParserAnswer = AnswerOf<typeof textParserAnswer>;
export type TextParserListItem = AnswerOf<typeof textParserListItemAnswer>;
export type TextParsersPage = AnswerOf<typeof textParsersPageAnswer>;
