import { idParamSchema, userRoute, type Controller } from '../../platform/http/router.js';
import { assignModuleSchema, buyPlanSchema, createPlanSchema, listPlansQuery, orgQuery, updatePlanSchema } from './plans.schemas.js';
import type { PlansService } from './plans.service.js';
import {
  moduleAssignedAnswer, modulesPageAnswer, organizationModuleStatesAnswer, organizationModulesAnswer, planAnswer, planBoughtAnswer, planDeletedAnswer, plansPageAnswer,
} from '../../shared/billing/plans.answers.js';

/** Plans: managed with Financial.Tariffs (system or reseller), read and bought by a signed-in user of the buying organization. */
export function plansController(plans: PlansService): Controller {
  return {
    name: 'Plans',
    routes: [
      userRoute({ method: 'POST', action: 'Create', claim: 'Financial.Tariffs', body: createPlanSchema, answer: planAnswer, handler: ({ ctx, body }) => plans.create(ctx, body) }),
      userRoute({ method: 'POST', action: 'Update', claim: 'Financial.Tariffs', body: updatePlanSchema, answer: planAnswer, handler: ({ ctx, body }) => plans.update(ctx, body) }),
      userRoute({ method: 'GET', action: 'GetPlan/:id', params: idParamSchema, answer: planAnswer, handler: ({ ctx, params }) => plans.get(ctx, params.id) }),
      userRoute({ method: 'GET', action: 'GetAll', query: listPlansQuery, answer: plansPageAnswer, handler: ({ ctx, query }) => plans.list(ctx, query) }),
      userRoute({ method: 'DELETE', action: 'Delete/:id', claim: 'Financial.Tariffs', params: idParamSchema, answer: planDeletedAnswer, handler: ({ ctx, params }) => plans.delete(ctx, params.id) }),
      userRoute({ method: 'POST', action: 'Buy', claim: 'Financial.Payments', body: buyPlanSchema, answer: planBoughtAnswer, successMessage: 'billing.planPurchased', handler: ({ ctx, body }) => plans.buy(ctx, body) }),
    ],
  };
}

export function modulesController(plans: PlansService): Controller {
  return {
    name: 'Modules',
    routes: [
      { method: 'GET', action: 'GetAll', answer: modulesPageAnswer, handler: async () => plans.modules() },
      userRoute({ method: 'GET', action: 'GetOrganizationModules', claim: 'Financial.View', query: orgQuery, answer: organizationModulesAnswer, handler: ({ ctx, query }) => plans.organizationModules(ctx, query.organizationId) }),
      userRoute({ method: 'GET', action: 'GetOrganizationModuleStates', claim: 'Financial.View', query: orgQuery, answer: organizationModuleStatesAnswer, handler: ({ ctx, query }) => plans.organizationModuleStates(ctx, query.organizationId) }),
      userRoute({ method: 'POST', action: 'AssignToOrganization', claim: 'Financial.Tariffs', body: assignModuleSchema, answer: moduleAssignedAnswer, handler: ({ ctx, body }) => plans.assignModule(ctx, body) }),
    ],
  };
}
