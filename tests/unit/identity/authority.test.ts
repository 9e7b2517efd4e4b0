import { expect } from 'chai';
import { isAbove } from '../../../server/modules/identity/authority.js';
import { claimsBeyond } from '../../../server/modules/identity/claim-catalogue.js';
import type { Principal, Scope } from '../../../server/platform/http/context.js';
import type { UserAuthorityRow } from '../../../server/modules/identity/users.repository.js';

// Tree: /1/ system, /1/2/ reseller, /1/2/3/ organization, /1/2/3/4/ sub; /1/5/ another reseller.
function caller(userId: number, organizationId: number, organizationPath: string, scope: Scope): Principal {
  return {
    userId, userName: `u${userId}`, fullName: `u${userId}`, organizationId, organizationPath, organizationName: '', scope, isAdmin: scope !== 'user',
    claims: new Set(), sessionId: 's', impersonatorUserId: null, changePasswordRequired: false, refreshDue: false, profile: {},
  };
}
function user(id: number, organizationId: number, orgPath: string, isAdmin: boolean): UserAuthorityRow {
  return {
    id, organizationId, isAdmin, _orgPath: orgPath, _orgType: 'organization', _roleClaims: null, _templateClaims: null, _ancestorTemplateClaims: [],
    userName: `u${id}`, passwordHash: '', isActive: true, isSuspended: false, changePasswordRequired: false, failedLoginCount: 0, lockedUntil: null,
    expireDate: null, roleTemplateId: null, firstName: null, lastName: null, deletedAt: null,
  };
}

describe('authority: who is strictly above whom', () => {
  const superAdmin = caller(1, 1, '/1/', 'superAdmin');
  const orgAdmin = caller(30, 3, '/1/2/3/', 'organization');
  const orgUser = caller(31, 3, '/1/2/3/', 'user');

  it('nobody is above themselves, the super admin included', () => {
    expect(isAbove(superAdmin, user(1, 1, '/1/', true))).to.equal(false);
    expect(isAbove(orgAdmin, user(30, 3, '/1/2/3/', true))).to.equal(false);
    expect(isAbove(orgUser, user(31, 3, '/1/2/3/', false))).to.equal(false);
  });

  it('an administrator is above plain users of their organization and everyone below, not peers, parents or other trees', () => {
    expect(isAbove(orgAdmin, user(32, 3, '/1/2/3/', false))).to.equal(true);
    expect(isAbove(orgAdmin, user(40, 4, '/1/2/3/4/', true))).to.equal(true);
    expect(isAbove(orgAdmin, user(33, 3, '/1/2/3/', true)), 'a peer administrator').to.equal(false);
    expect(isAbove(orgAdmin, user(20, 2, '/1/2/', true))).to.equal(false);
    expect(isAbove(orgAdmin, user(50, 5, '/1/5/', false))).to.equal(false);
    // A path prefix is not enough by itself: /1/2/3/ is not above /1/2/30/.
    expect(isAbove(orgAdmin, user(60, 30, '/1/2/30/', false))).to.equal(false);
  });

  it('a plain user is above nobody; the super admin is above everyone else', () => {
    expect(isAbove(orgUser, user(32, 3, '/1/2/3/', false))).to.equal(false);
    expect(isAbove(orgUser, user(40, 4, '/1/2/3/4/', false))).to.equal(false);
    expect(isAbove(superAdmin, user(30, 3, '/1/2/3/', true))).to.equal(true);
    expect(isAbove(superAdmin, user(2, 1, '/1/', false))).to.equal(true);
  });

  it('claimsBeyond lists, sorted and once, what the holder lacks', () => {
    expect(claimsBeyond(new Set(['Users.View']), ['Sending.Bulk', 'Users.View', 'Financial.View', 'Sending.Bulk'])).to.deep.equal(['Financial.View', 'Sending.Bulk']);
    expect(claimsBeyond(new Set(['A', 'B']), ['A'])).to.deep.equal([]);
  });
});
