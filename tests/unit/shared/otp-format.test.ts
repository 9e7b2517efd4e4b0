import { expect } from 'chai';
import { checkOtpParameters, parseOtpFormat, renderOtpFormat, MAX_OTP_PARAMETERS, type ParsedOtpFormat } from '../../../server/shared/text/otp-format.js';

function parsed(text: string): Extract<ParsedOtpFormat, { ok: true }> {
  const p = parseOtpFormat(text);
  if (!p.ok) throw new Error(`${text}: ${JSON.stringify(p.issue)}`);
  return p;
}
const issueOf = (text: string) => {
  const p = parseOtpFormat(text);
  return p.ok ? null : p.issue;
};

describe('OTP format text', () => {
  it('reads placeholders numbered from 0 and renders the parameters in place', () => {
    const p = parsed('Your code is {0}. Valid for {1} minutes.');
    expect(p.count).to.equal(2);
    expect(renderOtpFormat(p.segments, ['4821', '2'])).to.equal('Your code is 4821. Valid for 2 minutes.');
    expect(renderOtpFormat(parsed('کد ورود شما: {0}').segments, ['۱۲۳۴'])).to.equal('کد ورود شما: ۱۲۳۴');
  });

  it('counts a placeholder used twice once, in any order', () => {
    const p = parsed('{1} / {0} / {1}');
    expect(p.count).to.equal(2);
    expect(renderOtpFormat(p.segments, ['a', 'b'])).to.equal('b / a / b');
  });

  it('doubled braces are literal braces, also next to placeholders', () => {
    const p = parsed('{{code}}: {{{0}}} }}{{');
    expect(p.count).to.equal(1);
    expect(renderOtpFormat(p.segments, ['77'])).to.equal('{code}: {77} }{');
  });

  it('puts a parameter in as text: braces inside it are never read as placeholders', () => {
    expect(renderOtpFormat(parsed('[{0}]').segments, ['{1}}{'])).to.equal('[{1}}{]');
  });

  it('refuses gaps: {1} without {0}, {0} and {2} without {1}', () => {
    expect(issueOf('code {1}')).to.deep.equal({ code: 'missingPlaceholder', missing: 0 });
    expect(issueOf('{0} and {2}')).to.deep.equal({ code: 'missingPlaceholder', missing: 1 });
  });

  it('refuses a brace left alone, with its position', () => {
    expect(issueOf('code {0')).to.deep.equal({ code: 'unmatchedOpen', at: 5 });
    expect(issueOf('a { b {0}')).to.deep.equal({ code: 'unmatchedOpen', at: 2 });
    expect(issueOf('code {0} }')).to.deep.equal({ code: 'unmatchedClose', at: 9 });
    expect(issueOf('}{0}')).to.deep.equal({ code: 'unmatchedClose', at: 0 });
    expect(issueOf('{0}}')).to.deep.equal({ code: 'unmatchedClose', at: 3 });
  });

  it('refuses what is not a number between braces, and leading zeros', () => {
    for (const [text, inner] of [['{name}', '{name}'], ['{ 0 }', '{ 0 }'], ['{}', '{}'], ['{01}', '{01}'], ['{-1}', '{-1}'], ['{#}', '{#}'], ['{۰}', '{۰}']]) {
      expect(issueOf(`x ${text}`), text).to.deep.equal({ code: 'badPlaceholder', at: 2, text: inner });
    }
  });

  it('needs at least one placeholder, and at most the limit', () => {
    expect(issueOf('a fixed text')).to.deep.equal({ code: 'noPlaceholder' });
    expect(issueOf('{{0}}')).to.deep.equal({ code: 'noPlaceholder' });
    expect(issueOf('')).to.deep.equal({ code: 'noPlaceholder' });
    const all = Array.from({ length: MAX_OTP_PARAMETERS }, (_, i) => `{${i}}`).join(' ');
    expect(parsed(all).count).to.equal(MAX_OTP_PARAMETERS);
    expect(issueOf(`${all} {${MAX_OTP_PARAMETERS}}`)).to.deep.equal({ code: 'tooManyPlaceholders', limit: MAX_OTP_PARAMETERS });
  });

  it('checks a send: the count must match, each value plain text of at most 100 characters', () => {
    expect(checkOtpParameters(2, ['1', '2'])).to.equal(null);
    expect(checkOtpParameters(2, ['1'])).to.deep.equal({ code: 'countMismatch', expected: 2, actual: 1 });
    expect(checkOtpParameters(1, ['1', '2'])).to.deep.equal({ code: 'countMismatch', expected: 1, actual: 2 });
    expect(checkOtpParameters(1, [' '])).to.deep.equal({ code: 'empty', index: 0 });
    expect(checkOtpParameters(2, ['ok', 'x'.repeat(101)])).to.deep.equal({ code: 'tooLong', index: 1, limit: 100 });
    expect(checkOtpParameters(1, ['ک'.repeat(100)])).to.equal(null);
    expect(checkOtpParameters(1, ['12\n34'])).to.deep.equal({ code: 'controlCharacter', index: 0 });
    expect(checkOtpParameters(1, ['12\u0007'])).to.deep.equal({ code: 'controlCharacter', index: 0 });
    expect(checkOtpParameters(1, ['abc\u202Efdp'])).to.deep.equal({ code: 'controlCharacter', index: 0 });
  });
});
