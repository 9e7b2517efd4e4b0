import { AppError } from '../../platform/http/errors.js';
import { big, MAX_AMOUNT, mulDivCeil, OPERATORS, type Operator, type PartsPerOperator } from './money.js';

export interface TariffRange {
  lineType: string;
  fromCount: number;
  toCount: number | null;
  /** Rials per SMS part per operator, as decimal strings; a missing operator has no rate. */
  prices: Partial<Record<Operator, string>>;
  smartPercent?: Partial<Record<'mci' | 'irancell' | 'rightel', number>>;
}

export interface TariffRow {
  id: number;
  ownerOrganizationId: number;
  title: string;
  category: string | null;
  internationalBenefitType: 'percent' | 'fixed' | null;
  internationalBenefitValue: string;
  ranges: TariffRange[];
}

export type Rates = Partial<Record<Operator, string>>;

/** The send failure codes of the spec that pricing can answer. */
export const groupPriceIsNull = (organizationId: number) => new AppError(400, 'billing.GroupPriceIsNull', { organizationId }, [], { failureCode: 'GroupPriceIsNull', organizationId });
/** A price asked for no recipient of any operator: there is nothing to count. */
export const operatorNumberCountIsNull = () =>
  new AppError(400, 'billing.OperatorNumberCountIsNull', {}, [{ propertyName: 'recipients', key: 'billing.OperatorNumberCountIsNull', params: {} }], { failureCode: 'OperatorNumberCountIsNull' });
/** The price cannot be computed within the range an amount can hold (a rate far too large for this volume). */
export const errorCalculate = () => new AppError(400, 'billing.ErrorCalculate', {}, [], { failureCode: 'ErrorCalculate' });
export const notDefineSmsRateType = (organizationId: number, operator?: string) =>
  new AppError(400, 'billing.NotDefineSmsRateType', { organizationId, operator: operator ?? '' }, [], { failureCode: 'NotDefineSmsRateType', organizationId, operator });

export function totalParts(parts: PartsPerOperator): number {
  return OPERATORS.reduce((sum, op) => sum + (parts[op] ?? 0), 0);
}

/**
 * The price per part per operator that a tariff gives a send of `volume` parts on `lineType`: the
 * range of that line type (else of 'default') whose [fromCount, toCount] holds the volume. The
 * international rate carries the tariff's international benefit (percent, rounded up, or fixed).
 */
export function ratesFor(tariff: TariffRow, volume: number, lineType: string | undefined, organizationId: number, needed: PartsPerOperator, smart = false): Rates {
  const fits = (r: TariffRange) => r.fromCount <= volume && (r.toCount === null || volume <= r.toCount);
  const wanted = lineType ?? 'default';
  const range = tariff.ranges.find((r) => r.lineType === wanted && fits(r)) ?? tariff.ranges.find((r) => r.lineType === 'default' && fits(r));
  if (!range) throw notDefineSmsRateType(organizationId);
  const rates: Rates = {};
  for (const op of OPERATORS) {
    const price = range.prices[op];
    if (price === undefined || price === null) {
      if ((needed[op] ?? 0) > 0) throw notDefineSmsRateType(organizationId, op);
      continue;
    }
    let rate = big(price);
    if (op === 'international' && tariff.internationalBenefitType) {
      const v = big(tariff.internationalBenefitValue);
      rate += tariff.internationalBenefitType === 'percent' ? mulDivCeil(rate, v, 100n) : v;
    }
    if (smart) rate = smartRate(rate, range, op);
    rates[op] = rate.toString();
  }
  return rates;
}

/**
 * A smart send (issue 26, targeting's smart requests) costs the ordinary per-part rate times the
 * range's smart percent for the operator (0–100, the tariff form's limit), rounded up to a rial:
 * ceil(rate × percent / 100). An operator without a smart percent — or with 0, which the tariff
 * form stores for a field left at zero and which would make smart sends free — pays the ordinary
 * rate; `other`/`international` have none.
 */
export function smartRate(rate: bigint, range: TariffRange, op: Operator): bigint {
  if (op !== 'mci' && op !== 'irancell' && op !== 'rightel') return rate;
  const percent = range.smartPercent?.[op];
  if (percent === undefined || percent === null || !Number.isFinite(percent) || percent <= 0) return rate;
  return mulDivCeil(rate, BigInt(Math.round(percent * 100)), 10_000n);
}

export function priceOf(rates: Rates, parts: PartsPerOperator): bigint {
  let sum = 0n;
  for (const op of OPERATORS) {
    const n = parts[op] ?? 0;
    if (n > 0) sum += BigInt(n) * big(rates[op]);
  }
  return sum;
}

export interface PriceSettings {
  /** VAT in hundredths of a percent (900 = 9 %). */
  taxHundredths: bigint;
  /** Rials per SMS part (ResolutionOfParliament). */
  levyPerPart: bigint;
}

export interface PriceBreakdown {
  price: bigint;
  levy: bigint;
  tax: bigint;
  total: bigint;
}

/** Price at the tariff, the levy per part, and VAT on both (rounded up) when the organization pays tax. */
export function breakdown(rates: Rates, parts: PartsPerOperator, settings: PriceSettings, withTax: boolean): PriceBreakdown {
  const b = amountBreakdown(priceOf(rates, parts), settings.levyPerPart * BigInt(totalParts(parts)), settings, withTax);
  // One send is one operation: a total above its cap (MAX_AMOUNT) is refused here, not by an overflowing write half-way.
  if (b.total > MAX_AMOUNT) throw errorCalculate();
  return b;
}

/** A price and levy with VAT on both (rounded up to a rial) when the organization pays tax: the invoice rule. */
export function amountBreakdown(price: bigint, levy: bigint, settings: PriceSettings, withTax: boolean): PriceBreakdown {
  const tax = withTax ? mulDivCeil(price + levy, settings.taxHundredths, 10_000n) : 0n;
  return { price, levy, tax, total: price + levy + tax };
}

/** Overlapping volume ranges of one line type make the price ambiguous: the index of the first clash, or -1. */
export function overlappingRange(ranges: TariffRange[]): number {
  for (let i = 0; i < ranges.length; i++) {
    const a = ranges[i];
    if (a.toCount !== null && a.toCount < a.fromCount) return i;
    for (let j = 0; j < i; j++) {
      const b = ranges[j];
      if (a.lineType !== b.lineType) continue;
      const aEnd = a.toCount ?? Number.MAX_SAFE_INTEGER;
      const bEnd = b.toCount ?? Number.MAX_SAFE_INTEGER;
      if (a.fromCount <= bEnd && b.fromCount <= aEnd) return i;
    }
  }
  return -1;
}
