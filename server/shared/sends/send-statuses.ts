/**
 * The spec's status sets of a send (queue), of its receivers in the outbox, and of delivery, as the
 * server stores them and the client lists them. No imports: the browser bundle reads this file too.
 * What the statuses mean to the send engine (waiting, taken, final, refunded) stays in messaging.
 */

export const OUTBOX_STATUSES = [
  'Stored', 'WatingForSend', 'IsBeingSent', 'Sent', 'SentAndGiveBackCredit', 'Archived', 'ErrorInSending',
  'ErrorInGetItc', 'BlackList', 'WatingForConfirm', 'Archiving',
] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const QUEUE_STATUSES = [
  'Completed', 'Confirmed', 'Extracted', 'Extracting', 'Failed', 'FailedExtract', 'Ready', 'Rejected', 'Stored', 'Updating', 'WatingForConfirm',
] as const;
export type QueueStatus = (typeof QUEUE_STATUSES)[number];

/** Nothing moves any more: the only sends that may be archived. */
export const FINISHED_QUEUE_STATUSES = ['Completed', 'Failed', 'Rejected'] as const satisfies readonly QueueStatus[];

/**
 * The outbox statuses an administrator may set on a finished send, and from which (OutBox/EditStatus):
 * labels of how a send ended that say nothing about money. SentAndGiveBackCredit records credit
 * given back, Archived/Archiving belong to the archive, the rest to a send's life.
 */
export const EDITABLE_SEND_STATUSES = ['Sent', 'ErrorInSending', 'ErrorInGetItc', 'BlackList'] as const satisfies readonly OutboxStatus[];

export const DELIVERY_STATUSES = [
  'Unknown', 'SentAndReceivedbyPhone', 'HaveNotReceivedToPhone', 'SentToItc', 'ReceivedByItc', 'DidNotReceiveToItc',
  'NotReceivebyServer', 'ErrorInSending', 'WaitingForSend', 'Sent', 'NotSent', 'Expired', 'IsSending', 'IsCanceled',
  'BlackList', 'SmsIsFilter', 'IsDeleted', 'WatingForConfirmation', 'NotEnoughBalance', 'IsPreparing',
  'IsPreparedForSending', 'AccessDenied', 'TextIsEmpty', 'InvalidInputXml', 'InvalidUserOrPassword', 'InvalidUsedMethod',
  'InvalidSender', 'InvalidMobile', 'InvalidReciption', 'Stored', 'BlackListTable', 'GetDeliveryStatus',
  'InvalidPrivateNumber', 'NotReceiveByPhone', 'ReceivedByPhone',
] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
