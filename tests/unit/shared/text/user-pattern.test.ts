import { expect } from 'chai';
import { compileUserPattern, matchesUserPattern, userPatternRefusal } from '../../../../server/shared/text/user-pattern.js';

describe('user-typed patterns (aggregator rules, parser conditions)', () => {
  it('accepts ordinary keyword patterns and matches them case-insensitively', () => {
    for (const p of ['^(cafe|coffee)\\b', '^کد\\s*\\d{4,6}$', 'win[0-9]+', '^(yes|no)?$', '(ab)+c']) expect(userPatternRefusal(p), p).to.equal(null);
    const re = compileUserPattern('^(cafe|coffee)\\b');
    expect(re && matchesUserPattern(re, 'COFFEE please')).to.equal(true);
    expect(re && matchesUserPattern(re, 'tea')).to.equal(false);
  });

  it('refuses empty, too long, invalid and slash-wrapped patterns', () => {
    expect(userPatternRefusal('  ')).to.equal('empty');
    expect(userPatternRefusal('a'.repeat(201))).to.equal('tooLong');
    expect(userPatternRefusal('(abc')).to.equal('invalid');
    expect(userPatternRefusal('/abc/i')).to.equal('slashes');
  });

  it('refuses the shapes that backtrack for ever, backreferences and lookbehinds', () => {
    for (const p of ['(a+)+$', '(a*)*b', '(.*)*x', '(a|aa)+$', '((ab)*c)+', '(\\d+\\s?)+$', '(x)\\1', '(?<=a)b', '(?<n>a)\\k<n>']) {
      expect(userPatternRefusal(p), p).to.equal('unsafe');
    }
  });

  it('a refused pattern is never compiled, and long texts are matched on their beginning only', () => {
    expect(compileUserPattern('(a+)+$')).to.equal(null);
    const re = compileUserPattern('z$');
    expect(re && matchesUserPattern(re, `${'a'.repeat(5_000)}z`)).to.equal(false);
  });
});

describe('user-typed patterns: word boundaries', () => {
  it('\\b ends Persian words as it ends Latin ones, and stays a backspace inside a class', () => {
    const re = compileUserPattern('^(cafe|کافه)\\b');
    expect(re && matchesUserPattern(re, 'کافه لاته')).to.equal(true);
    expect(re && matchesUserPattern(re, 'کافه')).to.equal(true);
    expect(re && matchesUserPattern(re, 'کافه‌ها'), 'a zero-width non-joiner is no letter: the word ended').to.equal(true);
    expect(re && matchesUserPattern(re, 'کافهی')).to.equal(false);
    expect(re && matchesUserPattern(re, 'cafes')).to.equal(false);
    expect(re && matchesUserPattern(re, 'Cafe!')).to.equal(true);
    const inClass = compileUserPattern('^a[\\b]c$');
    expect(inClass && matchesUserPattern(inClass, 'a\bc')).to.equal(true);
  });
});
