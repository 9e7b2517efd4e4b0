import { NAME_FORMAT } from '../../../platform/http/validation.js';
import { pagingQuerySchema } from '../../../platform/http/router.js';
import { TEMPLATE_FORMATS } from '../../../shared/text/template-placeholders.js';

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
// A blank title or text gets the service's own message on the field, not a length error.
const title = { type: 'string', maxLength: 100, format: NAME_FORMAT } as const;
const customText = { type: 'string', maxLength: 5000 } as const;
const format = { type: 'string', enum: [...TEMPLATE_FORMATS] } as const;

export const createDynamicTemplateSchema = {
  type: 'object', additionalProperties: false, required: ['title', 'customText'], properties: { title, customText, format },
} as const;

export const updateDynamicTemplateSchema = {
  type: 'object', additionalProperties: false, required: ['id'], properties: { id, title, customText, format },
} as const;

export const dynamicTemplatesQuery = {
  type: 'object', additionalProperties: false, properties: { ...pagingQuerySchema, format },
} as const;
