import { pagingQuerySchema } from '../../platform/http/router.js';
import { NAME_FORMAT } from '../../platform/http/validation.js';
import { ORGANIZATION_FLAGS, ORGANIZATION_INT_FIELDS, ORGANIZATION_TEXT_FIELDS } from './organization.fields.js';

type NullableText = { readonly type: readonly ['string', 'null']; readonly maxLength: number; readonly format?: typeof NAME_FORMAT };
const text = (max: number) => ({ type: ['string', 'null'], maxLength: max }) as const;
const int = { type: ['integer', 'null'], minimum: 0, maximum: 2147483647 } as const;
const bool = { type: 'boolean' } as const;
/** Text fields shown as names and titles (lists, the organization switcher, invoices): no bidi controls. */
const NAME_FIELDS: ReadonlySet<string> = new Set(['organName', 'ceoFullName', 'workplaceTitle', 'groupPriceTitle']);

function fieldProperties() {
  // fromEntries types its keys as any string: these are exactly the field lists' names.
  const texts = Object.fromEntries(Object.entries(ORGANIZATION_TEXT_FIELDS).map(([name, max]) => [name, NAME_FIELDS.has(name) ? { ...text(max), format: NAME_FORMAT } : text(max)])) as
    { [K in keyof typeof ORGANIZATION_TEXT_FIELDS]: NullableText };
  const ints = Object.fromEntries(ORGANIZATION_INT_FIELDS.map((name) => [name, int])) as { [K in (typeof ORGANIZATION_INT_FIELDS)[number]]: typeof int };
  const flags = Object.fromEntries(ORGANIZATION_FLAGS.map((name) => [name, bool])) as { [K in (typeof ORGANIZATION_FLAGS)[number]]: typeof bool };
  return {
    ...texts,
    ...ints,
    ...flags,
    name: { type: 'string', minLength: 2, maxLength: 200, pattern: '\\S', format: NAME_FORMAT },
    ceoMobile: { anyOf: [{ type: 'string', format: 'mobile' }, { type: 'null' }] },
    nationalId: { anyOf: [{ type: 'string', pattern: '^[0-9]{10,11}$' }, { type: 'null' }] },
    ceoNationalCode: { anyOf: [{ type: 'string', pattern: '^[0-9]{10}$' }, { type: 'null' }] },
    panelPrice: { type: ['integer', 'null'], minimum: 0, maximum: 9007199254740991 },
    sendStartTime: { anyOf: [{ type: 'string', format: 'hhmm' }, { type: 'null' }] },
    sendEndTime: { anyOf: [{ type: 'string', format: 'hhmm' }, { type: 'null' }] },
    expireTime: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] },
    isActive: bool,
    roleTemplateId: { type: ['integer', 'null'], minimum: 1, maximum: 2147483647 },
  } as const;
}

export const createOrganizationSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    ...fieldProperties(),
    parentId: { type: 'integer', minimum: 1, maximum: 2147483647 },
    type: { enum: ['organization', 'reseller'] },
  },
} as const;

export const updateOrganizationSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: {
    ...fieldProperties(),
    id: { type: 'integer', minimum: 1, maximum: 2147483647 },
    parentId: { type: 'integer', minimum: 1, maximum: 2147483647 },
  },
} as const;

export const listOrganizationsQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...pagingQuerySchema,
    parentId: { type: 'integer', minimum: 1, maximum: 2147483647 },
    includeArchived: { type: 'boolean', default: false },
    isActive: { type: 'boolean' },
    type: { enum: ['system', 'reseller', 'organization'] },
  },
} as const;

export const deleteOrganizationQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    withChildren: { type: 'boolean', default: false },
    confirmationId: { type: 'string', maxLength: 64 },
    confirmationNumber: { type: 'string', maxLength: 12 },
  },
} as const;
