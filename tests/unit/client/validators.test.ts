import { expect } from 'chai';
import { uiTextsByLanguage } from '../../../client/src/shared/ui/ui.i18n';
import {
  compose,
  email,
  endAfterStart,
  fileExtension,
  isIranianMobile,
  isStrongPassword,
  matches,
  maxFileCount,
  maxFileSize,
  maxLength,
  maxValue,
  minLength,
  minValue,
  mobile,
  normalizeIranianMobile,
  passwordChecks,
  passwordPolicy,
  required,
  todayOrLater,
  validateAll,
  VALIDATION_KEYS,
} from '../../../client/src/shared/ui/form/validators';

const lookup = (texts: unknown, key: string): unknown =>
  key
    .replace(/^ui:/, '')
    .split('.')
    .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), texts);

describe('validators', () => {
  it('every message key has a Persian and an English text', () => {
    for (const key of Object.values(VALIDATION_KEYS)) {
      expect(lookup(uiTextsByLanguage.fa, key), `fa ${key}`).to.be.a('string').and.not.equal('');
      expect(lookup(uiTextsByLanguage.en, key), `en ${key}`).to.be.a('string').and.not.equal('');
    }
  });

  it('required', () => {
    const v = required();
    for (const empty of [null, undefined, '', '  ', [], false]) expect(v(empty)).to.deep.equal({ key: VALIDATION_KEYS.required });
    for (const ok of ['a', 0, [1], true]) expect(v(ok)).to.equal(null);
  });

  it('min and max length (empty passes)', () => {
    expect(minLength(3)('ab')).to.deep.equal({ key: VALIDATION_KEYS.minLength, values: { min: 3 } });
    expect(minLength(3)('abc')).to.equal(null);
    expect(minLength(3)('')).to.equal(null);
    expect(maxLength(2)('abc')).to.deep.equal({ key: VALIDATION_KEYS.maxLength, values: { max: 2 } });
    expect(maxLength(2)('ab')).to.equal(null);
  });

  it('min and max value, Persian digits accepted', () => {
    expect(minValue(10)('۹')).to.deep.equal({ key: VALIDATION_KEYS.minValue, values: { min: 10 } });
    expect(minValue(10)('۱۰')).to.equal(null);
    expect(maxValue(100)(101)).to.deep.equal({ key: VALIDATION_KEYS.maxValue, values: { max: 100 } });
    expect(maxValue(100)('١٠٠')).to.equal(null);
    expect(minValue(1)('abc')).to.deep.equal({ key: VALIDATION_KEYS.number });
    expect(maxValue(1)('')).to.equal(null);
  });

  it('Iranian mobile numbers in all accepted forms', () => {
    for (const ok of ['09121234567', '9121234567', '+989121234567', '989121234567', '00989121234567', '۰۹۱۲۱۲۳۴۵۶۷', '0912 123 4567', '0912-123-4567']) {
      expect(isIranianMobile(ok), ok).to.equal(true);
      expect(mobile()(ok), ok).to.equal(null);
      expect(normalizeIranianMobile(ok), ok).to.equal('989121234567');
    }
    for (const bad of ['08121234567', '0912123456', '091212345678', '+19121234567', '+98 21 1234 5678', 'abc', '0098912123456']) {
      expect(isIranianMobile(bad), bad).to.equal(false);
      expect(mobile()(bad), bad).to.deep.equal({ key: VALIDATION_KEYS.mobile });
      expect(normalizeIranianMobile(bad), bad).to.equal(null);
    }
    expect(mobile()('')).to.equal(null);
  });

  it('email', () => {
    for (const ok of ['a@b.co', 'first.last+tag@example.ir', ' user@sub.example.com ']) expect(email()(ok), ok).to.equal(null);
    for (const bad of ['a@b', 'a b@c.com', '@c.com', 'a@.com', 'a..b@c.com', 'a@b..com'])
      expect(email()(bad), bad).to.deep.equal({ key: VALIDATION_KEYS.email });
  });

  it('password policy: digits, upper and lower Latin, special, at least 8', () => {
    expect(isStrongPassword('Abcdef1!')).to.equal(true);
    expect(passwordPolicy()('Abcdef1!')).to.equal(null);
    for (const bad of ['Abcde1!', 'abcdef1!', 'ABCDEF1!', 'Abcdefg!', 'Abcdefg1', 'Abcdef1 ']) {
      expect(passwordPolicy()(bad), bad).to.deep.equal({ key: VALIDATION_KEYS.passwordPolicy, values: { min: 8 } });
    }
    expect(passwordChecks('abc')).to.deep.equal({ length: false, digit: false, upper: false, lower: true, special: false });
  });

  it("repeat must match: 'Password and repassword doesnt match!'", () => {
    let password = 'Abcdef1!';
    const v = matches(() => password);
    expect(v('Abcdef1!')).to.equal(null);
    password = 'Other1!x';
    expect(v('Abcdef1!')).to.deep.equal({ key: VALIDATION_KEYS.passwordMismatch });
    expect(lookup(uiTextsByLanguage.en, VALIDATION_KEYS.passwordMismatch)).to.equal('Password and repassword doesnt match!');
  });

  it('end date after start date', () => {
    let start: string | null = '2026-11-22T09:00:00Z';
    const v = endAfterStart(() => start);
    expect(v('2026-11-22T09:00:01Z')).to.equal(null);
    expect(v('2026-11-22T09:00:00Z')).to.deep.equal({ key: VALIDATION_KEYS.endAfterStart });
    expect(v('2026-11-21T09:00:00Z')).to.deep.equal({ key: VALIDATION_KEYS.endAfterStart });
    expect(v('garbage')).to.deep.equal({ key: VALIDATION_KEYS.invalidDate });
    start = null;
    expect(v('2020-01-01T00:00:00Z')).to.equal(null);
    expect(v('')).to.equal(null);
  });

  it('date today or later, days counted in Tehran', () => {
    const v = todayOrLater(() => '2026-11-22T09:00:00Z');
    expect(v('2026-11-22T09:00:00Z')).to.equal(null);
    expect(v('2026-11-21T20:30:00Z')).to.equal(null); // 00:00 of the same Tehran day
    expect(v('2026-11-21T20:29:59Z')).to.deep.equal({ key: VALIDATION_KEYS.todayOrLater });
    expect(v('2027-01-01T00:00:00Z')).to.equal(null);
    expect(v(null)).to.equal(null);
  });

  it('files: extension, size and count', () => {
    const jpg = { name: 'a.JPG', size: 500_000 };
    const gif = { name: 'b.gif', size: 10 };
    const big = { name: 'c.png', size: 2_000_000 };
    expect(fileExtension(['jpg', '.png', 'jpeg'])([jpg, big])).to.equal(null);
    expect(fileExtension(['jpg', 'png'])(gif)).to.deep.equal({ key: VALIDATION_KEYS.fileExtension, values: { extensions: 'jpg, png' } });
    expect(maxFileSize(1_048_576, '1 MB')([jpg])).to.equal(null);
    expect(maxFileSize(1_048_576, '1 MB')(big)).to.deep.equal({ key: VALIDATION_KEYS.fileSize, values: { max: '1 MB' } });
    expect(maxFileCount(1)([jpg, gif])).to.deep.equal({ key: VALIDATION_KEYS.fileCount, values: { max: 1 } });
    expect(maxFileCount(1)(null)).to.equal(null);
  });

  it('compose returns the first failure; validateAll collects per field', () => {
    const v = compose(required(), minLength(3), email());
    expect(v('')).to.deep.equal({ key: VALIDATION_KEYS.required });
    expect(v('ab')).to.deep.equal({ key: VALIDATION_KEYS.minLength, values: { min: 3 } });
    expect(v('abc')).to.deep.equal({ key: VALIDATION_KEYS.email });
    expect(v('a@b.ir')).to.equal(null);
    const errors = validateAll(
      { name: '', mobile: '0912', email: 'a@b.ir' },
      { name: required(), mobile: mobile(), email: email() },
    );
    expect(errors).to.deep.equal({ name: { key: VALIDATION_KEYS.required }, mobile: { key: VALIDATION_KEYS.mobile } });
  });
});
