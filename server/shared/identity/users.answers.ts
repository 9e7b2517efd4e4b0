import { flag, instant, integer, nullableInstant, nullableInteger, nullableText, pageOf, text, type AnswerOf } from '../contracts/answer-schemas.js';

/**
 * What `Users/*` answers (server module identity; the client's users feature reads these types).
 * No hash and no failed-login count ever leaves the server (identity's `publicProfile`).
 */

const listProperties = {
  id: integer,
  organizationId: integer,
  userName: text,
  firstName: nullableText,
  lastName: nullableText,
  email: nullableText,
  mobile: nullableText,
  isActive: flag,
  isAdmin: flag,
  isSuspended: flag,
  /** The user's role (named so for the spec; roles change through `Roles/AssignToUser`). */
  roleTemplateId: nullableInteger,
  expireDate: nullableInstant,
  lastLoginAt: nullableInstant,
  createdAt: instant,
} as const;

const listRequired = [
  'id', 'organizationId', 'userName', 'firstName', 'lastName', 'email', 'mobile', 'isActive', 'isAdmin', 'isSuspended', 'roleTemplateId',
  'expireDate', 'lastLoginAt', 'createdAt',
] as const;

/** A `GetAll` row, with its organization's name. */
export const userListItemAnswer = {
  type: 'object',
  required: [...listRequired, 'organizationName'],
  properties: {
    ...listProperties,
    organizationName: text,
    /**
     * Optional, and absent today: `GetAll` selects no `lockedUntil`, so the list shows a locked user
     * by its other states (the users page reads it; found by this contract, left for its own fix).
     */
    isLocked: flag,
  },
} as const;

export const usersPageAnswer = pageOf(userListItemAnswer);

const userTexts = ['fatherName', 'nationalCode', 'foreignerCode', 'identityNumber', 'phone', 'faxNumber', 'zipCode', 'address', 'descriptions', 'lastLoginIp'] as const;
const userFlags = [
  'isActiveSend', 'isAuthenticatedMobile', 'isAuthenticated', 'isSendSmsDescriptionRequired', 'isCanSeeContactsOfPublicPhonebooks',
  'isCanSeeContactsOfPrivatePhonebooks', 'isCanSendSmartWithoutConfirmation', 'isCanSendVoice', 'isForeigner', 'isDefault', 'changePasswordRequired',
] as const;

function eachOf<const K extends readonly string[], S>(keys: K, schema: S) {
  // fromEntries types its keys as any string: these are exactly the list's names.
  return Object.fromEntries(keys.map((k) => [k, schema])) as { [P in K[number]]: S };
}

/** The whole user, as `Get/:id`, `Create`, `Update`, `Suspend/:id` and `Unblock/:id` answer it. */
export const userAnswer = {
  type: 'object',
  required: [...listRequired, ...userTexts, ...userFlags, 'zoneId', 'mobileCount', 'birthDate', 'lockedUntil', 'passwordChangedAt', 'updatedAt', 'isLocked'],
  properties: {
    ...listProperties,
    ...eachOf(userTexts, nullableText),
    ...eachOf(userFlags, flag),
    zoneId: nullableInteger,
    mobileCount: nullableInteger,
    /** A day without time: `YYYY-MM-DD`, or its start as an instant (the form reads only the day part). */
    birthDate: nullableText,
    lockedUntil: nullableInstant,
    passwordChangedAt: nullableInstant,
    updatedAt: instant,
    /** Locked out by failed logins until `lockedUntil`. */
    isLocked: flag,
  },
} as const;

/** A `GetLoginHistory/:id` row: one login attempt and how it ended. */
export const loginHistoryItemAnswer = {
  type: 'object',
  required: ['id', 'at', 'ip', 'userAgent', 'result'],
  properties: { id: integer, at: instant, ip: nullableText, userAgent: nullableText, result: text },
} as const;

export const loginHistoryPageAnswer = pageOf(loginHistoryItemAnswer);

/** A `GetPasswordHistory/:id` row: when the password changed and who changed it. */
export const passwordHistoryPageAnswer = pageOf({
  type: 'object',
  required: ['id', 'changedAt', 'editorUserId', 'editorName'],
  properties: { id: integer, changedAt: instant, editorUserId: nullableInteger, editorName: nullableText },
} as const);

export type UserListItemAnswer = AnswerOf<typeof userListItemAnswer>;
export type UsersPage = AnswerOf<typeof usersPageAnswer>;
export type UserAnswer = AnswerOf<typeof userAnswer>;
export type LoginHistoryItem = AnswerOf<typeof loginHistoryItemAnswer>;
export type LoginHistoryPage = AnswerOf<typeof loginHistoryPageAnswer>;
export type PasswordHistoryPage = AnswerOf<typeof passwordHistoryPageAnswer>;
