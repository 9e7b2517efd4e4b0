import { flag, instant, integer, listOf, nullableInstant, nullableText, text, type AnswerOf } from '../contracts/answer-schemas.js';
import { exportDataStatusAnswer } from './sends.answers.js';

/**
 * What the outbox's advanced search and its Excel exports answer (`OutBox/AdvancedSearch`,
 * `ExportSearch`, `ExportRecipients/:id`, `ExcelRequests`, `ExcelRequest/:id`; server module
 * messaging, client feature outbox). `DownloadExcel` answers the file itself: no contract.
 */

/** A receiver the search found, with its send's text, line and time. */
export const receiverHitAnswer = {
  type: 'object',
  required: [
    'sendId', 'seq', 'toNumber', 'operator', 'description', 'sendStatus', 'deliveryStatus', 'sendDateTime', 'statusDateTime', 'smsText',
    'senderNumber', 'dateTimeSend',
  ],
  properties: {
    sendId: integer,
    seq: integer,
    toNumber: text,
    operator: text,
    description: nullableText,
    sendStatus: text,
    deliveryStatus: text,
    sendDateTime: nullableInstant,
    statusDateTime: nullableInstant,
    smsText: text,
    senderNumber: text,
    dateTimeSend: instant,
  },
} as const;

/** Keyset paged, no count: `nextCursor` is the next page's `after`, null on the last page. */
export const searchPageAnswer = {
  type: 'object',
  required: ['items', 'nextCursor'],
  properties: { items: { type: 'array', items: receiverHitAnswer }, nextCursor: nullableText },
} as const;

/** The spec's Excel request with its progress; `path` is the download link (relative to the API root) once ready. */
export const excelRequestAnswer = {
  type: 'object',
  required: ['id', 'type', 'status', 'isReadyForDownload', 'errors', 'progressPercent', 'rowCount', 'createdAt', 'finishedAt', 'path', 'exportDataStatus'],
  properties: {
    id: integer,
    type: text,
    status: { type: 'string', enum: ['Waiting', 'Running', 'Done', 'Failed'] },
    isReadyForDownload: flag,
    errors: { type: 'array', items: text },
    progressPercent: integer,
    rowCount: integer,
    createdAt: instant,
    finishedAt: nullableInstant,
    path: nullableText,
    exportDataStatus: exportDataStatusAnswer,
  },
} as const;

/** The caller's latest requests, newest first. */
export const excelRequestsAnswer = listOf(excelRequestAnswer);

export type ReceiverHitAnswer = AnswerOf<typeof receiverHitAnswer>;
export type SearchPageAnswer = AnswerOf<typeof searchPageAnswer>;
export type ExcelRequestAnswer = AnswerOf<typeof excelRequestAnswer>;
