import { pagingQuerySchema } from '../../platform/http/router.js';
import { NAME_FORMAT } from '../../platform/http/validation.js';
import { amountSchema, OPERATORS } from './money.js';
import { SMART_OPERATORS } from '../../shared/sms/operator-prefixes.js';
import { TYPE_CREDIT_CHANGES } from './ledger.repository.js';
import { POSITIVE_INTEGER_SETTINGS } from '../../platform/settings.service.js';

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const count = { type: 'integer', minimum: 0, maximum: 100_000_000 } as const;
const text = <M extends number>(max: M) => ({ type: ['string', 'null'], maxLength: max }) as const;
/** A name or title shown in lists, menus and invoices: no bidi controls. */
const nameText = <M extends number>(max: M) => ({ ...text(max), format: NAME_FORMAT }) as const;
/** The same schema for each of `keys` (fromEntries alone would type the keys as any string). */
const eachOf = <K extends string, const S>(keys: readonly K[], schema: S) => Object.fromEntries(keys.map((k) => [k, schema])) as { [P in K]: S };
const title = { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S', format: NAME_FORMAT } as const;

export const organizationIdQuery = {
  type: 'object', additionalProperties: false, required: ['organizationId'], properties: { organizationId: id },
} as const;

export const userCreditSchema = {
  type: 'object', additionalProperties: false, required: ['userId', 'amount'],
  properties: { userId: id, amount: amountSchema(), description: { type: 'string', maxLength: 500 } },
} as const;

export const chargeOrganizationSchema = {
  type: 'object', additionalProperties: false, required: ['organizationId', 'amount'],
  properties: { organizationId: id, amount: amountSchema(), isIncrement: { type: 'boolean', default: true }, description: { type: 'string', maxLength: 500 } },
} as const;

export const creditLimitSchema = {
  type: 'object', additionalProperties: false, required: ['organizationId', 'creditLimit'],
  properties: { organizationId: id, creditLimit: amountSchema(true) },
} as const;

export const transactionsQuery = {
  type: 'object', additionalProperties: false,
  properties: {
    ...pagingQuerySchema,
    organizationId: id,
    userId: id,
    typeCreditChange: { enum: TYPE_CREDIT_CHANGES },
    typeTransaction: { enum: ['Increase', 'Decrease'] },
    referenceType: { type: 'string', maxLength: 30 },
    referenceId: { type: 'string', maxLength: 100 },
    fromDate: { type: 'string', format: 'date-time' },
    toDate: { type: 'string', format: 'date-time' },
  },
} as const;

const operatorCounts = {
  type: 'object', additionalProperties: false, properties: eachOf(OPERATORS, count),
} as const;

const rangeSchema = {
  type: 'object', additionalProperties: false, required: ['fromCount', 'prices'],
  properties: {
    lineType: { type: 'string', minLength: 1, maxLength: 40 },
    fromCount: count,
    toCount: { type: ['integer', 'null'], minimum: 0, maximum: 100_000_000 },
    prices: { type: 'object', additionalProperties: false, properties: eachOf(OPERATORS, { anyOf: [...amountSchema(true).anyOf, { type: 'null' }] } as const) },
    smartPercent: {
      type: 'object', additionalProperties: false,
      properties: eachOf(SMART_OPERATORS, { type: 'number', minimum: 0, maximum: 100 } as const),
    },
  },
} as const;

const tariffFields = {
  title,
  category: nameText(200),
  internationalBenefitType: { enum: ['percent', 'fixed', null] },
  internationalBenefitValue: amountSchema(true),
  ranges: { type: 'array', minItems: 1, maxItems: 100, items: rangeSchema },
} as const;

export const createTariffSchema = { type: 'object', additionalProperties: false, required: ['title', 'ranges'], properties: tariffFields } as const;
export const updateTariffSchema = { type: 'object', additionalProperties: false, required: ['id'], properties: { id, ...tariffFields } } as const;
export const listTariffsQuery = {
  type: 'object', additionalProperties: false, properties: { ...pagingQuerySchema, category: { type: 'string', maxLength: 200 } },
} as const;
export const assignTariffSchema = {
  type: 'object', additionalProperties: false, required: ['organizationId', 'tariffId'],
  properties: { organizationId: id, tariffId: { anyOf: [id, { type: 'null' }] } },
} as const;
export const calculatePriceSchema = {
  type: 'object', additionalProperties: false, required: ['recipients'],
  properties: { organizationId: id, recipients: operatorCounts, parts: { type: 'integer', minimum: 1, maximum: 1000, default: 1 }, lineType: { type: 'string', maxLength: 40 } },
} as const;

export const mainSettingsSchema = {
  type: 'object', additionalProperties: false, minProperties: 1,
  properties: {
    SendSmsAlertMessage: text(2000), AppPath: text(500), RemoteQueueIp: text(100), DefaultNumber: text(30),
    IsRemoteQueue: { type: ['boolean', 'string', 'null'], maxLength: 5 },
    IsSignUpEnabled: { type: ['boolean', 'null'] },
    MaximumFailedTryCount: { type: ['integer', 'string', 'null'], minimum: 0, maximum: 1000, maxLength: 4 },
    Tax: { type: ['number', 'string', 'null'], minimum: 0, maximum: 100, maxLength: 6 },
    LowestCreditOfUser: { anyOf: [...amountSchema(true).anyOf, { type: 'null' }] },
    ResolutionOfParliament: { anyOf: [...amountSchema(true).anyOf, { type: 'null' }] },
    LowCreditAlertText: text(2000), PaymentConfirmedText: text(2000),
    OutboundAllowedRanges: text(2000),
    // An http(s) or same-origin path template with {z}, {x} and {y}, or empty (the shipped boundaries);
    // the service checks the URL itself (main-settings.service.ts).
    MapTileUrl: { type: ['string', 'null'], maxLength: 500, pattern: '^$|^(https?://|/)\\S*$' },
    ...eachOf(POSITIVE_INTEGER_SETTINGS, { type: ['integer', 'string', 'null'], minimum: 1, maximum: 999_999_999, maxLength: 9 } as const),
  },
} as const;

const PAYMENT_TYPES = ['Cash', 'Cheque', 'Card', 'Account', 'OnLine'] as const;
const PAYMENT_STATUSES = ['Confirmed', 'Rejected', 'Checking', 'Lending', 'WatingForPay'] as const;

export const createPaymentSchema = {
  type: 'object', additionalProperties: false, required: ['typePayment', 'amount'],
  properties: {
    organizationId: id,
    typePayment: { enum: PAYMENT_TYPES },
    amount: amountSchema(),
    paymentDate: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] },
    paymentTime: { anyOf: [{ type: 'string', format: 'hhmm' }, { type: 'null' }] },
    billNumber: text(100), referenceId: text(100), orderId: text(100), description: text(1000),
    branchCode: text(20), chequeAccountNumber: text(40),
    dueDate: { anyOf: [{ type: 'string', format: 'date' }, { type: 'null' }] },
    holderName: nameText(200), isPassed: { type: 'boolean' }, nationalCode: { anyOf: [{ type: 'string', pattern: '^[0-9]{10,11}$' }, { type: 'null' }] },
    sayadNumber: { anyOf: [{ type: 'string', pattern: '^[0-9]{16}$' }, { type: 'null' }] },
    serialNumber: text(40), seriesNumber: text(40), typeBank: nameText(40), chequeImageAddress: text(500),
  },
} as const;

export const paymentIdSchema = { type: 'object', additionalProperties: false, required: ['id'], properties: { id } } as const;
export const rejectPaymentSchema = {
  type: 'object', additionalProperties: false, required: ['id'], properties: { id, rejectionDescription: { type: 'string', maxLength: 1000 } },
} as const;
export const listPaymentsQuery = {
  type: 'object', additionalProperties: false,
  properties: { ...pagingQuerySchema, organizationId: id, typePayment: { enum: PAYMENT_TYPES }, typeStatus: { enum: PAYMENT_STATUSES } },
} as const;

const packageFields = {
  title,
  /** 0 hour, 1 day, 2 week, 3 month. */
  expirationType: { type: 'integer', enum: [0, 1, 2, 3] },
  expiration: { type: 'integer', minimum: 1, maximum: 100_000 },
  depositPrice: amountSchema(),
  chargeAmount: amountSchema(),
  isActive: { type: 'boolean' },
  description: text(1000),
} as const;
export const createPackageSchema = {
  type: 'object', additionalProperties: false, required: ['title', 'expirationType', 'expiration', 'depositPrice', 'chargeAmount'], properties: packageFields,
} as const;
export const updatePackageSchema = { type: 'object', additionalProperties: false, required: ['id'], properties: { id, ...packageFields } } as const;
export const listPackagesQuery = {
  type: 'object', additionalProperties: false, properties: { ...pagingQuerySchema, forPurchase: { type: 'boolean' } },
} as const;
export const buyPackageSchema = {
  type: 'object', additionalProperties: false, required: ['packageId', 'requestId'],
  properties: {
    packageId: id,
    discountCode: { type: 'string', minLength: 1, maxLength: 50 },
    /** The client's key for this purchase: the same key again changes nothing. */
    requestId: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9._:-]+$' },
  },
} as const;
export const listPurchasesQuery = {
  type: 'object', additionalProperties: false, properties: { ...pagingQuerySchema, organizationId: id },
} as const;

const nullable = <const S>(schema: S) => ({ anyOf: [schema, { type: 'null' }] }) as const;
const discountFields = {
  code: { type: 'string', minLength: 3, maxLength: 50, pattern: '^[A-Za-z0-9_-]+$' },
  title: nameText(200),
  isPercentage: { type: 'boolean' },
  /** Percent with at most two decimals, 0 < p <= 100 (checked exactly in the service). */
  discountPercentageValue: nullable({ anyOf: [{ type: 'number', exclusiveMinimum: 0, maximum: 100 }, { type: 'string', maxLength: 6 }] }),
  discountValue: nullable(amountSchema()),
  maximumAmount: nullable(amountSchema()),
  maximumUse: nullable({ type: 'integer', minimum: 1, maximum: 100_000_000 }),
  specialOrganizationId: nullable(id),
  startsAt: nullable({ type: 'string', format: 'date-time' }),
  endsAt: nullable({ type: 'string', format: 'date-time' }),
  isActive: { type: 'boolean' },
} as const;
export const createDiscountSchema = { type: 'object', additionalProperties: false, required: ['code', 'isPercentage'], properties: discountFields } as const;
export const updateDiscountSchema = { type: 'object', additionalProperties: false, required: ['id'], properties: { id, ...discountFields } } as const;
export const listDiscountsQuery = { type: 'object', additionalProperties: false, properties: { ...pagingQuerySchema } } as const;
export const checkDiscountSchema = {
  type: 'object', additionalProperties: false, required: ['code', 'amount'],
  properties: { code: { type: 'string', minLength: 1, maxLength: 50 }, amount: amountSchema() },
} as const;
