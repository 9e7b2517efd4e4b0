import { flag, idAnswer, instant, integer, listOf, nullableInteger, nullableText, pageOf, rials, text, type AnswerOf } from '../contracts/answer-schemas.js';
import { OPERATORS, SMART_OPERATORS } from '../sms/operator-prefixes.js';

/** What `Tariffs/*` answers (server module billing; the client's tariffs page reads these types). */

function eachOperator<const K extends readonly string[], const S>(keys: K, schema: S) {
  return Object.fromEntries(keys.map((k) => [k, schema])) as { [P in K[number]]: S };
}

/** A volume range: rials per part per operator (an operator without a rate is absent) and smart-send percents. */
export const tariffRangeAnswer = {
  type: 'object',
  required: ['lineType', 'fromCount', 'toCount', 'prices'],
  properties: {
    lineType: text,
    fromCount: integer,
    /** Null: no upper bound. */
    toCount: nullableInteger,
    prices: { type: 'object', properties: eachOperator(OPERATORS, rials) },
    smartPercent: { type: 'object', properties: eachOperator(SMART_OPERATORS, { type: 'number' } as const) },
  },
} as const;

export const tariffAnswer = {
  type: 'object',
  required: ['id', 'ownerOrganizationId', 'title', 'category', 'internationalBenefitType', 'internationalBenefitValue', 'ranges', 'createdAt', 'updatedAt'],
  properties: {
    id: integer,
    ownerOrganizationId: integer,
    title: text,
    category: nullableText,
    internationalBenefitType: { type: ['string', 'null'], enum: ['percent', 'fixed', null] },
    /** A percent or rials, by the type. */
    internationalBenefitValue: rials,
    ranges: listOf(tariffRangeAnswer),
    createdBy: nullableInteger,
    createdAt: instant,
    updatedAt: instant,
  },
} as const;

export const tariffsPageAnswer = pageOf(tariffAnswer);

export const tariffDeletedAnswer = idAnswer;

/** `AssignToOrganization`: the organization's tariff now and its display copy (both null once taken away). */
export const tariffAssignedAnswer = {
  type: 'object',
  required: ['organizationId', 'tariffId', 'groupPriceTitle'],
  properties: { organizationId: integer, tariffId: nullableInteger, groupPriceTitle: nullableText },
} as const;

/** `GetOrganizationTariff`: the pickers' current value. */
export const organizationTariffAnswer = {
  type: 'object',
  required: ['organizationId', 'tariff'],
  properties: { organizationId: integer, tariff: { ...tariffAnswer, type: ['object', 'null'] } },
} as const;

/** `CalculatePrice`: per-operator lines, then price, levy and VAT separately (as on the invoice). */
export const priceCalculationAnswer = {
  type: 'object',
  required: ['organizationId', 'tariffId', 'tariffTitle', 'lines', 'totalParts', 'price', 'levyPerPart', 'levy', 'taxPercent', 'isTax', 'tax', 'total'],
  properties: {
    organizationId: integer,
    tariffId: integer,
    tariffTitle: text,
    lines: listOf({
      type: 'object',
      required: ['operator', 'recipients', 'parts', 'rate', 'price'],
      properties: { operator: { type: 'string', enum: OPERATORS }, recipients: integer, parts: integer, rate: rials, price: rials },
    } as const),
    totalParts: integer,
    price: rials,
    levyPerPart: rials,
    levy: rials,
    /** The rate applied: '0' for an organization that is not taxable. */
    taxPercent: text,
    isTax: flag,
    tax: rials,
    total: rials,
  },
} as const;

export type TariffRangeAnswer = AnswerOf<typeof tariffRangeAnswer>;
export type TariffAnswer = AnswerOf<typeof tariffAnswer>;
export type TariffsPage = AnswerOf<typeof tariffsPageAnswer>;
export type TariffAssignedAnswer = AnswerOf<typeof tariffAssignedAnswer>;
export type OrganizationTariffAnswer = AnswerOf<typeof organizationTariffAnswer>;
export type PriceCalculationAnswer = AnswerOf<typeof priceCalculationAnswer>;
