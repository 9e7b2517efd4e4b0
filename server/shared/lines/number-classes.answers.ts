import { instant, integer, listOf, nullableText, pageOf, text, type AnswerOf } from '../contracts/answer-schemas.js';
import { NUMBER_CLASS_OPERATORS } from './line-catalogue.js';

/**
 * What `NumberClasses/*` answer, and a line's last class check as `PrivateNumbers/GetAll` and
 * `Get/:id` carry it (server module numbers, CONTEXT.md "Number classes"; the client's lines
 * feature reads these types).
 */

/** Each operator's own name or code of the class; operators that do not list it are absent. */
const operatorClasses = {
  type: 'object', additionalProperties: false,
  properties: Object.fromEntries(NUMBER_CLASS_OPERATORS.map((op) => [op, text])) as { [O in (typeof NUMBER_CLASS_OPERATORS)[number]]: typeof text },
} as const;

export const numberClassAnswer = {
  type: 'object',
  required: ['id', 'title', 'operatorClasses', 'patterns', 'description', 'createdAt', 'updatedAt'],
  properties: {
    id: integer, title: text, operatorClasses,
    /** Normalized: `3000` (a prefix) or `10001000-10001999` (an inclusive range). */
    patterns: { type: 'array', items: text },
    description: nullableText, createdAt: instant, updatedAt: instant,
  },
} as const;

export const numberClassesPageAnswer = pageOf(numberClassAnswer);

/** `CheckNow`: how many lines were checked, and the time each of them now carries. */
export const checkNowAnswer = {
  type: 'object', required: ['checkedCount', 'checkTime'], properties: { checkedCount: integer, checkTime: instant },
} as const;

/** One operator's class of a line (titles as at the check). */
export const lineClassAnswer = {
  type: 'object',
  required: ['operator', 'numberClassId', 'title', 'operatorClass'],
  properties: { operator: { type: 'string', enum: NUMBER_CLASS_OPERATORS }, numberClassId: integer, title: text, operatorClass: text },
} as const;

/** A line's last check: null = not checked yet; an empty `classes` = checked, no class. */
export const lineClassCheckAnswer = {
  anyOf: [
    { type: 'object', required: ['checkTime', 'classes'], properties: { checkTime: instant, classes: listOf(lineClassAnswer) } },
    { type: 'null' },
  ],
} as const;

export type NumberClassAnswer = AnswerOf<typeof numberClassAnswer>;
export type NumberClassesPage = AnswerOf<typeof numberClassesPageAnswer>;
export type CheckNowAnswer = AnswerOf<typeof checkNowAnswer>;
export type LineClassCheckAnswer = AnswerOf<typeof lineClassCheckAnswer>;
