import { idParamSchema, userRoute, type Controller } from '../../platform/http/router.js';
import type { SmartRequestsService } from './smart-requests.service.js';
import {
  createP2PSmartRequestsSchema, createPeriodicSmartRequestSchema, createSmartRequestSchema, estimateSmartRequestSchema, rejectSmartRequestSchema,
  smartAgentsAnswer, smartEstimateAnswer, smartRequestAnswer, smartRequestDetailAnswer, smartRequestListAnswer, smartRequestsPageAnswer, smartRequestsQuery, updateSmartRequestSchema,
} from './smart-requests.schemas.js';

/**
 * `SmartSmsRecipients/*` (spec call names): smart requests drawn on the map, sent through a `bts`
 * sender agent. Panel only for now (API tokens' isCanSendSmart / canUseSmartClass open no path yet).
 */
export function smartRequestsController(s: SmartRequestsService): Controller {
  return {
    name: 'SmartSmsRecipients',
    routes: [
      userRoute({ method: 'POST', action: 'CreateSmartSmsRecipient', claim: 'Sending.Smart', body: createSmartRequestSchema, answer: smartRequestAnswer, handler: ({ ctx, body }) => s.create(ctx, body) }),
      userRoute({ method: 'POST', action: 'CreatePeriodicSmartSmsRecipient', claim: 'Sending.Smart', body: createPeriodicSmartRequestSchema, answer: smartRequestAnswer, handler: ({ ctx, body }) => s.create(ctx, body) }),
      userRoute({ method: 'POST', action: 'CreateP2PSmartSmsRecipients', claim: 'Sending.Smart', body: createP2PSmartRequestsSchema, answer: smartRequestListAnswer, handler: ({ ctx, body }) => s.createP2P(ctx, body) }),
      userRoute({ method: 'POST', action: 'Estimate', claim: 'Sending.Smart', body: estimateSmartRequestSchema, answer: smartEstimateAnswer, handler: ({ ctx, body }) => s.estimate(ctx, body) }),
      userRoute({ method: 'GET', action: 'GetAgents', claim: 'Sending.Smart', answer: smartAgentsAnswer, handler: () => s.agents() }),
      userRoute({ method: 'GET', action: 'GetAll', query: smartRequestsQuery, answer: smartRequestsPageAnswer, handler: ({ ctx, query }) => s.list(ctx, query) }),
      userRoute({ method: 'GET', action: 'Get/:id', params: idParamSchema, answer: smartRequestDetailAnswer, handler: ({ ctx, params }) => s.get(ctx, params.id) }),
      userRoute({ method: 'POST', action: 'Update', claim: 'Sending.Smart', body: updateSmartRequestSchema, answer: smartRequestAnswer, handler: ({ ctx, body }) => s.update(ctx, body) }),
      userRoute({ method: 'POST', action: 'Confirm/:id', params: idParamSchema, answer: smartRequestAnswer, handler: ({ ctx, params }) => s.decide(ctx, params.id, 'Confirm') }),
      userRoute({ method: 'POST', action: 'Reject/:id', params: idParamSchema, body: rejectSmartRequestSchema, answer: smartRequestAnswer, handler: ({ ctx, params, body }) => s.decide(ctx, params.id, 'Reject', body?.reason ?? null) }),
      userRoute({ method: 'POST', action: 'Cancel/:id', params: idParamSchema, answer: smartRequestAnswer, handler: ({ ctx, params }) => s.cancel(ctx, params.id) }),
    ],
  };
}
