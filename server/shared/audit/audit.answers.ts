import { instant, integer, nullableInteger, nullableText, pageOf, text, type AnswerOf } from '../contracts/answer-schemas.js';

/** What `Audits/GetAll` answers (server module audit; the client's audits feature reads these types). */

/** Old or new data as written (JSON, secrets replaced by `***`); null when the change named none. */
const auditData = {} as const;

/** One audit row: who changed what, how it arrived, and the data before and after. */
export const auditRowAnswer = {
  type: 'object',
  required: [
    'id', 'at', 'requestId', 'userId', 'userName', 'impersonatorUserId', 'impersonatorUserName', 'organizationId', 'remoteIpAddress', 'userAgent',
    'channel', 'operationType', 'className', 'referenceId', 'oldData', 'newData',
  ],
  properties: {
    id: integer,
    at: instant,
    requestId: nullableText,
    userId: nullableInteger,
    /** The acting user's user name (null: no user, or one deleted since). */
    userName: nullableText,
    /** The administrator acting as `userId`, when impersonating. */
    impersonatorUserId: nullableInteger,
    impersonatorUserName: nullableText,
    organizationId: nullableInteger,
    remoteIpAddress: nullableText,
    userAgent: nullableText,
    channel: { type: 'string', enum: ['panel', 'api', 'smpp', 'system'] },
    /** `Create`, `Update`, `Delete` or a named action. */
    operationType: text,
    /** The entity changed. */
    className: text,
    referenceId: nullableText,
    oldData: auditData,
    newData: auditData,
  },
} as const;

export const auditsPageAnswer = pageOf(auditRowAnswer);

export type AuditRowAnswer = AnswerOf<typeof auditRowAnswer>;
export type AuditsPage = AnswerOf<typeof auditsPageAnswer>;
