import { expect } from 'chai';
import { containsLink, countParts, escapeHtmlTags, findForbiddenCharacters, hasForbiddenCharacters, isOnlyForbidden, smsEncoding, splitParts, withSignature } from '../../../../server/shared/sms/sms-text.js';

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

  it('splits a text into exactly the parts countParts counts, never splitting an escape or surrogate pair', () => {
    const pieces = ['a', 'b ', '€', '{', 'س', 'لام ', '😀', 'x\n', '[]', 'é'];
    let seed = 7;
    const rnd = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    const texts = ['', 'hi', 'a'.repeat(160), 'a'.repeat(161), 'a'.repeat(152) + '€', 'a'.repeat(153) + '€', 'س'.repeat(70), 'س'.repeat(71), 'س'.repeat(66) + '😀', '€'.repeat(200)];
    for (let i = 0; i < 300; i++) {
      let t = '';
      const n = Math.floor(rnd() * 400);
      for (let k = 0; k < n; k++) t += pieces[Math.floor(rnd() * (rnd() < 0.8 ? 4 : pieces.length))];
      texts.push(t);
    }
    for (const text of texts) {
      const parts = splitParts(text);
      const counted = countParts(text);
      expect(parts.length, JSON.stringify(text)).to.equal(counted.parts);
      expect(parts.join('')).to.equal(text);
      if (parts.length > 1) {
        const size = counted.encoding === 'gsm7' ? 153 : 67;
        for (const p of parts) expect(counted.encoding === 'gsm7' ? countParts(p).length : p.length).to.be.at.most(size);
        for (const p of parts) expect(/^[\udc00-\udfff]|[\ud800-\udbff]$/.test(p), 'a surrogate pair split').to.equal(false);
      }
    }
  });

  it('splits by UCS-2 sizes when told to, even for a GSM-7 text', () => {
    const parts = splitParts('a'.repeat(100), 'ucs2');
    expect(parts.map((p) => p.length)).to.deep.equal([67, 33]);
  });
  it('counts parts the same whether or not a text has escape or surrogate pairs (the division shortcut against the unit-by-unit cut)', () => {
    // The cut unit by unit: escape pairs (GSM-7) and surrogate pairs (UCS-2) never split.
    const reference = (text: string) => {
      const encoding = smsEncoding(text);
      const units = [...text].map((ch) => (encoding === 'gsm7' ? ('^{}\\[~]|€\f'.includes(ch) ? 2 : 1) : ch.length));
      const length = units.reduce((a, b) => a + b, 0);
      const single = encoding === 'gsm7' ? 160 : 70;
      const multi = encoding === 'gsm7' ? 153 : 67;
      if (length === 0) return { encoding, length, parts: 0, perPart: single, remaining: single };
      if (length <= single) return { encoding, length, parts: 1, perPart: single, remaining: single - length };
      let parts = 1;
      let used = 0;
      for (const u of units) {
        if (used + u > multi) { parts++; used = 0; }
        used += u;
      }
      return { encoding, length, parts, perPart: multi, remaining: multi - used };
    };
    const alphabets = ['ab c', 'ab{', 'سلام ', 'سلام😀', 'a😀', 'a'];
    let seed = 7;
    const next = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed; };
    for (let i = 0; i < 3000; i++) {
      const chars = [...alphabets[i % alphabets.length]];
      const n = next() % 700;
      let text = '';
      for (let k = 0; k < n; k++) text += chars[next() % chars.length];
      expect(countParts(text), JSON.stringify(text)).to.deep.equal(reference(text));
    }
  });
  it('tells whether a text has forbidden characters exactly when the list of them is not empty', () => {
    const samples = ['', 'سلام', 'abc\u202Edef', 'a\u0000b', 'line\nbreak\r', 'emoji 😀 ok', 'lone \uD83D high', 'lone \uDE00 low', '\uFEFFbom', 'x\u0085y', 'tab\there'];
    for (const text of samples) expect(hasForbiddenCharacters(text), JSON.stringify(text)).to.equal(findForbiddenCharacters(text).length > 0);
  });
});
