import { endpoint } from '../../shared/api/endpoint';
import type { SendAnswer, SendsPage } from '../../../../server/shared/sends/sends.answers';

/** `SendQueue/*`: sends of organizations below the administrator waiting for confirmation (the server's answer contracts). */
export const sendQueueApi = {
  list: endpoint.get<SendsPage, { pageIndex: number; pageSize: number }>('/SendQueue/GetAll'),
  confirm: endpoint.postById<SendAnswer>('/SendQueue/Confirm'),
  reject: endpoint.post<{ id: number; reason?: string }, SendAnswer>('/SendQueue/Reject'),
};

/** The send queue's SWR keys (the value the screen used before). */
export const sendQueueKeys = {
  list: (pageIndex: number, pageSize: number) => ['send-queue', pageIndex, pageSize] as const,
};
