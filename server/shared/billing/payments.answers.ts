import { flag, instant, integer, listOf, nullableInstant, nullableInteger, nullableRials, nullableText, pageOf, rials, text, type AnswerOf } from '../contracts/answer-schemas.js';

/**
 * What `Payments/*` answers, offline (Create, ConfirmPayment, RejectPayment, GetAll) and online
 * (GetDescriptorOnlineGateway, CreateOnline). SandboxPay and OnlineCallback answer HTML pages,
 * not JSON, so they have no contract.
 */

const paymentProperties = {
  id: integer,
  /** The payer. */
  organizationId: integer,
  receiverOrganizationId: nullableInteger,
  typePayment: text,
  typeStatus: text,
  amount: rials,
  /** The amount again for a cheque, else null (the spec's field). */
  chequeAmount: nullableRials,
  paymentDate: nullableInstant,
  paymentTime: nullableText,
  billNumber: nullableText,
  referenceId: nullableText,
  orderId: nullableText,
  description: nullableText,
  branchCode: nullableText,
  chequeAccountNumber: nullableText,
  /** A date (`YYYY-MM-DD`) without a time. */
  dueDate: nullableText,
  holderName: nullableText,
  isPassed: flag,
  nationalCode: nullableText,
  sayadNumber: nullableText,
  serialNumber: nullableText,
  seriesNumber: nullableText,
  typeBank: nullableText,
  chequeImageAddress: nullableText,
  createdByUserId: nullableInteger,
  createdByUserName: nullableText,
  decidedByUserId: nullableInteger,
  decidedByUserName: nullableText,
  decidedAt: nullableInstant,
  rejectionDescription: nullableText,
  createdAt: instant,
  gatewayId: nullableInteger,
  authority: nullableText,
  gatewayReferenceId: nullableText,
  verifiedAt: nullableInstant,
} as const;

const paymentRequired = [
  'id', 'organizationId', 'receiverOrganizationId', 'typePayment', 'typeStatus', 'amount', 'chequeAmount', 'paymentDate', 'paymentTime', 'billNumber',
  'referenceId', 'orderId', 'description', 'isPassed', 'createdByUserId', 'createdByUserName', 'decidedByUserId', 'decidedByUserName', 'decidedAt',
  'rejectionDescription', 'createdAt',
] as const;

/** A payment as `Create` answers it (and inside the decisions' and `CreateOnline`'s answers). */
export const paymentAnswer = { type: 'object', required: paymentRequired, properties: paymentProperties } as const;

/** `GetAll`'s rows add the payer's and the receiver's names. */
export const paymentsPageAnswer = pageOf({
  type: 'object',
  required: [...paymentRequired, 'payerOrganizationName', 'receiverOrganizationName'],
  properties: { ...paymentProperties, payerOrganizationName: nullableText, receiverOrganizationName: nullableText },
} as const);

/** `ConfirmPayment` / `RejectPayment`: `applied` false for a repeat; a confirm that credited adds the credit and the invoice. */
export const paymentDecisionAnswer = {
  type: 'object',
  required: ['payment', 'applied'],
  properties: { payment: paymentAnswer, applied: flag, currentCredit: rials, invoiceId: integer },
} as const;

/** `GetDescriptorOnlineGateway`: the gateways the caller may pay through, as their providers describe them. */
export const onlineGatewaysAnswer = listOf({
  type: 'object',
  required: ['id', 'isGeneralUse', 'isFactorUse', 'type', 'title'],
  properties: { id: integer, isGeneralUse: flag, isFactorUse: flag, type: text, title: text, isSandbox: flag },
} as const);

/** `CreateOnline`: the waiting payment and where the payer goes to pay. */
export const onlinePaymentStartedAnswer = {
  type: 'object',
  required: ['payment', 'redirectUrl', 'authority'],
  properties: { payment: paymentAnswer, redirectUrl: text, authority: text },
} as const;

export type PaymentAnswer = AnswerOf<typeof paymentAnswer>;
export type PaymentsPage = AnswerOf<typeof paymentsPageAnswer>;
export type PaymentListItem = PaymentsPage['items'][number];
export type PaymentDecisionAnswer = AnswerOf<typeof paymentDecisionAnswer>;
export type OnlineGatewaysAnswer = AnswerOf<typeof onlineGatewaysAnswer>;
export type OnlinePaymentStartedAnswer = AnswerOf<typeof onlinePaymentStartedAnswer>;
