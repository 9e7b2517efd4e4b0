import { NAME_FORMAT } from '../../../platform/http/validation.js';
import { pagingQuerySchema } from '../../../platform/http/router.js';
import { phonebookSendSchema } from '../messaging.schemas.js';
import { PATTERN_STATUSES } from './patterns.repository.js';

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
// An empty or blank title gets the service's own message on the field, not a length error.
const title = { type: 'string', maxLength: 100, format: NAME_FORMAT } as const;
// The template's rules (placeholders, characters, links, parts) are the service's: its messages name what is wrong.
const smsText = { type: 'string', maxLength: 5000 } as const;

const dynamicTemplateId = { type: ['integer', 'null'], minimum: 1, maximum: 2147483647 } as const;

export const createPatternSchema = {
  // smsText, or a dynamic template whose text the pattern takes (the service asks for one of them).
  type: 'object', additionalProperties: false, required: ['title'], properties: { title, smsText, dynamicTemplateId },
} as const;

export const updatePatternSchema = {
  type: 'object', additionalProperties: false, required: ['id'], properties: { id, title, smsText, dynamicTemplateId },
} as const;

export const patternsQuery = {
  type: 'object', additionalProperties: false,
  properties: { ...pagingQuerySchema, status: { type: 'string', enum: [...PATTERN_STATUSES] } },
} as const;

export const rejectPatternSchema = {
  type: 'object', additionalProperties: false, required: ['id'], properties: { id, reason: { type: ['string', 'null'], maxLength: 500 } },
} as const;

const { smsBody: _template, ...phonebookFields } = phonebookSendSchema.properties;

/**
 * `CreateFastPatternScheduledMessageByPhonebook` and its preview: the phonebook send's body
 * (phonebooks, range, filter, line, time; direct or gradual) with `patternId` in place of `smsBody`.
 */
export const fastPatternSendSchema = {
  type: 'object', additionalProperties: false, required: ['senderNumberId', 'patternId', 'phonebookIds'],
  properties: { ...phonebookFields, patternId: id },
} as const;
