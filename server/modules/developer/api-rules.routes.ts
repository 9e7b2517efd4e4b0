import { idParamSchema, userRoute, type Controller } from '../../platform/http/router.js';
import { noAnswer } from '../../shared/contracts/answer-schemas.js';
import { callLogsPageAnswer, rateRuleAnswer, rateRulesPageAnswer, safeIpAnswer, safeIpsPageAnswer } from '../../shared/developer/api-tokens.answers.js';
import type { ApiRulesService } from './api-rules.service.js';
import { callLogsQuery, createClientRuleSchema, createIpRuleSchema, createSafeIpSchema, tokenIdParams, updateClientRuleSchema, updateIpRuleSchema } from './api-rules.schemas.js';

/**
 * Panel: a token's safe IPs, rate rules and call log, under `ApiTokens/…` beside the token routes.
 * Any signed-in user for their own tokens; the service applies the token list's tenancy rule.
 */
export function apiRulesController(s: ApiRulesService): Controller {
  return {
    name: 'ApiTokens',
    routes: [
      userRoute({ method: 'GET', action: 'SafeIps/GetAll/:tokenId', params: tokenIdParams, answer: safeIpsPageAnswer, handler: ({ ctx, params }) => s.safeIps(ctx, params.tokenId) }),
      userRoute({ method: 'POST', action: 'SafeIps/Create', body: createSafeIpSchema, answer: safeIpAnswer, handler: ({ ctx, body }) => s.addSafeIp(ctx, body) }),
      userRoute({ method: 'POST', action: 'SafeIps/Confirm/:id', params: idParamSchema, answer: safeIpAnswer, handler: ({ ctx, params }) => s.decideSafeIp(ctx, params.id, 'Confirm') }),
      userRoute({ method: 'POST', action: 'SafeIps/Reject/:id', params: idParamSchema, answer: safeIpAnswer, handler: ({ ctx, params }) => s.decideSafeIp(ctx, params.id, 'Reject') }),
      userRoute({ method: 'POST', action: 'SafeIps/UndoConfirm/:id', params: idParamSchema, answer: safeIpAnswer, handler: ({ ctx, params }) => s.decideSafeIp(ctx, params.id, 'UndoConfirm') }),
      userRoute({ method: 'DELETE', action: 'SafeIps/Delete/:id', params: idParamSchema, answer: noAnswer, handler: ({ ctx, params }) => s.removeSafeIp(ctx, params.id) }),

      userRoute({ method: 'GET', action: 'IpRules/GetAll/:tokenId', params: tokenIdParams, answer: rateRulesPageAnswer, handler: ({ ctx, params }) => s.rules(ctx, params.tokenId, 'Ip') }),
      userRoute({ method: 'POST', action: 'IpRules/Create', body: createIpRuleSchema, answer: rateRuleAnswer, handler: ({ ctx, body }) => s.createRule(ctx, 'Ip', body) }),
      userRoute({ method: 'POST', action: 'IpRules/Update', body: updateIpRuleSchema, answer: rateRuleAnswer, handler: ({ ctx, body }) => s.updateRule(ctx, 'Ip', body) }),
      userRoute({ method: 'DELETE', action: 'IpRules/Delete/:id', params: idParamSchema, answer: noAnswer, handler: ({ ctx, params }) => s.deleteRule(ctx, 'Ip', params.id) }),

      userRoute({ method: 'GET', action: 'ClientRules/GetAll/:tokenId', params: tokenIdParams, answer: rateRulesPageAnswer, handler: ({ ctx, params }) => s.rules(ctx, params.tokenId, 'Client') }),
      userRoute({ method: 'POST', action: 'ClientRules/Create', body: createClientRuleSchema, answer: rateRuleAnswer, handler: ({ ctx, body }) => s.createRule(ctx, 'Client', body) }),
      userRoute({ method: 'POST', action: 'ClientRules/Update', body: updateClientRuleSchema, answer: rateRuleAnswer, handler: ({ ctx, body }) => s.updateRule(ctx, 'Client', body) }),
      userRoute({ method: 'DELETE', action: 'ClientRules/Delete/:id', params: idParamSchema, answer: noAnswer, handler: ({ ctx, params }) => s.deleteRule(ctx, 'Client', params.id) }),

      userRoute({ method: 'GET', action: 'Logs', query: callLogsQuery, answer: callLogsPageAnswer, handler: ({ ctx, query }) => s.logs(ctx, { ...query, pageIndex: query.pageIndex ?? 0, pageSize: query.pageSize ?? 20 }) }),
    ],
  };
}
