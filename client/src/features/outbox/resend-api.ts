/** Resend by delivery status (OutBox/ResendByDeliveryStatus, OutBox/GetResends) and the automatic resend rules of a line (AutomaticResends/…). */
import type { ApiClient, Page } from '../../shared/api/api-client';
import { DELIVERY_STATUSES, type Send } from '../sending/sending-api';

/** Statuses a receiver may be resent for: final ones (an open one may still be delivered by its own send), not BlackList. */
const OPEN_OR_BLOCKED: readonly string[] = ['WaitingForSend', 'IsSending', 'SentToItc', 'ReceivedByItc', 'BlackList'];
export const RESENDABLE_STATUSES: readonly string[] = DELIVERY_STATUSES.filter((s) => !OPEN_OR_BLOCKED.includes(s));

/** A send made again from another one, as the outbox detail links it. */
export interface ResendLink {
  id: number;
  resendRuleId: number | null;
  senderNumber: string;
  recipientCount: number;
  queueStatus: string;
  status: string;
  totalPrice: string | null;
}

export interface ResendLinks {
  id: number;
  isResend: boolean;
  resendOfSendId: number | null;
  resendRuleId: number | null;
  countResendOther: number;
  resends: ResendLink[];
}

export interface ResendRule {
  id: number;
  privateNumberId: number;
  deliveryStatus: string[];
  targetPrivateNumbers: number[];
  createdAt: string;
}

export const getResendLinks = (api: ApiClient, id: number) => api.get<ResendLinks>(`/OutBox/GetResends/${id}`);

/** Quiet: the dialog shows the field errors. `sendId` makes a double click answer the first resend. */
export const resendByDeliveryStatus = (api: ApiClient, body: { id: number; deliveryStatuses: string[]; senderNumberId: number | null; sendId: string }) =>
  api.post<Send & { repeated: boolean }>('/OutBox/ResendByDeliveryStatus', body, { quiet: true });

export const getResendRules = (api: ApiClient, privateNumberId: number) => api.get<Page<ResendRule>>('/AutomaticResends/GetAll', { query: { privateNumberId } });
export const createResendRule = (api: ApiClient, body: { privateNumberId: number; deliveryStatus: string[]; targetPrivateNumbers: number[] }) =>
  api.post<ResendRule>('/AutomaticResends/Create', body, { quiet: true });
export const deleteResendRule = (api: ApiClient, id: number) => api.post<{ id: number }>(`/AutomaticResends/Delete/${id}`);
