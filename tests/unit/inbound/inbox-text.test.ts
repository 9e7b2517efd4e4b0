import { expect } from 'chai';
import { isOptOutText, normalizeSender, receiverCandidates } from '../../../server/modules/inbound/inbox-text.js';

describe('inbox: reading an inbound sender and line number', () => {
  it('writes an Iranian sender in any usual form and digit script as 989XXXXXXXXX', () => {
    for (const form of ['09121234567', '+989121234567', '00989121234567', '9121234567', '۰۹۱۲۱۲۳۴۵۶۷', '٠٩١٢١٢٣٤٥٦٧', ' 0912-123 4567 ']) {
      expect(normalizeSender(form), form).to.equal('989121234567');
    }
  });

  it('keeps international and alphanumeric senders as the gateway gave them', () => {
    expect(normalizeSender('+447700900123')).to.equal('+447700900123');
    expect(normalizeSender(' MyBank ')).to.equal('MyBank');
    expect(normalizeSender('0912')).to.equal('0912');
  });

  it('tries a line number as given, as digits, and without its country prefix', () => {
    expect(receiverCandidates('10001000')).to.deep.equal(['10001000']);
    expect(receiverCandidates('+9810001000')).to.deep.equal(['+9810001000', '9810001000', '10001000']);
    expect(receiverCandidates('009830001234')).to.deep.equal(['009830001234', '30001234']);
    expect(receiverCandidates('۱۰۰۰۱۰۰۰')).to.deep.equal(['۱۰۰۰۱۰۰۰', '10001000']);
    expect(receiverCandidates('  ')).to.deep.equal([]);
  });
});

describe('isOptOutText: which whole inbound texts opt the sender out', () => {
  it('the Persian word, 11 in any digit script and STOP in any case, trimmed, with punctuation around and letter variants folded', () => {
    for (const t of ['لغو', ' لغو ', '«لغو»', 'لغو!', 'لــغو', 'ﻟﻐﻮ', '11', '۱۱', '١١', ' 11. ', 'STOP', 'stop', 'Stop', '"Stop!"', '\u200fلغو\u200f']) {
      expect(isOptOutText(t), JSON.stringify(t)).to.equal(true);
    }
  });

  it('a text that merely contains the word, or another word, is none', () => {
    for (const t of ['لغو جلسه', 'please stop', 'stop it', '111', '1 1', '011', 'stopp', 'لغوی', '', '   ', 'لغو'.repeat(40)]) {
      expect(isOptOutText(t), JSON.stringify(t)).to.equal(false);
    }
  });
});
