import { expect } from 'chai';
import { digitsOnly, sanitizeNumeric, toLatinDigits, toPersianDigits } from '../../../client/src/shared/ui/form/to-latin-digits';
import { confirmationNumberMatches } from '../../../client/src/shared/ui/dialog/confirmation-number';

describe('to-latin-digits', () => {
  it('converts Persian and Arabic-Indic digits to Latin and keeps the rest', () => {
    expect(toLatinDigits('۰۱۲۳۴۵۶۷۸۹')).to.equal('0123456789');
    expect(toLatinDigits('٠١٢٣٤٥٦٧٨٩')).to.equal('0123456789');
    expect(toLatinDigits('کد ۱۲a٣')).to.equal('کد 12a3');
    expect(toLatinDigits('')).to.equal('');
  });
  it('converts to Persian digits', () => {
    expect(toPersianDigits(1405)).to.equal('۱۴۰۵');
    expect(toPersianDigits('٣ and 4')).to.equal('۳ and ۴');
  });
  it('keeps digits only', () => {
    expect(digitsOnly('۰۹۱۲-۱۲۳ 45x')).to.equal('091212345');
  });
  it('sanitises numeric input (decimal and negative optional)', () => {
    expect(sanitizeNumeric('۱۲a٣')).to.equal('123');
    expect(sanitizeNumeric('-1.5')).to.equal('15');
    expect(sanitizeNumeric('-1.5.2', true, true)).to.equal('-1.52');
    expect(sanitizeNumeric('۳٫۵', true)).to.equal('3.5');
    expect(sanitizeNumeric('1-2', false, true)).to.equal('12');
  });
  it('matches typed confirmation numbers in any digit script', () => {
    expect(confirmationNumberMatches('۴۷۱۱۲', '47112')).to.equal(true);
    expect(confirmationNumberMatches(' 4 7112 ', '۴۷۱۱۲')).to.equal(true);
    expect(confirmationNumberMatches('47113', '47112')).to.equal(false);
    expect(confirmationNumberMatches('', '')).to.equal(false);
  });
});
