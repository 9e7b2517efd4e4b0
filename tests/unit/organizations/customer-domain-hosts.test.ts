import { expect } from 'chai';
import { AppError } from '../../../server/platform/http/errors.js';
import { normalizeHost } from '../../../server/modules/organizations/customer-domains.service.js';

const refusal = (value: string): string => {
  try {
    normalizeHost('resellerDomain', value);
  } catch (err) {
    expect(err).to.be.instanceOf(AppError);
    expect((err as AppError).validationErrors[0].propertyName).to.equal('resellerDomain');
    return (err as AppError).key;
  }
  throw new Error(`${value} was taken`);
};

describe('white-label domain host names', () => {
  it('stores a host lower-case, trimmed, without a trailing dot', () => {
    expect(normalizeHost('resellerDomain', '  SMS.Example.COM. ')).to.equal('sms.example.com');
    expect(normalizeHost('resellerDomain', 'a-brand.test')).to.equal('a-brand.test');
    expect(normalizeHost('resellerDomain', 'xn--mgbh0fb.xn--mgba3a4f16a')).to.equal('xn--mgbh0fb.xn--mgba3a4f16a');
  });

  it('refuses a scheme, port or path with its own message, and anything not a host name', () => {
    for (const v of ['https://sms.example.com', 'sms.example.com:8080', 'sms.example.com/login', 'user@sms.example.com']) expect(refusal(v), v).to.equal('customerDomain.hostOnly');
    for (const v of ['localhost', '10.0.0.1', 'bad_host.example.com', '-a.example.com', 'a..example.com', 'پیامک.ایران', `${'a'.repeat(64)}.com`, '']) {
      expect(refusal(v), v).to.equal('customerDomain.invalidHost');
    }
  });
});
