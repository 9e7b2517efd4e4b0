import { expect } from 'chai';
import {
  cosineSimilarity, coverage, keywordScore, normalizeText, prepare, questionScore, sectionScore, tokenize, trigramSimilarity,
} from '../../../../server/shared/engage/assistant-matching.js';

const ZWNJ = '\u200C';

describe('Assistant matching: the normaliser, tokeniser and fuzzy score (server/shared/engage)', () => {
  it('reads Arabic ي/ى/ك/ة and Persian ی/ک/ه as the same letters', () => {
    expect(normalizeText('كيف')).to.equal(normalizeText('کیف'));
    expect(normalizeText('مدرسة')).to.equal('مدرسه');
    expect(normalizeText('خانۀ')).to.equal('خانه');
    expect(normalizeText('مصطفى')).to.equal('مصطفی');
    expect(normalizeText('پيامك')).to.equal('پیامک');
  });

  it('turns Persian and Arabic digits into Latin ones', () => {
    expect(normalizeText('۱۲۳۴۵۶۷۸۹۰')).to.equal('1234567890');
    expect(normalizeText('٠١٢٣٤٥٦٧٨٩')).to.equal('0123456789');
    expect(normalizeText('خط ۳۰۰۰')).to.equal(normalizeText('خط 3000'));
  });

  it('drops diacritics and tatweel, lower-cases Latin, and makes half-spaces and punctuation one space', () => {
    expect(normalizeText('مُحَمَّد')).to.equal('محمد');
    expect(normalizeText('پیـــامک')).to.equal('پیامک');
    expect(normalizeText('SMS  Panel؟')).to.equal('sms panel');
    expect(normalizeText(`می${ZWNJ}خواهم`)).to.equal('می خواهم');
    expect(normalizeText('«سلام»،   دنیا!')).to.equal('سلام دنیا');
  });

  it('tokenises a half-space, a space and no space between a word and its prefix or suffix alike', () => {
    const forms = [`می${ZWNJ}خواهم پیام${ZWNJ}ها را بفرستم`, 'می خواهم پیام ها را بفرستم', 'میخواهم پیامها را بفرستم'];
    const tokens = forms.map(tokenize);
    expect(tokens[0]).to.deep.equal(tokens[1]);
    expect(tokens[1]).to.deep.equal(tokens[2]);
    expect(tokens[0]).to.include('پیام');
    expect(tokens[0]).to.not.include('را');
  });

  it('drops stop words in both languages', () => {
    expect(tokenize('How do I send an SMS?')).to.deep.equal(['send', 'sms']);
    expect(tokenize('چطور یک پیامک ارسال کنم؟')).to.deep.equal(['پیامک', 'ارسال']);
  });

  it('scores one-letter slips high and different words low', () => {
    expect(trigramSimilarity('phonebook', 'phonbook')).to.be.greaterThan(0.6);
    expect(trigramSimilarity('اعتبار', 'اعتبارر')).to.be.greaterThan(0.6);
    expect(trigramSimilarity('credit', 'webhook')).to.be.lessThan(0.2);
    expect(coverage(['credit', 'buy'], ['buy', 'credit', 'online'])).to.equal(1);
  });

  it('the same question in Arabic and Persian keyboards, with and without half-spaces and with Persian digits, scores the same against an FAQ question', () => {
    const faq = prepare('چگونه اعتبار پنل را افزایش دهم؟');
    const spellings = ['چگونه اعتبار پنل را افزایش دهم', 'چگونه اعتبار پنل را افزايش دهم', 'چگونه اعتبار پنل رو افزايش بدم', 'افزایش اعتبار پنل'];
    for (const s of spellings) expect(questionScore(prepare(s), faq), s).to.be.greaterThan(0.6);
    expect(questionScore(prepare('چگونه اعتبار پنل را افزايش دهم'), faq)).to.equal(questionScore(prepare('چگونه اعتبار پنل را افزایش دهم'), faq));
    const withDigits = prepare('ارسال به ۱۰۰۰ شماره');
    expect(questionScore(withDigits, prepare('ارسال به 1000 شماره'))).to.equal(1);
  });

  it('an unrelated question scores low against every kind of candidate', () => {
    const q = prepare('قیمت بیت کوین امروز چند است');
    expect(questionScore(q, prepare('چگونه اعتبار پنل را افزایش دهم'))).to.be.lessThan(0.3);
    expect(keywordScore(q, prepare('خرید اعتبار'))).to.be.lessThan(0.3);
    expect(sectionScore(q, prepare('دفترچه تلفن'), prepare('مخاطبان را در دفترچه تلفن نگه دارید و از فایل اکسل وارد کنید'))).to.be.lessThan(0.3);
  });

  it('keywords match when all their words are in the question, in any spelling', () => {
    expect(keywordScore(prepare('میخواهم كد API بگيرم'), prepare('کد API'))).to.equal(1);
    expect(keywordScore(prepare('token'), prepare('API token'))).to.equal(0.5);
  });

  it('cosine similarity of vectors', () => {
    expect(cosineSimilarity([1, 0], [1, 0])).to.equal(1);
    expect(cosineSimilarity([1, 0], [0, 1])).to.equal(0);
    expect(cosineSimilarity([1, 2], [1])).to.equal(0);
    expect(cosineSimilarity([], [])).to.equal(0);
  });
});
