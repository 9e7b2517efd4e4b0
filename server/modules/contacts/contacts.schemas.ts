import { pagingQuerySchema } from '../../platform/http/router.js';
import { NAME_FORMAT } from '../../platform/http/validation.js';
import { CONTACT_LIMITS, CUSTOM_FIELD_TYPES, FIELD_NAME_EN_PATTERN } from '../../shared/contacts/contact-fields.js';

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
// Contact ids are bigint; a JavaScript number holds them exactly up to 2^53.
const contactId = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } as const;

/** At most this many contacts by id in one bulk call; "all that match" has no such limit. */
export const MAX_BULK_IDS = 10_000;

// ---------- phonebooks ----------

const title = { type: 'string', minLength: 1, maxLength: CONTACT_LIMITS.phonebookTitle, format: NAME_FORMAT, title: 'Title / عنوان' } as const;
const isPublic = { type: 'boolean', title: 'Public: every user of the organization (and sub-organizations allowed to) sees it / عمومی' } as const;
const isShowNumber = { type: 'boolean', title: 'Show numbers to readers who do not manage it / نمایش شماره‌ها' } as const;

export const createPhonebookSchema = {
  type: 'object', additionalProperties: false, required: ['title'],
  properties: { title, isPublic, isShowNumber },
  examples: [{ title: 'Customers', isPublic: false, isShowNumber: true }],
} as const;

export const updatePhonebookSchema = {
  type: 'object', additionalProperties: false, required: ['id'],
  properties: { id, title, isPublic, isShowNumber },
  examples: [{ id: 3, title: 'VIP customers' }],
} as const;

export const phonebooksQuery = {
  type: 'object', additionalProperties: false,
  properties: { pageIndex: pagingQuerySchema.pageIndex, pageSize: pagingQuerySchema.pageSize, search: pagingQuerySchema.search },
} as const;

export const phonebookSelectQuery = {
  type: 'object', additionalProperties: false,
  properties: {
    manageable: { type: 'boolean', default: false, title: 'Only phonebooks the caller may change (move/copy targets) / فقط دفترچه‌های قابل تغییر' },
  },
} as const;

// ---------- custom fields ----------

const nameEn = {
  type: 'string', minLength: 1, maxLength: CONTACT_LIMITS.fieldName, pattern: FIELD_NAME_EN_PATTERN,
  title: 'English name: a letter, then letters, digits or _ (template placeholder, spreadsheet column) / نام انگلیسی',
} as const;
const nameFa = { type: 'string', minLength: 1, maxLength: CONTACT_LIMITS.fieldName, format: NAME_FORMAT, title: 'Persian name / نام فارسی' } as const;

export const createCustomFieldSchema = {
  type: 'object', additionalProperties: false, required: ['type', 'nameEn', 'nameFa'],
  properties: { type: { enum: CUSTOM_FIELD_TYPES, title: 'CustomFieldTypes / نوع' }, nameEn, nameFa },
  examples: [{ type: 'String', nameEn: 'city', nameFa: 'شهر' }],
} as const;

// The type is fixed once values exist under it (CONTEXT.md); only the names change.
export const updateCustomFieldSchema = {
  type: 'object', additionalProperties: false, required: ['id'],
  properties: { id, nameEn, nameFa },
} as const;

export const customFieldsQuery = {
  type: 'object', additionalProperties: false,
  properties: { phonebookId: { ...id, title: "The fields of this phonebook's organization (default: the active organization's) / فیلدهای سازمان این دفترچه" } },
} as const;

// ---------- contacts ----------

const text = (max: number, extra: Record<string, unknown> = {}) => ({ type: ['string', 'null'], maxLength: max, ...extra }) as const;

const contactFields = {
  cellphone: { type: 'string', minLength: 1, maxLength: 40, title: 'Mobile, any written form / موبایل' },
  firstName: { type: ['string', 'null'], maxLength: CONTACT_LIMITS.name, format: NAME_FORMAT },
  lastName: { type: ['string', 'null'], maxLength: CONTACT_LIMITS.name, format: NAME_FORMAT },
  email: { anyOf: [{ type: 'string', maxLength: CONTACT_LIMITS.email, format: 'email' }, { type: 'null' }] },
  job: text(CONTACT_LIMITS.job),
  birthdate: { anyOf: [{ type: 'string', format: 'date' }, { type: 'null' }], title: 'YYYY-MM-DD (Gregorian) / تاریخ تولد' },
  telephone: text(40),
  address: text(CONTACT_LIMITS.address),
  phonebookGroup: text(CONTACT_LIMITS.phonebookGroup),
  fields: {
    type: 'object', maxProperties: 200,
    propertyNames: { pattern: '^[1-9][0-9]{0,9}$' },
    additionalProperties: { type: ['string', 'number', 'boolean', 'null'], maxLength: 1000 },
    title: 'Custom field values by field id; null clears one / مقادیر فیلدهای سفارشی',
  },
} as const;

export const createContactSchema = {
  type: 'object', additionalProperties: false, required: ['phonebookId', 'cellphone'],
  properties: { phonebookId: id, ...contactFields },
  examples: [{ phonebookId: 3, cellphone: '09121234567', firstName: 'Sara', lastName: 'Ahmadi', birthdate: '1990-03-21', fields: { 7: 'Tehran' } }],
} as const;

export const updateContactSchema = {
  type: 'object', additionalProperties: false, required: ['id'],
  properties: { id: contactId, ...contactFields },
  examples: [{ id: 120, firstName: 'Sara', fields: { 7: null } }],
} as const;

/** How a list or a bulk act picks contacts of one phonebook: search, group and one field filter. */
const filterFields = {
  search: { ...pagingQuerySchema.search, title: 'Name, or a number in any form (whole or part) / نام یا شماره' },
  phonebookGroup: { type: 'string', maxLength: CONTACT_LIMITS.phonebookGroup },
  fieldId: { ...id, title: 'Custom field to filter on / فیلد سفارشی' },
  fieldValue: { type: 'string', maxLength: 500, title: 'Text: contains; others: equals; Datetime: that day (YYYY-MM-DD, Tehran) / مقدار' },
} as const;

export const contactsQuery = {
  type: 'object', additionalProperties: false, required: ['phonebookId'],
  properties: {
    phonebookId: id,
    pageIndex: pagingQuerySchema.pageIndex, pageSize: pagingQuerySchema.pageSize,
    afterId: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER, title: 'Keyset paging: contacts after this id, in id order (pageIndex ignored) / پس از این شناسه' },
    ...filterFields,
  },
} as const;

/** Which contacts of one phonebook a bulk act (delete, move, copy, export) takes. */
export const contactSelection = {
  phonebookId: { ...id, title: 'The phonebook the contacts are in / دفترچه مبدأ' },
  ids: { type: 'array', minItems: 1, maxItems: MAX_BULK_IDS, uniqueItems: true, items: contactId },
  selectAll: { type: 'boolean', title: 'Every contact of the phonebook that matches the filter / همه موارد منطبق' },
  ...filterFields,
} as const;

export const bulkDeleteSchema = {
  type: 'object', additionalProperties: false, required: ['phonebookId'],
  properties: contactSelection,
  examples: [{ phonebookId: 3, ids: [120, 121] }, { phonebookId: 3, selectAll: true, search: 'Ahmadi' }],
} as const;

export const moveCopySchema = {
  type: 'object', additionalProperties: false, required: ['phonebookId', 'targetPhonebookId'],
  properties: { ...contactSelection, targetPhonebookId: { ...id, title: 'Destination phonebook / دفترچه مقصد' } },
  examples: [{ phonebookId: 3, targetPhonebookId: 4, ids: [120, 121] }],
} as const;

export const contactIdParams = {
  type: 'object', additionalProperties: false, required: ['id'],
  properties: { id: contactId },
} as const;
