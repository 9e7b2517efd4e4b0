import { endpoint } from '../../shared/api/endpoint';
import type {
  InboxGroupAnswer, InboxMessageAnswer, InboxPage, InboxRuleAnswer, MarkedAsReadAnswer, UnreadCountAnswer,
} from '../../../../server/shared/inbound/inbox.answers';
import type { ExcelRequestAnswer } from '../../../../server/shared/sends/outbox-search.answers';

/** An inbound message as `Inbox/GetAll` answers it and `inbox-message` pushes it: the server's answer contract (module inbound). */
export type InboxMessage = InboxMessageAnswer;
export type InboxGroup = InboxGroupAnswer;
export type InboxRule = InboxRuleAnswer;

/** The server's push for every new inbound message of the organization's lines. */
export const INBOX_MESSAGE_EVENT = 'inbox-message';

export type ReadFilter = 'all' | 'unread' | 'read';

/** The inbox's filter: besides the read state, what `Inbox/GetAll` and `Inbox/Export` share. */
export type InboxFilter = {
  search?: string;
  isRead?: boolean;
  /** 0: messages of no group. */
  inboxGroupId?: number;
  receiverNumber?: string;
  senderMobile?: string;
  smsText?: string;
  fromDate?: string;
  toDate?: string;
};

export interface InboxRuleBody {
  title: string;
  priority?: number;
  isActive?: boolean;
  privateNumberId?: number | null;
  senderMobile?: string | null;
  keywordType?: 'Contains' | 'StartsWith' | null;
  keyword?: string | null;
  inboxGroupId?: number | null;
  forwardUrl?: string | null;
  forwardEmail?: string | null;
  forwardMobile?: string | null;
}

export const inboxApi = {
  list: endpoint.get<InboxPage, InboxFilter & { pageIndex: number; pageSize: number }>('/Inbox/GetAll'),
  unreadCount: endpoint.get<UnreadCountAnswer>('/Inbox/UnreadCount'),
  markAsRead: endpoint.post<{ ids: number[] }, MarkedAsReadAnswer>('/Inbox/MarkAsRead'),
  markAsUnread: endpoint.post<{ ids: number[] }, MarkedAsReadAnswer>('/Inbox/MarkAsUnread'),
  export: endpoint.post<InboxFilter, ExcelRequestAnswer>('/Inbox/Export'),
  excelRequest: endpoint.getById<ExcelRequestAnswer>('/Inbox/ExcelRequest'),
  groups: endpoint.get<InboxGroup[]>('/InboxGroups/GetAll'),
  createGroup: endpoint.post<{ name: string }, InboxGroup>('/InboxGroups/Create'),
  updateGroup: endpoint.post<{ id: number; name: string }, InboxGroup>('/InboxGroups/Update'),
  deleteGroup: endpoint.deleteById('/InboxGroups/Delete'),
  rules: endpoint.get<InboxRule[]>('/InboxRules/GetAll'),
  createRule: endpoint.post<InboxRuleBody, InboxRule>('/InboxRules/Create'),
  updateRule: endpoint.post<InboxRuleBody & { id: number }, InboxRule>('/InboxRules/Update'),
  deleteRule: endpoint.deleteById('/InboxRules/Delete'),
};

/** The inbox's SWR keys, in one place. */
export const inboxKeys = {
  list: (filter: InboxFilter, pageIndex: number, pageSize: number) => ['inbox', JSON.stringify(filter), pageIndex, pageSize] as const,
  unread: () => ['inbox-unread'] as const,
  groups: () => ['inbox-groups'] as const,
  rules: () => ['inbox-rules'] as const,
};

