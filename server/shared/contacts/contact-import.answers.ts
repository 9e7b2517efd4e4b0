import { flag, instant, integer, nullableInstant, nullableInteger, nullableText, pageOf, text, type AnswerOf } from '../contracts/answer-schemas.js';

/**
 * What `PhonebookFiles/*` answers (server module contacts, imports; the client's contacts feature
 * reads these types). `RejectedFile/:token` answers a file, so it has no contract. The
 * `phonebook-file-progress` push carries the same import as `GetAll`'s rows.
 */

/**
 * The contact's own columns a file may fill, in the mapping screen's order: the keys of a
 * mapping (the module's `CONTACT_COLUMNS` in contact-import.rows.ts names the same).
 */
export const IMPORT_CONTACT_COLUMNS = ['cellphone', 'firstName', 'lastName', 'email', 'job', 'birthdate', 'telephone', 'address', 'phonebookGroup'] as const;
export type ImportContactColumn = (typeof IMPORT_CONTACT_COLUMNS)[number];

export const PHONEBOOK_FILE_STATUS_VALUES = ['Stored', 'Waiting', 'Extracting', 'Completed', 'Failed'] as const;

/** Column indexes (from 0) by contact column; only the mapped ones. */
const columnIndexes = {
  type: 'object',
  properties: Object.fromEntries(IMPORT_CONTACT_COLUMNS.map((c) => [c, integer])) as { [K in ImportContactColumn]: typeof integer },
} as const;

/** Column indexes by custom field id. */
const fieldIndexes = { type: 'object', additionalProperties: integer } as const;

const phonebookFileProperties = {
  id: integer,
  organizationId: integer,
  phonebookId: integer,
  /** The phonebook's title. */
  phonebookName: text,
  userId: integer,
  fileName: text,
  status: { type: 'string', enum: PHONEBOOK_FILE_STATUS_VALUES },
  progressPercent: integer,
  /** Data rows of the file: an estimate until the import ends (null when unknown), then exact. */
  totalCount: nullableInteger,
  processedCount: integer,
  addedCount: integer,
  updatedCount: integer,
  duplicateCount: integer,
  existingCount: integer,
  rejectedCount: integer,
  format: { type: 'string', enum: ['xlsx', 'csv'] },
  sizeBytes: integer,
  columnCount: integer,
  hasHeaderRow: flag,
  updateExisting: flag,
  /** The mapping chosen at `Start`; null before. */
  mapping: { type: ['object', 'null'], required: ['columns', 'fields'], properties: { columns: columnIndexes, fields: fieldIndexes } },
  /** In the reader's language. */
  failedReason: nullableText,
  /** `/api/PhonebookFiles/RejectedFile/<token>` when rows were rejected (the browser downloads it itself). */
  rejectedFileUrl: nullableText,
  createdAt: instant,
  startedAt: nullableInstant,
  finishedAt: nullableInstant,
  lastModified: instant,
} as const;

const phonebookFileRequired = [
  'id', 'organizationId', 'phonebookId', 'phonebookName', 'userId', 'fileName', 'status', 'progressPercent', 'totalCount', 'processedCount', 'addedCount',
  'updatedCount', 'duplicateCount', 'existingCount', 'rejectedCount', 'format', 'sizeBytes', 'columnCount', 'hasHeaderRow', 'updateExisting', 'mapping',
  'failedReason', 'rejectedFileUrl', 'createdAt', 'startedAt', 'finishedAt', 'lastModified',
] as const;

/** An import as `Start` and `GetAll` answer it. */
export const phonebookFileAnswer = { type: 'object', required: phonebookFileRequired, properties: phonebookFileProperties } as const;

export const phonebookFilesPageAnswer = pageOf(phonebookFileAnswer);

/** The first rows as text (the first may be titles). */
const previewRows = { type: 'array', items: { type: 'array', items: text } } as const;

/** The server's guess of the columns: by header words, else the column holding mobiles. */
const suggestedMapping = {
  type: 'object', required: ['hasHeaderRow', 'mapping', 'fields'], properties: { hasHeaderRow: flag, mapping: columnIndexes, fields: fieldIndexes },
} as const;

/** `Upload`: the stored import with its preview and the suggested mapping. */
export const uploadedPhonebookFileAnswer = {
  type: 'object',
  required: [...phonebookFileRequired, 'preview', 'suggested'],
  properties: { ...phonebookFileProperties, preview: previewRows, suggested: suggestedMapping },
} as const;

/** `Get/:id`: the import; a Stored one adds its preview and suggestion again (the mapping screen reopened). */
export const phonebookFileDetailAnswer = {
  type: 'object', required: phonebookFileRequired, properties: { ...phonebookFileProperties, preview: previewRows, suggested: suggestedMapping },
} as const;

/** The maps by custom field id, which `AnswerOf` would drop with its index signatures. */
type FieldIndexes = Record<string, number>;
type WithFieldMaps<T extends { mapping: unknown }> = Omit<T, 'mapping'> & { mapping: { columns: ColumnIndexes; fields: FieldIndexes } | null };
type ColumnIndexes = AnswerOf<typeof columnIndexes>;
type SuggestedMapping = Omit<AnswerOf<typeof suggestedMapping>, 'fields'> & { fields: FieldIndexes };

export type PhonebookFileStatusValue = (typeof PHONEBOOK_FILE_STATUS_VALUES)[number];
export type PhonebookFileAnswer = WithFieldMaps<AnswerOf<typeof phonebookFileAnswer>>;
export type PhonebookFilesPage = Omit<AnswerOf<typeof phonebookFilesPageAnswer>, 'items'> & { items: PhonebookFileAnswer[] };
export type UploadedPhonebookFileAnswer = PhonebookFileAnswer & { preview: string[][]; suggested: SuggestedMapping };
export type PhonebookFileDetailAnswer = PhonebookFileAnswer & Partial<Pick<UploadedPhonebookFileAnswer, 'preview' | 'suggested'>>;
