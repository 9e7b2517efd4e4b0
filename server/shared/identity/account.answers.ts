import { flag, instant, integer, listOf, nullableInstant, nullableInteger, nullableText, pageOf, text, type AnswerOf } from '../contracts/answer-schemas.js';
import { userAnswer } from './users.answers.js';

/**
 * What `Account/*`, `Captcha/Create` and `GetCurrentUser` (under Account and Users) answer (server
 * module identity; the client's account, impersonation and shell read these types).
 * `Account/GetLoginHistory` answers users.answers.ts' `loginHistoryPageAnswer`.
 */

const tokenPairProperties = {
  accessToken: text,
  refreshToken: text,
  /** Seconds the access token lives. */
  expiresIn: integer,
} as const;

/** `RefreshToken`, `Impersonate`, `StopImpersonation`: a new session's tokens. */
export const tokenPairAnswer = {
  type: 'object', required: ['accessToken', 'refreshToken', 'expiresIn'], properties: tokenPairProperties,
} as const;

/** `Login`: the tokens and whether the password must be changed before anything else. */
export const loginAnswer = {
  type: 'object',
  required: ['accessToken', 'refreshToken', 'expiresIn', 'changePasswordRequired'],
  properties: { ...tokenPairProperties, changePasswordRequired: flag },
} as const;

/** `SignUp`: the new organization and its administrator; `isActive` false until an administrator above activates it. */
export const signUpAnswer = {
  type: 'object', required: ['organizationId', 'userId', 'isActive'], properties: { organizationId: integer, userId: integer, isActive: flag },
} as const;

export type SignUpAnswer = AnswerOf<typeof signUpAnswer>;

/** `UpdateRefreshToken`: the session's fresh refresh token (the answer to x-rft). */
export const refreshTokenAnswer = {
  type: 'object', required: ['refreshToken'], properties: { refreshToken: text },
} as const;

/** A `GetActiveSessions` item: one of the caller's live sessions. */
export const activeSessionAnswer = {
  type: 'object',
  required: ['id', 'createdAt', 'lastRefreshedAt', 'expiresAt', 'ip', 'userAgent', 'isCurrent', 'impersonatorUserId'],
  properties: {
    /** The session's uuid. */
    id: text,
    createdAt: instant,
    lastRefreshedAt: instant,
    expiresAt: instant,
    ip: nullableText,
    userAgent: nullableText,
    isCurrent: flag,
    /** Set when an administrator opened the session as this user. */
    impersonatorUserId: nullableInteger,
  },
} as const;

export const activeSessionsAnswer = listOf(activeSessionAnswer);

/** A `GetImpersonationHistory` row: who acted as whom, from when until when (null: still going). */
export const impersonationHistoryItemAnswer = {
  type: 'object',
  required: [
    'id', 'impersonatorUserId', 'impersonatorName', 'impersonatedUserId', 'impersonatedUserName', 'impersonatedOrganizationId',
    'impersonatedOrganizationName', 'startedAt', 'endedAt',
  ],
  properties: {
    id: integer,
    impersonatorUserId: integer,
    impersonatorName: text,
    impersonatedUserId: integer,
    impersonatedUserName: text,
    impersonatedOrganizationId: integer,
    impersonatedOrganizationName: text,
    startedAt: instant,
    endedAt: nullableInstant,
  },
} as const;

export const impersonationHistoryPageAnswer = pageOf(impersonationHistoryItemAnswer);

/** `Captcha/Create`: a picture (an SVG data URL) and the id to send its code back with. */
export const captchaAnswer = {
  type: 'object',
  required: ['captchaId', 'image', 'expiresInSeconds'],
  properties: { captchaId: text, image: text, expiresInSeconds: integer },
} as const;

/**
 * `GetCurrentUser`: the caller's own user (no hash, no failed-login count) with what the session
 * knows: names, scope, claims, whether an administrator is acting as them, and the active
 * organization (c-org-id).
 */
export const currentUserAnswer = {
  type: 'object',
  required: [
    ...userAnswer.required, 'fullName', 'organizationName', 'scope', 'claims', 'isImpersonating', 'impersonatorUserId', 'activeOrganizationId',
  ],
  properties: {
    ...userAnswer.properties,
    fullName: text,
    organizationName: text,
    scope: { type: 'string', enum: ['superAdmin', 'reseller', 'organization', 'user'] },
    /** Sorted. */
    claims: { type: 'array', items: text },
    /** The session's flag, not the row's: an impersonation is never forced to change the password. */
    changePasswordRequired: flag,
    isImpersonating: flag,
    impersonatorUserId: nullableInteger,
    activeOrganizationId: integer,
  },
} as const;

export type TokenPairAnswer = AnswerOf<typeof tokenPairAnswer>;
export type LoginAnswer = AnswerOf<typeof loginAnswer>;
export type RefreshTokenAnswer = AnswerOf<typeof refreshTokenAnswer>;
export type ActiveSessionAnswer = AnswerOf<typeof activeSessionAnswer>;
export type ActiveSessionsAnswer = AnswerOf<typeof activeSessionsAnswer>;
export type ImpersonationHistoryItem = AnswerOf<typeof impersonationHistoryItemAnswer>;
export type ImpersonationHistoryPage = AnswerOf<typeof impersonationHistoryPageAnswer>;
export type CaptchaAnswer = AnswerOf<typeof captchaAnswer>;
export type CurrentUserAnswer = AnswerOf<typeof currentUserAnswer>;
