import { instant, integer, nullableInteger, nullableText, pageOf, text, type AnswerOf } from '../contracts/answer-schemas.js';

/**
 * What `OptOuts/*` answers (server module inbox; the client's blacklist feature reads these types):
 * a number that texted an opt-out word to a line of the organization.
 */
export const optOutAnswer = {
  type: 'object',
  required: ['id', 'organizationId', 'organizationName', 'mobile', 'privateNumberId', 'receiverNumber', 'inboxMessageId', 'smsText', 'createdAt'],
  properties: {
    id: integer,
    organizationId: integer,
    organizationName: nullableText,
    /** Normalized: `98…` or international digits. */
    mobile: text,
    /** The line it was texted to; null once the line is deleted. */
    privateNumberId: nullableInteger,
    receiverNumber: nullableText,
    /** The inbox message that asked; null once it is gone. */
    inboxMessageId: nullableInteger,
    smsText: nullableText,
    createdAt: instant,
  },
} as const;

export const optOutPageAnswer = pageOf(optOutAnswer);

export type OptOutAnswer = AnswerOf<typeof optOutAnswer>;
export type OptOutPage = AnswerOf<typeof optOutPageAnswer>;
