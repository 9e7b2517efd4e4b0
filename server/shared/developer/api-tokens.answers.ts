import { flag, instant, integer, nullableInstant, nullableInteger, nullableText, pageOf, text, type AnswerOf } from '../contracts/answer-schemas.js';

/**
 * What `ApiTokens/*` answers (server module developer: the tokens, their safe IPs, rate rules and
 * call log; the client's developer feature reads these types). No token hash ever leaves the
 * server; the secret only in `Create` and `Rotate/:id`.
 */


const tokenProperties = {
  id: integer,
  userId: integer,
  organizationId: integer,
  title: text,
  /** The secret's first characters, so a list tells tokens apart. */
  prefix: text,
  /** The creation form's address (enforced only when `isIgnoreCheckIp` is false). */
  ip: nullableText,
  status: { type: 'string', enum: ['Active', 'Revoked'] },
  isCanSend: flag,
  isCanSendSmart: flag,
  isIgnoreCheckIp: flag,
  canUseSmartClass: flag,
  createdAt: instant,
  rotatedAt: nullableInstant,
  revokedAt: nullableInstant,
} as const;

const tokenRequired = [
  'id', 'userId', 'organizationId', 'title', 'prefix', 'ip', 'status', 'isCanSend', 'isCanSendSmart', 'isIgnoreCheckIp', 'canUseSmartClass',
  'createdAt', 'rotatedAt', 'revokedAt',
] as const;

/** A token as `Revoke/:id` answers it. */
export const apiTokenAnswer = { type: 'object', required: tokenRequired, properties: tokenProperties } as const;

/** `Create` and `Rotate/:id`: the token with its secret, shown this once. */
export const apiTokenWithSecretAnswer = {
  type: 'object', required: [...tokenRequired, 'token'], properties: { ...tokenProperties, token: text },
} as const;

/** `GetAll`: the tokens the caller manages, each with its owner's user name. */
export const apiTokensPageAnswer = pageOf({
  type: 'object', required: [...tokenRequired, 'userName'], properties: { ...tokenProperties, userName: text },
} as const);

/** A safe IP entry (`SafeIps/*`): one address or an IPv4 range, waiting, confirmed or rejected. */
export const safeIpAnswer = {
  type: 'object',
  required: ['id', 'apiTokenId', 'ip', 'status', 'createdByUserId', 'decidedByUserId', 'decidedAt', 'createdAt'],
  properties: {
    id: integer,
    apiTokenId: integer,
    ip: text,
    status: { type: 'string', enum: ['WatingForConfirm', 'Confirmed', 'Rejected'] },
    createdByUserId: integer,
    decidedByUserId: nullableInteger,
    decidedAt: nullableInstant,
    createdAt: instant,
  },
} as const;

export const safeIpsPageAnswer = pageOf(safeIpAnswer);

/** A rate rule (`IpRules/*`, `ClientRules/*`): `limit` calls per `period` × `periodType`. */
export const rateRuleAnswer = {
  type: 'object',
  required: ['id', 'apiTokenId', 'ruleType', 'ip', 'clientId', 'endpoint', 'limit', 'period', 'periodType', 'createdAt'],
  properties: {
    id: integer,
    apiTokenId: integer,
    ruleType: { type: 'string', enum: ['Ip', 'Client'] },
    /** Null: every caller address, each with its own counter. */
    ip: nullableText,
    /** Client rules only; null: each client id its own counter. */
    clientId: nullableText,
    endpoint: text,
    limit: integer,
    period: integer,
    periodType: { type: 'string', enum: ['Second', 'Minute', 'Hour', 'Daily'] },
    createdAt: instant,
  },
} as const;

export const rateRulesPageAnswer = pageOf(rateRuleAnswer);

/** A `Logs` row: one REST API v1 call of a token the caller manages. */
export const callLogAnswer = {
  type: 'object',
  required: [
    'id', 'tokenId', 'userId', 'organizationId', 'tokenIp', 'clientId', 'requestMethod', 'requestPath', 'status', 'scheduledMessageId',
    'requestBody', 'resultData', 'durationMs', 'createdAt', 'tokenTitle',
  ],
  properties: {
    id: integer,
    tokenId: nullableInteger,
    userId: nullableInteger,
    organizationId: nullableInteger,
    /** The caller's address. */
    tokenIp: text,
    clientId: nullableText,
    requestMethod: text,
    requestPath: text,
    /** The HTTP status answered. */
    status: integer,
    /** The send a successful POST made. */
    scheduledMessageId: nullableInteger,
    /** JSON text, cut at 2,000 characters. */
    requestBody: nullableText,
    resultData: nullableText,
    durationMs: integer,
    createdAt: instant,
    tokenTitle: text,
  },
} as const;

export const callLogsPageAnswer = pageOf(callLogAnswer);

export type ApiTokenAnswer = AnswerOf<typeof apiTokenAnswer>;
export type ApiTokenWithSecret = AnswerOf<typeof apiTokenWithSecretAnswer>;
export type ApiTokensPage = AnswerOf<typeof apiTokensPageAnswer>;
export type SafeIpAnswer = AnswerOf<typeof safeIpAnswer>;
export type SafeIpsPage = AnswerOf<typeof safeIpsPageAnswer>;
export type RateRuleAnswer = AnswerOf<typeof rateRuleAnswer>;
export type RateRulesPage = AnswerOf<typeof rateRulesPageAnswer>;
export type CallLogAnswer = AnswerOf<typeof callLogAnswer>;
export type CallLogsPage = AnswerOf<typeof callLogsPageAnswer>;
