import { expect } from 'chai';
import { mayRead, type ReadersAudience } from '../../../server/platform/realtime.js';
import type { Principal, Scope } from '../../../server/platform/http/context.js';

function principal(scope: Scope, organizationId: number, organizationPath: string, userId: number, claims: string[], changePasswordRequired = false): Principal {
  return {
    userId, userName: 'u', fullName: 'U', organizationId, organizationPath, organizationName: 'O', scope, isAdmin: scope !== 'user',
    claims: new Set(claims), sessionId: `s${userId}`, impersonatorUserId: null, changePasswordRequired, refreshDue: false, profile: {},
  };
}

/** A row of organization 42 (under reseller 4, under the system organization 1), tied to plain user 7. */
const row: ReadersAudience = { claim: 'SmsReports.Inbox', organizationId: 42, organizationPath: '/1/4/42/', userIds: [7] };
const claim = ['SmsReports.Inbox'];

describe('Realtime: who may read a pushed row (the REST rule of the default tenant)', () => {
  it('administrators of the organization and every one above it, holding the claim', () => {
    expect(mayRead(principal('organization', 42, '/1/4/42/', 1, claim), row)).to.equal(true);
    expect(mayRead(principal('reseller', 4, '/1/4/', 2, claim), row)).to.equal(true);
    expect(mayRead(principal('superAdmin', 1, '/1/', 3, claim), row)).to.equal(true);
    expect(mayRead(principal('reseller', 4, '/1/4/', 2, []), row), 'without the claim').to.equal(false);
  });

  it('no administrator of a sibling or of an organization below, even with a path that starts alike', () => {
    expect(mayRead(principal('organization', 43, '/1/4/43/', 4, claim), row)).to.equal(false);
    expect(mayRead(principal('organization', 420, '/1/4/42/420/', 5, claim), row)).to.equal(false);
    expect(mayRead(principal('organization', 4, '/1/4/', 6, claim), { ...row, organizationPath: '/1/41/42/' })).to.equal(false);
  });

  it('plain users: only a listed user of that very organization, holding the claim', () => {
    expect(mayRead(principal('user', 42, '/1/4/42/', 7, claim), row)).to.equal(true);
    expect(mayRead(principal('user', 42, '/1/4/42/', 8, claim), row), 'not listed').to.equal(false);
    expect(mayRead(principal('user', 42, '/1/4/42/', 7, []), row), 'without the claim').to.equal(false);
    expect(mayRead(principal('user', 4, '/1/4/', 7, claim), row), 'listed id, another organization').to.equal(false);
  });

  it('nobody while their password must still be changed', () => {
    expect(mayRead(principal('superAdmin', 1, '/1/', 3, claim, true), row)).to.equal(false);
    expect(mayRead(principal('user', 42, '/1/4/42/', 7, claim, true), row)).to.equal(false);
  });
});
