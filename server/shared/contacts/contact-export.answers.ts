import { flag, instant, integer, listOf, nullableInstant, nullableInteger, nullableText, type AnswerOf } from '../contracts/answer-schemas.js';

/**
 * What `ContactExports/*` answers (server module contacts, exports; the client's contacts feature
 * reads these types). `Download/:id/:key` answers the file itself, so it has no contract. The
 * `contact-export` push carries the same export as `Get/:id`.
 */
export const contactExportAnswer = {
  type: 'object',
  required: ['id', 'phonebookId', 'format', 'status', 'numbersHidden', 'progressPercent', 'rowCount', 'totalCount', 'failedReason', 'createdAt', 'finishedAt', 'path'],
  properties: {
    id: integer,
    phonebookId: integer,
    format: { type: 'string', enum: ['xlsx', 'csv'] },
    status: { type: 'string', enum: ['Waiting', 'Running', 'Done', 'Failed'] },
    /** The file holds masked numbers (the requester reads this phonebook so). */
    numbersHidden: flag,
    progressPercent: integer,
    rowCount: integer,
    /** Taken when the job starts; null before. */
    totalCount: nullableInteger,
    /** In the requester's language at the time of the request. */
    failedReason: nullableText,
    createdAt: instant,
    finishedAt: nullableInstant,
    /** The download link relative to the API root, once done. */
    path: nullableText,
  },
} as const;

/** `GetAll?phonebookId`: the requester's latest exports of the phonebook, newest first. */
export const contactExportsAnswer = listOf(contactExportAnswer);

export type ContactExportAnswer = AnswerOf<typeof contactExportAnswer>;
export type ContactExportsAnswer = AnswerOf<typeof contactExportsAnswer>;
