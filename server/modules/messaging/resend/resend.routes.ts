import { idParamSchema, userRoute, type Controller } from '../../../platform/http/router.js';
import { forbidden } from '../../../platform/http/errors.js';
import { ResendService } from './resend.service.js';
import { manualResendSchema, resendRuleSchema, resendRulesQuery } from './resend.schemas.js';
import { resendLinksAnswer, resendRuleAnswer, resendRuleDeletedAnswer, resendRulesPageAnswer } from '../../../shared/sends/resend.answers.js';
import { createdSendAnswer } from '../../../shared/sends/sends.answers.js';

/** The outbox's resend actions: resend by delivery status, and the links between a send and its resends. */
export function resendOutboxController(resend: ResendService): Controller {
  return {
    name: 'OutBox',
    routes: [
      userRoute({
        method: 'POST', action: 'ResendByDeliveryStatus', body: manualResendSchema, answer: createdSendAnswer, claim: 'SmsReports.Outbox',
        handler: async ({ ctx, body }) => {
          // A resend is a new bulk send: it needs the send claim as well as the outbox.
          if (!ctx.principal.claims.has('Sending.Bulk')) throw forbidden();
          return resend.manual(ctx, body);
        },
      }),
      userRoute({ method: 'GET', action: 'GetResends/:id', params: idParamSchema, answer: resendLinksAnswer, claim: 'SmsReports.Outbox', handler: async ({ ctx, params }) => resend.links(ctx, params.id) }),
    ],
  };
}

/** The spec's automatic resend rules of a line (privateNumber, deliveryStatus, targetPrivateNumbers). */
export function automaticResendsController(resend: ResendService): Controller {
  return {
    name: 'AutomaticResends',
    routes: [
      userRoute({ method: 'GET', action: 'GetAll', query: resendRulesQuery, answer: resendRulesPageAnswer, claim: 'Sending.Bulk', handler: async ({ ctx, query }) => resend.rules(ctx, query.privateNumberId) }),
      userRoute({ method: 'POST', action: 'Create', body: resendRuleSchema, answer: resendRuleAnswer, claim: 'Sending.Bulk', handler: async ({ ctx, body }) => resend.createRule(ctx, body) }),
      userRoute({ method: 'POST', action: 'Delete/:id', params: idParamSchema, answer: resendRuleDeletedAnswer, claim: 'Sending.Bulk', handler: async ({ ctx, params }) => resend.deleteRule(ctx, params.id) }),
    ],
  };
}
