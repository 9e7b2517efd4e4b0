import { NAME_FORMAT } from '../../platform/http/validation.js';
import { pagingQuerySchema } from '../../platform/http/router.js';
import { DELIVERY_STATUSES, WEBHOOK_ENCODINGS, WEBHOOK_STATUSES, WEBHOOK_TYPES } from './webhooks.repository.js';

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
// The pattern only bounds the shape; the service parses it (and answers the spec's message).
// No bidi controls: a list would show another address than the one called.
const url = { type: 'string', minLength: 1, maxLength: 2000, format: NAME_FORMAT, examples: ['https://shop.example.com/peyk/reports'] } as const;
const tryCount = { type: 'integer', minimum: 1, maximum: 10, examples: [5] } as const;
const encoding = { enum: WEBHOOK_ENCODINGS, examples: ['utf-8'] } as const;
const status = { enum: WEBHOOK_STATUSES, examples: ['Active'] } as const;

export const createWebhookSchema = {
  type: 'object', additionalProperties: false, required: ['url', 'webhookType'],
  properties: { url, webhookType: { enum: WEBHOOK_TYPES, examples: ['DeliveryStatus'] }, tryCount, encoding, status },
  examples: [{ url: 'https://shop.example.com/peyk/reports', webhookType: 'DeliveryStatus', tryCount: 5 }, { url: 'https://shop.example.com/peyk/inbound', webhookType: 'Inbound' }],
} as const;

export const updateWebhookSchema = {
  type: 'object', additionalProperties: false, required: ['id'],
  properties: { id, url, tryCount, encoding, status },
  examples: [{ id: 12, status: 'Disabled' }, { id: 12, url: 'https://shop.example.com/peyk/v2/reports', tryCount: 8 }],
} as const;

export const deliveriesQuery = {
  type: 'object', additionalProperties: false, required: ['webhookId'],
  properties: { webhookId: id, pageIndex: pagingQuerySchema.pageIndex, pageSize: pagingQuerySchema.pageSize, status: { enum: DELIVERY_STATUSES } },
  examples: [{ webhookId: 12, pageIndex: 0, pageSize: 20 }],
} as const;
