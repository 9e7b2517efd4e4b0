import { flag, integer, nullableInteger, nullableText, text, type AnswerOf } from '../contracts/answer-schemas.js';
import { bucketsAnswer, creditDayAnswer } from './insight.answers.js';

/**
 * What `Reports/Get*Report` answer (insight CONTEXT.md, "Reports"). Periods are Tehran days
 * (`YYYY-MM-DD`) or Jalali months (`YYYY-MM`), each with the Tehran days it holds; amounts are
 * integer rials as text; `credit` is null without Financial.View.
 */
const figures = {
  sends: integer, messages: integer, parts: integer, sent: integer, delivered: integer, failed: integer, pending: integer,
  buckets: bucketsAnswer, credit: creditDayAnswer,
} as const;
const figuresRequired = ['sends', 'messages', 'parts', 'sent', 'delivered', 'failed', 'pending', 'buckets', 'credit'] as const;

export const reportAnswer = {
  type: 'object',
  required: ['fromDate', 'toDate', 'grouping', 'subject', 'totals', 'periods', 'operators', 'sendTypes', 'organizations'],
  properties: {
    fromDate: text,
    toDate: text,
    grouping: { type: 'string', enum: ['day', 'month'] },
    subject: {
      type: 'object',
      required: ['kind', 'organizationId', 'organizationName', 'userId', 'userName'],
      properties: { kind: { type: 'string', enum: ['user', 'organization', 'tree'] }, organizationId: integer, organizationName: text, userId: nullableInteger, userName: nullableText },
    },
    totals: { type: 'object', required: figuresRequired, properties: figures },
    periods: {
      type: 'array',
      items: { type: 'object', required: ['period', 'fromDate', 'toDate', ...figuresRequired], properties: { period: text, fromDate: text, toDate: text, ...figures } },
    },
    operators: { type: 'array', items: { type: 'object', required: ['operator', 'messages', 'parts'], properties: { operator: text, messages: integer, parts: integer } } },
    sendTypes: { type: 'array', items: { type: 'object', required: ['sendType', 'messages', 'parts', 'sent'], properties: { sendType: text, messages: integer, parts: integer, sent: integer } } },
    /** The tree report's rows: the root's own sends first, then each child with its subtree; null in the other reports. */
    organizations: {
      type: ['array', 'null'],
      items: {
        type: 'object',
        required: ['organizationId', 'organizationName', 'own', ...figuresRequired],
        properties: { organizationId: integer, organizationName: text, own: flag, ...figures },
      },
    },
  },
} as const;

export type ReportAnswer = AnswerOf<typeof reportAnswer>;
export type ReportFiguresAnswer = ReportAnswer['totals'];
