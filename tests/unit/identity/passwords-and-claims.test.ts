import { expect } from 'chai';
import { checkPasswordPolicy, generatePassword, hashPassword, unmatchableHash, verifyPassword } from '../../../server/modules/identity/passwords.js';
import { effectiveClaims, scopeOf } from '../../../server/modules/identity/principal.js';
import { ALL_CLAIMS, CLAIM_SECTIONS, defaultCeiling } from '../../../server/modules/identity/claim-catalogue.js';

describe('passwords', () => {
  it('applies the policy', () => {
    expect(checkPasswordPolicy('Aa1!aaaa', 8)).to.equal(null);
    expect(checkPasswordPolicy('Aa1!aaa', 8)?.key).to.equal('password.tooShort');
    expect(checkPasswordPolicy('aa1!aaaa', 8)?.key).to.equal('password.policy');
    expect(checkPasswordPolicy('AA1!AAAA', 8)?.key).to.equal('password.policy');
    expect(checkPasswordPolicy('Aaa!aaaa', 8)?.key).to.equal('password.policy');
    expect(checkPasswordPolicy('Aa1aaaaa', 8)?.key).to.equal('password.policy');
    expect(checkPasswordPolicy(`Aa1!${'a'.repeat(200)}`, 8)?.key).to.equal('password.tooLong');
  });

  it('generates passwords that meet the policy', () => {
    for (let i = 0; i < 20; i++) expect(checkPasswordPolicy(generatePassword(), 8)).to.equal(null);
  });

  it('hashes with a salt and verifies', async () => {
    const a = await hashPassword('Secret#1a');
    const b = await hashPassword('Secret#1a');
    expect(a).to.not.equal(b);
    expect(await verifyPassword('Secret#1a', a)).to.equal(true);
    expect(await verifyPassword('Secret#1b', a)).to.equal(false);
    expect(await verifyPassword('Secret#1a', 'garbage')).to.equal(false);
  });

  it('writes the cost it hashed with into the hash, so a hash of another cost still verifies', async () => {
    const cheap = await hashPassword('Secret#1a', 1024);
    const standard = await hashPassword('Secret#1a');
    expect(cheap.split('$').slice(0, 4)).to.deep.equal(['scrypt', '1024', '8', '1']);
    expect(standard.split('$')[1]).to.equal('16384');
    expect(await verifyPassword('Secret#1a', cheap)).to.equal(true);
    expect(await verifyPassword('Secret#1a', standard)).to.equal(true);
    expect(await verifyPassword('Secret#1b', cheap)).to.equal(false);
  });

  it('has an unknown-user hash of the given cost that no password matches', async () => {
    expect(unmatchableHash(1024).split('$')[1]).to.equal('1024');
    expect(await verifyPassword('', unmatchableHash(1024))).to.equal(false);
    expect(await verifyPassword('Secret#1a', unmatchableHash())).to.equal(false);
  });
});

describe('claims', () => {
  it('covers every menu section of the spec', () => {
    expect(CLAIM_SECTIONS.map((s) => s.en)).to.deep.equal([
      'Dashboard', 'Infrastructure', 'System management', 'Sending', 'Configuration', 'SMS reports', 'Facility', 'Financial',
      'Phonebook', 'Setting', 'Services', "Customers' club",
    ]);
    for (const s of CLAIM_SECTIONS) for (const c of s.claims) expect(c.fa).to.match(/[\u0600-\u06FF]/);
  });

  it('derives scopes from organization kind and admin flag', () => {
    expect(scopeOf('system', true)).to.equal('superAdmin');
    expect(scopeOf('reseller', true)).to.equal('reseller');
    expect(scopeOf('organization', true)).to.equal('organization');
    expect(scopeOf('system', false)).to.equal('user');
  });

  it('gives the super admin everything and keeps system claims out of other organizations', () => {
    expect(effectiveClaims('superAdmin', 'system', null, null).size).to.equal(ALL_CLAIMS.length);
    const orgAdmin = effectiveClaims('organization', 'organization', null, null);
    expect(orgAdmin.has('Infrastructure.SenderAgents')).to.equal(false);
    expect(orgAdmin.has('Financial.Tariffs')).to.equal(false);
    expect(orgAdmin.has('Users.Create')).to.equal(true);
    expect(effectiveClaims('reseller', 'reseller', null, null).has('Financial.Tariffs')).to.equal(true);
    expect(defaultCeiling('reseller')).to.not.include('Infrastructure.MainSettings');
  });

  it('limits a plain user to their role under the ceiling', () => {
    const claims = effectiveClaims('user', 'organization', ['Users.View', 'Dashboard.View'], ['Users.View', 'Users.Create']);
    expect([...claims].sort()).to.deep.equal(['Dashboard.View', 'Users.View']);
    expect([...effectiveClaims('user', 'organization', null, null)]).to.deep.equal(['Dashboard.View']);
  });
});
