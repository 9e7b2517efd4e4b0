import { contactSelection } from './contacts.schemas.js';

/** Contacts/DeleteMany's selection (ids, or selectAll with the list's filter) and the file's format. */
export const createContactExportSchema = {
  type: 'object', additionalProperties: false, required: ['phonebookId'],
  properties: {
    ...contactSelection,
    format: { enum: ['xlsx', 'csv'], default: 'xlsx', title: 'xlsx, or CSV (UTF-8 with a BOM) / قالب فایل' },
  },
  examples: [{ phonebookId: 3, selectAll: true, format: 'xlsx' }, { phonebookId: 3, ids: [120, 121], format: 'csv' }, { phonebookId: 3, selectAll: true, search: 'Ahmadi' }],
} as const;

export const contactExportsQuery = {
  type: 'object', additionalProperties: false, required: ['phonebookId'],
  properties: { phonebookId: { type: 'integer', minimum: 1, maximum: 2147483647 } },
} as const;

export const contactExportDownloadParams = {
  type: 'object', additionalProperties: false, required: ['id', 'key'],
  properties: { id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER }, key: { type: 'string', pattern: '^[0-9a-f]{48}$' } },
} as const;
