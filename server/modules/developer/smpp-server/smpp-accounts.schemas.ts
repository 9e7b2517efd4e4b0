import { NAME_FORMAT } from '../../../platform/http/validation.js';

const ip = { type: 'string', minLength: 2, maxLength: 45, pattern: '^[0-9A-Fa-f:.]+$' } as const;

const accountFields = {
  title: { type: 'string', maxLength: 100, format: NAME_FORMAT },
  // SMPP 3.4: system_id at most 15 characters, password at most 8.
  password: { type: 'string', minLength: 4, maxLength: 8, pattern: '^[\\x21-\\x7e]+$' },
  apiTokenId: { type: ['integer', 'null'], minimum: 1, maximum: 2147483647 },
  // Caller addresses allowed to bind (IPv4/IPv6, stored normalised by the service); empty: any.
  allowedIps: { type: 'array', maxItems: 15, uniqueItems: true, items: ip },
  maxBinds: { type: 'integer', minimum: 1, maximum: 32 },
  windowSize: { type: 'integer', minimum: 1, maximum: 1000 },
  throughput: { type: 'integer', minimum: 1, maximum: 100000 },
  defaultLineId: { type: ['integer', 'null'], minimum: 1, maximum: 2147483647 },
  status: { enum: ['Active', 'Disabled'] },
} as const;

export const createSmppAccountSchema = {
  type: 'object', additionalProperties: false, required: ['systemId', 'password', 'userId'],
  properties: {
    systemId: { type: 'string', minLength: 1, maxLength: 15, pattern: '^[A-Za-z0-9_.-]+$' },
    userId: { type: 'integer', minimum: 1, maximum: 2147483647 },
    ...accountFields,
  },
  examples: [{ systemId: 'acme01', password: 'S3cret!', userId: 12, title: 'ACME gateway', allowedIps: ['203.0.113.10'], maxBinds: 4, windowSize: 100, throughput: 200, defaultLineId: 7 }],
} as const;

export const updateSmppAccountSchema = {
  type: 'object', additionalProperties: false, required: ['id'],
  properties: {
    id: { type: 'integer', minimum: 1, maximum: 2147483647 },
    ...accountFields,
  },
  examples: [{ id: 3, throughput: 500, windowSize: 200, status: 'Active' }, { id: 3, password: 'N3wPass' }],
} as const;
