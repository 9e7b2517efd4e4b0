/**
 * The spec's status sets as the send engine uses them, and the one place that decides which
 * receiver statuses are final and which are given back under a line's refund policy.
 */

import type { RefusalCode } from '../../gateways/gateway-sdk.js';
// The status sets the client lists too live in the shared contracts (server/shared/sends).
import { DELIVERY_STATUSES, type DeliveryStatus, type OutboxStatus, type QueueStatus } from '../../shared/sends/send-statuses.js';
export {
  DELIVERY_STATUSES, EDITABLE_SEND_STATUSES, FINISHED_QUEUE_STATUSES, OUTBOX_STATUSES, QUEUE_STATUSES,
  type DeliveryStatus, type OutboxStatus, type QueueStatus,
} from '../../shared/sends/send-statuses.js';

export { SEND_TYPES, type SendType as SendTypeName } from '../../shared/lines/line-catalogue.js';

/**
 * A send's queue life: Stored (for later) or Ready (due now) — or WatingForConfirm → Confirmed —
 * until the scheduler takes it: Extracting (its ranges being enqueued) → Extracted (every range is
 * on the queue), or FailedExtract (the queue refused; the sweep enqueues it again) → Completed.
 * Updating pauses a send that has not been taken while its owner edits it. Failed and Rejected end
 * a send that never went out.
 */
export const WAITING_QUEUE_STATUSES = ['Stored', 'Ready', 'Confirmed'] as const satisfies readonly QueueStatus[];
/**
 * Where a send waits before the scheduler takes it, and what its outbox shows meanwhile: for an
 * administrator (WatingForConfirm), confirmed (Confirmed), or plain — Stored when it is for later,
 * else Ready. Compose, confirmation and the end of an edit all place a send through this one rule.
 */
export function waitingStatus(queue: 'WatingForConfirm' | 'Confirmed' | 'Ready', later: boolean): { queueStatus: QueueStatus; status: OutboxStatus } {
  if (queue === 'WatingForConfirm') return { queueStatus: 'WatingForConfirm', status: 'WatingForConfirm' };
  const status: OutboxStatus = later ? 'Stored' : 'WatingForSend';
  if (queue === 'Confirmed') return { queueStatus: 'Confirmed', status };
  return { queueStatus: later ? 'Stored' : 'Ready', status };
}

/** Taken by the scheduler: receivers may be on the queue or with a worker. */
export const DISPATCH_QUEUE_STATUSES = ['Extracting', 'Extracted', 'FailedExtract'] as const satisfies readonly QueueStatus[];

export const FAILURE_CODES = [
  'None', 'UserCreditNotEnough', 'AdminCreditNotEnough', 'PrivateNumberIsExpired', 'UserIsInactive', 'AdminIsInactive',
  'PrivateNumberNotValid', 'NotDefineSmsRateType', 'SendError', 'UserCancelRequest', 'SystemIsOutOfService', 'SendTimeNotValid',
  'SmsTextIsFilter', 'UserIsExpired', 'AdminIsExpired', 'LinkIsNotAllowed', 'RecipientNotExist', 'ErrorCalculate',
  'ErrorSelectNumber', 'ErrorInSaveJob', 'ScheduledMessageNotFound', 'OrganizationOrHierarchyIsInactive', 'GroupPriceIsNull',
  'OrganizationCreditNotEnough', 'OperatorNumberCountIsNull', 'OrganizationNotFound', 'NotSended', 'OrganizationIsExpired',
  'PrivateNumberIsInactive', 'OrganizationIsInactive',
] as const;
export type FailureCode = (typeof FAILURE_CODES)[number];

/**
 * How a receiver moves: WaitingForSend → IsSending (handed to the worker; the crash window) →
 * SentToItc (the operator accepted: "submitted", not delivered) → ReceivedByItc (an interim
 * report) → one final status. NotSent / ErrorInSending / IsCanceled / BlackList never left us.
 * Unknown closes a receiver whose report never came within DeliveryReportTimeoutHours: it was
 * accepted, so it stays charged unless the line's refundDeliveryStatusId names Unknown.
 */
/**
 * A provider's refusal at submit, by the plugin's `code` (gateway-sdk REFUSAL_CODES), as the spec's
 * DeliveryStatus, so the outbox says why the operator refused; any other code is NotSent.
 */
export const REFUSAL_TO_STATUS = {
  InvalidDestination: 'InvalidMobile',
  InvalidRecipient: 'InvalidReciption',
  InvalidSender: 'InvalidSender',
  InvalidPrivateNumber: 'InvalidPrivateNumber',
  TextIsEmpty: 'TextIsEmpty',
  Filtered: 'SmsIsFilter',
  OperatorBlackList: 'BlackListTable',
  NotEnoughBalance: 'NotEnoughBalance',
  AccessDenied: 'AccessDenied',
  InvalidCredentials: 'InvalidUserOrPassword',
  InvalidMethod: 'InvalidUsedMethod',
  InvalidRequest: 'InvalidInputXml',
} as const satisfies Record<RefusalCode, DeliveryStatus>;

export function refusalStatus(code: string | undefined): DeliveryStatus {
  return (code && (REFUSAL_TO_STATUS as Record<string, DeliveryStatus>)[code]) || 'NotSent';
}

/** Final statuses of messages the provider refused at submit: they never left us. */
export const REFUSED_DELIVERY_STATUSES: readonly DeliveryStatus[] = ['NotSent', ...new Set(Object.values(REFUSAL_TO_STATUS))];

export const FINAL_DELIVERY_STATUSES: readonly DeliveryStatus[] = [
  'SentAndReceivedbyPhone', 'HaveNotReceivedToPhone', 'Expired', 'DidNotReceiveToItc', ...REFUSED_DELIVERY_STATUSES, 'ErrorInSending', 'IsCanceled', 'BlackList',
  'Unknown',
];
export const OPEN_DELIVERY_STATUSES: readonly DeliveryStatus[] = ['WaitingForSend', 'IsSending', 'SentToItc', 'ReceivedByItc'];

/** What a plugin's report state means in the spec's DeliveryStatus. */
export const DELIVERY_STATE_TO_STATUS = {
  pending: 'ReceivedByItc',
  delivered: 'SentAndReceivedbyPhone',
  undelivered: 'HaveNotReceivedToPhone',
  expired: 'Expired',
  rejected: 'DidNotReceiveToItc',
} as const satisfies Record<string, DeliveryStatus>;

export interface RefundPolicy {
  deliveryBase: boolean;
  deliveryLevel1: boolean;
  deliveryLevel2: boolean;
  refundDeliveryStatusId: string | null;
}

/**
 * The final statuses whose parts are given back (GiveBackCostOfUnsuccessSent) under a line's
 * policy. Parts that never reached the operator (refused at submit, failed after every retry,
 * cancelled) are always given back: nothing was spent on them. deliveryLevel1 also gives back what
 * the operator's centre refused; deliveryLevel2 what reached the centre but not the phone
 * (undelivered, expired); deliveryBase charges only what was delivered. refundDeliveryStatusId adds
 * one more status of the administrator's choice.
 */
export function refundableStatuses(policy: RefundPolicy): DeliveryStatus[] {
  const out = new Set<DeliveryStatus>([...REFUSED_DELIVERY_STATUSES, 'ErrorInSending', 'IsCanceled']);
  if (policy.deliveryBase || policy.deliveryLevel1) out.add('DidNotReceiveToItc');
  if (policy.deliveryBase || policy.deliveryLevel2) {
    out.add('HaveNotReceivedToPhone');
    out.add('Expired');
  }
  if (policy.refundDeliveryStatusId && (DELIVERY_STATUSES as readonly string[]).includes(policy.refundDeliveryStatusId)) {
    out.add(policy.refundDeliveryStatusId as DeliveryStatus);
  }
  return [...out];
}

/** The columns of `sends` that count receivers per operator, in the billing module's operator order. */
export const OPERATOR_COLUMNS = {
  mci: 'mciCount', irancell: 'mtnCount', rightel: 'rightelCount', other: 'otherCount', international: 'internationalCount',
} as const;
