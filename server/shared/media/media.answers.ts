import { instant, integer, noAnswer, pageOf, text, type AnswerOf } from '../contracts/answer-schemas.js';
import { VOICE_FILE_TYPES } from '../voice/voice-rules.js';

/**
 * What `Media/*` answers (server module media; the client's voice feature reads these types).
 * `File/:token` answers the file itself: no contract.
 */
export const mediaAnswer = {
  type: 'object',
  required: ['id', 'organizationId', 'userId', 'title', 'fileType', 'fileTypes', 'fileSizePerKilobyte', 'sizeBytes', 'duration', 'durationSeconds', 'parts', 'url', 'createdAt'],
  properties: {
    id: integer,
    organizationId: integer,
    userId: integer,
    title: text,
    fileType: { type: 'string', enum: VOICE_FILE_TYPES },
    /** The spec's name of fileType. */
    fileTypes: { type: 'string', enum: VOICE_FILE_TYPES },
    fileSizePerKilobyte: integer,
    sizeBytes: integer,
    /** Seconds as read from the file, with a fraction. */
    duration: { type: 'number' },
    /** The priced length, whole seconds. */
    durationSeconds: integer,
    parts: integer,
    /** The link the voice provider fetches the file by (no session). */
    url: text,
    createdAt: instant,
  },
} as const;

export const mediaPageAnswer = pageOf(mediaAnswer);
export const mediaDeletedAnswer = noAnswer;

export type MediaAnswer = AnswerOf<typeof mediaAnswer>;
export type MediaPage = AnswerOf<typeof mediaPageAnswer>;
