import { pagingQuerySchema } from '../../platform/http/router.js';
import { SMS_AGGREGATORS } from '../../shared/inbound/sms-aggregators.js';

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;

const values = {
  privateNumberId: id,
  organizationId: id,
  regex: { type: 'string', minLength: 1, maxLength: 200 },
  smsAggregator: { type: ['string', 'null'], enum: [...SMS_AGGREGATORS, null] },
  isActive: { type: 'boolean' },
} as const;

export const aggregatorRulesQuery = { type: 'object', additionalProperties: false, properties: { ...pagingQuerySchema, privateNumberId: id } } as const;

export const createAggregatorRuleSchema = {
  type: 'object', additionalProperties: false, required: ['privateNumberId', 'organizationId', 'regex'],
  properties: values,
} as const;

export const updateAggregatorRuleSchema = {
  type: 'object', additionalProperties: false, required: ['id', 'privateNumberId', 'organizationId', 'regex'],
  properties: { id, ...values },
} as const;
