import { flag, instant, integer, noAnswer, nullableInteger, nullableText, pageOf, text, type AnswerOf } from '../contracts/answer-schemas.js';

/** What `AccountInformations/*` and `PaymentGateways/*` answer (server module billing). */

export const accountInformationAnswer = {
  type: 'object',
  required: ['id', 'organizationId', 'accountNo', 'branch', 'cardNo', 'iban', 'owner', 'createdAt'],
  properties: {
    id: integer,
    organizationId: integer,
    accountNo: nullableText,
    branch: nullableText,
    /** 16 digits. */
    cardNo: nullableText,
    /** `IR` + 24 digits. */
    iban: nullableText,
    owner: nullableText,
    createdAt: instant,
  },
} as const;

export const accountInformationsPageAnswer = pageOf(accountInformationAnswer);

/** `Delete` of an account or a gateway: nothing named back. */
export const gatewayDeletedAnswer = noAnswer;

export const paymentGatewayAnswer = {
  type: 'object',
  required: ['id', 'organizationId', 'accountInformationId', 'typeIPG', 'title', 'configJson', 'isGeneralUse', 'isFactorUse', 'isActive', 'createdAt'],
  properties: {
    id: integer,
    organizationId: integer,
    accountInformationId: nullableInteger,
    /** The provider type, e.g. Sandbox. */
    typeIPG: text,
    title: text,
    /** The provider's settings, values of keys named like secret/key/password/token as `***`. */
    configJson: { type: 'object' },
    isGeneralUse: flag,
    isFactorUse: flag,
    isActive: flag,
    createdAt: instant,
  },
} as const;

export const paymentGatewaysPageAnswer = pageOf(paymentGatewayAnswer);

export type AccountInformationAnswer = AnswerOf<typeof accountInformationAnswer>;
export type AccountInformationsPage = AnswerOf<typeof accountInformationsPageAnswer>;
export type PaymentGatewayAnswer = AnswerOf<typeof paymentGatewayAnswer>;
export type PaymentGatewaysPage = AnswerOf<typeof paymentGatewaysPageAnswer>;
