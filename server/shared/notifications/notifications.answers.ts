import { flag, instant, integer, text, type AnswerOf } from '../contracts/answer-schemas.js';

/** What `Notifications/*` answers (server module notifications; the client's header bell reads it). */
export const notificationAnswer = {
  type: 'object',
  required: ['id', 'kind', 'title', 'body', 'importance', 'isRead', 'createdAt'],
  properties: {
    id: integer,
    kind: text,
    title: text,
    body: text,
    importance: text,
    isRead: flag,
    createdAt: instant,
  },
} as const;

/** `GetLatest`: the caller's newest notifications (newest first) and the count of all unread. */
export const latestNotificationsAnswer = {
  type: 'object',
  required: ['items', 'unreadCount'],
  properties: { items: { type: 'array', items: notificationAnswer }, unreadCount: integer },
} as const;

/** `MarkAsRead`: how many it marked. */
export const markedNotificationsAnswer = {
  type: 'object', required: ['marked'], properties: { marked: integer },
} as const;

export type NotificationAnswer = AnswerOf<typeof notificationAnswer>;
export type LatestNotificationsAnswer = AnswerOf<typeof latestNotificationsAnswer>;
export type MarkedNotificationsAnswer = AnswerOf<typeof markedNotificationsAnswer>;
