import { userRoute, type Controller } from '../../platform/http/router.js';
import { InboxService, INBOX_CLAIM } from './inbox.service.js';
import { inboxListQuery, markAsReadSchema } from './inbox.schemas.js';

export function inboxController(inbox: InboxService): Controller {
  return {
    name: 'Inbox',
    routes: [
      userRoute({ method: 'GET', action: 'GetAll', query: inboxListQuery, claim: INBOX_CLAIM, handler: async ({ ctx, query }) => inbox.list(ctx, query) }),
      userRoute({
        method: 'POST', action: 'MarkAsRead', body: markAsReadSchema, claim: INBOX_CLAIM, successMessage: 'inbox.markedAsRead',
        handler: async ({ ctx, body }) => inbox.markAsRead(ctx, body.ids),
      }),
      { method: 'GET', action: 'UnreadCount', claim: INBOX_CLAIM, handler: async ({ ctx }) => inbox.unreadCount(ctx) },
    ],
  };
}
