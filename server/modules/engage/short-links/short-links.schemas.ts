import { pagingQuerySchema } from '../../../platform/http/router.js';
import { NAME_FORMAT } from '../../../platform/http/validation.js';

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;

export const shortLinksQuery = {
  type: 'object', additionalProperties: false, properties: { ...pagingQuerySchema, sendId: id },
} as const;

// mainUrl has no minLength/format: an empty or malformed one is answered with the module's own message, on its field.
export const createShortLinkSchema = {
  type: 'object', additionalProperties: false, required: ['mainUrl'],
  properties: {
    mainUrl: { type: 'string', maxLength: 4_000 },
    title: { type: ['string', 'null'], maxLength: 100, format: NAME_FORMAT, default: null },
  },
} as const;

export const sendClicksQuery = {
  type: 'object', additionalProperties: false, required: ['sendId'], properties: { ...pagingQuerySchema, sendId: id },
} as const;
