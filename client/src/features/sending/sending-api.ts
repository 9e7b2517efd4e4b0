/** Shapes of the send engine API (ScheduledMessages, OutBox, SendQueue); prices are rial decimal strings. */
import { FINISHED_QUEUE_STATUSES, type DeliveryStatus } from '../../../../server/shared/sends/send-statuses';
import type { MyNumberAnswer } from '../../../../server/shared/lines/my-numbers.answers';

export type SendType = 'Single' | 'Bulk';

/** A phonebook as the send screen lists it (`Phonebooks/GetSelectList`). */
export interface PhonebookChoice {
  id: number;
  title: string;
  contactsCount: number;
  organizationName?: string | null;
}

/** A custom field a phonebook send may filter on (`CustomFields/GetAll`). */
export interface PhonebookFieldChoice {
  id: number;
  nameEn: string;
  nameFa: string;
}

/** A line the user may send from (`PrivateNumbers/GetMyNumbers`): the server's answer contract. */
export type MyNumber = MyNumberAnswer;

export interface SendCounters {
  recipientCount: number;
  pendingCount: number;
  sentCount: number;
  failedCount: number;
  deliveredCount: number;
  notDeliveredCount: number;
  canceledCount: number;
}

export interface Send extends SendCounters {
  id: number;
  organizationId: number;
  organizationName?: string | null;
  userId: number;
  userName?: string | null;
  senderNumber: string;
  sendType: string;
  sendSubType: string;
  gradualStepCount?: number | null;
  gradualIntervalMinutes?: number | null;
  smsText: string;
  isFlashSms: boolean;
  smsEncoding: string;
  smsParts: number;
  wrongNumberCount: number;
  duplicateCount: number;
  blackListCount: number;
  mciCount: number;
  mtnCount: number;
  rightelCount: number;
  otherCount: number;
  internationalCount: number;
  sendPrice: string;
  resolutionOfParliamentPrice: string;
  taxPrice: string;
  totalPrice: string;
  queueStatus: string;
  status: string;
  failureCode: string | null;
  dateTimeSend: string | null;
  dateTimeStart: string | null;
  dateTimeEnd: string | null;
  createdAt: string;
  /** While paused for an edit (queueStatus Updating): the queue status it goes back to. */
  editFromQueueStatus?: string | null;
  /** While Archiving / Archived: the status an unarchive gives back. */
  archivedFromStatus?: string | null;
  repeated?: boolean;
  /** A P2P send made from a file: whether its repeated numbers were kept; null for any other send. */
  p2PIsSendDuplicateNumber?: boolean | null;
  deliveryStatusCounts?: Record<string, number>;
}

export interface SendProgress extends SendCounters {
  id: number;
  queueStatus: string;
  status: string;
  failureCode: string | null;
}

/**
 * A reason the send would be refused, from the preview: the send's own standing checks (the chain's
 * tariffs and credit, the line's limits), answered as the send would answer it.
 */
export interface SendProblem {
  failureCode: string;
  /** The server's sentence, as the send would show it. */
  message: string;
  /** The organization of the chain that lacks something (absent for a line's limit). */
  organizationId?: number;
  organizationName?: string;
  /** A user's allowance (UserCreditNotEnough). */
  userId?: number | null;
  /** Credit problems, rials: what the send needs there, what is available, the difference. */
  required?: string;
  available?: string;
  shortBy?: string;
  /** The caller administers an organization above it (or the user's organization): they may fix it. */
  fixable: boolean;
}

export type ProblemFixKind = 'tariff' | 'credit' | 'allowance';

/** Which screen fixes a problem, and the claim it needs; null when the preview offers no fix. */
export function problemFix(problem: SendProblem): { kind: ProblemFixKind; path: string; claim: string } | null {
  const id = problem.organizationId;
  switch (problem.failureCode) {
    case 'GroupPriceIsNull':
    case 'NotDefineSmsRateType':
      return id ? { kind: 'tariff', path: `/financial/tariffs?organizationId=${id}`, claim: 'Financial.Tariffs' } : null;
    case 'OrganizationCreditNotEnough':
    case 'AdminCreditNotEnough':
      return id ? { kind: 'credit', path: `/financial/credit?organizationId=${id}`, claim: 'Financial.Payments' } : null;
    case 'UserCreditNotEnough':
      return problem.userId ? { kind: 'allowance', path: `/financial/credit?userId=${problem.userId}`, claim: 'Users.Update' } : null;
    default:
      return null;
  }
}

export interface Calculation {
  /** A dynamic send: the receiver whose own text has the most parts (smsParts is its parts). */
  dynamicSample?: { toNumber: string; smsText: string; smsParts: number } | null;
  recipientCount: number;
  mciCount: number;
  mtnCount: number;
  rightelCount: number;
  otherCount: number;
  internationalCount: number;
  blackListCount: number;
  wrongNumberCount: number;
  duplicateCount: number;
  invalidSamples: string[];
  smsParts: number;
  smsEncoding: string;
  smsLength: number;
  sendPrice: string;
  resolutionOfParliamentPrice: string;
  taxPrice: string;
  totalPrice: string;
  taxPercent: number | string;
  levyPerPart: string | number;
  senderNumber: string;
  /** False when the sending organization's own tariff cannot price the send (its problem is listed). */
  priced?: boolean;
  /** Every reason the send would be refused now; the confirm waits until there is none. */
  problems?: SendProblem[];
}

export interface UploadResult {
  uploadId: string;
  validCount: number;
  wrongNumberCount: number;
  duplicateCount: number;
  invalidSamples: string[];
  counts?: Record<string, number>;
}

export interface Receiver {
  seq: number;
  toNumber: string;
  operator: string;
  description: string | null;
  sendStatus: string;
  deliveryStatus: string;
  providerId: string | null;
  attempts: number;
  refunded: boolean;
  sendDateTime: string | null;
  statusDateTime: string | null;
  deliveryReport?: unknown;
  /** A dynamic send's own text and parts for this receiver (null otherwise). */
  smsText?: string | null;
  smsParts?: number | null;
}

export { OUTBOX_STATUSES } from '../../../../server/shared/sends/send-statuses';

export const DELIVERY_STATUSES = [
  'WaitingForSend', 'IsSending', 'SentToItc', 'ReceivedByItc', 'SentAndReceivedbyPhone', 'HaveNotReceivedToPhone', 'Expired',
  'DidNotReceiveToItc', 'NotSent', 'ErrorInSending', 'IsCanceled', 'BlackList', 'Unknown',
  // The provider's refusals at submit, each its own status (server: statuses.ts REFUSAL_TO_STATUS).
  'InvalidMobile', 'InvalidReciption', 'InvalidSender', 'InvalidPrivateNumber', 'TextIsEmpty', 'SmsIsFilter', 'BlackListTable',
  'NotEnoughBalance', 'AccessDenied', 'InvalidUserOrPassword', 'InvalidUsedMethod', 'InvalidInputXml',
] as const satisfies readonly DeliveryStatus[];

/** Queue states after which nothing moves any more (no cancel, no live progress). */
export { FINISHED_QUEUE_STATUSES };

export const isFinished = (send: Pick<Send, 'queueStatus'>): boolean => (FINISHED_QUEUE_STATUSES as readonly string[]).includes(send.queueStatus);

export const outboxDetailPath = (id: number | string) => `/outbox/${id}`;
export const SEND_PROGRESS_EVENT = 'send-progress';

/** A fresh client send id per compose: the server answers a repeat with the first send. */
export function newSendId(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(16)}-${Math.random().toString(16).slice(2)}`;
}

/** Numbers from pasted or typed text: any run of digits (Persian digits already made Latin), '+' kept. */
export function splitNumbers(text: string): string[] {
  return text.split(/[\s,;،]+/).map((s) => s.trim()).filter(Boolean);
}
