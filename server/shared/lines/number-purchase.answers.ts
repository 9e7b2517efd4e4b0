import { flag, instant, integer, nullableInstant, nullableInteger, nullableText, pageOf, rials, listOf, text, type AnswerOf } from '../contracts/answer-schemas.js';

/**
 * What `NumberPrices/*`, `BuyRequests/*` and `PrivateNumberTransfers/*` answer (server module
 * numbers, CONTEXT.md "Number purchase and transfer"; the client's number-purchase feature reads these types).
 */

export const numberPriceAnswer = {
  type: 'object',
  required: ['id', 'organizationId', 'isRound', 'numberOfDigits', 'reservationPeriod', 'numberPrice'],
  properties: { id: integer, organizationId: integer, isRound: flag, numberOfDigits: integer, reservationPeriod: integer, numberPrice: rials, createdAt: instant, updatedAt: instant },
} as const;
export const numberPricesAnswer = { type: 'object', required: ['items'], properties: { items: listOf(numberPriceAnswer) } } as const;

/** A free number with its seller's price; `reservationPeriod` 0 = it cannot be reserved, only bought. */
export const freeNumberAnswer = {
  type: 'object',
  required: ['privateNumberId', 'number', 'organizationId', 'numberOfDigits', 'isRound', 'numberPrice', 'reservationPeriod'],
  properties: { privateNumberId: integer, number: text, organizationId: integer, numberOfDigits: integer, isRound: flag, numberPrice: rials, reservationPeriod: integer },
} as const;
export const freeNumbersAnswer = { type: 'object', required: ['items'], properties: { items: listOf(freeNumberAnswer) } } as const;

export const buyRequestAnswer = {
  type: 'object',
  required: [
    'id', 'organizationId', 'userId', 'sellerOrganizationId', 'privateNumberId', 'number', 'stage', 'status', 'payAmount', 'isAllowedSendLink', 'isService',
    'rejectionDescription', 'reservationDate', 'reservationExpiresAt', 'registrationDate', 'assignmentDate', 'cancellationDate', 'termsAcceptedAt',
  ],
  properties: {
    id: integer, organizationId: integer, userId: integer, sellerOrganizationId: integer, privateNumberId: integer, number: text,
    /** Reserved → Registered (paid, waiting) → Assigned | Rejected; a reservation may end Cancelled or Expired. */
    stage: { type: 'string', enum: ['Reserved', 'Registered', 'Assigned', 'Rejected', 'Cancelled', 'Expired'] },
    status: { type: 'string', enum: ['WatingForConfirm', 'Confirmed', 'Rejected'] },
    decidedByUserId: nullableInteger, decidedAt: nullableInstant, rejectionDescription: nullableText, payAmount: rials,
    isAllowedSendLink: flag, isService: flag, termsAcceptedAt: nullableInstant, reservationDate: nullableInstant, reservationExpiresAt: nullableInstant,
    registrationDate: nullableInstant, assignmentDate: nullableInstant, cancellationDate: nullableInstant, createdAt: instant, updatedAt: instant,
    organizationName: text, userName: text,
  },
} as const;
export const buyRequestsPageAnswer = pageOf(buyRequestAnswer);

export const transferAnswer = {
  type: 'object',
  required: ['id', 'privateNumberId', 'privateNumber', 'numberType', 'preOwner', 'preOwnerOrganizationId', 'newOwner', 'newOwnerOrganizationId', 'price', 'transferDateTime'],
  properties: {
    id: integer, privateNumberId: integer, privateNumber: text, numberType: text, preOwner: integer, preOwnerOrganizationId: integer,
    newOwner: integer, newOwnerOrganizationId: integer, price: rials, transferDateTime: instant, createdByUserId: nullableInteger, createdByUserName: nullableText,
    preOwnerUserName: text, newOwnerUserName: text,
  },
} as const;
export const transfersPageAnswer = pageOf(transferAnswer);

export type NumberPriceAnswer = AnswerOf<typeof numberPriceAnswer>;
export type FreeNumberAnswer = AnswerOf<typeof freeNumberAnswer>;
export type BuyRequestAnswer = AnswerOf<typeof buyRequestAnswer>;
export type BuyRequestsPage = AnswerOf<typeof buyRequestsPageAnswer>;
export type TransferAnswer = AnswerOf<typeof transferAnswer>;
export type TransfersPage = AnswerOf<typeof transfersPageAnswer>;
