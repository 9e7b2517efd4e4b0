import { flag, instant, integer, listOf, nullableInteger, nullableText, pageOf, text, type AnswerOf } from '../contracts/answer-schemas.js';
import { SPEC_ENCODINGS } from '../sms/sms-text.js';

/**
 * What `Inbox/*` answers (server module inbox; the client's inbox feature reads these types). The
 * `inbox-message` push carries the same message shape.
 */
export const inboxMessageAnswer = {
  type: 'object',
  required: [
    'id', 'inboxGroupId', 'inboxGroupName', 'organizationId', 'organizationName', 'privateNumberId', 'receiverNumber', 'senderMobile', 'encoding', 'smsParts',
    'smsText', 'isRead', 'dateTimeReceive',
  ],
  properties: {
    id: integer,
    /** The inbox group an inbox rule filed it under when it arrived; null: none. */
    inboxGroupId: nullableInteger,
    inboxGroupName: nullableText,
    organizationId: nullableInteger,
    organizationName: nullableText,
    /** Null: a message to a number that is no line of the panel (the system organization sees it). */
    privateNumberId: nullableInteger,
    receiverNumber: text,
    senderMobile: text,
    encoding: { type: 'string', enum: SPEC_ENCODINGS },
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

/** `InboxGroups/*`: the spec's inbox group (a name) and how many messages are filed under it. */
export const inboxGroupAnswer = {
  type: 'object', required: ['id', 'name', 'messageCount', 'createdAt'],
  properties: { id: integer, name: text, messageCount: integer, createdAt: instant },
} as const;
export const inboxGroupsAnswer = listOf(inboxGroupAnswer);

/** `InboxRules/*`: conditions (line, sender, keyword), the group it files into and its forwards; tried by priority, first match wins. */
export const inboxRuleAnswer = {
  type: 'object',
  required: [
    'id', 'title', 'priority', 'isActive', 'privateNumberId', 'receiverNumber', 'senderMobile', 'keywordType', 'keyword', 'inboxGroupId', 'inboxGroupName',
    'forwardUrl', 'forwardEmail', 'forwardMobile', 'createdAt',
  ],
  properties: {
    id: integer, title: text, priority: integer, isActive: flag, privateNumberId: nullableInteger, receiverNumber: nullableText, senderMobile: nullableText,
    keywordType: { type: ['string', 'null'], enum: ['Contains', 'StartsWith', null] }, keyword: nullableText, inboxGroupId: nullableInteger, inboxGroupName: nullableText,
    forwardUrl: nullableText, forwardEmail: nullableText, forwardMobile: nullableText, createdAt: instant,
  },
} as const;
export const inboxRulesAnswer = listOf(inboxRuleAnswer);

export type InboxGroupAnswer = AnswerOf<typeof inboxGroupAnswer>;
export type InboxRuleAnswer = AnswerOf<typeof inboxRuleAnswer>;
