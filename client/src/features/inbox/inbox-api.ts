import { endpoint } from '../../shared/api/endpoint';
import type { InboxMessageAnswer, InboxPage, MarkedAsReadAnswer, UnreadCountAnswer } from '../../../../server/shared/inbound/inbox.answers';

/** An inbound message as `Inbox/GetAll` answers it and `inbox-message` pushes it: the server's answer contract (module inbox). */
export type InboxMessage = InboxMessageAnswer;

/** The server's push for every new inbound message of the organization's lines. */
export const INBOX_MESSAGE_EVENT = 'inbox-message';

export type ReadFilter = 'all' | 'unread';

export const inboxApi = {
  list: endpoint.get<InboxPage, { pageIndex: number; pageSize: number; search?: string; isRead?: boolean }>('/Inbox/GetAll'),
  unreadCount: endpoint.get<UnreadCountAnswer>('/Inbox/UnreadCount'),
  markAsRead: endpoint.post<{ ids: number[] }, MarkedAsReadAnswer>('/Inbox/MarkAsRead'),
};

/** The inbox's SWR keys, in one place. */
export const inboxKeys = {
  list: (readFilter: ReadFilter, search: string, pageIndex: number, pageSize: number) => ['inbox', readFilter, search, pageIndex, pageSize] as const,
  unread: () => ['inbox-unread'] as const,
};
