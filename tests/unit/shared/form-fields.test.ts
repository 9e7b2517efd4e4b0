import { expect } from 'chai';
import { contactFieldFits, judgeFormValue, type FormFieldRules } from '../../../server/shared/engage/form-fields.js';

const rules = (r: Partial<FormFieldRules>): FormFieldRules => ({
  fieldType: 'String', isRequired: false, minValue: null, maxValue: null, minLength: null, maxLength: null, regexValidation: null, ...r,
});

/** The one judge of a form's submitted value (the server's answer and the public page's check). */
describe('form fields: judgeFormValue', () => {
  it('empty is no value, or `required` when the field is', () => {
    expect(judgeFormValue(rules({}), '  ')).to.deep.equal({ value: null });
    expect(judgeFormValue(rules({ isRequired: true }), null)).to.deep.equal({ issue: 'required' });
    // A required yes/no box must be ticked (an "I agree").
    expect(judgeFormValue(rules({ fieldType: 'Boolean', isRequired: true }), false)).to.deep.equal({ issue: 'required' });
    expect(judgeFormValue(rules({ fieldType: 'Boolean' }), false)).to.deep.equal({ value: false });
  });

  it('reads numbers in any digit script and holds them to min and max', () => {
    const age = rules({ fieldType: 'Integer', minValue: 18, maxValue: 99 });
    expect(judgeFormValue(age, '۲۰')).to.deep.equal({ value: 20 });
    expect(judgeFormValue(age, '17')).to.deep.equal({ issue: 'minValue', params: { min: 18 } });
    expect(judgeFormValue(age, 100)).to.deep.equal({ issue: 'maxValue', params: { max: 99 } });
    expect(judgeFormValue(age, '18.5')).to.deep.equal({ issue: 'integer' });
    expect(judgeFormValue(rules({ fieldType: 'Float', maxValue: 2.5 }), '2٫4')).to.deep.equal({ value: 2.4 });
    expect(judgeFormValue(rules({ fieldType: 'Float' }), 'abc')).to.deep.equal({ issue: 'float' });
  });

  it('holds text to its length and its whole-value regex', () => {
    const code = rules({ minLength: 3, maxLength: 5, regexValidation: '[A-Z]+[0-9]' });
    expect(judgeFormValue(code, ' AB1 ')).to.deep.equal({ value: 'AB1' });
    expect(judgeFormValue(code, 'AB')).to.deep.equal({ issue: 'minLength', params: { min: 3 } });
    expect(judgeFormValue(code, 'ABCDE1')).to.deep.equal({ issue: 'maxLength', params: { max: 5 } });
    // Anchored: a match inside the value is not enough.
    expect(judgeFormValue(code, 'xAB1')).to.deep.equal({ issue: 'regex' });
    expect(judgeFormValue(rules({}), 'a\u0000b')).to.deep.equal({ issue: 'control' });
    expect(judgeFormValue(rules({}), 'line one\nline two')).to.deep.equal({ value: 'line one\nline two' });
  });

  it('normalises a mobile, reads a date input as its Tehran day, and takes only upload keys for files', () => {
    expect(judgeFormValue(rules({ fieldType: 'Mobile' }), '۰۹۱۲ ۱۲۳ ۴۵۶۷')).to.deep.equal({ value: '989121234567' });
    expect(judgeFormValue(rules({ fieldType: 'Mobile' }), '12345')).to.deep.equal({ issue: 'mobile' });
    expect(judgeFormValue(rules({ fieldType: 'Datetime' }), '2026-03-21')).to.deep.equal({ value: '2026-03-20T20:30:00.000Z' });
    expect(judgeFormValue(rules({ fieldType: 'Datetime' }), '2026-02-31')).to.deep.equal({ issue: 'datetime' });
    expect(judgeFormValue(rules({ fieldType: 'File' }), '../etc/passwd')).to.deep.equal({ issue: 'file' });
  });

  it('maps a birthdate only from a date and names only from text', () => {
    expect(contactFieldFits('birthdate', 'Datetime')).to.equal(true);
    expect(contactFieldFits('birthdate', 'String')).to.equal(false);
    expect(contactFieldFits('firstName', 'String')).to.equal(true);
    expect(contactFieldFits('firstName', 'Integer')).to.equal(false);
  });
});
