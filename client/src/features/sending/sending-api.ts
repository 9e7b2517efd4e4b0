/** Shapes of the send engine API (ScheduledMessages, OutBox, SendQueue): the server's answer contracts; prices are rial decimal strings. */
import type { ApiClient } from '../../shared/api/api-client';
import { endpoint } from '../../shared/api/endpoint';
import { FINISHED_QUEUE_STATUSES, type DeliveryStatus } from '../../../../server/shared/sends/send-statuses';
import type { MyNumberAnswer } from '../../../../server/shared/lines/my-numbers.answers';
import type {
  CalculationAnswer, CreatedSendAnswer, HandOutAnswer, ReceiverAnswer, RecipientsUploadAnswer, SendAnswer, SendListItem, SendProblemAnswer,
} from '../../../../server/shared/sends/sends.answers';
import type { PeriodicCreatedAnswer } from '../../../../server/shared/sends/periodic.answers';

export type SendType = 'Single' | 'Bulk';

/** A phonebook as the send screen lists it (`Phonebooks/GetSelectList`; module contacts, no answer contract of its own yet). */
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

/**
 * A send (`OutBox/*`, `SendQueue/*`, the creates): the server's answer contract. The names and
 * counts of a list row and a create's `repeated` are there only where that call answers them.
 */
export type Send = SendAnswer & Partial<Pick<SendListItem, 'organizationName' | 'userName' | 'handOut'> & Pick<CreatedSendAnswer, 'repeated'>>;

/** How far a send is in handing out to the operator, and its expected end (the outbox list, the send's page, each push). */
export type HandOut = HandOutAnswer;

export interface SendProgress extends SendCounters {
  id: number;
  queueStatus: string;
  status: string;
  /** The send row's own, never null ('None' while nothing failed). */
  failureCode: string;
  handOut: HandOut;
}

/**
 * A reason the send would be refused, from the preview: the send's own standing checks (the chain's
 * tariffs and credit, the line's limits), answered as the send would answer it.
 */
export type SendProblem = SendProblemAnswer;

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

/** The price preview of every send screen (`GetScheduledMessageCalculations*`, `GetVoiceCalculations`). */
export type Calculation = CalculationAnswer;

export type UploadResult = RecipientsUploadAnswer;

/** A receiver of a send (`OutBox/GetRecipients`; `OutBox/GetDeliveryReport` adds its raw report). */
export type Receiver = ReceiverAnswer;

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

/** What a send screen posts: the screen's own fields (the server's request schemas judge them). */
export type SendBody = Record<string, unknown>;

/** `ScheduledMessages/*` of the compose screens: each preview and create named once. */
export const sendingApi = {
  preview: endpoint.post<SendBody, Calculation>('/ScheduledMessages/GetScheduledMessageCalculations'),
  previewByPhonebook: endpoint.post<SendBody, Calculation>('/ScheduledMessages/GetScheduledMessageCalculationsByPhonebook'),
  previewDynamic: endpoint.post<SendBody, Calculation>('/ScheduledMessages/GetScheduledMessageCalculationsByDynamic'),
  create: endpoint.post<SendBody, CreatedSendAnswer>('/ScheduledMessages/Create'),
  /** `Create` with typeSend periodic: the server stores a definition and answers it. */
  createPeriodic: endpoint.post<SendBody, PeriodicCreatedAnswer>('/ScheduledMessages/Create'),
  createByPhonebook: endpoint.post<SendBody, CreatedSendAnswer>('/ScheduledMessages/CreateScheduledMessageByPhonebook'),
  createDynamic: endpoint.post<SendBody, CreatedSendAnswer>('/ScheduledMessages/CreateDynamicScheduledMessage'),
  /** One message to one number (the single-send lane). */
  createFast: endpoint.post<{ senderNumberId: number | null; smsBody: string; mobile: string; sendId: string; description?: string }, CreatedSendAnswer>('/ScheduledMessages/CreateFastScheduledMessage'),
  /** The phonebooks and custom fields the phonebook choice offers (module contacts). */
  phonebooks: endpoint.get<PhonebookChoice[]>('/Phonebooks/GetSelectList'),
  customFields: endpoint.get<{ items: PhonebookFieldChoice[] }>('/CustomFields/GetAll'),
};

/** The body is the file itself (text or CSV of numbers); quiet: the screen shows the field errors. */
export function uploadRecipients(api: ApiClient, file: File, csv: boolean): Promise<UploadResult> {
  return api.post<UploadResult>('/ScheduledMessages/UploadRecipients', file, {
    query: { format: csv ? 'csv' : 'text' }, rawContentType: csv ? 'text/csv' : 'text/plain', quiet: true,
  });
}

/** The sending feature's SWR keys (the values the screens used before). */
export const sendingKeys = {
  phonebooks: () => ['send-phonebooks'] as const,
  phonebookFields: () => ['send-phonebook-fields'] as const,
  periodicSends: (pageIndex: number, pageSize: number, status: string | null) => ['periodic-sends', pageIndex, pageSize, status] as const,
};
