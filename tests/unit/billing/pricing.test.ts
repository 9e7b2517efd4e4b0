import { expect } from 'chai';
import { AppError } from '../../../server/platform/http/errors.js';
import { breakdown, overlappingRange, ratesFor, type TariffRow } from '../../../server/modules/billing/pricing.js';
import { MAX_AMOUNT, mulDivCeil, percentHundredths, toAmount } from '../../../server/modules/billing/money.js';

const tariff = (over: Partial<TariffRow> = {}): TariffRow => ({
  id: 1, ownerOrganizationId: 1, title: 't', category: null, internationalBenefitType: null, internationalBenefitValue: '0',
  ranges: [
    { lineType: 'default', fromCount: 0, toCount: 999, prices: { mci: '100', irancell: '110', international: '1000' } },
    { lineType: 'default', fromCount: 1000, toCount: null, prices: { mci: '90', irancell: '100', international: '1000' } },
    { lineType: 'service', fromCount: 0, toCount: null, prices: { mci: '150' } },
  ],
  ...over,
});

function code(fn: () => unknown): string | null {
  try {
    fn();
  } catch (err) {
    return err instanceof AppError ? ((err.data as { failureCode?: string })?.failureCode ?? err.key) : String(err);
  }
  return null;
}

describe('billing pricing and amounts', () => {
  it('picks the volume range by total parts and the line type before the default', () => {
    expect(ratesFor(tariff(), 999, undefined, 1, { mci: 999 }).mci).to.equal('100');
    expect(ratesFor(tariff(), 1000, undefined, 1, { mci: 1000 }).mci).to.equal('90');
    expect(ratesFor(tariff(), 5, 'service', 1, { mci: 5 }).mci).to.equal('150');
    expect(ratesFor(tariff(), 5, 'unknown-line', 1, { mci: 5 }).mci).to.equal('100');
  });

  it('answers NotDefineSmsRateType for an operator without a rate or a volume without a range', () => {
    expect(code(() => ratesFor(tariff(), 5, undefined, 1, { rightel: 1 }))).to.equal('NotDefineSmsRateType');
    expect(code(() => ratesFor(tariff(), 5, 'service', 1, { irancell: 5 }))).to.equal('NotDefineSmsRateType');
    const gap = tariff({ ranges: [{ lineType: 'default', fromCount: 10, toCount: null, prices: { mci: '1' } }] });
    expect(code(() => ratesFor(gap, 5, undefined, 1, { mci: 5 }))).to.equal('NotDefineSmsRateType');
  });

  it('adds the international benefit as a percentage (rounded up) or a fixed amount', () => {
    expect(ratesFor(tariff({ internationalBenefitType: 'percent', internationalBenefitValue: '15' }), 1, undefined, 1, { international: 1 }).international).to.equal('1150');
    expect(ratesFor(tariff({ internationalBenefitType: 'fixed', internationalBenefitValue: '7' }), 1, undefined, 1, { international: 1 }).international).to.equal('1007');
  });

  it('shows price, levy per part and VAT on both, VAT only where the organization pays tax', () => {
    const rates = { mci: '100', irancell: '110' };
    expect(breakdown(rates, { mci: 3, irancell: 2 }, { levyPerPart: 10n, taxHundredths: 900n }, true)).to.deep.equal({ price: 520n, levy: 50n, tax: 52n, total: 622n });
    expect(breakdown(rates, { mci: 3, irancell: 2 }, { levyPerPart: 10n, taxHundredths: 900n }, false).tax).to.equal(0n);
  });

  it('finds overlapping ranges of one line type only', () => {
    expect(overlappingRange(tariff().ranges)).to.equal(-1);
    expect(overlappingRange([
      { lineType: 'default', fromCount: 0, toCount: 100, prices: {} },
      { lineType: 'default', fromCount: 100, toCount: 200, prices: {} },
    ])).to.equal(1);
    expect(overlappingRange([
      { lineType: 'default', fromCount: 0, toCount: null, prices: {} },
      { lineType: 'service', fromCount: 0, toCount: null, prices: {} },
    ])).to.equal(-1);
    expect(overlappingRange([{ lineType: 'default', fromCount: 10, toCount: 5, prices: {} }])).to.equal(0);
  });

  it('parses amounts exactly and refuses negative, fractional and beyond-the-cap (10^15 rials) values', () => {
    expect(MAX_AMOUNT).to.equal(10n ** 15n);
    expect(toAmount('1000000000000000', 'amount')).to.equal(MAX_AMOUNT);
    expect(toAmount(999_999_999_999_999, 'amount')).to.equal(999_999_999_999_999n);
    for (const bad of [-1, 1.5, '1000000000000001', '9223372036854775807', '9223372036854775808', '1e3', 'abc', 9007199254740991, 9007199254740992]) {
      expect(() => toAmount(bad, 'amount'), String(bad)).to.throw(AppError);
    }
    expect(mulDivCeil(330n, 900n, 10_000n)).to.equal(30n);
    expect(percentHundredths('9.5')).to.equal(950n);
    expect(percentHundredths('100.01')).to.equal(null);
    expect(percentHundredths('-1')).to.equal(null);
  });
});

describe('smart request rates (issue 26): the ordinary rate times the range smart percent', () => {
  const smart = tariff({
    ranges: [{ lineType: 'default', fromCount: 0, toCount: null, prices: { mci: '100', irancell: '99', rightel: '100', international: '1000' }, smartPercent: { mci: 90, irancell: 33.5, rightel: 0 } }],
  });

  it('scales each operator by its percent, rounded up to a rial; 0 or none is the ordinary rate; others untouched', () => {
    const rates = ratesFor(smart, 10, undefined, 1, { mci: 1, irancell: 1, rightel: 1 }, true);
    // ceil(99 × 33.5 / 100) = ceil(33.165) = 34.
    expect(rates).to.include({ mci: '90', irancell: '34', rightel: '100', international: '1000' });
    expect(ratesFor(smart, 10, undefined, 1, { mci: 1 })).to.include({ mci: '100', irancell: '99' });
    expect(ratesFor(tariff(), 10, undefined, 1, { mci: 1 }, true)).to.include({ mci: '100', irancell: '110' });
  });
});
