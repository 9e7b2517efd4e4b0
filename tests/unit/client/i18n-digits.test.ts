import { expect } from 'chai';
import { createI18n } from '../../../client/src/shared/i18n/i18n';
import { localizeNumber } from '../../../client/src/shared/i18n/number-formatter';

const texts = {
  ns: 'common',
  fa: { page: 'صفحه {{page}} از {{pages}}', hello: 'سلام {{name}}', items_one: '{{count}} مورد', items_other: '{{count}} مورد', grouped: '{{n, number}} ریال' },
  en: { page: 'Page {{page}} of {{pages}}', hello: 'Hello {{name}}', items_one: '{{count}} item', items_other: '{{count}} items', grouped: '{{n, number}} rials' },
};

describe('client: numbers interpolated by i18next follow the language', () => {
  it('writes every number in Persian digits in Persian, and leaves English alone', () => {
    const fa = createI18n([texts], 'fa');
    expect(fa.t('page', { page: 1, pages: 12 })).to.equal('صفحه ۱ از ۱۲');
    expect(fa.t('items', { count: 3 })).to.equal('۳ مورد');
    const en = createI18n([texts], 'en-US');
    expect(en.t('page', { page: 1, pages: 12 })).to.equal('Page 1 of 12');
    expect(en.t('items', { count: 1 })).to.equal('1 item');
  });

  it('leaves strings as given: user text and numbers the caller already wrote', () => {
    const fa = createI18n([texts], 'fa');
    expect(fa.t('hello', { name: 'Sara 2' })).to.equal('سلام Sara 2');
    expect(fa.t('page', { page: '۱', pages: '۲' })).to.equal('صفحه ۱ از ۲');
  });

  it('groups thousands when asked ({{n, number}}), bigints too', () => {
    expect(createI18n([texts], 'fa').t('grouped', { n: 1250000 })).to.equal('۱,۲۵۰,۰۰۰ ریال');
    expect(createI18n([texts], 'en-US').t('grouped', { n: 1250000n })).to.equal('1,250,000 rials');
    expect(localizeNumber(12n, 'fa')).to.equal('۱۲');
  });
});
