import { NAME_FORMAT } from '../../../platform/http/validation.js';
import { pagingQuerySchema } from '../../../platform/http/router.js';
import { FORM_CONTACT_FIELDS, FORM_FIELD_TYPES, FORM_LIMITS, FORM_THEMES } from '../../../shared/engage/form-fields.js';

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const nullableId = { type: ['integer', 'null'], minimum: 1, maximum: 2147483647, default: null } as const;
// Required texts have no minLength: an empty one is answered with the module's own message, on its field.
const text = (max: number) => ({ type: 'string', maxLength: max }) as const;
const nullableText = (max: number) => ({ type: ['string', 'null'], maxLength: max, default: null }) as const;
const nullableNumber = { type: ['number', 'null'], minimum: -1e15, maximum: 1e15, default: null } as const;
const nullableLength = { type: ['integer', 'null'], minimum: 0, maximum: FORM_LIMITS.stringValue, default: null } as const;

const formFields = {
  title: { ...text(FORM_LIMITS.title), format: NAME_FORMAT },
  description: nullableText(FORM_LIMITS.description),
  theme: { type: 'string', enum: FORM_THEMES, default: 'default' },
  phonebookId: nullableId,
  privateNumberId: nullableId,
  dynamicTemplateId: nullableId,
  thankYouSmsText: nullableText(1_000),
  thankYouText: nullableText(FORM_LIMITS.thankYouText),
} as const;

export const createFormSchema = { type: 'object', additionalProperties: false, required: ['title'], properties: formFields } as const;
export const updateFormSchema = { type: 'object', additionalProperties: false, required: ['id', 'title'], properties: { id, ...formFields } } as const;
export const publishFormSchema = { type: 'object', additionalProperties: false, required: ['id', 'isPublished'], properties: { id, isPublished: { type: 'boolean' } } } as const;
export const formsQuery = { type: 'object', additionalProperties: false, properties: { ...pagingQuerySchema } } as const;

const fieldFields = {
  label: { ...text(FORM_LIMITS.label), format: NAME_FORMAT },
  labelEn: { ...nullableText(FORM_LIMITS.label), format: NAME_FORMAT },
  fieldType: { type: 'string', enum: FORM_FIELD_TYPES },
  isRequired: { type: 'boolean', default: false },
  minValue: nullableNumber,
  maxValue: nullableNumber,
  minLength: nullableLength,
  maxLength: nullableLength,
  regexValidation: nullableText(FORM_LIMITS.regex),
  maxFileSizeByMegabyte: { type: ['number', 'null'], minimum: 0, maximum: 1_000, default: null },
  contactField: { type: ['string', 'null'], enum: [...FORM_CONTACT_FIELDS, null], default: null },
  customFieldId: nullableId,
} as const;

export const createFieldSchema = { type: 'object', additionalProperties: false, required: ['formId', 'label', 'fieldType'], properties: { formId: id, ...fieldFields } } as const;
export const updateFieldSchema = { type: 'object', additionalProperties: false, required: ['id', 'label', 'fieldType'], properties: { id, ...fieldFields } } as const;
export const reorderFieldsSchema = {
  type: 'object', additionalProperties: false, required: ['formId', 'fieldIds'],
  properties: { formId: id, fieldIds: { type: 'array', maxItems: FORM_LIMITS.fields, items: id } },
} as const;
export const answersQuery = {
  type: 'object', additionalProperties: false, required: ['formId'],
  properties: { formId: id, pageIndex: pagingQuerySchema.pageIndex, pageSize: pagingQuerySchema.pageSize },
} as const;

/** The public submission: values by field id (judged by each field's rules, answered on `values.<id>`). */
export const submitFormSchema = {
  type: 'object', additionalProperties: false, required: ['formId', 'submissionKey', 'values'],
  properties: {
    formId: id,
    // Chosen by the page once per filled form (a UUID): a retry of the same submission carries it again.
    submissionKey: { type: 'string', minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' },
    values: {
      type: 'object', maxProperties: FORM_LIMITS.fields,
      additionalProperties: { type: ['string', 'number', 'boolean', 'null'], maxLength: 2_000 },
    },
    // The short link's code the visitor came from (`sl=<code>`), kept for attribution.
    sl: { type: ['string', 'null'], maxLength: 40, pattern: '^[A-Za-z0-9_-]*$', default: null },
  },
} as const;

export const uploadQuery = {
  type: 'object', additionalProperties: false, required: ['fieldId'],
  properties: { fieldId: id, fileName: { type: 'string', maxLength: 200 } },
} as const;

export const answerFileQuery = {
  type: 'object', additionalProperties: false, required: ['answerId', 'fieldId'],
  properties: { answerId: { type: 'integer', minimum: 1, maximum: 9007199254740991 }, fieldId: id },
} as const;
