/** Editing a send before it goes out and archiving finished sends (ScheduledMessages/…Edit, OutBox/Archive). */
import type { ApiClient } from '../../shared/api/api-client';
import { isFinished, type Send } from '../sending/sending-api';

/** Queue states a send may be paused for an edit in: the scheduler has not taken it yet. */
export const EDITABLE_QUEUE_STATUSES: readonly string[] = ['Stored', 'Ready', 'Confirmed', 'WatingForConfirm'];
/** The queue state of a send paused for an edit. */
export const UPDATING = 'Updating';
const ARCHIVED_STATUSES: readonly string[] = ['Archived', 'Archiving'];
/** The server takes 1–500 ids per call. */
export const MAX_ARCHIVE_IDS = 500;

type SendState = Pick<Send, 'queueStatus' | 'status'>;

/** A send as OutBox/Get answers it: with an administrator's reason when it was rejected (queueStatus Rejected). */
export interface OutboxSend extends Send { rejectReason?: string | null }

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
export const startEdit = (api: ApiClient, id: number) => api.post<Send>(`/ScheduledMessages/StartEdit/${id}`);
/** Saves the edit; the send goes back to where it was. Quiet: the dialog shows the field errors. */
export const saveEdit = (api: ApiClient, body: EditBody) => api.post<Send>('/ScheduledMessages/Update', body, { quiet: true });
/** Leaves the edit: the send stops (cancelled, its credit given back when it settles). */
export const abandonEdit = (api: ApiClient, id: number) => api.post<Send>(`/ScheduledMessages/AbandonEdit/${id}`);

/** Archives finished sends; quiet, the caller lists the refused ones (`ids[i]`). */
export const archiveSends = (api: ApiClient, ids: number[]) => api.post<{ archiving: number }>('/OutBox/Archive', { ids }, { quiet: true });
export const unarchiveSends = (api: ApiClient, ids: number[]) => api.post<{ restored: number }>('/OutBox/Unarchive', { ids }, { quiet: true });
