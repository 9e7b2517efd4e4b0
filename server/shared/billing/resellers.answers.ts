import { flag, instant, integer, nullableInstant, nullableText, pageOf, rials, text, type AnswerOf } from '../contracts/answer-schemas.js';

/** What `Resellers/*` answers (reseller margin, settings, targets); the client's reseller screens read these types. Amounts are integer rials as text. */

const figures = {
  parts: integer,
  customerPaid: rials,
  resellerCost: rials,
  margin: rials,
} as const;

export const marginSendAnswer = {
  type: 'object', required: ['sendId', 'createdAt', 'status', 'customerOrganizationId', 'customerOrganizationName', 'parts', 'customerPaid', 'resellerCost', 'margin'],
  properties: {
    /** The send's id; null for a hold that is not a send's. */
    sendId: { type: ['integer', 'null'] },
    createdAt: instant,
    status: { type: 'string', enum: ['held', 'settled'] },
    customerOrganizationId: integer,
    customerOrganizationName: text,
    ...figures,
  },
} as const;

const page = pageOf(marginSendAnswer);

export const marginAnswer = {
  type: 'object', required: [...page.required, 'resellerId', 'fromDate', 'toDate', 'groupBy', 'pageIndex', 'pageSize', 'totals', 'periods'],
  properties: {
    ...page.properties,
    resellerId: integer,
    fromDate: text,
    toDate: text,
    groupBy: { type: 'string', enum: ['day', 'month'] },
    pageIndex: integer,
    pageSize: integer,
    totals: { type: 'object', required: ['sends', 'parts', 'customerPaid', 'resellerCost', 'margin'], properties: { sends: integer, ...figures } },
    periods: {
      type: 'array',
      items: {
        type: 'object', required: ['period', 'sends', 'parts', 'customerPaid', 'resellerCost', 'margin'],
        /** period: a Tehran day `YYYY-MM-DD`, or a Jalali month `1405-09`. */
        properties: { period: text, sends: integer, ...figures },
      },
    },
  },
} as const;

export const resellerSettingsAnswer = {
  type: 'object', required: ['resellerId', 'pricePerSms', 'panelPercent', 'updatedAt', 'canManage'],
  properties: {
    resellerId: integer,
    pricePerSms: { type: ['string', 'null'], pattern: '^[0-9]+$' },
    panelPercent: nullableText,
    updatedAt: nullableInstant,
    /** Whether the caller may change them (an organization above the reseller). */
    canManage: flag,
  },
} as const;

export const resellerTargetAnswer = {
  type: 'object',
  required: ['id', 'resellerId', 'title', 'times', 'targetValue', 'credit', 'isActive', 'createdAt', 'period', 'sentParts', 'percent', 'rewarded', 'rewardedAt', 'rewards'],
  properties: {
    id: integer,
    resellerId: integer,
    title: nullableText,
    times: { type: 'string', enum: ['Monthly', 'Quarterly', 'Yearly'] },
    targetValue: integer,
    credit: rials,
    isActive: flag,
    createdAt: instant,
    /** The period now running. */
    period: { type: 'object', required: ['key', 'from', 'to'], properties: { key: text, from: instant, to: instant } },
    sentParts: integer,
    /** sentParts / targetValue, 0..100, whole. */
    percent: integer,
    rewarded: flag,
    rewardedAt: nullableInstant,
    /** Rewards paid, newest first (at most 12). */
    rewards: {
      type: 'array',
      items: { type: 'object', required: ['periodKey', 'parts', 'credit', 'rewardedAt'], properties: { periodKey: text, parts: integer, credit: rials, rewardedAt: instant } },
    },
  },
} as const;

export const resellerTargetsAnswer = {
  type: 'object', required: ['resellerId', 'resellerName', 'canManage', 'items'],
  properties: { resellerId: integer, resellerName: text, canManage: flag, items: { type: 'array', items: resellerTargetAnswer } },
} as const;

export const resellerTargetDeletedAnswer = { type: 'object', required: ['id'], properties: { id: integer } } as const;

export type ResellerMargin = AnswerOf<typeof marginAnswer>;
export type ResellerSettings = AnswerOf<typeof resellerSettingsAnswer>;
export type ResellerTarget = AnswerOf<typeof resellerTargetAnswer>;
export type ResellerTargets = AnswerOf<typeof resellerTargetsAnswer>;
