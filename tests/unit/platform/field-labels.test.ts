import { expect } from 'chai';
import { inDigits, Translator } from '../../../server/platform/i18n.js';
import { compileBody } from '../../../server/platform/http/validation.js';
import { AppError, appErrorBody } from '../../../server/platform/http/errors.js';

/** Issue 23 item 5: a message names a field by its label in the reader's language, never by its key. */
describe('Translator: field labels and product-written parameters', () => {
  const translator = new Translator();

  it('names the field by its label in Persian and English', () => {
    expect(translator.t('fa', 'validation.required', { field: 'title' })).to.equal('وارد کردن عنوان الزامی است.');
    expect(translator.t('en-US', 'validation.required', { field: 'title' })).to.equal('The Title field is required.');
    expect(translator.t('fa', 'validation.maxLength', { field: 'smsText', limit: 70 })).to.equal('متن پیامک باید حداکثر ۷۰ کاراکتر باشد.');
  });

  it('labels a nested path by its last name, with the row of its list index', () => {
    expect(translator.t('fa', 'validation.mobile', { field: 'bulkRecipients[3].mobile' })).to.equal('شماره موبایل نامعتبر است.');
    expect(translator.t('fa', 'validation.pattern', { field: 'bulkRecipients[3].mobile' })).to.equal('قالب شماره موبایل (ردیف ۴) نادرست است.');
    expect(translator.t('en-US', 'validation.minimum', { field: 'ranges[0].prices.mci', limit: 0 })).to.equal('MCI (row 1) must not be below 0.');
  });

  it('leaves a name without a label as it is', () => {
    expect(translator.t('en-US', 'validation.required', { field: 'A1' })).to.equal('The A1 field is required.');
  });

  it('names the expected type in the reader\'s language', () => {
    const validate = compileBody({ type: 'object', properties: { pageSize: { type: 'integer' } } } as const);
    let error: AppError | undefined;
    try { validate({ pageSize: 'many' }); } catch (e) { error = e as AppError; }
    const t = (c: 'fa' | 'en-US', k: string, p?: Record<string, unknown>) => translator.t(c, k, p);
    expect(appErrorBody(t, 'fa', error!).validationErrors).to.deep.equal([{ propertyName: 'pageSize', message: 'نوع تعداد در صفحه نادرست است (باید عدد صحیح باشد).' }]);
    expect(appErrorBody(t, 'en-US', error!).validationErrors).to.deep.equal([{ propertyName: 'pageSize', message: 'Rows per page has the wrong type (expected a whole number).' }]);
  });

  it('writes a product-written string (a send window\'s times) in Persian digits in Persian', () => {
    const other = new Translator();
    other.add({ 'x.window': { fa: 'بازه ارسال {{start}} تا {{end}}', en: 'window {{start}} to {{end}}' } });
    expect(other.t('fa', 'x.window', { start: inDigits('08:00'), end: inDigits('21:30') })).to.equal('بازه ارسال ۰۸:۰۰ تا ۲۱:۳۰');
    expect(other.t('en-US', 'x.window', { start: inDigits('08:00'), end: inDigits('21:30') })).to.equal('window 08:00 to 21:30');
    // a plain string may be what the user typed: shown as given
    expect(other.t('fa', 'x.window', { start: '08:00', end: '1' })).to.equal('بازه ارسال 08:00 تا 1');
  });
});
