import 'reflect-metadata';
import { expect } from 'chai';
import { MODULE_CLAIMS, claimsOfModules, isKnownClaim } from '../../../server/modules/identity/claim-catalogue.js';
import { claimsOf } from '../../../server/modules/identity/principal.js';
import type { UserAuthorityRow } from '../../../server/modules/identity/users.repository.js';
import { MODULES } from '../../../server/modules/billing/plans.service.js';

describe('identity: claims gated by sellable modules', () => {
  it('maps exactly the module catalogue of billing, to known claims', () => {
    expect(Object.keys(MODULE_CLAIMS).sort()).to.deep.equal(MODULES.map((m) => m.id).sort());
    for (const claims of Object.values(MODULE_CLAIMS)) for (const c of claims) expect(isKnownClaim(c), c).to.equal(true);
    expect(claimsOfModules(['PhoneBook', 'Unknown'])).to.deep.equal(['Phonebook.Manage', 'Sending.Phonebook']);
  });

  it('drops the claims of locked modules from the effective claims, and nothing else', () => {
    const row = (lockedModules?: string[]) => ({
      isAdmin: true, _orgType: 'organization', _templateClaims: null, _roleClaims: null, _ancestorTemplateClaims: [], _lockedModules: lockedModules,
    }) as unknown as UserAuthorityRow;
    const open = claimsOf(row());
    expect(open.has('Sending.Bulk')).to.equal(true);
    const locked = claimsOf(row(['BulkSms', 'Receive']));
    expect(locked.has('Sending.Bulk')).to.equal(false);
    expect(locked.has('SmsReports.Inbox')).to.equal(false);
    expect([...open].filter((c) => !locked.has(c)).sort()).to.deep.equal(['Sending.Bulk', 'SmsReports.Inbox']);
  });
});
