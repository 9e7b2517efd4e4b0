import { expect } from 'chai';
import { DispatchStanding } from '../../../server/modules/messaging/dispatch/dispatch-standing.service.js';
import type { OrganizationsService } from '../../../server/modules/organizations/index.js';
import type { LinesService } from '../../../server/modules/numbers/index.js';

/**
 * The dispatcher's re-check when a waiting send's time comes: the hold on an organization that is
 * not authenticated (documents/CONTEXT.md) fails it as the spec's OrganizationIsInactive, since a
 * send's failure code is one of the spec's.
 */
describe('dispatch standing: the hold on an unauthenticated organization at dispatch time', () => {
  const org = (id: number, extra: Record<string, unknown> = {}) => ({
    id, type: id === 1 ? 'system' : 'organization', isActive: true, isArchived: false, isActiveSend: true, isActiveAllTime: true, expireTime: null, deletedAt: null, ...extra,
  });
  const standing = (chain: Record<string, unknown>[]) => new DispatchStanding(
    { chainOf: async () => chain } as unknown as OrganizationsService,
    { senderAgent: async () => ({ isActive: true }) } as unknown as LinesService,
  );
  const send = { organizationId: 3, senderAgentId: 1 };
  const now = new Date('2026-11-28T10:00:00Z');

  it('fails the send of an organization that lost its authentication under a hold, and dispatches it otherwise', async () => {
    const hold = { isRequireSubOrganizationAuthentication: true };
    expect(await standing([org(1), org(2, hold), org(3)]).judge(send, now)).to.equal('OrganizationIsInactive');
    expect(await standing([org(1), org(2, hold), org(3, { isAuthenticated: true })]).judge(send, now)).to.equal(null);
    expect(await standing([org(1), org(2), org(3)]).judge(send, now)).to.equal(null);
  });
});
