import { idParamSchema, userRoute, type Controller } from '../../platform/http/router.js';
import { NAME_FORMAT } from '../../platform/http/validation.js';
import { amountSchema } from './money.js';
import type { PlansService } from './plans.service.js';

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
const createPlanSchema = { type: 'object', additionalProperties: false, required: ['title', 'planType', 'planPrice'], properties: planProps } as const;
const updatePlanSchema = { type: 'object', additionalProperties: false, required: ['id'], properties: { id, ...planProps } } as const;
const buyPlanSchema = {
  type: 'object', additionalProperties: false, required: ['planId', 'requestId'],
  properties: { planId: id, requestId: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9._:-]+$' } },
} as const;
const listPlansQuery = { type: 'object', additionalProperties: false, properties: { forPurchase: { type: 'boolean' } } } as const;
const assignModuleSchema = {
  type: 'object', additionalProperties: false, required: ['organizationId', 'moduleId'],
  properties: { organizationId: id, moduleId: { type: 'string', maxLength: 40 }, assigned: { type: 'boolean', default: true } },
} as const;
const orgQuery = { type: 'object', additionalProperties: false, properties: { organizationId: id } } as const;

/** Plans: managed with Financial.Tariffs (system or reseller), read and bought by a signed-in user of the buying organization. */
export function plansController(plans: PlansService): Controller {
  return {
    name: 'Plans',
    routes: [
      userRoute({ method: 'POST', action: 'Create', claim: 'Financial.Tariffs', body: createPlanSchema, handler: ({ ctx, body }) => plans.create(ctx, body) }),
      userRoute({ method: 'POST', action: 'Update', claim: 'Financial.Tariffs', body: updatePlanSchema, handler: ({ ctx, body }) => plans.update(ctx, body) }),
      userRoute({ method: 'GET', action: 'GetPlan/:id', params: idParamSchema, handler: ({ ctx, params }) => plans.get(ctx, params.id) }),
      userRoute({ method: 'GET', action: 'GetAll', query: listPlansQuery, handler: ({ ctx, query }) => plans.list(ctx, query) }),
      userRoute({ method: 'DELETE', action: 'Delete/:id', claim: 'Financial.Tariffs', params: idParamSchema, handler: ({ ctx, params }) => plans.delete(ctx, params.id) }),
      userRoute({ method: 'POST', action: 'Buy', claim: 'Financial.Payments', body: buyPlanSchema, successMessage: 'billing.planPurchased', handler: ({ ctx, body }) => plans.buy(ctx, body) }),
    ],
  };
}

export function modulesController(plans: PlansService): Controller {
  return {
    name: 'Modules',
    routes: [
      { method: 'GET', action: 'GetAll', handler: async () => plans.modules() },
      userRoute({ method: 'GET', action: 'GetOrganizationModules', claim: 'Financial.View', query: orgQuery, handler: ({ ctx, query }) => plans.organizationModules(ctx, query.organizationId) }),
      userRoute({ method: 'POST', action: 'AssignToOrganization', claim: 'Financial.Tariffs', body: assignModuleSchema, handler: ({ ctx, body }) => plans.assignModule(ctx, body) }),
    ],
  };
}
