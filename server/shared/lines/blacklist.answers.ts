import { instant, integer, nullableInteger, nullableText, pageOf, text, type AnswerOf } from '../contracts/answer-schemas.js';

/**
 * What `BlackLists/*` answers (server module numbers, beside its line contracts; the client's
 * blacklist feature reads these types).
 */
export const blacklistEntryAnswer = {
  type: 'object',
  required: ['id', 'organizationId', 'mobile', 'description', 'createdAt'],
  properties: {
    id: integer,
    /** Null: the general list (the system organization's). */
    organizationId: nullableInteger,
    /** Normalized: `98…` or international digits. */
    mobile: text,
    description: nullableText,
    createdAt: instant,
  },
} as const;

export const blacklistPageAnswer = pageOf(blacklistEntryAnswer);

/** `CreateBulk`: numbers added, and those skipped (already listed, or repeated in the request). */
export const blacklistBulkAnswer = {
  type: 'object', required: ['addedCount', 'duplicateCount'], properties: { addedCount: integer, duplicateCount: integer },
} as const;

export type BlacklistEntryAnswer = AnswerOf<typeof blacklistEntryAnswer>;
export type BlacklistPage = AnswerOf<typeof blacklistPageAnswer>;
export type BlacklistBulkAnswer = AnswerOf<typeof blacklistBulkAnswer>;
