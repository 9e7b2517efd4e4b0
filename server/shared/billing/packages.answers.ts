import { bigId, flag, idAnswer, instant, integer, nullableBigId, nullableInstant, nullableInteger, nullableRials, nullableText, pageOf, rials, text, type AnswerOf } from '../contracts/answer-schemas.js';

/** What `Packages/*` and `Discounts/*` answer (server module billing; the client's packages and discounts pages). */

export const packageAnswer = {
  type: 'object',
  required: ['id', 'ownerOrganizationId', 'title', 'expirationType', 'expiration', 'depositPrice', 'chargeAmount', 'isActive', 'description', 'expirationTypeName'],
  properties: {
    id: integer,
    ownerOrganizationId: integer,
    title: text,
    /** 0 hour, 1 day, 2 week, 3 month. */
    expirationType: { type: 'integer', enum: [0, 1, 2, 3] },
    /** How many of `expirationType`. */
    expiration: integer,
    /** What the buyer pays. */
    depositPrice: rials,
    /** The credit the buyer receives. */
    chargeAmount: rials,
    isActive: flag,
    description: nullableText,
    /** `expirationType` by name (hour, day, week, month). */
    expirationTypeName: nullableText,
    createdBy: nullableInteger,
    createdAt: instant,
    updatedAt: instant,
  },
} as const;

export const packagesPageAnswer = pageOf(packageAnswer);

export const packageDeletedAnswer = idAnswer;

export const packagePurchaseAnswer = {
  type: 'object',
  required: [
    'id', 'packageId', 'organizationId', 'userId', 'requestId', 'packageTitle', 'depositPrice', 'discountId', 'discountCode', 'discountAmount',
    'paidAmount', 'chargeAmount', 'expiresAt', 'payEntryId', 'chargeEntryId', 'createdAt',
  ],
  properties: {
    id: bigId,
    packageId: integer,
    /** The buyer. */
    organizationId: integer,
    userId: nullableInteger,
    requestId: text,
    packageTitle: text,
    depositPrice: rials,
    discountId: nullableInteger,
    discountCode: nullableText,
    discountAmount: rials,
    /** depositPrice − discountAmount. */
    paidAmount: rials,
    chargeAmount: rials,
    expiresAt: instant,
    /** The ledger entries of the payment (none when the discount took it all) and of the charge. */
    payEntryId: nullableBigId,
    chargeEntryId: nullableBigId,
    createdByUserName: nullableText,
    createdAt: instant,
    /** Set once the sweep took back the unused package credit. */
    expiredAt: nullableInstant,
    expiredAmount: nullableRials,
    expiryEntryId: nullableBigId,
  },
} as const;

export const packagePurchasesPageAnswer = pageOf(packagePurchaseAnswer);

/** `Buy`: `applied` false for a repeat of the same requestId (the first purchase, nothing moved). */
export const packageBoughtAnswer = {
  type: 'object',
  required: ['purchase', 'applied'],
  properties: { purchase: packagePurchaseAnswer, applied: flag, currentCredit: rials, invoiceId: integer },
} as const;

const discountProperties = {
  id: integer,
  ownerOrganizationId: integer,
  code: text,
  title: nullableText,
  isPercentage: flag,
  /** Percent with up to two decimals, as text. */
  discountPercentageValue: nullableText,
  discountValue: nullableRials,
  /** Cap of one use. */
  maximumAmount: nullableRials,
  /** Null: unlimited. */
  maximumUse: nullableInteger,
  usedCount: integer,
  specialOrganizationId: nullableInteger,
  startsAt: nullableInstant,
  endsAt: nullableInstant,
  isActive: flag,
  createdBy: nullableInteger,
  createdAt: instant,
  updatedAt: instant,
  /** The spec's names: `code` again and `isPercentage` as a word. */
  discountCode: text,
  discountType: { type: 'string', enum: ['percentage', 'fixed'] },
} as const;

const discountCommon = [
  'id', 'ownerOrganizationId', 'code', 'title', 'isPercentage', 'discountPercentageValue', 'discountValue', 'maximumAmount', 'maximumUse', 'startsAt',
  'endsAt', 'isActive', 'discountCode', 'discountType',
] as const;

export const discountAnswer = {
  type: 'object', required: [...discountCommon, 'usedCount', 'specialOrganizationId'], properties: discountProperties,
} as const;

export const discountsPageAnswer = pageOf(discountAnswer);

export const discountDeletedAnswer = idAnswer;

/** `Check`: the discount (without its use count and special organization) and what it takes off `amount`. */
export const discountCheckAnswer = {
  type: 'object',
  required: [...discountCommon, 'amount', 'discountAmount', 'payable'],
  properties: { ...discountProperties, amount: rials, discountAmount: rials, payable: rials },
} as const;

export type PackageAnswer = AnswerOf<typeof packageAnswer>;
export type PackagesPage = AnswerOf<typeof packagesPageAnswer>;
export type PackagePurchaseAnswer = AnswerOf<typeof packagePurchaseAnswer>;
export type PackagePurchasesPage = AnswerOf<typeof packagePurchasesPageAnswer>;
export type PackageBoughtAnswer = AnswerOf<typeof packageBoughtAnswer>;
export type DiscountAnswer = AnswerOf<typeof discountAnswer>;
export type DiscountsPage = AnswerOf<typeof discountsPageAnswer>;
export type DiscountCheckAnswer = AnswerOf<typeof discountCheckAnswer>;
