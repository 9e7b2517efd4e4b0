/** Resend by delivery status (OutBox/ResendByDeliveryStatus, OutBox/GetResends) and the automatic resend rules of a line (AutomaticResends/…). */
import type { ApiClient } from '../../shared/api/api-client';
import { endpoint } from '../../shared/api/endpoint';
import { DELIVERY_STATUSES } from '../sending/sending-api';
import type { CreatedSendAnswer } from '../../../../server/shared/sends/sends.answers';
import type { ResendLinkAnswer, ResendLinksAnswer, ResendRuleAnswer, ResendRulesPage } from '../../../../server/shared/sends/resend.answers';

/** Statuses a receiver may be resent for: final ones (an open one may still be delivered by its own send), not BlackList. */
const OPEN_OR_BLOCKED: readonly string[] = ['WaitingForSend', 'IsSending', 'SentToItc', 'ReceivedByItc', 'BlackList'];
export const RESENDABLE_STATUSES: readonly string[] = DELIVERY_STATUSES.filter((s) => !OPEN_OR_BLOCKED.includes(s));

/** A send made again from another one, as the outbox detail links it; the server's answer contracts. */
export type ResendLink = ResendLinkAnswer;
export type ResendLinks = ResendLinksAnswer;
export type ResendRule = ResendRuleAnswer;

/** With both step fields the resend is a gradual send (the spec's "direct or gradual"). */
interface ResendBody {
  id: number; deliveryStatuses: string[]; senderNumberId: number | null; sendId: string;
  gradualStepCount?: number | null; gradualIntervalMinutes?: number | null;
}
interface ResendRuleBody { privateNumberId: number; deliveryStatus: string[]; targetPrivateNumbers: number[] }
const resend = endpoint.post<ResendBody, CreatedSendAnswer>('/OutBox/ResendByDeliveryStatus');
const rules = endpoint.get<ResendRulesPage, { privateNumberId: number }>('/AutomaticResends/GetAll');
const createRule = endpoint.post<ResendRuleBody, ResendRule>('/AutomaticResends/Create');

export const getResendLinks = endpoint.getById<ResendLinks>('/OutBox/GetResends');

/** Quiet: the dialog shows the field errors. `sendId` makes a double click answer the first resend. */
export const resendByDeliveryStatus = (api: ApiClient, body: ResendBody) => resend(api, body, { quiet: true });

export const getResendRules = (api: ApiClient, privateNumberId: number) => rules(api, { privateNumberId });
export const createResendRule = (api: ApiClient, body: ResendRuleBody) => createRule(api, body, { quiet: true });
export const deleteResendRule = endpoint.postById<{ id: number }>('/AutomaticResends/Delete');
