import {
  flag, instant, integer, nullableInstant, nullableInteger, nullableRials, nullableText, pageOf, rials, text, type AnswerOf,
} from '../contracts/answer-schemas.js';
import { SPEC_ENCODINGS } from '../sms/sms-text.js';
import { SEND_PRIORITIES } from './send-priorities.js';

/**
 * The spec's SendSubTypes (Direct, Gradual, Periodic, GradualPeriodic, Voice) plus `Occasion`, an
 * extension: a send an occasion made (engage's birthdays and dates), kept apart because the spec has
 * no other field that says where a send came from and the outbox filters by it.
 */
export const SEND_SUB_TYPES = ['Direct', 'Gradual', 'Periodic', 'GradualPeriodic', 'Voice', 'Occasion', 'Club', 'Form'] as const;
const sendSubType = {
  type: 'string', enum: SEND_SUB_TYPES,
  description: "The spec's SendSubTypes, plus Occasion (a Peyk extension: a send an occasion made) / زیرنوع ارسال طبق مستند، به‌علاوهٔ Occasion (افزودهٔ پیک: ارسالِ یک مناسبت)",
} as const;
/** The spec's ExportDataStatus of the caller's latest export of a send's receivers. */
export const exportDataStatusAnswer = {
  type: 'string', enum: ['None', 'Get', 'Complete', 'Refresh'],
  description: 'None (no file), Get (being made), Complete (ready and current), Refresh (the send changed since: ask again) / وضعیت خروجی اکسل',
} as const;
const smsEncoding = {
  type: 'string', enum: SPEC_ENCODINGS,
  description: "The spec's encoding words: English (GSM 03.38, 160/153 characters a part) or Persian (UCS-2, 70/67) / کدگذاری: English یا Persian",
} as const;

/**
 * What the send engine answers about sends (server module messaging: `ScheduledMessages/*` creates
 * and previews, `OutBox/*`, `SendQueue/*`; the client's sending, outbox, send-queue, voice, p2p and
 * patterns features read these types). A send is its whole `sends` row (`publicSend`: the client
 * send id as `sendId`, no refund policy), so the objects stay open: a later column rides along.
 * Amounts are integer rials as text.
 */
const sendProperties = {
  id: integer,
  organizationId: integer,
  userId: integer,
  /** The client's send id of the create that made it (a repeat answers the first send); null without one. */
  sendId: nullableText,
  privateNumberId: integer,
  senderAgentId: integer,
  senderNumber: text,
  lineType: text,
  sendType: text,
  sendSubType,
  /** The spec's SendPriority (an OTP send's is its format's; every other send's Normal). */
  priority: { type: 'string', enum: SEND_PRIORITIES },
  smsText: text,
  isFlashSms: flag,
  smsEncoding,
  smsParts: integer,
  recipientCount: integer,
  /** The spec's names of recipientCount and smsParts. */
  receiverCount: integer,
  smsCount: integer,
  wrongNumberCount: integer,
  duplicateCount: integer,
  blackListCount: integer,
  mciCount: integer,
  mtnCount: integer,
  rightelCount: integer,
  otherCount: integer,
  internationalCount: integer,
  sendPrice: rials,
  resolutionOfParliamentPrice: rials,
  taxPrice: rials,
  totalPrice: rials,
  queueStatus: text,
  status: text,
  failureCode: text,
  dateTimeSend: instant,
  dateTimeStart: nullableInstant,
  dateTimeEnd: nullableInstant,
  pendingCount: integer,
  sentCount: integer,
  failedCount: integer,
  deliveredCount: integer,
  notDeliveredCount: integer,
  canceledCount: integer,
  description: nullableText,
  /** An administrator's reason when the send was rejected (queueStatus Rejected). */
  rejectReason: nullableText,
  gradualStepCount: nullableInteger,
  gradualIntervalMinutes: nullableInteger,
  /** While paused for an edit (queueStatus Updating): the queue status it goes back to. */
  editFromQueueStatus: nullableText,
  /** While Archiving / Archived: the status an unarchive gives back. */
  archivedFromStatus: nullableText,
  isResend: flag,
  resendOfSendId: nullableInteger,
  resendRuleId: nullableInteger,
  countResendOther: integer,
  /** A P2P file send: whether its repeated numbers were kept; null for any other send. */
  p2PIsSendDuplicateNumber: { type: ['boolean', 'null'] },
  /** A regional send (targeting): its receivers' numbers are masked on every path that answers them. */
  isHiddenReceivers: flag,
  /** A regional send's filters (zones, guild, postal code prefix, …); null for any other send. */
  regionalFilters: { type: ['object', 'null'] },
  createdAt: instant,
  updatedAt: instant,
} as const;

const sendRequired = [
  'id', 'organizationId', 'userId', 'sendId', 'privateNumberId', 'senderAgentId', 'senderNumber', 'lineType', 'sendType', 'sendSubType', 'smsText',
  'isFlashSms', 'smsEncoding', 'smsParts', 'recipientCount', 'receiverCount', 'smsCount', 'wrongNumberCount', 'duplicateCount', 'blackListCount',
  'mciCount', 'mtnCount', 'rightelCount', 'otherCount', 'internationalCount', 'sendPrice', 'resolutionOfParliamentPrice', 'taxPrice', 'totalPrice',
  'queueStatus', 'status', 'failureCode', 'dateTimeSend', 'dateTimeStart', 'dateTimeEnd', 'pendingCount', 'sentCount', 'failedCount',
  'deliveredCount', 'notDeliveredCount', 'canceledCount', 'description', 'rejectReason', 'gradualStepCount', 'gradualIntervalMinutes',
  'editFromQueueStatus', 'archivedFromStatus', 'isResend', 'resendOfSendId', 'resendRuleId', 'countResendOther', 'p2PIsSendDuplicateNumber',
  'createdAt', 'updatedAt',
] as const;

/** A send as `OutBox/Cancel`, the edit calls and `SendQueue/Confirm|Reject` answer it. */
export const sendAnswer = { type: 'object', required: sendRequired, properties: sendProperties } as const;

/** A create: the send, and whether it is the first send of the same client `sendId` answered again. */
export const createdSendAnswer = {
  type: 'object', required: [...sendRequired, 'repeated'], properties: { ...sendProperties, repeated: flag },
} as const;

/**
 * How far a send is in handing its receivers to the operator (not delivery: reports come later),
 * and when that is expected to end. `active` while in dispatch with receivers left; then null
 * `endsAt`/`secondsLeft` mean "estimating" (too early to tell). The server's estimate, so a page
 * opened mid-send shows it at once (messaging CONTEXT, "Hand-out progress").
 */
export const handOutAnswer = {
  type: 'object',
  required: ['active', 'handedOutCount', 'percent', 'endsAt', 'secondsLeft'],
  properties: { active: flag, handedOutCount: integer, percent: integer, endsAt: nullableInstant, secondsLeft: nullableInteger },
} as const;

/** The rows of `OutBox/GetAll` and `SendQueue/GetAll` add the organization's and the sender's names, and the hand-out. */
export const sendListItemAnswer = {
  type: 'object',
  required: [...sendRequired, 'organizationName', 'userName', 'handOut'],
  properties: { ...sendProperties, organizationName: nullableText, userName: nullableText, handOut: handOutAnswer },
} as const;

export const sendsPageAnswer = pageOf(sendListItemAnswer);

/**
 * `OutBox/Get/:id`: the send with the sender's user name, its receivers counted by delivery status,
 * and `refundedPrice`: what of `totalPrice` was given back to the sending organization (integer rials
 * as text, levy and VAT included, '0' when nothing was), so cost, refunded and net read side by side.
 */
/**
 * A send's request of its receivers' latest delivery statuses from the operator
 * (`OutBox/RequestDeliveryStatus`): whether the line's operator can be asked, the once-per-window
 * rule (`nextAllowedAt`), and the last request's progress and result. `final` answers were applied
 * as delivery reports; `pending` ones are not final yet; `unknown` ones the operator did not know.
 */
export const deliveryStatusRequestAnswer = {
  type: 'object',
  required: ['supported', 'state', 'requestedAt', 'nextAllowedAt', 'total', 'asked', 'final', 'pending', 'unknown', 'finishedAt'],
  properties: {
    supported: flag,
    state: { type: 'string', enum: ['None', 'Queued', 'Running', 'Done', 'Failed'], description: 'None (never asked), Queued, Running, Done, Failed / وضعیت آخرین درخواست' },
    requestedAt: nullableInstant, nextAllowedAt: nullableInstant,
    total: integer, asked: integer, final: integer, pending: integer, unknown: integer,
    finishedAt: nullableInstant,
  },
} as const;

export const sendDetailAnswer = {
  type: 'object',
  required: [...sendRequired, 'userName', 'deliveryStatusCounts', 'refundedPrice', 'handOut', 'exportDataStatus', 'deliveryStatusRequest'],
  properties: {
    ...sendProperties, userName: nullableText, deliveryStatusCounts: { type: 'object', additionalProperties: integer }, refundedPrice: rials, handOut: handOutAnswer,
    exportDataStatus: exportDataStatusAnswer, deliveryStatusRequest: deliveryStatusRequestAnswer,
  },
} as const;

/**
 * A reason the send would be refused, from a preview: the chain's tariffs and credit, the line's
 * limits, answered as the send would answer it. The fields past `failureCode`, `message` and `fixable` are the
 * refusal's own data, present when it has them.
 */
export const sendProblemAnswer = {
  type: 'object',
  required: ['failureCode', 'message', 'fixable'],
  properties: {
    failureCode: text,
    /** The server's sentence, in the caller's language. */
    message: text,
    /** The organization of the chain that lacks something (absent for a line's limit). */
    organizationId: integer,
    organizationName: text,
    /** A user's allowance (UserCreditNotEnough). */
    userId: nullableInteger,
    /** Credit problems, rials: what the send needs there, what is available, the difference. */
    required: rials,
    available: rials,
    shortBy: rials,
    /** The caller administers an organization above it (or the user's organization): they may fix it. */
    fixable: flag,
  },
} as const;

const calculationProperties = {
  recipientCount: integer,
  mciCount: integer,
  mtnCount: integer,
  rightelCount: integer,
  otherCount: integer,
  internationalCount: integer,
  blackListCount: integer,
  wrongNumberCount: integer,
  duplicateCount: integer,
  invalidSamples: { type: 'array', items: text },
  smsParts: integer,
  smsEncoding,
  smsLength: integer,
  sendPrice: rials,
  resolutionOfParliamentPrice: rials,
  taxPrice: rials,
  totalPrice: rials,
  /** False when the sending organization's own tariff cannot price the send (its problem is listed). */
  priced: flag,
  /** A percentage as decimal text ("10"); null when nothing was priced (no receivers). */
  taxPercent: nullableText,
  /** Rials per part as integer text; null when nothing was priced. */
  levyPerPart: nullableRials,
  senderNumber: text,
  /** A voice send's priced length; null for a text send. */
  voiceSeconds: nullableInteger,
  /** A dynamic send: the receiver whose own text has the most parts (smsParts is its parts); null otherwise. */
  dynamicSample: {
    type: ['object', 'null'],
    required: ['toNumber', 'smsText', 'smsParts'],
    properties: { toNumber: text, smsText: text, smsParts: integer },
  },
  /** Every reason the send would be refused now; the confirm waits until there is none. */
  problems: { type: 'array', items: sendProblemAnswer },
} as const;

const calculationRequired = [
  'recipientCount', 'mciCount', 'mtnCount', 'rightelCount', 'otherCount', 'internationalCount', 'blackListCount', 'wrongNumberCount',
  'duplicateCount', 'invalidSamples', 'smsParts', 'smsEncoding', 'smsLength', 'sendPrice', 'resolutionOfParliamentPrice', 'taxPrice',
  'totalPrice', 'priced', 'taxPercent', 'levyPerPart', 'senderNumber', 'voiceSeconds', 'dynamicSample', 'problems',
] as const;

/** Every `GetScheduledMessageCalculations*` and `GetVoiceCalculations`: the price preview; writes nothing. */
export const calculationAnswer = { type: 'object', required: calculationRequired, properties: calculationProperties } as const;

/** `ScheduledMessages/UploadRecipients`: the file's numbers, judged and kept for the send (`recipientsUploadId`). */
export const recipientsUploadAnswer = {
  type: 'object',
  required: ['uploadId', 'validCount', 'wrongNumberCount', 'duplicateCount', 'invalidSamples', 'counts'],
  properties: {
    uploadId: text,
    validCount: integer,
    wrongNumberCount: integer,
    duplicateCount: integer,
    invalidSamples: { type: 'array', items: text },
    /** Valid numbers by operator. */
    counts: { type: 'object', additionalProperties: integer },
  },
} as const;

const receiverProperties = {
  seq: integer,
  toNumber: text,
  operator: text,
  description: nullableText,
  sendStatus: text,
  deliveryStatus: text,
  providerId: nullableText,
  attempts: integer,
  refunded: flag,
  sendDateTime: nullableInstant,
  statusDateTime: nullableInstant,
  /** A dynamic or P2P send's own text and parts for this receiver (null otherwise). */
  smsText: nullableText,
  smsParts: nullableInteger,
} as const;

const receiverRequired = [
  'seq', 'toNumber', 'operator', 'description', 'sendStatus', 'deliveryStatus', 'providerId', 'attempts', 'refunded', 'sendDateTime',
  'statusDateTime', 'smsText', 'smsParts',
] as const;

/** A row of `OutBox/GetRecipients`. */
export const receiverAnswer = { type: 'object', required: receiverRequired, properties: receiverProperties } as const;

export const receiversPageAnswer = pageOf(receiverAnswer);

/** `OutBox/GetDeliveryReport`: one receiver with the raw report its operator sent (any JSON; null before one came). */
export const deliveryReportAnswer = {
  type: 'object',
  required: [...receiverRequired, 'deliveryReport'],
  properties: { ...receiverProperties, deliveryReport: {} },
} as const;

/** `OutBox/Archive`: how many sends began archiving. */
export const archiveAnswer = { type: 'object', required: ['archiving'], properties: { archiving: integer } } as const;
/** `OutBox/Unarchive`: how many sends got their status back. */
export const unarchiveAnswer = { type: 'object', required: ['restored'], properties: { restored: integer } } as const;

export type SendAnswer = AnswerOf<typeof sendAnswer>;
export type CreatedSendAnswer = AnswerOf<typeof createdSendAnswer>;
export type SendListItem = AnswerOf<typeof sendListItemAnswer>;
export type HandOutAnswer = AnswerOf<typeof handOutAnswer>;
export type SendsPage = AnswerOf<typeof sendsPageAnswer>;
/** A count per name. `AnswerOf` closes objects, which would leave a map with no keys: the maps are typed here. */
type CountsByName = Record<string, number>;

export type DeliveryStatusRequest = AnswerOf<typeof deliveryStatusRequestAnswer>;
export type SendDetail = Omit<AnswerOf<typeof sendDetailAnswer>, 'deliveryStatusCounts'> & { deliveryStatusCounts: CountsByName };
export type SendProblemAnswer = AnswerOf<typeof sendProblemAnswer>;
export type CalculationAnswer = AnswerOf<typeof calculationAnswer>;
export type RecipientsUploadAnswer = Omit<AnswerOf<typeof recipientsUploadAnswer>, 'counts'> & { counts: CountsByName };
export type ReceiverAnswer = AnswerOf<typeof receiverAnswer>;
export type ReceiversPage = AnswerOf<typeof receiversPageAnswer>;
export type DeliveryReportAnswer = AnswerOf<typeof deliveryReportAnswer>;
export type ArchiveAnswer = AnswerOf<typeof archiveAnswer>;
export type UnarchiveAnswer = AnswerOf<typeof unarchiveAnswer>;
