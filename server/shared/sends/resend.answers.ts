import { idAnswer, instant, integer, integers, nullableInteger, nullableRials, nullableText, pageOf, text, flag, type AnswerOf } from '../contracts/answer-schemas.js';

/**
 * What resends answer (`OutBox/GetResends/:id`, `AutomaticResends/*`; server module messaging,
 * client features outbox and lines). `OutBox/ResendByDeliveryStatus` answers the new send
 * (sends.answers.ts `createdSendAnswer`).
 */

/** A send made again from another one, as the outbox detail links it. */
export const resendLinkAnswer = {
  type: 'object',
  required: ['id', 'resendRuleId', 'senderNumber', 'recipientCount', 'queueStatus', 'status', 'totalPrice', 'dateTimeSend'],
  properties: {
    id: integer,
    resendRuleId: nullableInteger,
    senderNumber: text,
    recipientCount: integer,
    queueStatus: text,
    status: text,
    /** Integer rials as text. */
    totalPrice: nullableRials,
    dateTimeSend: instant,
  },
} as const;

/** The send, the one it was made from, and the sends made again from it. */
export const resendLinksAnswer = {
  type: 'object',
  required: ['id', 'isResend', 'resendOfSendId', 'resendRuleId', 'countResendOther', 'resends'],
  properties: {
    id: integer,
    isResend: flag,
    resendOfSendId: nullableInteger,
    resendRuleId: nullableInteger,
    /** Receivers resent from this send, all resends together. */
    countResendOther: integer,
    resends: { type: 'array', items: resendLinkAnswer },
  },
} as const;

/** An automatic resend rule of a line: the statuses it resends for and the lines it resends from. */
export const resendRuleAnswer = {
  type: 'object',
  required: ['id', 'organizationId', 'createdByUserId', 'privateNumberId', 'deliveryStatus', 'targetPrivateNumbers', 'createdAt'],
  properties: {
    id: integer,
    organizationId: integer,
    createdByUserId: integer,
    privateNumberId: integer,
    deliveryStatus: { type: 'array', items: text },
    targetPrivateNumbers: integers,
    createdAt: instant,
  },
} as const;

export const resendRulesPageAnswer = pageOf(resendRuleAnswer);
export const resendRuleDeletedAnswer = idAnswer;

export type ResendLinkAnswer = AnswerOf<typeof resendLinkAnswer>;
export type ResendLinksAnswer = AnswerOf<typeof resendLinksAnswer>;
export type ResendRuleAnswer = AnswerOf<typeof resendRuleAnswer>;
export type ResendRulesPage = AnswerOf<typeof resendRulesPageAnswer>;
