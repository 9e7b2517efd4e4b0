import { pagingQuerySchema } from '../../platform/http/router.js';

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;

export const inboxListQuery = {
  type: 'object', additionalProperties: false,
  properties: { ...pagingQuerySchema, isRead: { type: 'boolean' }, privateNumberId: id },
} as const;

export const markAsReadSchema = {
  type: 'object', additionalProperties: false, required: ['ids'],
  properties: { ids: { type: 'array', minItems: 1, maxItems: 500, items: { type: 'integer', minimum: 1, maximum: 9007199254740991 } } },
} as const;

export const optOutsQuery = { type: 'object', additionalProperties: false, properties: { ...pagingQuerySchema } } as const;
