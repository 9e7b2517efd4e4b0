import { pagingQuerySchema } from '../../platform/http/router.js';
import { NAME_FORMAT } from '../../platform/http/validation.js';
import { amountSchema } from './money.js';
import { TARGET_TIMES } from './reseller-periods.js';

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const day = { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' } as const;

export const resellerQuery = {
  type: 'object', additionalProperties: false,
  /** A reseller of the caller's slice; the caller's own organization by default. */
  properties: { resellerId: id },
} as const;

export const marginQuery = {
  type: 'object', additionalProperties: false,
  properties: {
    resellerId: id,
    /** Tehran days, inclusive; the last 30 days by default. */
    fromDate: day,
    toDate: day,
    /** day: Tehran days; month: Jalali months. */
    groupBy: { type: 'string', enum: ['day', 'month'], default: 'day' },
    customerOrganizationId: id,
    pageIndex: pagingQuerySchema.pageIndex,
    pageSize: pagingQuerySchema.pageSize,
  },
} as const;

export const resellerSettingsSchema = {
  type: 'object', additionalProperties: false, required: ['resellerId'],
  properties: {
    resellerId: id,
    /** Rials per SMS part, agreed with the parent (a reference figure). */
    pricePerSms: { anyOf: [...amountSchema(true).anyOf, { type: 'null' }], default: null },
    /** Percent of the reseller's panel sales due to its parent, up to two decimals (a reference figure). */
    panelPercent: { anyOf: [{ type: 'number', minimum: 0, maximum: 100 }, { type: 'string', maxLength: 6 }, { type: 'null' }], default: null },
  },
} as const;

const targetFields = {
  title: { type: ['string', 'null'], maxLength: 200, format: NAME_FORMAT, default: null },
  times: { type: 'string', enum: TARGET_TIMES },
  /** SMS parts the reseller's subtree sends in one period. */
  targetValue: { type: 'integer', minimum: 1, maximum: 1_000_000_000_000 },
  /** The reward, rials. */
  credit: amountSchema(),
  isActive: { type: 'boolean', default: true },
} as const;

export const createTargetSchema = {
  type: 'object', additionalProperties: false, required: ['resellerId', 'times', 'targetValue', 'credit'],
  properties: { resellerId: id, ...targetFields },
} as const;

export const updateTargetSchema = {
  type: 'object', additionalProperties: false, required: ['id', 'times', 'targetValue', 'credit'],
  properties: { id, ...targetFields },
} as const;
