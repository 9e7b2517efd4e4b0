import { integer, nullableText, text, type AnswerOf } from '../contracts/answer-schemas.js';
import { calculationAnswer, createdSendAnswer } from './sends.answers.js';

/**
 * What the P2P file send answers (`ScheduledMessages/UploadP2PFile`, `…P2P…` sends and previews;
 * server module messaging, client feature p2p).
 */

/** The uploaded file as the server read it: titles, counts, the first rows. */
export const p2pFileAnswer = {
  type: 'object',
  required: ['uploadId', 'fileName', 'format', 'columns', 'rowCount', 'validCount', 'wrongNumberCount', 'duplicateCount', 'invalidSamples', 'sampleRows'],
  properties: {
    uploadId: text,
    fileName: text,
    format: { type: 'string', enum: ['xlsx', 'csv'] },
    /** The first row's titles, in column order (column 1 is the mobile). */
    columns: { type: 'array', items: text },
    rowCount: integer,
    validCount: integer,
    wrongNumberCount: integer,
    duplicateCount: integer,
    invalidSamples: { type: 'array', items: text },
    /** The first rows as text, for the screen to show under the titles. */
    sampleRows: { type: 'array', items: { type: 'array', items: text } },
  },
} as const;

/** Set when repeated numbers are kept: the server's warning in the caller's language. */
const duplicateWarning = nullableText;

export const p2pCalculationAnswer = {
  type: 'object',
  required: [...calculationAnswer.required, 'duplicateWarning'],
  properties: { ...calculationAnswer.properties, duplicateWarning },
} as const;

export const p2pSendAnswer = {
  type: 'object',
  required: [...createdSendAnswer.required, 'duplicateWarning'],
  properties: { ...createdSendAnswer.properties, duplicateWarning },
} as const;

export type P2PFileAnswer = AnswerOf<typeof p2pFileAnswer>;
export type P2PCalculationAnswer = AnswerOf<typeof p2pCalculationAnswer>;
export type P2PSendAnswer = AnswerOf<typeof p2pSendAnswer>;
