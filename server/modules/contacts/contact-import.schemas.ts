import { DOWNLOAD_KEY_PATTERN } from '../../platform/upload/download-link.js';
import { NAME_FORMAT } from '../../platform/http/validation.js';
import { pagingQuerySchema } from '../../platform/http/router.js';
import { CONTACT_COLUMNS, type ContactColumn } from './contact-import.rows.js';

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
/** A column of the file, counted from 0 (the mapping screen shows them as A, B, C…). */
const column = { type: 'integer', minimum: 0, maximum: 999 } as const;

/** The body of an upload is the file itself; which phonebook and the file's name come in the query. */
export const uploadPhonebookFileQuery = {
  type: 'object', additionalProperties: false, required: ['phonebookId'],
  properties: {
    phonebookId: id,
    // No control characters: the name is shown in lists (NUL is refused for every route).
    fileName: { type: 'string', maxLength: 200, format: NAME_FORMAT, pattern: '^[^\\u0001-\\u001f\\u007f]*$', title: 'The uploaded file\'s name (display only) / نام فایل' },
  },
} as const;

export const startPhonebookFileSchema = {
  type: 'object', additionalProperties: false, required: ['id', 'mapping'],
  properties: {
    id,
    hasHeaderRow: { type: 'boolean', default: true, title: 'The first row holds column titles, not a contact / سطر اول عنوان ستون‌هاست' },
    updateExisting: {
      type: 'boolean', default: false,
      title: "A number the phonebook has: false = skipped (counted as existing), true = its mapped fields updated from the file / به‌روزرسانی مخاطبان موجود",
    },
    mapping: {
      type: 'object', additionalProperties: false, required: ['cellphone'],
      properties: Object.fromEntries(CONTACT_COLUMNS.map((c) => [c, column])) as { [K in ContactColumn]: typeof column },
      title: "The contact's fields by column / ستون هر فیلد مخاطب",
    },
    fields: {
      type: 'object', maxProperties: 200, propertyNames: { pattern: '^[1-9][0-9]{0,9}$' }, additionalProperties: column,
      title: 'Custom fields by id → column / ستون هر فیلد سفارشی',
    },
  },
  examples: [{ id: 12, hasHeaderRow: true, updateExisting: false, mapping: { cellphone: 0, firstName: 1, lastName: 2 }, fields: { 7: 3 } }],
} as const;

export const phonebookFilesQuery = {
  type: 'object', additionalProperties: false, required: ['phonebookId'],
  properties: { phonebookId: id, pageIndex: pagingQuerySchema.pageIndex, pageSize: pagingQuerySchema.pageSize },
} as const;

export const rejectedFileParams = {
  type: 'object', additionalProperties: false, required: ['token'],
  properties: { token: { type: 'string', pattern: DOWNLOAD_KEY_PATTERN } },
} as const;

export const rejectedFileQuery = {
  type: 'object', additionalProperties: false,
  properties: { format: { enum: ['xlsx', 'csv'], default: 'xlsx', title: 'File type / نوع فایل' } },
} as const;
