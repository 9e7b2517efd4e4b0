import { expect } from 'chai';
import { cleanText, MobileSet, RowReader, tehranInstant } from '../../../server/modules/contacts/contact-import.rows.js';
import { suggestMapping } from '../../../server/modules/contacts/contact-import.service.js';
import type { FieldDefinition } from '../../../server/modules/contacts/contact-input.js';

const defs: FieldDefinition[] = [
  { id: 3, type: 'String', nameEn: 'city', nameFa: 'شهر' },
  { id: 4, type: 'Integer', nameEn: 'points', nameFa: 'امتیاز' },
  { id: 5, type: 'Boolean', nameEn: 'vip', nameFa: 'ویژه' },
  { id: 6, type: 'Datetime', nameEn: 'joined', nameFa: 'عضویت' },
  { id: 7, type: 'Float', nameEn: 'ratio', nameFa: 'نسبت' },
];
const TODAY = '2026-11-26';
const reader = new RowReader({ columns: { cellphone: 0, firstName: 1, email: 2, birthdate: 3, telephone: 4 }, fields: { 3: 5, 4: 6, 5: 7, 6: 8, 7: 9 } }, defs, TODAY);

describe('contact import: rows', () => {
  it('reads every written form of a mobile as the same number', () => {
    const forms = ['09121234567', '+989121234567', '989121234567', 9121234567, 989121234567, '۰۹۱۲۱۲۳۴۵۶۷', '٠٩١٢١٢٣٤٥٦٧', '0098 912-123-4567', '+98 (912) 123 45 67', '9121234567', ' 0912 123 4567 '];
    for (const form of forms) {
      const result = reader.read([form]);
      expect(result.ok, String(form)).to.equal(true);
      if (result.ok) expect(result.contact.cellphone, String(form)).to.equal('989121234567');
    }
  });

  it('types the custom values from text or typed cells, and Tehran days for dates', () => {
    const result = reader.read(['09121234567', 'سارا\u202b  احمدی\n', 'a@b.co', '1990/3/21', '021-8877 6655', '  Tehran ', '۱۲', 'بله', '2024-01-04', '۳٫۵']);
    expect(result).to.deep.equal({
      ok: true,
      contact: {
        cellphone: '989121234567', firstName: 'سارا احمدی', lastName: null, email: 'a@b.co', job: null, birthdate: '1990-03-21', telephone: '02188776655',
        address: null, phonebookGroup: null, fields: { 3: 'Tehran', 4: 12, 5: true, 6: '2024-01-03T20:30:00.000Z', 7: 3.5 },
      },
    });
    // Date cells and Excel serial numbers; a summer day of the years Iran kept daylight saving.
    const typed = reader.read(['09121234567', null, null, new Date(Date.UTC(1985, 6, 1)), null, 12345, 7, 0, new Date(Date.UTC(2010, 6, 1, 8, 0)), 2]);
    expect(typed.ok && typed.contact).to.deep.include({ birthdate: '1985-07-01', fields: { 3: '12345', 4: 7, 5: false, 6: '2010-07-01T03:30:00.000Z', 7: 2 } });
    expect(tehranInstant(2024, 1, 4).toISOString()).to.equal('2024-01-03T20:30:00.000Z');
    expect((reader.read(['09121234567', null, null, 32874]) as { contact: { birthdate: string } }).contact.birthdate).to.equal('1990-01-01');
  });

  it('reads a wall time of the day Tehran switched clocks as its real instant (the switch is at :30 UTC, not on an hour)', () => {
    // 1400/01/02 (2021-03-22): 00:00 became 01:00 (+04:30), so 01:15 is 20:45 UTC, not 21:45 (02:15).
    expect(tehranInstant(2021, 3, 22, 1, 0).toISOString()).to.equal('2021-03-21T20:30:00.000Z');
    expect(tehranInstant(2021, 3, 22, 1, 15).toISOString()).to.equal('2021-03-21T20:45:00.000Z');
    // A skipped time resolves forward, as the pickers and periodic sends resolve it.
    expect(tehranInstant(2021, 3, 22, 0, 30).toISOString()).to.equal('2021-03-21T21:00:00.000Z');
    // 1400/06/30 (2021-09-21): 24:00 became 23:00, so 23:00–23:59 came twice; the later (+03:30) one, for every minute of it.
    expect(tehranInstant(2021, 9, 21, 23, 0).toISOString()).to.equal('2021-09-21T19:30:00.000Z');
    expect(tehranInstant(2021, 9, 21, 23, 15).toISOString()).to.equal('2021-09-21T19:45:00.000Z');
    expect(tehranInstant(2021, 9, 21, 23, 45).toISOString()).to.equal('2021-09-21T20:15:00.000Z');
  });

  it('reads solar (Jalali) dates as Persian users write them, in any digits, for birthdates and Datetime fields', () => {
    const row = reader.read(['09121234567', null, null, '۱۳۶۹/۰۱/۰۱', null, null, null, null, '1402/05/10 14:30']);
    expect(row.ok && row.contact).to.deep.include({ birthdate: '1990-03-21', fields: { 6: '2023-08-01T11:00:00.000Z' } });
    // 1403 was a leap year (30 Esfand exists), 1402 was not.
    expect((reader.read(['09121234567', null, null, '1403/12/30']) as { contact: { birthdate: string } }).contact.birthdate).to.equal('2025-03-20');
    expect((reader.read(['09121234567', null, null, '1402/12/30']) as { issues: unknown[] }).issues).to.deep.equal([{ key: 'contacts.import.reason.birthdateInvalid' }]);
    // Gregorian years stay Gregorian.
    expect((reader.read(['09121234567', null, null, '1990/03/21']) as { contact: { birthdate: string } }).contact.birthdate).to.equal('1990-03-21');
  });

  it('rejects a row with every reason at once', () => {
    expect(reader.read([null])).to.deep.equal({ ok: false, issues: [{ key: 'contacts.import.reason.mobileMissing' }] });
    const bad = reader.read(['0912', 'x'.repeat(101), 'not-mail', '2030-01-01', '12', 'ok', '1.5', 'maybe', 'soon', 'NaN?']);
    expect(bad.ok).to.equal(false);
    expect(!bad.ok && bad.issues.map((i) => i.key)).to.deep.equal([
      'contacts.import.reason.mobileInvalid', 'contacts.import.reason.tooLong', 'contacts.import.reason.emailInvalid', 'contacts.birthdateRange',
      'contacts.telephoneInvalid', 'contacts.fieldValue.integer', 'contacts.fieldValue.boolean', 'contacts.fieldValue.datetime', 'contacts.fieldValue.float',
    ]);
    expect((reader.read(['09121234567', null, null, '1990-02-30']) as { issues: unknown[] }).issues).to.deep.equal([{ key: 'contacts.import.reason.birthdateInvalid' }]);
  });

  it('cleans one line of text without touching clean text', () => {
    expect(cleanText('Sara')).to.equal('Sara');
    expect(cleanText(' a\t b\r\nc ')).to.equal('a b c');
    expect(cleanText('\u202eevil\u202c')).to.equal('evil');
  });

  it('remembers a million numbers exactly', function () {
    // A million chai assertions took most of the 20 s default on a loaded two-core runner; one count checks the same.
    this.timeout(60_000);
    const set = new MobileSet();
    let added = 0;
    for (let i = 0; i < 1_000_000; i++) if (set.add(`98912${String(i).padStart(7, '0')}`)) added += 1;
    expect(added, 'every new number is new').to.equal(1_000_000);
    expect(set.size).to.equal(1_000_000);
    expect(set.add('989120000000')).to.equal(false);
    expect(set.add('989120999999')).to.equal(false);
    expect(set.add('447700900123')).to.equal(true);
    expect(set.add('447700900123')).to.equal(false);
  });

  it('guesses the columns from titles in English or Persian (custom fields by either name), else from the values', () => {
    expect(suggestMapping([['Mobile', 'نام', 'نام خانوادگی', 'شهر', 'Points', 'x'], ['09121234567', 'a', 'b', 'c', '1', '']], defs as never)).to.deep.equal({
      hasHeaderRow: true, mapping: { cellphone: 0, firstName: 1, lastName: 2 }, fields: { 3: 3, 4: 4 },
    });
    expect(suggestMapping([['Ali', '09121234567'], ['Reza', '۰۹۳۵۱۱۱۲۲۳۳']], defs as never)).to.deep.equal({ hasHeaderRow: false, mapping: { cellphone: 1 }, fields: {} });
  });
});
