import { userRoute, type Controller } from '../../platform/http/router.js';
import type { NotificationsService } from './notifications.service.js';
import { latestNotificationsAnswer, markedNotificationsAnswer } from '../../shared/notifications/notifications.answers.js';

export function notificationsController(service: NotificationsService): Controller {
  return {
    name: 'Notifications',
    routes: [
      userRoute({
        method: 'GET', action: 'GetLatest', allowWhilePasswordChangeRequired: true,
        query: { type: 'object', additionalProperties: false, properties: { limit: { type: 'integer', minimum: 1, maximum: 50, default: 10 } } },
        answer: latestNotificationsAnswer,
        handler: ({ ctx, query }) => service.latest(ctx, query.limit),
      }),
      userRoute({
        method: 'POST', action: 'MarkAsRead',
        body: {
          type: 'object', additionalProperties: false,
          properties: { ids: { type: 'array', maxItems: 200, items: { type: 'integer', minimum: 1 } }, all: { type: 'boolean' } },
        },
        answer: markedNotificationsAnswer,
        handler: ({ ctx, body }) => service.markRead(ctx, body.all ? 'all' : (body.ids ?? [])),
      }),
    ],
  };
}
