import { idAnswer, instant, integer, listOf, nullableInteger, pageOf, text, type AnswerOf } from '../contracts/answer-schemas.js';

/**
 * What `SmppAccounts/*` answers (server module developer, smpp-server; the client's developer
 * feature reads these types). No password hash ever leaves the server.
 */

const accountProperties = {
  id: integer,
  /** SMPP system_id (at most 15 characters). */
  systemId: text,
  userId: integer,
  organizationId: integer,
  apiTokenId: nullableInteger,
  title: text,
  allowedIps: { type: 'array', items: text },
  maxBinds: integer,
  windowSize: integer,
  throughput: integer,
  defaultLineId: nullableInteger,
  status: { type: 'string', enum: ['Active', 'Disabled'] },
  createdAt: instant,
  updatedAt: instant,
} as const;

const accountRequired = [
  'id', 'systemId', 'userId', 'organizationId', 'apiTokenId', 'title', 'allowedIps', 'maxBinds', 'windowSize', 'throughput', 'defaultLineId', 'status',
  'createdAt', 'updatedAt',
] as const;

/** An account as `Create` and `Update` answer it. */
export const smppAccountAnswer = { type: 'object', required: accountRequired, properties: accountProperties } as const;

/** `GetAll`: with the user's name and the binds this process holds for it now. */
export const smppAccountsPageAnswer = pageOf({
  type: 'object',
  required: [...accountRequired, 'userName', 'liveBinds'],
  properties: { ...accountProperties, userName: text, liveBinds: integer },
} as const);

export const smppAccountDeletedAnswer = idAnswer;

/** `UserChoices/:id`: the lines the picked user may send single messages from, and that user's API tokens. */
export const smppUserChoicesAnswer = {
  type: 'object',
  required: ['lines', 'apiTokens'],
  properties: {
    lines: listOf({ type: 'object', required: ['id', 'number'], properties: { id: integer, number: text } } as const),
    apiTokens: listOf({
      type: 'object', required: ['id', 'title', 'prefix', 'status'], properties: { id: integer, title: text, prefix: text, status: text },
    } as const),
  },
} as const;

export type SmppAccountAnswer = AnswerOf<typeof smppAccountAnswer>;
export type SmppAccountsPage = AnswerOf<typeof smppAccountsPageAnswer>;
export type SmppUserChoices = AnswerOf<typeof smppUserChoicesAnswer>;
