import { idParamSchema, userRoute, type Controller } from '../../platform/http/router.js';
import { InboxService, INBOX_CLAIM } from './inbox.service.js';
import { inboxListQuery, markAsReadSchema, optOutsQuery } from './inbox.schemas.js';
import { OPT_OUTS_CLAIM, type OptOutsService } from './opt-outs.service.js';
import { optOutPageAnswer } from '../../shared/inbound/opt-outs.answers.js';
import { noAnswer } from '../../shared/contracts/answer-schemas.js';
import { inboxPageAnswer, markedAsReadAnswer, unreadCountAnswer } from '../../shared/inbound/inbox.answers.js';

export function inboxController(inbox: InboxService): Controller {
  return {
    name: 'Inbox',
    routes: [
      userRoute({ method: 'GET', action: 'GetAll', query: inboxListQuery, answer: inboxPageAnswer, claim: INBOX_CLAIM, handler: async ({ ctx, query }) => inbox.list(ctx, query) }),
      userRoute({
        method: 'POST', action: 'MarkAsRead', body: markAsReadSchema, answer: markedAsReadAnswer, claim: INBOX_CLAIM, successMessage: 'inbox.markedAsRead',
        handler: async ({ ctx, body }) => inbox.markAsRead(ctx, body.ids),
      }),
      { method: 'GET', action: 'UnreadCount', answer: unreadCountAnswer, claim: INBOX_CLAIM, handler: async ({ ctx }) => inbox.unreadCount(ctx) },
    ],
  };
}

export function optOutsController(s: OptOutsService): Controller {
  return {
    name: 'OptOuts',
    routes: [
      userRoute({ method: 'GET', action: 'GetAll', claim: OPT_OUTS_CLAIM, query: optOutsQuery, answer: optOutPageAnswer, handler: ({ ctx, query }) => s.list(ctx, query) }),
      userRoute({
        method: 'DELETE', action: 'Delete/:id', claim: OPT_OUTS_CLAIM, params: idParamSchema, answer: noAnswer, successMessage: 'inbox.optOutRemoved',
        handler: ({ ctx, params }) => s.delete(ctx, params.id),
      }),
    ],
  };
}
