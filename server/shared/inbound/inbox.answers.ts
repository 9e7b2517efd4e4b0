import { flag, instant, integer, nullableInteger, nullableText, pageOf, text, type AnswerOf } from '../contracts/answer-schemas.js';

/**
 * What `Inbox/*` answers (server module inbox; the client's inbox feature reads these types). The
 * `inbox-message` push carries the same message shape.
 */
export const inboxMessageAnswer = {
  type: 'object',
  required: [
    'id', 'inboxGroupName', 'organizationId', 'organizationName', 'privateNumberId', 'receiverNumber', 'senderMobile', 'encoding', 'smsParts',
    'smsText', 'isRead', 'dateTimeReceive',
  ],
  properties: {
    id: integer,
    /** Inbox groups are not built yet: always null. */
    inboxGroupName: nullableText,
    organizationId: nullableInteger,
    organizationName: nullableText,
    /** Null: a message to a number that is no line of the panel (the system organization sees it). */
    privateNumberId: nullableInteger,
    receiverNumber: text,
    senderMobile: text,
    encoding: { type: 'string', enum: ['gsm7', 'ucs2'] },
    smsParts: integer,
    smsText: text,
    isRead: flag,
    dateTimeReceive: instant,
  },
} as const;

export const inboxPageAnswer = pageOf(inboxMessageAnswer);

export const unreadCountAnswer = {
  type: 'object', required: ['unreadCount'], properties: { unreadCount: integer },
} as const;

/** `MarkAsRead`: how many it marked and the caller's unread count after. */
export const markedAsReadAnswer = {
  type: 'object', required: ['updated', 'unreadCount'], properties: { updated: integer, unreadCount: integer },
} as const;

export type InboxMessageAnswer = AnswerOf<typeof inboxMessageAnswer>;
export type InboxPage = AnswerOf<typeof inboxPageAnswer>;
export type UnreadCountAnswer = AnswerOf<typeof unreadCountAnswer>;
export type MarkedAsReadAnswer = AnswerOf<typeof markedAsReadAnswer>;
