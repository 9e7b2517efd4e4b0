import { flag, instant, integer, nullableText, pageOf, rials, text, type AnswerOf } from '../contracts/answer-schemas.js';
import { SPEC_ENCODINGS } from '../sms/sms-text.js';
import { myNumbersAnswer } from '../lines/my-numbers.answers.js';
import { receiverAnswer } from '../sends/sends.answers.js';
import { inboxMessageAnswer } from '../inbound/inbox.answers.js';

/**
 * What the REST API v1 (`/api/v1/*`, controller `v1`) answers. The calls are thin over the panel's
 * services, so a send is the outbox's send (`OutBox/Get` fields); these contracts name what an
 * integrator may rely on and leave the rest open. Amounts are integer rials as text.
 */


/** `GET credit`: what the key can spend now. */
export const v1CreditAnswer = {
  type: 'object',
  required: ['organizationId', 'credit', 'isPostpaid', 'creditLimit', 'userAllowance'],
  properties: {
    organizationId: integer,
    /** Balance minus holds. */
    credit: rials,
    isPostpaid: flag,
    creditLimit: rials,
    /** The user's own allowance inside the organization's credit; null when they have none. */
    userAllowance: { type: ['string', 'null'], pattern: '^-?[0-9]+$' },
  },
} as const;

/** `GET lines`: `PrivateNumbers/GetMyNumbers`. */
export const v1LinesAnswer = myNumbersAnswer;

const sendProperties = {
  id: integer,
  organizationId: integer,
  userId: integer,
  privateNumberId: integer,
  senderNumber: text,
  sendType: text,
  smsText: text,
  smsEncoding: { type: 'string', enum: SPEC_ENCODINGS },
  smsParts: integer,
  recipientCount: integer,
  wrongNumberCount: integer,
  duplicateCount: integer,
  blackListCount: integer,
  totalPrice: rials,
  queueStatus: text,
  status: text,
  failureCode: text,
  dateTimeSend: instant,
  createdAt: instant,
  /** The caller's own send id (`sendId` of the request); null when none was given. */
  sendId: nullableText,
  receiverCount: integer,
  smsCount: integer,
} as const;

const sendRequired = [
  'id', 'organizationId', 'userId', 'privateNumberId', 'senderNumber', 'sendType', 'smsText', 'smsEncoding', 'smsParts', 'recipientCount',
  'wrongNumberCount', 'duplicateCount', 'blackListCount', 'totalPrice', 'queueStatus', 'status', 'failureCode', 'dateTimeSend', 'createdAt', 'sendId',
  'receiverCount', 'smsCount',
] as const;

/** `POST messages/send`, `messages/send-many`, `messages/otp`: the send, `repeated` when `sendId` named an earlier one. */
export const v1SendAnswer = {
  type: 'object', required: [...sendRequired, 'repeated'], properties: { ...sendProperties, repeated: flag },
} as const;

/** One receiver of a send (the outbox's receivers view). */
/** A receiver as `OutBox/GetRecipients` answers it (one contract for both). */
export const v1ReceiverAnswer = receiverAnswer;

/** `GET messages/:id/receivers`. */
export const v1ReceiversAnswer = pageOf(v1ReceiverAnswer);

/** `POST messages/send-pairs`: each pair answered on its own. */
export const v1SendPairsAnswer = {
  type: 'object',
  required: ['items', 'sentCount', 'failedCount'],
  properties: {
    items: {
      type: 'array',
      items: {
        type: 'object',
        required: ['index', 'isSucceed'],
        properties: {
          index: integer,
          isSucceed: flag,
          /** A sent pair. */
          send: v1SendAnswer,
          /** A refused pair: the HTTP status it would have had, the message, failure code and field errors. */
          status: integer,
          message: text,
          failureCode: nullableText,
          validationErrors: {
            type: 'array',
            items: { type: 'object', required: ['propertyName', 'message'], properties: { propertyName: text, message: text } },
          },
        },
      },
    },
    sentCount: integer,
    failedCount: integer,
  },
} as const;

/** `GET messages/:id` and `messages/by-send-id/:sendId`: the send, its receivers counted by delivery status, and its first receiver. */
export const v1MessageAnswer = {
  type: 'object',
  required: [...sendRequired, 'deliveryStatusCounts', 'receiver'],
  properties: {
    ...sendProperties,
    deliveryStatusCounts: { type: 'object', additionalProperties: integer },
    receiver: { ...v1ReceiverAnswer, type: ['object', 'null'] },
  },
} as const;

/** `GET inbound`: messages after the cursor, oldest first, and the cursor to pass back. */
export const v1InboundAnswer = {
  type: 'object',
  required: ['items', 'cursor'],
  properties: {
    /** Messages as the panel's inbox answers them, each with its `createdAt`. */
    items: {
      type: 'array',
      items: { ...inboxMessageAnswer, required: [...inboxMessageAnswer.required, 'createdAt'], properties: { ...inboxMessageAnswer.properties, createdAt: instant } },
    },
    /** The last id answered (the one passed in when nothing was). */
    cursor: integer,
  },
} as const;

export type V1CreditAnswer = AnswerOf<typeof v1CreditAnswer>;
export type V1SendAnswer = AnswerOf<typeof v1SendAnswer>;
export type V1ReceiverAnswer = AnswerOf<typeof v1ReceiverAnswer>;
export type V1ReceiversPage = AnswerOf<typeof v1ReceiversAnswer>;
export type V1SendPairsAnswer = AnswerOf<typeof v1SendPairsAnswer>;
export type V1MessageAnswer = AnswerOf<typeof v1MessageAnswer>;
export type V1InboundAnswer = AnswerOf<typeof v1InboundAnswer>;
