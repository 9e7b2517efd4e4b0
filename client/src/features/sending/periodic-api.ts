/** Shapes of the periodic send definitions (ScheduledMessages/GetPeriodicSends, CancelPeriodicSend); keys in sending-api's `sendingKeys`. */
import { endpoint } from '../../shared/api/endpoint';
import type { PeriodicListItem, PeriodicSendAnswer, PeriodicSendsPage } from '../../../../server/shared/sends/periodic.answers';

export type PeriodicStatus = 'Active' | 'Canceled' | 'Finished';

/** A definition as `GetPeriodicSends` lists it: the server's answer contract. */
export type PeriodicSend = PeriodicListItem;

export const PERIODIC_SENDS_PATH = '/sending/periodic';
export const PERIODIC_STATUSES: PeriodicStatus[] = ['Active', 'Canceled', 'Finished'];

/** `ScheduledMessages/GetPeriodicSends` and `CancelPeriodicSend`. */
export const periodicApi = {
  list: endpoint.get<PeriodicSendsPage, { pageIndex: number; pageSize: number; status?: PeriodicStatus }>('/ScheduledMessages/GetPeriodicSends'),
  cancel: endpoint.post<{ id: number }, PeriodicSendAnswer>('/ScheduledMessages/CancelPeriodicSend'),
};
