import { NAME_FORMAT } from '../../platform/http/validation.js';
import { pagingQuerySchema } from '../../platform/http/router.js';

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
// Required texts have no minLength: an empty one is answered with the module's own message, on its field.
const text = (max: number) => ({ type: 'string', maxLength: max }) as const;

const optionSchema = {
  type: 'object', additionalProperties: false, required: ['optionTitle', 'answerValue'],
  properties: { optionTitle: text(200), answerValue: text(100), isCorrect: { type: 'boolean', default: false } },
} as const;

const pollFields = {
  type: { type: 'string', enum: ['Poll', 'Competition'] },
  title: { ...text(200), format: NAME_FORMAT },
  privateNumberId: id,
  senderPhonebookId: { type: ['integer', 'null'], minimum: 1, maximum: 2147483647, default: null },
  // No minItems: an empty list is answered with the spec's "no option registered yet".
  options: { type: 'array', maxItems: 50, items: optionSchema },
  isJustTrueAnswer: { type: 'boolean', default: false },
  isMainQuestion: { type: 'boolean', default: false },
  startAt: { type: 'string', format: 'date-time' },
  endAt: { type: 'string', format: 'date-time' },
  countedAnswer: { type: 'string', enum: ['First', 'Last'], default: 'First' },
  replyText: { type: ['string', 'null'], maxLength: 1_000, default: null },
  winnersCount: { type: ['integer', 'null'], minimum: 1, maximum: 10_000, default: null },
} as const;

const REQUIRED = ['type', 'title', 'privateNumberId', 'options', 'startAt', 'endAt'] as const;

export const createPollSchema = { type: 'object', additionalProperties: false, required: REQUIRED, properties: pollFields } as const;
export const updatePollSchema = { type: 'object', additionalProperties: false, required: ['id', ...REQUIRED], properties: { id, ...pollFields } } as const;
export const pollsQuery = { type: 'object', additionalProperties: false, properties: { ...pagingQuerySchema } } as const;
export const drawSchema = { type: 'object', additionalProperties: false, required: ['id'], properties: { id } } as const;
