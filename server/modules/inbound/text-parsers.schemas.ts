import { NAME_FORMAT } from '../../platform/http/validation.js';
import { pagingQuerySchema } from '../../platform/http/router.js';
import { IF_CONDITION_TYPES, SENDER_CONDITION_TYPES, SENT_DELAY_TYPES, THEN_CONDITION_TYPES } from './text-parsers.match.js';

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const nullableId = { type: ['integer', 'null'], minimum: 1, maximum: 2147483647, default: null } as const;
// Required texts have no minLength: an empty one is answered with the module's own message, on its field.
const nullableText = (max: number) => ({ type: ['string', 'null'], maxLength: max, default: null }) as const;

const parserFields = {
  title: { type: 'string', maxLength: 200, format: NAME_FORMAT },
  privateNumberId: id,
  isActive: { type: 'boolean', default: true },
  isChildrenChange: { type: 'boolean', default: false },
  senderConditionType: { type: 'string', enum: SENDER_CONDITION_TYPES, default: 'Any' },
  senderConditionValue: nullableText(100),
  senderPhonebookId: nullableId,
  ifConditionType: { type: 'string', enum: IF_CONDITION_TYPES, default: 'Any' },
  ifConditionValue: nullableText(500),
  thenConditionType: { type: 'string', enum: THEN_CONDITION_TYPES },
  thenConditionValue: nullableText(1_000),
  mobileNumber: nullableText(40),
  email: nullableText(200),
  matchingDynamicTemplateId: nullableId,
  noMatchingDynamicTemplateId: nullableId,
  ipAndPort: nullableText(500),
  sentDelayType: { type: 'string', enum: SENT_DELAY_TYPES, default: 'None' },
  sentDelayValue: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 },
} as const;

const REQUIRED = ['title', 'privateNumberId', 'thenConditionType'] as const;

export const createTextParserSchema = {
  type: 'object', additionalProperties: false, required: REQUIRED, properties: parserFields,
} as const;

export const updateTextParserSchema = {
  type: 'object', additionalProperties: false, required: ['id', ...REQUIRED], properties: { id, ...parserFields },
} as const;

export const textParserStatusSchema = {
  type: 'object', additionalProperties: false, required: ['id', 'isActive'], properties: { id, isActive: { type: 'boolean' } },
} as const;

export const textParsersQuery = {
  type: 'object', additionalProperties: false, properties: { ...pagingQuerySchema, privateNumberId: id },
} as const;
