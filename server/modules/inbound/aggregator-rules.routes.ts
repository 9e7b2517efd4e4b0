import { idParamSchema, userRoute, type Controller } from '../../platform/http/router.js';
import { noAnswer } from '../../shared/contracts/answer-schemas.js';
import { aggregatorRuleAnswer, aggregatorRulePageAnswer } from '../../shared/inbound/aggregator-rules.answers.js';
import { AGGREGATOR_RULES_CLAIM, type AggregatorRulesService } from './aggregator-rules.service.js';
import { aggregatorRulesQuery, createAggregatorRuleSchema, updateAggregatorRuleSchema } from './aggregator-rules.schemas.js';

export function aggregatorRulesController(s: AggregatorRulesService): Controller {
  const claim = AGGREGATOR_RULES_CLAIM;
  return {
    name: 'AggregatorRules',
    routes: [
      userRoute({ method: 'GET', action: 'GetAll', claim, query: aggregatorRulesQuery, answer: aggregatorRulePageAnswer, handler: ({ ctx, query }) => s.list(ctx, query) }),
      userRoute({ method: 'GET', action: 'Get/:id', claim, params: idParamSchema, answer: aggregatorRuleAnswer, handler: ({ ctx, params }) => s.get(ctx, params.id) }),
      userRoute({ method: 'POST', action: 'Create', claim, body: createAggregatorRuleSchema, answer: aggregatorRuleAnswer, successMessage: 'inbound.aggregator.saved', handler: ({ ctx, body }) => s.create(ctx, body) }),
      userRoute({ method: 'POST', action: 'Update', claim, body: updateAggregatorRuleSchema, answer: aggregatorRuleAnswer, successMessage: 'inbound.aggregator.saved', handler: ({ ctx, body }) => s.update(ctx, body) }),
      userRoute({ method: 'DELETE', action: 'Delete/:id', claim, params: idParamSchema, answer: noAnswer, successMessage: 'inbound.aggregator.deleted', handler: ({ ctx, params }) => s.delete(ctx, params.id) }),
    ],
  };
}
