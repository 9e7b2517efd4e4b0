import { bigId, flag, instant, integer, listOf, nullableInteger, nullableRials, nullableText, pageOf, rials, text, type AnswerOf } from '../contracts/answer-schemas.js';

/**
 * What `Organizations/GetOrganizationCreditForAdmin`, `Credits/*`, `Transactions/GetAll`,
 * `Ledger/Verify` and `MainSettings/*` answer (server module billing; the client's financial
 * feature reads these types).
 */

/** An organization's credit: `credit` = balance − held; `spendable` adds a postpaid limit. */
export const creditViewAnswer = {
  type: 'object',
  required: ['organizationId', 'organizationName', 'isPostpaid', 'balance', 'held', 'credit', 'creditLimit', 'spendable'],
  properties: {
    organizationId: integer,
    organizationName: text,
    isPostpaid: flag,
    balance: rials,
    held: rials,
    credit: rials,
    creditLimit: rials,
    spendable: rials,
  },
} as const;

/** `GetMyCredit`: the organization's credit and the caller's allowance (amounts null without one). */
export const myCreditAnswer = {
  type: 'object',
  required: ['organization', 'user'],
  properties: {
    organization: creditViewAnswer,
    user: {
      type: 'object',
      required: ['userId', 'hasAllowance', 'balance', 'held', 'credit'],
      properties: { userId: integer, hasAllowance: flag, balance: nullableRials, held: nullableRials, credit: nullableRials },
    },
  },
} as const;

/** `IncreaseUserCredit` / `DecreaseUserCredit`: the allowance after the move. */
export const userCreditChangedAnswer = {
  type: 'object',
  required: ['userId', 'currentCredit', 'ledgerEntryId'],
  properties: { userId: integer, currentCredit: rials, ledgerEntryId: bigId },
} as const;

/** `ChargeOrganization`: the target's credit after the move; `referenceId` names the movement's entries. */
export const organizationChargedAnswer = {
  type: 'object',
  required: ['organizationId', 'currentCredit', 'referenceId'],
  properties: { organizationId: integer, currentCredit: rials, referenceId: text },
} as const;

export const creditLimitAnswer = {
  type: 'object', required: ['organizationId', 'creditLimit'], properties: { organizationId: integer, creditLimit: rials },
} as const;

/** One ledger entry as `Transactions/GetAll` lists it (`amount` without its sign: `isIncrement` tells). */
export const transactionAnswer = {
  type: 'object',
  required: [
    'id', 'accountId', 'organizationId', 'organizationName', 'userId', 'userName', 'amount', 'isIncrement', 'typeTransaction', 'typeCreditChange',
    'currentCredit', 'referenceType', 'referenceId', 'outboxId', 'paymentId', 'packageId', 'packageTitle', 'description', 'createdByUserId',
    'createdByUserName', 'createdAt',
  ],
  properties: {
    id: bigId,
    accountId: integer,
    organizationId: integer,
    organizationName: nullableText,
    userId: nullableInteger,
    /** The allowance account's user. */
    userName: nullableText,
    amount: rials,
    isIncrement: flag,
    typeTransaction: text,
    typeCreditChange: text,
    currentCredit: rials,
    referenceType: nullableText,
    /** Internal (`send:{id}`, a charge's UUID): the client shows a label instead. */
    referenceId: nullableText,
    /** The send's id when the entry is a send's. */
    outboxId: nullableInteger,
    paymentId: nullableInteger,
    packageId: nullableInteger,
    packageTitle: nullableText,
    description: nullableText,
    createdByUserId: nullableInteger,
    createdByUserName: nullableText,
    createdAt: instant,
  },
} as const;

export const transactionsPageAnswer = pageOf(transactionAnswer);

/** `Ledger/Verify`: every account and entry checked; `ok` when both lists are empty. */
export const ledgerVerifyAnswer = {
  type: 'object',
  required: ['ok', 'accounts', 'entries', 'mismatches', 'brokenEntries', 'milliseconds'],
  properties: {
    ok: flag,
    accounts: integer,
    entries: integer,
    mismatches: listOf({
      type: 'object',
      required: ['accountId', 'organizationId', 'userId', 'balance', 'ledgerSum', 'held', 'openHolds'],
      properties: { accountId: integer, organizationId: integer, userId: nullableInteger, balance: rials, ledgerSum: rials, held: rials, openHolds: rials },
    } as const),
    brokenEntries: listOf({
      type: 'object',
      required: ['id', 'accountId', 'currentCredit', 'runningSum'],
      properties: { id: bigId, accountId: integer, currentCredit: rials, runningSum: rials },
    } as const),
    milliseconds: integer,
  },
} as const;

/** `MainSettings/GetAll` and `Update` (the keys changed): `{items}` without a count. */
export const mainSettingsAnswer = {
  type: 'object',
  required: ['items'],
  properties: {
    items: listOf({ type: 'object', required: ['key', 'value'], properties: { key: text, value: nullableText } } as const),
  },
} as const;

export type CreditViewAnswer = AnswerOf<typeof creditViewAnswer>;
export type MyCreditAnswer = AnswerOf<typeof myCreditAnswer>;
export type UserCreditChangedAnswer = AnswerOf<typeof userCreditChangedAnswer>;
export type OrganizationChargedAnswer = AnswerOf<typeof organizationChargedAnswer>;
export type CreditLimitAnswer = AnswerOf<typeof creditLimitAnswer>;
export type TransactionAnswer = AnswerOf<typeof transactionAnswer>;
export type TransactionsPage = AnswerOf<typeof transactionsPageAnswer>;
export type LedgerVerifyAnswer = AnswerOf<typeof ledgerVerifyAnswer>;
export type MainSettingsAnswer = AnswerOf<typeof mainSettingsAnswer>;
