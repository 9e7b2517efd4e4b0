import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { hashSecret, isWellFormed, newSecret, secretMatches } from '../../../server/modules/developer/token-secret.js';

describe('API token secrets', () => {
  it('are pk_ and 43 base64url characters (32 random bytes), never twice the same', () => {
    const a = newSecret();
    const b = newSecret();
    expect(a.secret).to.match(/^pk_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a.secret.slice(3), 'base64url')).to.have.length(32);
    expect(a.secret).to.not.equal(b.secret);
    expect(a.prefix).to.equal(a.secret.slice(0, 11));
  });

  it('are stored as their SHA-256 in hex, which is not the secret', () => {
    const s = newSecret();
    expect(s.hash).to.equal(createHash('sha256').update(s.secret).digest('hex'));
    expect(s.hash).to.have.length(64);
    expect(s.hash).to.not.contain(s.secret.slice(3));
  });

  it('match only their own hash', () => {
    const s = newSecret();
    expect(secretMatches(s.secret, s.hash)).to.equal(true);
    expect(secretMatches(newSecret().secret, s.hash)).to.equal(false);
    expect(secretMatches(s.secret, 'abcd')).to.equal(false);
    expect(hashSecret(s.secret)).to.equal(s.hash);
  });

  it('refuse malformed headers before any lookup', () => {
    expect(isWellFormed(newSecret().secret)).to.equal(true);
    for (const bad of ['', 'pk_', 'pk_short', `sk_${'a'.repeat(43)}`, `pk_${'a'.repeat(42)}=`, `pk_${'a'.repeat(44)}`, `pk_${'a'.repeat(42)}/`]) expect(isWellFormed(bad), bad).to.equal(false);
  });
});
