import type { DeliveryStatus } from '../sends/send-statuses.js';

/**
 * The few groups the dashboard charts receivers by: the spec's ~35 delivery statuses are exact in
 * the answers (`statuses`), but a chart with 35 series is unreadable. One table, used by the
 * server for `sent` and by the browser for the series and their colours.
 */
export const DELIVERY_BUCKETS = ['delivered', 'notDelivered', 'awaitingReport', 'noReport', 'failed', 'canceled', 'blackList', 'waiting'] as const;
export type DeliveryBucket = (typeof DELIVERY_BUCKETS)[number];

const BUCKET_OF: Partial<Record<DeliveryStatus, DeliveryBucket>> = {
  SentAndReceivedbyPhone: 'delivered',
  ReceivedByPhone: 'delivered',
  HaveNotReceivedToPhone: 'notDelivered',
  NotReceiveByPhone: 'notDelivered',
  Expired: 'notDelivered',
  DidNotReceiveToItc: 'notDelivered',
  SentToItc: 'awaitingReport',
  ReceivedByItc: 'awaitingReport',
  Sent: 'awaitingReport',
  GetDeliveryStatus: 'awaitingReport',
  // Accepted by the operator, no report within DeliveryReportTimeoutHours (messaging closes it).
  Unknown: 'noReport',
  IsCanceled: 'canceled',
  IsDeleted: 'canceled',
  BlackList: 'blackList',
  BlackListTable: 'blackList',
  WaitingForSend: 'waiting',
  IsSending: 'waiting',
  Stored: 'waiting',
  IsPreparing: 'waiting',
  IsPreparedForSending: 'waiting',
  WatingForConfirmation: 'waiting',
};

/** Every other status is a refusal or a fault: the message never left us. */
export function bucketOf(status: string): DeliveryBucket {
  return BUCKET_OF[status as DeliveryStatus] ?? 'failed';
}

/**
 * Receivers the operator accepted (they carry a provider id): what messaging counts as a send's
 * `sentCount` when it settles, and the spec's "sent" of "all versus sent".
 */
export const SENT_STATUSES: readonly DeliveryStatus[] = [
  'SentToItc', 'ReceivedByItc', 'SentAndReceivedbyPhone', 'HaveNotReceivedToPhone', 'Expired', 'DidNotReceiveToItc', 'Unknown',
];

export function isSent(status: string): boolean {
  return (SENT_STATUSES as readonly string[]).includes(status);
}
