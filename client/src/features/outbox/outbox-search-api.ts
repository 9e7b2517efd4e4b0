/** The outbox advanced search (OutBox/AdvancedSearch): receivers across the caller's sends, keyset paged. */
import type { ApiClient } from '../../shared/api/api-client';

export interface AdvancedSearchBody {
  fromDate: string;
  toDate: string;
  fromHour?: number;
  toHour?: number;
  toNumber?: string;
  smsText?: string;
  description?: string;
  sendStatus?: string[];
  deliveryStatus?: string[];
  pageSize?: number;
  /** The previous page's `nextCursor`. */
  after?: string;
}

export interface ReceiverHit {
  sendId: number;
  seq: number;
  toNumber: string;
  operator: string;
  description: string | null;
  sendStatus: string;
  deliveryStatus: string;
  sendDateTime: string | null;
  statusDateTime: string | null;
  smsText: string;
  senderNumber: string;
  dateTimeSend: string;
}

export interface SearchPage { items: ReceiverHit[]; nextCursor: string | null }

/** Quiet: the panel shows the field errors next to the fields. */
export const advancedSearch = (api: ApiClient, body: AdvancedSearchBody) => api.post<SearchPage>('/OutBox/AdvancedSearch', body, { quiet: true });

/** Receiver send statuses the search offers (the ones a receiver row can hold). */
export const RECEIVER_SEND_STATUSES = ['Stored', 'Sent', 'SentAndGiveBackCredit', 'ErrorInSending', 'ErrorInGetItc'] as const;
