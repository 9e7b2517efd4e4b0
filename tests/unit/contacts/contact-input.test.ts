import { expect } from 'chai';
import { normalizeTelephone, readContactInput, tehranToday, type FieldDefinition } from '../../../server/modules/contacts/contact-input.js';

const defs: FieldDefinition[] = [
  { id: 3, type: 'String', nameEn: 'city', nameFa: 'شهر' },
  { id: 4, type: 'Integer', nameEn: 'points', nameFa: 'امتیاز' },
  { id: 5, type: 'Boolean', nameEn: 'vip', nameFa: 'ویژه' },
];
const TODAY = '2026-11-26';

describe('contact input', () => {
  it('normalises the cellphone like every Peyk number, and the telephone to digits', () => {
    const { values, issues } = readContactInput({ cellphone: '۰۹۱۲-۱۲۳-۴۵۶۷', telephone: '(021) ۸۸ ۷۷ ۶۶ ۵۵' }, defs, TODAY);
    expect(issues).to.deep.equal([]);
    expect(values).to.include({ cellphone: '989121234567', telephone: '02188776655' });
    expect(normalizeTelephone('+44 20 7946 0958')).to.equal('+442079460958');
    expect(normalizeTelephone('12')).to.equal(null);
    expect(normalizeTelephone('call me')).to.equal(null);
  });

  it('collects every problem at once, each on its own field', () => {
    const { issues } = readContactInput({ cellphone: '12345', telephone: 'abc', birthdate: '2027-01-01', fields: { 4: 'many', 99: 'x', 5: 'perhaps' } }, defs, TODAY);
    expect(issues.map((i) => [i.propertyName, i.key])).to.have.deep.members([
      ['cellphone', 'validation.mobile'], ['telephone', 'contacts.telephoneInvalid'], ['birthdate', 'contacts.birthdateRange'],
      ['fields.4', 'contacts.fieldValue.integer'], ['fields.5', 'contacts.fieldValue.boolean'], ['fields.99', 'contacts.fieldUnknown'],
    ]);
    expect(issues.find((i) => i.propertyName === 'fields.4')!.params).to.include({ nameEn: 'points', nameFa: 'امتیاز' });
  });

  it('birthdates from 1900 to today (Tehran) pass; blank text clears a field', () => {
    expect(readContactInput({ birthdate: '1900-01-01' }, defs, TODAY).issues).to.deep.equal([]);
    expect(readContactInput({ birthdate: TODAY }, defs, TODAY).issues).to.deep.equal([]);
    expect(readContactInput({ birthdate: '1899-12-31' }, defs, TODAY).issues).to.have.length(1);
    expect(readContactInput({ firstName: '  ', job: null, birthdate: '' }, defs, TODAY).values).to.deep.equal({ firstName: null, job: null, birthdate: null });
  });

  it('custom values merge into the stored ones: null removes one, values of deleted fields are dropped', () => {
    const { values } = readContactInput({ fields: { 3: ' Shiraz ', 5: null, 4: '۱۲' } }, defs, TODAY, { 3: 'Tehran', 5: true, 77: 'stale' });
    expect(values.fields).to.deep.equal({ 3: 'Shiraz', 4: 12 });
  });

  it("today is Tehran's date, which turns at 20:30 UTC", () => {
    expect(tehranToday(new Date('2026-11-26T20:29:00Z'))).to.equal('2026-11-26');
    expect(tehranToday(new Date('2026-11-26T20:31:00Z'))).to.equal('2026-11-27');
  });
});
