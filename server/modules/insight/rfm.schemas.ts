import { pagingQuerySchema } from '../../platform/http/router.js';
import { RFM_INDEXES } from '../../shared/insight/rfm-points.js';

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
/** Whole non-negative values: days, send days, or rials (as text: a monetary bound may pass 2^53). */
const bound = { type: 'string', pattern: '^[0-9]{1,30}$' } as const;

export const rfmResellerQuery = {
  type: 'object', additionalProperties: false,
  /** A reseller of the caller's slice; the active organization by default. */
  properties: { resellerId: id },
} as const;

export const rfmStrategySchema = {
  type: 'object', additionalProperties: false, required: ['items'],
  properties: {
    resellerId: id,
    items: {
      type: 'array', maxItems: 60,
      items: {
        type: 'object', additionalProperties: false, required: ['index', 'range', 'valueStartRange', 'point'],
        properties: {
          index: { type: 'string', enum: RFM_INDEXES },
          range: { type: 'integer', minimum: 1, maximum: 20 },
          valueStartRange: bound,
          valueEndRange: { type: ['string', 'null'], pattern: '^[0-9]{1,30}$', default: null },
          point: { type: 'integer', minimum: 0, maximum: 1000 },
        },
      },
    },
  },
} as const;

export const rfmResultsQuery = {
  type: 'object', additionalProperties: false,
  properties: {
    resellerId: id,
    pageIndex: pagingQuerySchema.pageIndex,
    pageSize: pagingQuerySchema.pageSize,
    /** Part of the customer's name. */
    name: { type: 'string', maxLength: 100 },
    minTotalPoint: { type: 'integer', minimum: 0, maximum: 3000 },
    maxTotalPoint: { type: 'integer', minimum: 0, maximum: 3000 },
    /** true: only customers without a send in the window; false: only those with one. */
    withoutSends: { type: 'boolean' },
    sort: { type: 'string', enum: ['totalPoint', 'realUsedCredit', 'realSentCount', 'sendSmsFrequency', 'recentSendSms'], default: 'totalPoint' },
  },
} as const;
