import { idParamSchema, userRoute, type Controller } from '../../platform/http/router.js';
import {
  deliveriesPageAnswer, deliveryAnswer, webhookAnswer, webhookDeletedAnswer, webhooksPageAnswer, webhookWithSecretAnswer,
} from '../../shared/developer/webhooks.answers.js';
import type { WebhooksService } from './webhooks.service.js';
import { createWebhookSchema, deliveriesQuery, updateWebhookSchema } from './webhooks.schemas.js';

/** Panel: a user's webhooks and their deliveries (any signed-in user; administrators also their subtree's). */
export function webhooksController(s: WebhooksService): Controller {
  return {
    name: 'Webhooks',
    routes: [
      userRoute({ method: 'POST', action: 'Create', body: createWebhookSchema, answer: webhookWithSecretAnswer, handler: ({ ctx, body }) => s.create(ctx, body) }),
      userRoute({ method: 'GET', action: 'GetAll', answer: webhooksPageAnswer, handler: ({ ctx }) => s.list(ctx) }),
      userRoute({ method: 'GET', action: 'Get/:id', params: idParamSchema, answer: webhookAnswer, handler: ({ ctx, params }) => s.get(ctx, params.id) }),
      userRoute({ method: 'POST', action: 'Update', body: updateWebhookSchema, answer: webhookAnswer, handler: ({ ctx, body }) => s.update(ctx, body) }),
      userRoute({ method: 'DELETE', action: 'Delete/:id', params: idParamSchema, answer: webhookDeletedAnswer, handler: ({ ctx, params }) => s.delete(ctx, params.id) }),
      userRoute({ method: 'POST', action: 'RotateSecret/:id', params: idParamSchema, answer: webhookWithSecretAnswer, handler: ({ ctx, params }) => s.rotateSecret(ctx, params.id) }),
      userRoute({ method: 'POST', action: 'Test/:id', params: idParamSchema, answer: deliveryAnswer, handler: ({ ctx, params }) => s.test(ctx, params.id) }),
      userRoute({ method: 'GET', action: 'GetDeliveries', query: deliveriesQuery, answer: deliveriesPageAnswer, handler: ({ ctx, query }) => s.deliveries(ctx, query) }),
      userRoute({ method: 'POST', action: 'ResendDelivery/:id', params: idParamSchema, answer: deliveryAnswer, handler: ({ ctx, params }) => s.resendDelivery(ctx, params.id) }),
    ],
  };
}
