import { expect } from 'chai';
import { extractNumbers, normalizeIranMobile, normalizeMobile, operatorOf, parseRecipient, splitRecipients, toLatinDigits } from '../../../../server/shared/sms/phone-numbers.js';

describe('phone numbers: normalization, operators, extraction, splitting', () => {
  it('normalizes every Iranian form and digit script to 98…', () => {
    const forms = ['09121234567', '9121234567', '+989121234567', '989121234567', '00989121234567', '0912 123 4567', '0912-123-4567', '(0912) 123.4567',
      '۰۹۱۲۱۲۳۴۵۶۷', '٠٩١٢١٢٣٤٥٦٧', '+۹۸ ۹۱۲ ۱۲۳ ۴۵۶۷', '\u200f09121234567\u200e', ' 0912\u200c1234567 '];
    for (const f of forms) expect(normalizeIranMobile(f), f).to.equal('989121234567');
  });

  it('refuses what is not an Iranian mobile', () => {
    for (const f of ['', '0912123456', '091212345678', '02112345678', '0912abc4567', '+449121234567', '98912123456', '9812', 'abc', '++989121234567']) {
      expect(normalizeIranMobile(f), f).to.equal(null);
    }
  });

  it('takes international numbers only with + or 00 and a country code', () => {
    expect(normalizeMobile('+44 7700 900123')).to.deep.equal({ number: '447700900123', international: true });
    expect(normalizeMobile('0044 7700 900123')).to.deep.equal({ number: '447700900123', international: true });
    expect(normalizeMobile('447700900123')).to.equal(null);
    expect(normalizeMobile('+1234567')).to.equal(null);
    expect(normalizeMobile('+9821123456')).to.equal(null);
  });

  it('detects the operator from the prefix table', () => {
    expect(operatorOf('989121234567')).to.equal('mci');
    expect(operatorOf('989901234567')).to.equal('mci');
    expect(operatorOf('989351234567')).to.equal('irancell');
    expect(operatorOf('989011234567')).to.equal('irancell');
    expect(operatorOf('989211234567')).to.equal('rightel');
    expect(operatorOf('989321234567')).to.equal('mci');
    expect(operatorOf('989341234567')).to.equal('other');
    expect(operatorOf('989999123456')).to.equal('other');
    expect(operatorOf('447700900123')).to.equal('international');
    expect(parseRecipient('۰۹۳۵۱۲۳۴۵۶۷')).to.deep.equal({ number: '989351234567', operator: 'irancell' });
  });

  it('converts digits and splits lists by newline, semicolon and commas', () => {
    expect(toLatinDigits('۱۲۳٤٥٦')).to.equal('123456');
    expect(splitRecipients('0912\n0935;0921,0901،0990\r\n\t 0919 ')).to.deep.equal(['0912', '0935', '0921', '0901', '0990', '0919']);
  });

  it('extracts Iranian and global numbers from free text and returns the invalid remainder', () => {
    const r = extractNumbers('call ۰۹۱۲ ۳۴۵ ۶۷۸۹ or +44 7700 900123, not 0212345678; year 1403');
    expect(r.iranian).to.deep.equal(['989123456789']);
    expect(r.global).to.deep.equal(['447700900123']);
    expect(r.invalid).to.deep.equal(['0212345678']);
  });
});
