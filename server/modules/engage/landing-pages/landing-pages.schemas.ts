import { NAME_FORMAT } from '../../../platform/http/validation.js';
import { pagingQuerySchema } from '../../../platform/http/router.js';
import {
  LANDING_BLOCK_TYPES, LANDING_LANGUAGES, LANDING_NAME_PATTERN, LANDING_THEMES, MAX_LANDING_BLOCKS,
} from '../../../shared/engage/landing-pages.answers.js';

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
// Required texts have no minLength: a blank one is answered with the module's own message, on its field.
const nameText = (max: number) => ({ type: 'string', maxLength: max, format: NAME_FORMAT }) as const;

/**
 * One schema per block type, chosen by `type` (if/then, so each problem is answered on its own
 * field, `blocks[2].url`, and an unknown type only on `blocks[2].type`). A button's address is
 * http(s) only by pattern here; the service parses it as a URL too.
 */
const blockSchemas = {
  heading: { required: ['type', 'text', 'level'], properties: { type: { const: 'heading' }, text: nameText(200), level: { type: 'integer', minimum: 1, maximum: 3 } } },
  text: { required: ['type', 'text'], properties: { type: { const: 'text' }, text: { type: 'string', maxLength: 5_000 } } },
  image: { required: ['type', 'imageKey'], properties: { type: { const: 'image' }, imageKey: { type: 'string', format: 'uuid' }, alt: { type: 'string', maxLength: 200, default: '' } } },
  button: { required: ['type', 'label', 'url'], properties: { type: { const: 'button' }, label: nameText(100), url: { type: 'string', maxLength: 2_000, pattern: '^[Hh][Tt][Tt][Pp][Ss]?://' } } },
  form: { required: ['type', 'formId', 'label'], properties: { type: { const: 'form' }, formId: id, label: nameText(100) } },
} as const;

/** The branch of one block type: applies when `type` names it, and then closes the block to its own fields. */
const when = <const T extends string, const S extends { required: readonly string[]; properties: object }>(type: T, schema: S) => ({
  if: { type: 'object', properties: { type: { const: type } }, required: ['type'] },
  then: { type: 'object', additionalProperties: false, ...schema },
}) as const;

const blockSchema = {
  type: 'object',
  required: ['type'],
  properties: { type: { type: 'string', enum: LANDING_BLOCK_TYPES } },
  allOf: [
    when('heading', blockSchemas.heading), when('text', blockSchemas.text), when('image', blockSchemas.image),
    when('button', blockSchemas.button), when('form', blockSchemas.form),
  ],
} as const;

const pageFields = {
  title: nameText(200),
  slug: { type: 'string', maxLength: 50, pattern: LANDING_NAME_PATTERN },
  language: { type: 'string', enum: LANDING_LANGUAGES, default: 'fa' },
  theme: { type: 'string', enum: LANDING_THEMES, default: 'default' },
  blocks: { type: 'array', maxItems: MAX_LANDING_BLOCKS, items: blockSchema, default: [] },
} as const;

export const createLandingPageSchema = {
  type: 'object', additionalProperties: false, required: ['title', 'slug'], properties: pageFields,
} as const;

export const updateLandingPageSchema = {
  type: 'object', additionalProperties: false, required: ['id', 'title', 'slug'], properties: { id, ...pageFields },
} as const;

export const publishLandingPageSchema = {
  type: 'object', additionalProperties: false, required: ['id', 'isPublished'], properties: { id, isPublished: { type: 'boolean' } },
} as const;

export const landingPagesQuery = { type: 'object', additionalProperties: false, properties: { ...pagingQuerySchema } } as const;

export const landingVisitsQuery = {
  type: 'object', additionalProperties: false, properties: { days: { type: 'integer', minimum: 1, maximum: 366, default: 30 } },
} as const;

export const setLandingAddressSchema = {
  type: 'object', additionalProperties: false, required: ['organizationName'],
  properties: { organizationName: { type: 'string', maxLength: 50, pattern: LANDING_NAME_PATTERN } },
} as const;

export const uploadLandingImageQuery = {
  type: 'object', additionalProperties: false, properties: { fileName: { type: 'string', maxLength: 255 } },
} as const;

// Public paths take any text: whatever names no published page (too long, a stray character) is
// the same silent 404 as a missing page, never a 400 the visitor's client would show as a dialog.
export const publicLandingParams = {
  type: 'object', additionalProperties: false, required: ['organizationName'],
  properties: { organizationName: { type: 'string' } },
} as const;

export const publicLandingSlugParams = {
  type: 'object', additionalProperties: false, required: ['organizationName', 'slug'],
  properties: { organizationName: { type: 'string' }, slug: { type: 'string' } },
} as const;

export const landingImageParams = {
  type: 'object', additionalProperties: false, required: ['key'], properties: { key: { type: 'string' } },
} as const;
