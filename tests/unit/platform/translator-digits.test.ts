import { expect } from 'chai';
import { Translator } from '../../../server/platform/i18n.js';

describe('Translator: numbers in the message language', () => {
  const translator = new Translator();

  it('writes number parameters in Persian digits in Persian and leaves English alone', () => {
    expect(translator.t('fa', 'validation.maxLength', { field: 'متن', limit: 70 })).to.equal('متن باید حداکثر ۷۰ کاراکتر باشد.');
    expect(translator.t('en-US', 'validation.maxLength', { field: 'text', limit: 70 })).to.equal('Text must be at most 70 characters.');
    expect(translator.t('fa', 'request.tooManyItems', { limit: 100_000n })).to.contain('۱۰۰۰۰۰');
  });

  it('shows string parameters as given: they may be what the user typed', () => {
    expect(translator.t('fa', 'confirmation.required', { number: '12345' })).to.contain('12345');
    expect(translator.t('fa', 'validation.required', { field: 'A1' })).to.equal('وارد کردن A1 الزامی است.');
  });
});
