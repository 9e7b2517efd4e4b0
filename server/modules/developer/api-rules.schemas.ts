import { pagingQuerySchema } from '../../platform/http/router.js';
import { PERIOD_TYPES } from './api-rules.repository.js';

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const tokenId = { ...id, title: 'API token id / شناسه کلید API' } as const;

export const tokenIdParams = {
  type: 'object', additionalProperties: false, required: ['tokenId'],
  properties: { tokenId },
} as const;

export const createSafeIpSchema = {
  type: 'object', additionalProperties: false, required: ['apiTokenId', 'ip'],
  properties: {
    apiTokenId: tokenId,
    ip: {
      type: 'string', minLength: 1, maxLength: 50,
      title: 'Address or IPv4 range / نشانی یا بازه IPv4',
      description: 'One address, or a range on the last number (the end greater than the start). / یک نشانی یا بازه‌ای روی عدد آخر.',
      examples: ['203.0.113.9', '192.168.1.10-20', '2001:db8::1'],
    },
  },
} as const;

const rateFields = {
  ip: {
    type: ['string', 'null'], maxLength: 45,
    title: 'Caller address / نشانی فراخوان',
    description: 'Only calls from this address; null: each caller address counted on its own. / فقط از این نشانی؛ خالی: هر نشانی جداگانه.',
    examples: [null, '203.0.113.9'],
  },
  endpoint: {
    type: 'string', minLength: 1, maxLength: 100, pattern: '^(\\*|[A-Za-z0-9_:/-]+)$', default: '*',
    title: 'v1 endpoint / مسیر v1',
    description: 'A v1 path as routed (`messages/send`, `messages/:id`) or `*` for every call. / مسیر v1 یا * برای همه.',
    examples: ['*', 'messages/send'],
  },
  limit: { type: 'integer', minimum: 1, maximum: 1_000_000_000, title: 'Allowed requests / تعداد مجاز', examples: [100] },
  period: { type: 'integer', minimum: 1, maximum: 1_000_000, title: 'Window length / طول بازه', examples: [1] },
  periodType: { enum: PERIOD_TYPES, title: 'Window unit / واحد بازه', examples: ['Minute'] },
} as const;

const clientIdField = {
  type: ['string', 'null'], maxLength: 100,
  title: 'Client id (x-client-id) / شناسه مشتری',
  description: 'Only calls naming this client in the x-client-id header; null: each client id counted on its own. / فقط این مشتری؛ خالی: هر مشتری جداگانه.',
  examples: ['shop-42', null],
} as const;

export const createIpRuleSchema = {
  type: 'object', additionalProperties: false, required: ['apiTokenId', 'limit', 'period', 'periodType'],
  properties: { apiTokenId: tokenId, ...rateFields },
} as const;

export const updateIpRuleSchema = {
  type: 'object', additionalProperties: false, required: ['id', 'limit', 'period', 'periodType'],
  properties: { id, ...rateFields },
} as const;

export const createClientRuleSchema = {
  type: 'object', additionalProperties: false, required: ['apiTokenId', 'limit', 'period', 'periodType'],
  properties: { apiTokenId: tokenId, clientId: clientIdField, ...rateFields },
} as const;

export const updateClientRuleSchema = {
  type: 'object', additionalProperties: false, required: ['id', 'limit', 'period', 'periodType'],
  properties: { id, clientId: clientIdField, ...rateFields },
} as const;

export const callLogsQuery = {
  type: 'object', additionalProperties: false,
  properties: {
    pageIndex: pagingQuerySchema.pageIndex,
    pageSize: pagingQuerySchema.pageSize,
    tokenId,
    status: { type: 'integer', minimum: 100, maximum: 599, title: 'HTTP status / وضعیت HTTP', examples: [429] },
    path: { type: 'string', maxLength: 100, title: 'Path contains / بخشی از مسیر', examples: ['messages/send'] },
    fromDate: { type: 'string', format: 'date-time', title: 'From / از' },
    toDate: { type: 'string', format: 'date-time', title: 'To / تا' },
  },
} as const;
