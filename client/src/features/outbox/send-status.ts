/**
 * What the outbox says about a send. The spec's OutBoxStatus has no word for a cancel, a reject or
 * a pause: the server stores a cancelled send as ErrorInSending with failureCode UserCancelRequest
 * and a rejected one as ErrorInSending with queueStatus Rejected. Shown as they are, both read
 * "Error in sending", which is not what happened; this one rule turns the stored fields into what
 * the user is told (list, detail page and live pushes alike).
 */
import type { OutboxStatus } from '../../../../server/shared/sends/send-statuses';
import type { Send } from '../sending/sending-api';

/** Said by the outbox beyond the spec's statuses (texts under `outbox:statuses`). */
export const OWN_STATUSES = ['Scheduled', 'Editing', 'Canceling', 'Canceled', 'CanceledPartly', 'Rejected'] as const;
export type OwnStatus = (typeof OWN_STATUSES)[number];
export type SendStatusName = OutboxStatus | OwnStatus;
export type StatusTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

export interface SendStatusView {
  status: SendStatusName;
  tone: StatusTone;
  /** A scheduled send's time (UTC ISO). */
  at?: string;
}

// A send's time may be unknown to a caller that has only its status (a push): null reads as not scheduled.
type SendState = Pick<Send, 'status' | 'queueStatus' | 'failureCode' | 'sentCount'> & { dateTimeSend: string | null };

const TONES: Record<string, StatusTone> = {
  Stored: 'info', WatingForSend: 'info', IsBeingSent: 'info', WatingForConfirm: 'info', Scheduled: 'info', Editing: 'warning',
  Sent: 'success', SentAndGiveBackCredit: 'success',
  ErrorInSending: 'danger', BlackList: 'danger', Rejected: 'danger', ErrorInGetItc: 'warning', Canceling: 'warning', CanceledPartly: 'warning',
  Canceled: 'neutral', Archived: 'neutral', Archiving: 'neutral',
};

const view = (status: SendStatusName): SendStatusView => ({ status, tone: TONES[status] ?? 'neutral' });

export function sendStatusOf(send: SendState): SendStatusView {
  // Archiving is the last thing done to a send: it says so whatever the send was before.
  if (send.status === 'Archived' || send.status === 'Archiving') return view(send.status);
  if (send.failureCode === 'UserCancelRequest') {
    if (send.queueStatus !== 'Completed') return view('Canceling');
    return view(send.sentCount > 0 ? 'CanceledPartly' : 'Canceled');
  }
  if (send.queueStatus === 'Rejected') return view('Rejected');
  if (send.queueStatus === 'Updating') return view('Editing');
  if (send.status === 'Stored' && send.dateTimeSend) return { ...view('Scheduled'), at: send.dateTimeSend };
  return view(send.status as OutboxStatus);
}

/** The i18n key of a status name: the spec's statuses are the send screens' texts, the outbox's own are here. */
export const statusTextKey = (status: SendStatusName): string =>
  ((OWN_STATUSES as readonly string[]).includes(status) ? `outbox:statuses.${status}` : `sending:outboxStatuses.${status}`);
