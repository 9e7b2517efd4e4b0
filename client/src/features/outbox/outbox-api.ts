/** The outbox's calls (OutBox/*, the edit calls ScheduledMessages/…Edit) and the feature's SWR keys; types are the server's answer contracts. */
import type { ApiClient } from '../../shared/api/api-client';
import { endpoint } from '../../shared/api/endpoint';
import { isFinished, type Send } from '../sending/sending-api';
import type {
  ArchiveAnswer, DeliveryReportAnswer, DeliveryStatusRequest, ReceiversPage, SendAnswer, SendDetail, SendsPage, UnarchiveAnswer,
} from '../../../../server/shared/sends/sends.answers';

/** Queue states a send may be paused for an edit in: the scheduler has not taken it yet. */
export const EDITABLE_QUEUE_STATUSES: readonly string[] = ['Stored', 'Ready', 'Confirmed', 'WatingForConfirm'];
/** The queue state of a send paused for an edit. */
export const UPDATING = 'Updating';
const ARCHIVED_STATUSES: readonly string[] = ['Archived', 'Archiving'];
/** The server takes 1–500 ids per call. */
export const MAX_ARCHIVE_IDS = 500;

type SendState = Pick<Send, 'queueStatus' | 'status'>;

/** A send as OutBox/Get answers it: with its receivers counted by delivery status, and an administrator's reason when it was rejected. */
export type OutboxSend = SendDetail;

export const isEditable = (send: SendState): boolean => EDITABLE_QUEUE_STATUSES.includes(send.queueStatus);
export const isBeingEdited = (send: SendState): boolean => send.queueStatus === UPDATING;
export const isArchived = (send: SendState): boolean => ARCHIVED_STATUSES.includes(send.status);
/** Only a finished send is archived. */
export const isArchivable = (send: SendState): boolean => isFinished(send) && !isArchived(send);

export interface EditBody {
  id: number;
  /** Left out when the text did not change (a changed text may need confirmation again). */
  smsBody?: string;
  /** UTC ISO; left out when sending now. */
  sendDateTime?: string;
  sendDirect: boolean;
}

/** Pauses the send (queueStatus Updating) and answers it. */
export const startEdit = endpoint.postById<SendAnswer>('/ScheduledMessages/StartEdit');
const update = endpoint.post<EditBody, SendAnswer>('/ScheduledMessages/Update');
/** Saves the edit; the send goes back to where it was. Quiet: the dialog shows the field errors. */
export const saveEdit = (api: ApiClient, body: EditBody) => update(api, body, { quiet: true });
/** Leaves the edit: the send stops (cancelled, its credit given back when it settles). */
export const abandonEdit = endpoint.postById<SendAnswer>('/ScheduledMessages/AbandonEdit');

const archive = endpoint.post<{ ids: number[] }, ArchiveAnswer>('/OutBox/Archive');
const unarchive = endpoint.post<{ ids: number[] }, UnarchiveAnswer>('/OutBox/Unarchive');
/** Archives finished sends; quiet, the caller lists the refused ones (`ids[i]`). */
export const archiveSends = (api: ApiClient, ids: number[]) => archive(api, { ids }, { quiet: true });
export const unarchiveSends = (api: ApiClient, ids: number[]) => unarchive(api, { ids }, { quiet: true });

/** What the outbox list filters on (`OutBox/GetAll`); empty values are left out by the api client. */
export type OutboxQuery = {
  pageIndex: number;
  pageSize: number;
  search?: string;
  status?: string;
  fromDate?: string;
  toDate?: string;
  includeArchived?: boolean;
  /** The spec's "serial 999999": sends with cancelled receivers that no resend was made from. */
  cancelledNotResent?: boolean;
};

/** `OutBox/*` reads, the cancel and the status edit. */
export const outboxApi = {
  list: endpoint.get<SendsPage, OutboxQuery>('/OutBox/GetAll'),
  get: endpoint.getById<OutboxSend>('/OutBox/Get'),
  recipients: endpoint.get<ReceiversPage, { id: number; pageIndex: number; pageSize: number; deliveryStatus?: string; toNumber?: string }>('/OutBox/GetRecipients'),
  deliveryReport: endpoint.get<DeliveryReportAnswer, { id: number; seq: number }>('/OutBox/GetDeliveryReport'),
  cancel: endpoint.postById<SendAnswer>('/OutBox/Cancel'),
  /** A system administrator's correction of a finished send's status (audited; moves no money). */
  editStatus: endpoint.post<{ id: number; status: string; reason: string }, SendAnswer>('/OutBox/EditStatus'),
};

const requestDeliveryStatus = endpoint.post<{ id: number }, DeliveryStatusRequest>('/OutBox/RequestDeliveryStatus');
/** Asks the operator for the send's receivers' latest statuses (once per window); quiet: the panel shows the refusal beside the button. */
export const requestSendDeliveryStatus = (api: ApiClient, id: number) => requestDeliveryStatus(api, { id }, { quiet: true });
/** The push of a request's progress and result (`delivery-status-request`). */
export const DELIVERY_STATUS_REQUEST_EVENT = 'delivery-status-request';
export type { DeliveryStatusRequest };

/** The outbox feature's SWR keys (the values the screens used before; resend lines are the lines feature's `myNumbers`). */
export const outboxKeys = {
  list: (filters: unknown, search: string, pageIndex: number, pageSize: number, showArchived: boolean) => ['outbox', filters, search, pageIndex, pageSize, showArchived] as const,
  send: (id: number) => ['outbox-send', id] as const,
  receivers: (id: number, deliveryStatus: string, toNumber: string, pageIndex: number, pageSize: number) =>
    ['outbox-receivers', id, deliveryStatus, toNumber, pageIndex, pageSize] as const,
  deliveryReport: (sendId: number, seq: number) => ['outbox-report', sendId, seq] as const,
  resends: (sendId: number, queueStatus: string) => ['outbox-resends', sendId, queueStatus] as const,
  searchPhonebooks: () => ['outbox-search-phonebooks'] as const,
};
