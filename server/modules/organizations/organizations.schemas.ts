import { pagingQuerySchema } from '../../platform/http/router.js';
import { NAME_FORMAT } from '../../platform/http/validation.js';
import { ORGANIZATION_FLAGS, ORGANIZATION_INT_FIELDS, ORGANIZATION_TEXT_FIELDS } from './organization.fields.js';

const text = (max: number) => ({ type: ['string', 'null'], maxLength: max });
const int = { type: ['integer', 'null'], minimum: 0, maximum: 2147483647 };
/** Text fields shown as names and titles (lists, the organization switcher, invoices): no bidi controls. */
const NAME_FIELDS: ReadonlySet<string> = new Set(['organName', 'ceoFullName', 'workplaceTitle', 'groupPriceTitle']);

function fieldProperties(): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const [name, max] of Object.entries(ORGANIZATION_TEXT_FIELDS)) props[name] = NAME_FIELDS.has(name) ? { ...text(max), format: NAME_FORMAT } : text(max);
  for (const name of ORGANIZATION_INT_FIELDS) props[name] = int;
  for (const name of ORGANIZATION_FLAGS) props[name] = { type: 'boolean' };
  props.name = { type: 'string', minLength: 2, maxLength: 200, pattern: '\\S', format: NAME_FORMAT };
  props.ceoMobile = { anyOf: [{ type: 'string', format: 'mobile' }, { type: 'null' }] };
  props.nationalId = { anyOf: [{ type: 'string', pattern: '^[0-9]{10,11}$' }, { type: 'null' }] };
  props.ceoNationalCode = { anyOf: [{ type: 'string', pattern: '^[0-9]{10}$' }, { type: 'null' }] };
  props.panelPrice = { type: ['integer', 'null'], minimum: 0, maximum: 9007199254740991 };
  props.sendStartTime = { anyOf: [{ type: 'string', format: 'hhmm' }, { type: 'null' }] };
  props.sendEndTime = { anyOf: [{ type: 'string', format: 'hhmm' }, { type: 'null' }] };
  props.expireTime = { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] };
  props.isActive = { type: 'boolean' };
  props.roleTemplateId = { type: ['integer', 'null'], minimum: 1, maximum: 2147483647 };
  return props;
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
};

export const updateOrganizationSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: {
    ...fieldProperties(),
    id: { type: 'integer', minimum: 1, maximum: 2147483647 },
    parentId: { type: 'integer', minimum: 1, maximum: 2147483647 },
  },
};

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
};

export const deleteOrganizationQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    withChildren: { type: 'boolean', default: false },
    confirmationId: { type: 'string', maxLength: 64 },
    confirmationNumber: { type: 'string', maxLength: 12 },
  },
};
