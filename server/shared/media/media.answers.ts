import { instant, integer, noAnswer, pageOf, text, type AnswerOf } from '../contracts/answer-schemas.js';
import { VOICE_FILE_TYPES } from '../voice/voice-rules.js';
import { IMAGE_FILE_TYPES } from './image-rules.js';

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

/** An image of the media library (`UploadImage`, `GetAllImages`, `GetImage/:id`): its pixel size instead of a length. */
export const imageAnswer = {
  type: 'object',
  required: ['id', 'organizationId', 'userId', 'title', 'fileType', 'fileTypes', 'fileSizePerKilobyte', 'sizeBytes', 'width', 'height', 'url', 'createdAt'],
  properties: {
    id: integer,
    organizationId: integer,
    userId: integer,
    title: text,
    fileType: { type: 'string', enum: IMAGE_FILE_TYPES },
    fileTypes: { type: 'string', enum: IMAGE_FILE_TYPES },
    fileSizePerKilobyte: integer,
    sizeBytes: integer,
    width: integer,
    height: integer,
    /** The image's address (no session: the random token is the key), for an <img> or a page that shows it. */
    url: text,
    createdAt: instant,
  },
} as const;

export const imagePageAnswer = pageOf(imageAnswer);
export const mediaDeletedAnswer = noAnswer;

export type MediaAnswer = AnswerOf<typeof mediaAnswer>;
export type MediaPage = AnswerOf<typeof mediaPageAnswer>;
export type ImageAnswer = AnswerOf<typeof imageAnswer>;
export type ImagePage = AnswerOf<typeof imagePageAnswer>;
