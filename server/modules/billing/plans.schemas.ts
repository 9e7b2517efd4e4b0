import { NAME_FORMAT } from '../../platform/http/validation.js';
import { amountSchema } from './money.js';

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const planProps = {
  title: { type: 'string', minLength: 1, maxLength: 200, format: NAME_FORMAT },
  planType: { type: 'string', minLength: 1, maxLength: 30 },
  planPrice: amountSchema(),
  extentionPrice: { anyOf: [amountSchema(), { type: 'null' }] },
  planInformation: { type: ['string', 'null'], maxLength: 4000 },
  modules: { type: 'array', maxItems: 50, items: { type: 'string', maxLength: 40 } },
  isActive: { type: 'boolean' },
} as const;
export const createPlanSchema = { type: 'object', additionalProperties: false, required: ['title', 'planType', 'planPrice'], properties: planProps } as const;
export const updatePlanSchema = { type: 'object', additionalProperties: false, required: ['id'], properties: { id, ...planProps } } as const;
export const buyPlanSchema = {
  type: 'object', additionalProperties: false, required: ['planId', 'requestId'],
  properties: { planId: id, requestId: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9._:-]+$' } },
} as const;
export const listPlansQuery = { type: 'object', additionalProperties: false, properties: { forPurchase: { type: 'boolean' } } } as const;
export const assignModuleSchema = {
  type: 'object', additionalProperties: false, required: ['organizationId', 'moduleId'],
  properties: { organizationId: id, moduleId: { type: 'string', maxLength: 40 }, assigned: { type: 'boolean', default: true } },
} as const;
export const orgQuery = { type: 'object', additionalProperties: false, properties: { organizationId: id } } as const;
