import { instant, integer, nullableInstant, nullableInteger, noAnswer, pageOf, text, type AnswerOf } from '../contracts/answer-schemas.js';

/**
 * What `OtpFormats/*` answers (server module developer; the client's developer feature reads these
 * types). The v1 OTP send answers a send: see api-v1.answers.ts.
 */

const formatProperties = {
  id: integer,
  organizationId: integer,
  userId: integer,
  title: text,
  /** `{0}`, `{1}`… placeholders, literal braces doubled (server/shared/text/otp-format.ts). */
  smsText: text,
  parameterCount: integer,
  /** The spec's SendPriority: recorded and shown only. */
  priority: { type: 'string', enum: ['Lowest', 'VeryLow', 'Low', 'Normal', 'AboveNormal', 'High', 'VeryHigh', 'Highest'] },
  status: { type: 'string', enum: ['WatingForConfirm', 'Confirmed', 'Rejected'] },
  decidedByUserId: nullableInteger,
  decidedAt: nullableInstant,
  createdAt: instant,
  lastModified: instant,
} as const;

const formatRequired = [
  'id', 'organizationId', 'userId', 'title', 'smsText', 'parameterCount', 'priority', 'status', 'decidedByUserId', 'decidedAt', 'createdAt',
  'lastModified',
] as const;

/** A format as `Create`, `Update`, `Confirm/:id` and `Reject/:id` answer it. */
export const otpFormatAnswer = { type: 'object', required: formatRequired, properties: formatProperties } as const;

/** `GetAll`: with the owner's user name. */
export const otpFormatsPageAnswer = pageOf({
  type: 'object', required: [...formatRequired, 'userName'], properties: { ...formatProperties, userName: text },
} as const);

/** `Delete/:id` (soft: the row stays for audit). */
export const otpFormatDeletedAnswer = noAnswer;

export type OtpFormatAnswer = AnswerOf<typeof otpFormatAnswer>;
export type OtpFormatsPage = AnswerOf<typeof otpFormatsPageAnswer>;
