import { NAME_FORMAT } from '../../platform/http/validation.js';
import { pagingQuerySchema } from '../../platform/http/router.js';
import { DOWNLOAD_KEY_PATTERN } from '../../platform/upload/download-link.js';

/** The body of an upload is the file itself; its name comes in the query (for the title only, never to judge the type). */
export const uploadMediaQuery = {
  type: 'object', additionalProperties: false,
  // No control characters: the name is shown in lists and the outbox (NUL is refused for every route).
  properties: { fileName: { type: 'string', maxLength: 200, format: NAME_FORMAT, pattern: '^[^\\u0001-\\u001f\\u007f]*$' } },
} as const;

export const mediaListQuery = { type: 'object', additionalProperties: false, properties: { ...pagingQuerySchema } } as const;

export const mediaTokenParams = {
  type: 'object', additionalProperties: false, required: ['token'],
  properties: { token: { type: 'string', pattern: DOWNLOAD_KEY_PATTERN } },
} as const;
