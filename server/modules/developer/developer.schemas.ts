import { SEND_TYPES } from '../numbers/index.js';

const flag = { type: 'boolean' } as const;

export const createTokenSchema = {
  type: 'object', additionalProperties: false, required: ['title'],
  properties: {
    title: { type: 'string', minLength: 1, maxLength: 100 },
    // An IPv4 or IPv6 address as the server sees the caller (no ranges in this slice).
    ip: { type: ['string', 'null'], maxLength: 45, pattern: '^[0-9A-Fa-f:.]*$' },
    isCanSend: flag, isCanSendSmart: flag, isIgnoreCheckIp: flag, canUseSmartClass: flag,
  },
} as const;

export const v1LinesQuery = {
  type: 'object', additionalProperties: false,
  properties: { sendType: { enum: SEND_TYPES, default: 'Single' } },
} as const;

export const v1SendSchema = {
  type: 'object', additionalProperties: false, required: ['to', 'text', 'line'],
  properties: {
    // Lengths as the panel's fast send: an empty or wrong value gets the panel's failure code, not a schema error.
    to: { type: 'string', maxLength: 40 },
    text: { type: 'string', maxLength: 5000 },
    line: { type: 'integer', minimum: 1, maximum: 2147483647 },
    sendId: { type: ['string', 'null'], maxLength: 100 },
  },
} as const;

export const v1SendIdParams = {
  type: 'object', additionalProperties: false, required: ['sendId'],
  properties: { sendId: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;
