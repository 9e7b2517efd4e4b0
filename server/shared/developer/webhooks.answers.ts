import { idAnswer, instant, integer, nullableInstant, nullableInteger, nullableText, pageOf, text, type AnswerOf } from '../contracts/answer-schemas.js';

/**
 * What `Webhooks/*` answers (server module developer; the client's developer feature reads these
 * types). The secret only in `Create` and `RotateSecret/:id`.
 */

const webhookProperties = {
  id: integer,
  userId: integer,
  organizationId: integer,
  url: text,
  webhookType: { type: 'string', enum: ['DeliveryStatus', 'Inbound'] },
  tryCount: integer,
  encoding: text,
  status: { type: 'string', enum: ['Active', 'Disabled'] },
  createdAt: instant,
  updatedAt: nullableInstant,
  rotatedAt: nullableInstant,
} as const;

const webhookRequired = ['id', 'userId', 'organizationId', 'url', 'webhookType', 'tryCount', 'encoding', 'status', 'createdAt', 'updatedAt', 'rotatedAt'] as const;

/** A webhook as `Get/:id` and `Update` answer it. */
export const webhookAnswer = { type: 'object', required: webhookRequired, properties: webhookProperties } as const;

/** `Create` and `RotateSecret/:id`: the webhook with its signing secret, shown this once. */
export const webhookWithSecretAnswer = {
  type: 'object', required: [...webhookRequired, 'secret'], properties: { ...webhookProperties, secret: text },
} as const;

/** `GetAll`: with the owner's user name and how many deliveries wait or failed. */
export const webhooksPageAnswer = pageOf({
  type: 'object',
  required: [...webhookRequired, 'userName', 'pendingCount', 'failedCount'],
  properties: { ...webhookProperties, userName: text, pendingCount: integer, failedCount: integer },
} as const);

export const webhookDeletedAnswer = idAnswer;

/** A delivery (`GetDeliveries` rows, `Test/:id`, `ResendDelivery/:id`): one signed attempt series. */
export const deliveryAnswer = {
  type: 'object',
  required: [
    'id', 'webhookId', 'eventType', 'inboxId', 'payload', 'status', 'attempts', 'nextAttemptAt', 'lastError', 'lastStatusCode', 'lastDurationMs',
    'lastAttemptAt', 'createdAt', 'completedAt',
  ],
  properties: {
    id: integer,
    webhookId: integer,
    eventType: { type: 'string', enum: ['DeliveryStatus', 'Inbound', 'Test'] },
    inboxId: nullableInteger,
    /** What the receiver is sent (events of a status webhook, or one inbound message). */
    payload: { type: 'object' },
    status: { type: 'string', enum: ['pending', 'succeeded', 'failed'] },
    attempts: integer,
    nextAttemptAt: instant,
    /** `HTTP <status>`, `connection failed`, `timed out` or `address not allowed`; never the receiver's text. */
    lastError: nullableText,
    lastStatusCode: nullableInteger,
    lastDurationMs: nullableInteger,
    lastAttemptAt: nullableInstant,
    createdAt: instant,
    completedAt: nullableInstant,
  },
} as const;

export const deliveriesPageAnswer = pageOf(deliveryAnswer);

export type WebhookAnswer = AnswerOf<typeof webhookAnswer>;
export type WebhookWithSecret = AnswerOf<typeof webhookWithSecretAnswer>;
export type WebhooksPage = AnswerOf<typeof webhooksPageAnswer>;
export type DeliveryAnswer = AnswerOf<typeof deliveryAnswer>;
export type DeliveriesPage = AnswerOf<typeof deliveriesPageAnswer>;
