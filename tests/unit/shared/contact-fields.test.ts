import { expect } from 'chai';
import { isReservedFieldName, parseContactSearch, parseCustomFieldValue, FIELD_NAME_EN_PATTERN } from '../../../server/shared/contacts/contact-fields.js';
import { maskMobile } from '../../../server/shared/sms/masked-numbers.js';

const value = (type: Parameters<typeof parseCustomFieldValue>[0], raw: unknown) => {
  const p = parseCustomFieldValue(type, raw);
  return p.ok ? p.value : `!${p.issue}`;
};

describe('contact fields: custom values by type', () => {
  it('empty means no value for every type', () => {
    for (const type of ['Boolean', 'Datetime', 'Float', 'Integer', 'String'] as const) {
      expect(value(type, null)).to.equal(null);
      expect(value(type, undefined)).to.equal(null);
      expect(value(type, '  ')).to.equal(null);
    }
  });

  it('Boolean: JSON booleans, 1/0 and the words people type in English and Persian', () => {
    expect(value('Boolean', true)).to.equal(true);
    expect(value('Boolean', 0)).to.equal(false);
    expect(value('Boolean', ' Yes ')).to.equal(true);
    expect(value('Boolean', 'بله')).to.equal(true);
    expect(value('Boolean', 'خیر')).to.equal(false);
    expect(value('Boolean', '۱')).to.equal(true);
    expect(value('Boolean', 'maybe')).to.equal('!boolean');
    expect(value('Boolean', 2)).to.equal('!boolean');
  });

  it('Integer: whole numbers in any digit script with thousands separators, within the safe range', () => {
    expect(value('Integer', 42)).to.equal(42);
    expect(value('Integer', '۱۲٬۳۴۵')).to.equal(12345);
    expect(value('Integer', '-7')).to.equal(-7);
    expect(value('Integer', '1,000,000')).to.equal(1_000_000);
    expect(value('Integer', 1.5)).to.equal('!integer');
    expect(value('Integer', '1.5')).to.equal('!integer');
    expect(value('Integer', '12a')).to.equal('!integer');
    expect(value('Integer', '9007199254740993')).to.equal('!integer');
    expect(value('Integer', true)).to.equal('!integer');
  });

  it('Float: the Persian decimal sign and Latin point, exponents; nothing infinite', () => {
    expect(value('Float', 2.5)).to.equal(2.5);
    expect(value('Float', '۳٫۱۴')).to.equal(3.14);
    expect(value('Float', '.5')).to.equal(0.5);
    expect(value('Float', '1e3')).to.equal(1000);
    expect(value('Float', 'NaN')).to.equal('!float');
    expect(value('Float', Number.POSITIVE_INFINITY)).to.equal('!float');
    expect(value('Float', '1.2.3')).to.equal('!float');
  });

  it('Datetime: instants with a zone, stored as toISOString; a bare date or nonsense is refused', () => {
    expect(value('Datetime', '2024-03-20T20:30:00Z')).to.equal('2024-03-20T20:30:00.000Z');
    expect(value('Datetime', '2024-03-21T00:00:00+03:30')).to.equal('2024-03-20T20:30:00.000Z');
    expect(value('Datetime', new Date(Date.UTC(1990, 0, 1)))).to.equal('1990-01-01T00:00:00.000Z');
    expect(value('Datetime', '2024-03-21')).to.equal('!datetime');
    expect(value('Datetime', '2024-02-31T00:00:00Z')).to.equal('!datetime');
    expect(value('Datetime', 12)).to.equal('!datetime');
  });

  it('String: one trimmed line of at most 500 characters; numbers become text', () => {
    expect(value('String', '  Tehran ')).to.equal('Tehran');
    expect(value('String', 12)).to.equal('12');
    expect(value('String', 'x'.repeat(500))).to.have.length(500);
    expect(value('String', 'x'.repeat(501))).to.equal('!tooLong');
    expect(value('String', 'a\nb')).to.equal('!control');
    expect(value('String', false)).to.equal('!string');
  });

  it('English names are placeholders: a letter first, no spaces, not a contact field of its own', () => {
    const re = new RegExp(FIELD_NAME_EN_PATTERN);
    expect(['city', 'Favourite_Colour2'].every((n) => re.test(n))).to.equal(true);
    expect(['2city', 'my city', 'شهر', '_x'].some((n) => re.test(n))).to.equal(false);
    expect(isReservedFieldName('Cellphone')).to.equal(true);
    expect(isReservedFieldName('birthdate')).to.equal(true);
    expect(isReservedFieldName('city')).to.equal(false);
  });
});

describe('contact fields: masking and search terms', () => {
  // Contacts mask with the house rule (server/shared/sms/masked-numbers.ts), the one regional sends use.
  it('masks the middle of a number, keeping the prefix and the last four digits', () => {
    expect(maskMobile('989121234567')).to.equal('98912***4567');
    expect(maskMobile('02188776655')).to.equal('02188**6655');
    expect(maskMobile('1234567')).to.equal('12***67');
    expect(maskMobile('123')).to.equal('***');
  });

  it('a whole mobile in any form is an exact number; a part of a number is looked for without its leading zero', () => {
    expect(parseContactSearch('۰۹۱۲ ۱۲۳ ۴۵۶۷')).to.deep.equal({ kind: 'number', exact: '989121234567', digits: '9121234567' });
    expect(parseContactSearch('+98 912 123 4567')).to.deep.include({ kind: 'number', exact: '989121234567' });
    expect(parseContactSearch('0912')).to.deep.equal({ kind: 'number', exact: null, digits: '912' });
    expect(parseContactSearch('۴۵۶۷')).to.deep.equal({ kind: 'number', exact: null, digits: '4567' });
    expect(parseContactSearch(' Sara Ahmadi ')).to.deep.equal({ kind: 'name', text: 'Sara Ahmadi' });
    expect(parseContactSearch('علی')).to.deep.equal({ kind: 'name', text: 'علی' });
    expect(parseContactSearch('Room 12')).to.deep.equal({ kind: 'name', text: 'Room 12' });
  });
});
