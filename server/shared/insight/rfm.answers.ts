import { integer, nullableInteger, pageOf, rials, text, type AnswerOf } from '../contracts/answer-schemas.js';
import { RFM_INDEXES } from './rfm-points.js';

/** What RFM answers (`Rfm/*`); the client's RFM screen reads these types. Amounts are integer rials as text. */

const bound = { type: 'string', pattern: '^[0-9]+$' } as const;

export const rfmStrategyAnswer = {
  type: 'object', required: ['resellerId', 'windowDays', 'items'],
  properties: {
    resellerId: integer,
    windowDays: integer,
    items: {
      type: 'array',
      items: {
        type: 'object', required: ['index', 'range', 'valueStartRange', 'valueEndRange', 'point'],
        properties: { index: { type: 'string', enum: RFM_INDEXES }, range: integer, valueStartRange: bound, valueEndRange: { type: ['string', 'null'], pattern: '^[0-9]+$' }, point: integer },
      },
    },
  },
} as const;

export const rfmResultAnswer = {
  type: 'object',
  required: ['organizationId', 'organizationName', 'totalPoint', 'points', 'totalUsedCredit', 'realUsedCredit', 'totalSentCount', 'realSentCount',
    'totalSentParts', 'realSentParts', 'sendSmsFrequency', 'recentSendSms', 'usedCreditPerEachFrequency'],
  properties: {
    organizationId: integer,
    organizationName: text,
    totalPoint: integer,
    points: { type: 'object', required: ['recency', 'frequency', 'monetary'], properties: { recency: integer, frequency: integer, monetary: integer } },
    totalUsedCredit: rials,
    realUsedCredit: rials,
    totalSentCount: integer,
    realSentCount: integer,
    totalSentParts: integer,
    realSentParts: integer,
    sendSmsFrequency: integer,
    recentSendSms: nullableInteger,
    usedCreditPerEachFrequency: rials,
  },
} as const;

const page = pageOf(rfmResultAnswer);

export const rfmResultsAnswer = {
  type: 'object', required: [...page.required, 'resellerId', 'run', 'pageIndex', 'pageSize'],
  properties: {
    ...page.properties,
    resellerId: integer,
    pageIndex: integer,
    pageSize: integer,
    run: {
      type: ['object', 'null'], required: ['day', 'computedAt', 'customers', 'fromDate', 'toDate'],
      properties: { day: text, computedAt: text, customers: integer, fromDate: text, toDate: text },
    },
  },
} as const;

export type RfmStrategy = AnswerOf<typeof rfmStrategyAnswer>;
export type RfmResults = AnswerOf<typeof rfmResultsAnswer>;
export type RfmResult = AnswerOf<typeof rfmResultAnswer>;
