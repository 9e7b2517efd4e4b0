import { userRoute, type Controller } from '../../platform/http/router.js';
import { InboxService, INBOX_CLAIM } from './inbox.service.js';
import { inboxListQuery, markAsReadSchema } from './inbox.schemas.js';
import { inboxPageAnswer, markedAsReadAnswer, unreadCountAnswer } from '../../shared/inbox/inbox.answers.js';

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
