import { pagingQuerySchema } from '../../platform/http/router.js';

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const part = { type: 'string', maxLength: 100 } as const;

/** The inbox's filter (the list and the export): read state, line, group (0: no group), the search fields, the received range. */
const filterProperties = {
  isRead: { type: 'boolean' },
  privateNumberId: id,
  inboxGroupId: { type: 'integer', minimum: 0, maximum: 2147483647 },
  search: { type: 'string', maxLength: 100 },
  receiverNumber: part,
  senderMobile: part,
  smsText: part,
  fromDate: { type: 'string', format: 'date-time' },
  toDate: { type: 'string', format: 'date-time' },
} as const;

export const inboxListQuery = {
  type: 'object', additionalProperties: false,
  properties: { ...pagingQuerySchema, ...filterProperties },
} as const;

export const inboxExportSchema = { type: 'object', additionalProperties: false, properties: filterProperties } as const;

/** `isRead` false marks them unread; absent keeps the first contract (mark read). */
export const markAsReadSchema = {
  type: 'object', additionalProperties: false, required: ['ids'],
  properties: {
    ids: { type: 'array', minItems: 1, maxItems: 500, items: { type: 'integer', minimum: 1, maximum: 9007199254740991 } },
    isRead: { type: 'boolean' },
  },
} as const;

export const markAsUnreadSchema = {
  type: 'object', additionalProperties: false, required: ['ids'],
  properties: { ids: markAsReadSchema.properties.ids },
} as const;

export const inboxDownloadParams = {
  type: 'object', additionalProperties: false, required: ['id', 'key'],
  properties: { id, key: { type: 'string', pattern: '^[0-9a-f]{16,128}$' } },
} as const;

export const optOutsQuery = { type: 'object', additionalProperties: false, properties: { ...pagingQuerySchema } } as const;

export const inboxGroupSchema = {
  type: 'object', additionalProperties: false, required: ['name'],
  properties: { name: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;

export const inboxGroupUpdateSchema = {
  type: 'object', additionalProperties: false, required: ['id', 'name'],
  properties: { id, ...inboxGroupSchema.properties },
} as const;

const nullableText = (maxLength: number) => ({ anyOf: [{ type: 'string', maxLength }, { type: 'null' }] }) as const;

/**
 * An inbox rule: conditions (line, sender, keyword; at least one) and what follows (a group and/or
 * forwards; at least one). Checked further in the service (the line is the organization's, the
 * group too, the URL passes the outbound guard, an email forward has an Email agent to go through).
 */
export const inboxRuleSchema = {
  type: 'object', additionalProperties: false, required: ['title'],
  properties: {
    title: { type: 'string', minLength: 1, maxLength: 100 },
    priority: { type: 'integer', minimum: 0, maximum: 1_000_000 },
    isActive: { type: 'boolean' },
    privateNumberId: { anyOf: [id, { type: 'null' }] },
    senderMobile: nullableText(40),
    keywordType: { anyOf: [{ type: 'string', enum: ['Contains', 'StartsWith'] }, { type: 'null' }] },
    keyword: nullableText(100),
    inboxGroupId: { anyOf: [id, { type: 'null' }] },
    forwardUrl: nullableText(500),
    forwardEmail: { anyOf: [{ type: 'string', format: 'email', maxLength: 254 }, { type: 'null' }, { const: '' }] },
    forwardMobile: nullableText(20),
  },
} as const;

export const inboxRuleUpdateSchema = {
  type: 'object', additionalProperties: false, required: ['id', 'title'],
  properties: { id, ...inboxRuleSchema.properties },
} as const;
