import { idParamSchema, userRoute, type Controller } from '../../../platform/http/router.js';
import { idAnswer } from '../../../shared/contracts/answer-schemas.js';
import { clicksDashboardAnswer, sendClicksAnswer, shortLinkAnswer, shortLinkDetailAnswer, shortLinksPageAnswer } from '../../../shared/engage/short-links.js';
import { ShortLinksService } from './short-links.service.js';
import { createShortLinkSchema, sendClicksQuery, shortLinksQuery } from './short-links.schemas.js';

/** The spec's short link screen (Services section, claim Services.Use) and the clicks the outbox and the dashboard show. */
export function shortLinksController(links: ShortLinksService): Controller {
  return {
    name: 'ShortLinks',
    routes: [
      userRoute({ method: 'GET', action: 'GetAll', query: shortLinksQuery, answer: shortLinksPageAnswer, claim: 'Services.Use', handler: async ({ ctx, query }) => links.list(ctx, query) }),
      userRoute({ method: 'GET', action: 'Get/:id', params: idParamSchema, answer: shortLinkDetailAnswer, claim: 'Services.Use', handler: async ({ ctx, params }) => links.get(ctx, params.id) }),
      userRoute({ method: 'POST', action: 'Create', body: createShortLinkSchema, answer: shortLinkAnswer, claim: 'Services.Use', handler: async ({ ctx, body }) => links.create(ctx, body) }),
      userRoute({ method: 'DELETE', action: 'Delete/:id', params: idParamSchema, answer: idAnswer, claim: 'Services.Use', handler: async ({ ctx, params }) => links.delete(ctx, params.id) }),
      // The outbox send detail: who clicked the send's links.
      userRoute({ method: 'GET', action: 'GetSendClicks', query: sendClicksQuery, answer: sendClicksAnswer, claim: 'SmsReports.Outbox', handler: async ({ ctx, query }) => links.sendClicks(ctx, query) }),
      // The dashboard's clicks card (any signed-in user: it counts the caller's own slice).
      userRoute({ method: 'GET', action: 'GetDashboard', answer: clicksDashboardAnswer, handler: async ({ ctx }) => links.dashboard(ctx) }),
    ],
  };
}
