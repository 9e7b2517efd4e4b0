import { expect } from 'chai';
import { containsLink, countParts, escapeHtmlTags, findForbiddenCharacters, isOnlyForbidden, smsEncoding, withSignature } from '../../../../server/shared/sms/sms-text.js';

describe('SMS text: encoding, parts, forbidden characters, links', () => {
  it('tells GSM-7 from UCS-2', () => {
    expect(smsEncoding('Hello @ £ {x}')).to.equal('gsm7');
    expect(smsEncoding('سلام')).to.equal('ucs2');
    expect(smsEncoding('Hi 😀')).to.equal('ucs2');
    expect(smsEncoding('Hello سلام')).to.equal('ucs2');
  });

  it('counts parts exactly at the boundaries', () => {
    expect(countParts('').parts).to.equal(0);
    expect(countParts('a'.repeat(160)).parts).to.equal(1);
    expect(countParts('a'.repeat(161)).parts).to.equal(2);
    expect(countParts('a'.repeat(306)).parts).to.equal(2);
    expect(countParts('a'.repeat(307)).parts).to.equal(3);
    expect(countParts('س'.repeat(70)).parts).to.equal(1);
    expect(countParts('س'.repeat(71)).parts).to.equal(2);
    expect(countParts('س'.repeat(134)).parts).to.equal(2);
    expect(countParts('س'.repeat(135)).parts).to.equal(3);
    expect(countParts('a'.repeat(100) + 'س').encoding).to.equal('ucs2');
    expect(countParts('a'.repeat(100) + 'س').parts).to.equal(2);
  });

  it('counts the extension table as two septets and never splits an escape pair or an emoji', () => {
    expect(countParts('€'.repeat(80)).length).to.equal(160);
    expect(countParts('€'.repeat(80)).parts).to.equal(1);
    expect(countParts('€'.repeat(81)).parts).to.equal(2);
    // 152 septets + '€' (2) does not fit in 153: the pair moves to the next part.
    const c = countParts('a'.repeat(152) + '€' + 'a'.repeat(10));
    expect(c.parts).to.equal(2);
    expect(countParts('😀'.repeat(35)).parts).to.equal(1);
    expect(countParts('😀'.repeat(36)).parts).to.equal(2);
    expect(countParts('س'.repeat(69) + '😀').parts).to.equal(2);
    expect(countParts('س'.repeat(66) + '😀' + 'س'.repeat(3)).remaining).to.equal(67 - 5);
  });

  it('finds forbidden characters and text made only of them', () => {
    expect(findForbiddenCharacters('ok\nline\r')).to.deep.equal([]);
    expect(findForbiddenCharacters('a\u202Eb\u0000c\u202E')).to.deep.equal(['\u202E', '\u0000']);
    expect(findForbiddenCharacters('x\uD800y')).to.deep.equal(['\uD800']);
    expect(isOnlyForbidden('\u202E \u0007')).to.equal(true);
    expect(isOnlyForbidden('a\u202E')).to.equal(false);
  });

  it('recognises links but not decimals or sentences', () => {
    for (const t of ['see https://x.y/z', 'go to www.example', 'bit.ly/abc', 'visit example.com', 'peyk.ir/offer']) expect(containsLink(t), t).to.equal(true);
    for (const t of ['price 3.5 toman', 'Hi.How are you', 'سلام دنیا', 'e.g. this']) expect(containsLink(t), t).to.equal(false);
  });

  it('adds a signature and writes HTML tags in parentheses', () => {
    expect(withSignature('Hi', 'Peyk')).to.equal('Hi\nPeyk');
    expect(withSignature('Hi', '  ')).to.equal('Hi');
    expect(escapeHtmlTags('<b>bold</b> 3 < 4')).to.equal('(b)bold(/b) 3 < 4');
  });
});
