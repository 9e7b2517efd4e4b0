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
  phonebookIds?: number[];
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

/** The spec's Excel request as the server answers it; `path` is the download link (relative to the API root) once ready. */
export interface ExcelRequest {
  id: number;
  type: string;
  status: 'Waiting' | 'Running' | 'Done' | 'Failed';
  isReadyForDownload: boolean;
  errors: string[];
  progressPercent: number;
  rowCount: number;
  path: string | null;
}

/** The push the requester's sockets get on every step of an export (server: EXCEL_REQUEST_EVENT). */
export const EXCEL_REQUEST_EVENT = 'excel-request';

export const exportSearch = (api: ApiClient, body: AdvancedSearchBody) => {
  const { pageSize: _size, after: _after, ...filter } = body;
  return api.post<ExcelRequest>('/OutBox/ExportSearch', filter);
};
export const exportRecipients = (api: ApiClient, sendId: number) => api.post<ExcelRequest>(`/OutBox/ExportRecipients/${sendId}`);
export const getExcelRequest = (api: ApiClient, id: number) => api.get<ExcelRequest>(`/OutBox/ExcelRequest/${id}`);

export const isExcelRequest = (value: unknown): value is ExcelRequest =>
  !!value && typeof value === 'object' && typeof (value as ExcelRequest).id === 'number' && typeof (value as ExcelRequest).progressPercent === 'number';
