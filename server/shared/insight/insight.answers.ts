import { integer, nullableInstant, nullableRials, nullableText, rials, text, type AnswerOf } from '../contracts/answer-schemas.js';
import { DELIVERY_BUCKETS } from './delivery-buckets.js';

/**
 * What insight answers (`Dashboard/GetInformationsForDashboard`, `OutBox/GetDailyStatistics`; the
 * client's dashboard reads these types). Days are Tehran days (`YYYY-MM-DD`); amounts are integer
 * rials as text.
 */

function countsOf<const K extends readonly string[]>(keys: K) {
  return Object.fromEntries(keys.map((k) => [k, integer])) as { [P in K[number]]: typeof integer };
}

/** Receivers per delivery bucket (delivery-buckets.ts), every bucket named. */
export const bucketsAnswer = { type: 'object', required: DELIVERY_BUCKETS, properties: countsOf(DELIVERY_BUCKETS) } as const;

/** Receivers (`messages`) and their parts. */
const countsProperties = { messages: integer, parts: integer } as const;
const countsAnswer = { type: 'object', required: ['messages', 'parts'], properties: countsProperties } as const;

/** Per delivery status, the statuses met only. */
const statusesAnswer = { type: 'object', additionalProperties: countsAnswer } as const;

/** What sends were charged, what refunds gave back, and the difference. */
export const creditDayAnswer = {
  type: ['object', 'null'],
  required: ['charged', 'givenBack', 'used'],
  properties: { charged: rials, givenBack: rials, used: rials },
} as const;

const dayProperties = { date: text, sends: integer, ...countsProperties, sent: integer, statuses: statusesAnswer } as const;
const dayRequired = ['date', 'sends', 'messages', 'parts', 'sent', 'statuses'] as const;

const totalsAnswer = {
  type: 'object',
  required: ['sends', 'messages', 'parts', 'sent', 'buckets'],
  properties: { sends: integer, ...countsProperties, sent: integer, buckets: bucketsAnswer },
} as const;

export const dashboardDayAnswer = {
  type: 'object',
  required: [...dayRequired, 'buckets', 'sendTypes', 'credit'],
  properties: {
    ...dayProperties,
    buckets: bucketsAnswer,
    /** Per send type, the types met only. */
    sendTypes: {
      type: 'object',
      additionalProperties: { type: 'object', required: ['messages', 'parts', 'sent'], properties: { ...countsProperties, sent: integer } },
    },
    /** Null without Financial.View, or for a plain user without an allowance account. */
    credit: creditDayAnswer,
  },
} as const;

export const dashboardAnswer = {
  type: 'object',
  required: ['fromDate', 'toDate', 'scope', 'organization', 'totals', 'days', 'sendTypes', 'operators', 'topLines', 'credit'],
  properties: {
    fromDate: text,
    toDate: text,
    /** `user`: a plain user sees only their own sends (as in the outbox). */
    scope: { type: 'string', enum: ['organization', 'user'] },
    organization: {
      type: 'object',
      required: ['id', 'name', 'credit', 'lastLoginAt', 'lastLoginIp'],
      properties: {
        id: integer,
        name: text,
        /** Available credit; null without Financial.View. */
        credit: nullableRials,
        /** The caller's own last sign-in. */
        lastLoginAt: nullableInstant,
        lastLoginIp: nullableText,
      },
    },
    totals: totalsAnswer,
    days: { type: 'array', items: dashboardDayAnswer },
    sendTypes: {
      type: 'array',
      items: { type: 'object', required: ['sendType', 'messages', 'parts', 'sent'], properties: { sendType: text, ...countsProperties, sent: integer } },
    },
    operators: {
      type: 'array',
      items: { type: 'object', required: ['operator', 'messages', 'parts'], properties: { operator: text, ...countsProperties } },
    },
    topLines: {
      type: 'array',
      items: {
        type: 'object',
        required: ['privateNumberId', 'senderNumber', 'messages', 'parts'],
        properties: { privateNumberId: integer, senderNumber: text, ...countsProperties },
      },
    },
    credit: creditDayAnswer,
  },
} as const;

/** A day of `GetDailyStatistics`: the dashboard's day with its buckets as fields of their own, no send types. */
export const dailyStatisticsDayAnswer = {
  type: 'object',
  required: [...dayRequired, ...DELIVERY_BUCKETS],
  properties: { ...dayProperties, ...countsOf(DELIVERY_BUCKETS) },
} as const;

export const dailyStatisticsAnswer = {
  type: 'object',
  required: ['fromDate', 'toDate', 'items', 'totals'],
  properties: { fromDate: text, toDate: text, items: { type: 'array', items: dailyStatisticsDayAnswer }, totals: totalsAnswer },
} as const;

/** `AnswerOf` closes objects, which would leave a map with no keys: the per-status and per-type maps are typed here. */
type CountsAnswer = AnswerOf<typeof countsAnswer>;
type StatusMaps = { statuses: Record<string, CountsAnswer> };

export type DashboardDayAnswer = Omit<AnswerOf<typeof dashboardDayAnswer>, 'statuses' | 'sendTypes'> & StatusMaps & {
  sendTypes: Record<string, CountsAnswer & { sent: number }>;
};
export type DashboardAnswer = Omit<AnswerOf<typeof dashboardAnswer>, 'days'> & { days: DashboardDayAnswer[] };
export type CreditDayAnswer = AnswerOf<typeof creditDayAnswer>;
export type DailyStatisticsDayAnswer = Omit<AnswerOf<typeof dailyStatisticsDayAnswer>, 'statuses'> & StatusMaps;
export type DailyStatisticsAnswer = Omit<AnswerOf<typeof dailyStatisticsAnswer>, 'items'> & { items: DailyStatisticsDayAnswer[] };
