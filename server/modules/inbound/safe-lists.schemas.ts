import { pagingQuerySchema } from '../../platform/http/router.js';
import { SAFE_LIST_STATUSES } from './safe-lists.repository.js';

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
// Blank words and texts get the service's own messages on their fields (words are folded first).
const word = { type: 'string', maxLength: 50 } as const;
const reply = { type: 'string', maxLength: 1000 } as const;
// 0 or empty: no limit, as every other maximum.
const limit = { type: ['integer', 'null'], minimum: 0, maximum: 10_000_000 } as const;

const safeListFields = {
  privateNumberId: id,
  phonebookId: id,
  enterSms: word,
  exitSms: word,
  returnText: reply,
  cancelText: { type: ['string', 'null'], maxLength: 1000 },
  isSendCancelText: { type: 'boolean' },
  dailyAddLimit: limit,
  monthlyAddLimit: limit,
  repeatTextDay: { type: 'integer', minimum: 0, maximum: 365 },
} as const;

const required = ['privateNumberId', 'phonebookId', 'enterSms', 'exitSms', 'returnText'] as const;

export const createSafeListSchema = { type: 'object', additionalProperties: false, required, properties: safeListFields } as const;

/** The whole request again, as the form sends it. */
export const updateSafeListSchema = { type: 'object', additionalProperties: false, required: ['id', ...required], properties: { id, ...safeListFields } } as const;

export const safeListsQuery = {
  type: 'object', additionalProperties: false,
  properties: { ...pagingQuerySchema, status: { type: 'string', enum: [...SAFE_LIST_STATUSES] } },
} as const;

export const rejectSafeListSchema = {
  type: 'object', additionalProperties: false, required: ['id'], properties: { id, rejectComment: { type: ['string', 'null'], maxLength: 500 } },
} as const;
