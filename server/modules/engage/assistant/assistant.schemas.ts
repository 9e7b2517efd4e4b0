import { NAME_FORMAT } from '../../../platform/http/validation.js';
import { pagingQuerySchema } from '../../../platform/http/router.js';

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const language = { type: 'string', enum: ['fa', 'en'] } as const;
const threshold = { type: 'number', minimum: 0, maximum: 1 } as const;

// Required texts have no minLength: an empty one is answered with the module's own message, on its field.
const botFields = {
  title: { type: 'string', maxLength: 200, format: NAME_FORMAT },
  fuzzyMatch: { type: 'boolean', default: true },
  fuzzyThreshold: { ...threshold, default: 0.5 },
  semanticMatch: { type: 'boolean', default: false },
  semanticThreshold: { ...threshold, default: 0.8 },
  isActive: { type: 'boolean', default: true },
} as const;

export const createBotSchema = { type: 'object', additionalProperties: false, required: ['title'], properties: botFields } as const;
export const updateBotSchema = { type: 'object', additionalProperties: false, required: ['botId', 'title'], properties: { botId: id, ...botFields } } as const;
export const botsQuery = { type: 'object', additionalProperties: false, properties: { ...pagingQuerySchema } } as const;

const faqFields = {
  botId: id,
  question: { type: 'string', maxLength: 1000 },
  answer: { type: 'string', maxLength: 10_000 },
  language,
  keywords: { type: 'array', maxItems: 30, items: { type: 'string', maxLength: 100 }, default: [] },
  isActive: { type: 'boolean', default: true },
} as const;

export const createFaqSchema = { type: 'object', additionalProperties: false, required: ['botId', 'question', 'answer', 'language'], properties: faqFields } as const;
export const updateFaqSchema = {
  type: 'object', additionalProperties: false, required: ['id', 'botId', 'question', 'answer', 'language'], properties: { id, ...faqFields },
} as const;
export const faqsQuery = {
  type: 'object', additionalProperties: false, required: ['botId'], properties: { botId: id, language, ...pagingQuerySchema },
} as const;

export const askSchema = {
  type: 'object', additionalProperties: false, required: ['question'],
  properties: { question: { type: 'string', maxLength: 500 }, language },
} as const;

export const helpListQuery = { type: 'object', additionalProperties: false, properties: { language } } as const;
export const helpSearchQuery = {
  type: 'object', additionalProperties: false, required: ['search'], properties: { language, search: { type: 'string', maxLength: 200 } },
} as const;
export const helpSlugParams = {
  type: 'object', additionalProperties: false, required: ['slug'], properties: { slug: { type: 'string', pattern: '^[a-z0-9-]{1,80}$' } },
} as const;
