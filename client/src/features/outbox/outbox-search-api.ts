/** The outbox advanced search (OutBox/AdvancedSearch): receivers across the caller's sends, keyset paged. */
import type { ApiClient } from '../../shared/api/api-client';
import { endpoint } from '../../shared/api/endpoint';
import type { ExcelRequestAnswer, ReceiverHitAnswer, SearchPageAnswer } from '../../../../server/shared/sends/outbox-search.answers';

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

export type ReceiverHit = ReceiverHitAnswer;
export type SearchPage = SearchPageAnswer;

const search = endpoint.post<AdvancedSearchBody, SearchPage>('/OutBox/AdvancedSearch');
/** Quiet: the panel shows the field errors next to the fields. */
export const advancedSearch = (api: ApiClient, body: AdvancedSearchBody) => search(api, body, { quiet: true });

/** Receiver send statuses the search offers (the ones a receiver row can hold). */
export const RECEIVER_SEND_STATUSES = ['Stored', 'Sent', 'SentAndGiveBackCredit', 'ErrorInSending', 'ErrorInGetItc'] as const;

/** The spec's Excel request as the server answers it; `path` is the download link (relative to the API root) once ready. */
export type ExcelRequest = ExcelRequestAnswer;

/** The push the requester's sockets get on every step of an export (server: EXCEL_REQUEST_EVENT). */
export const EXCEL_REQUEST_EVENT = 'excel-request';

const exportFiltered = endpoint.post<Omit<AdvancedSearchBody, 'pageSize' | 'after'>, ExcelRequest>('/OutBox/ExportSearch');
export const exportSearch = (api: ApiClient, body: AdvancedSearchBody) => {
  const { pageSize: _size, after: _after, ...filter } = body;
  return exportFiltered(api, filter);
};
export const exportRecipients = endpoint.postById<ExcelRequest>('/OutBox/ExportRecipients');
export const getExcelRequest = endpoint.getById<ExcelRequest>('/OutBox/ExcelRequest');

export const isExcelRequest = (value: unknown): value is ExcelRequest =>
  !!value && typeof value === 'object' && typeof (value as ExcelRequest).id === 'number' && typeof (value as ExcelRequest).progressPercent === 'number';
