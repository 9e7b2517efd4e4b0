import { expect } from 'chai';
import { insideWindow, standingFailure } from '../../../server/modules/messaging/send-rules.js';
import { REFUSED_DELIVERY_STATUSES, refundableStatuses } from '../../../server/modules/messaging/statuses.js';

type Org = Parameters<typeof standingFailure>[0][number];
const org = (id: number, extra: Record<string, unknown> = {}) => ({
  id, type: id === 1 ? 'system' : 'organization', isActive: true, isArchived: false, isActiveSend: true, expireTime: null, deletedAt: null, ...extra,
}) as unknown as Org;
const now = new Date('2026-11-22T10:00:00Z');
const past = new Date('2026-11-01T00:00:00Z');

describe('send rules: standing failure codes, windows, refund policy', () => {
  it('answers each standing code from its cause', () => {
    expect(standingFailure([org(1), org(2), org(3)], { isActive: true }, now)).to.equal(null);
    expect(standingFailure([], null, now)).to.equal('OrganizationNotFound');
    expect(standingFailure([org(1), org(2), org(3, { isActive: false })], null, now)).to.equal('OrganizationIsInactive');
    expect(standingFailure([org(1), org(2), org(3, { isActiveSend: false })], null, now)).to.equal('OrganizationIsInactive');
    expect(standingFailure([org(1), org(2), org(3, { isArchived: true })], null, now)).to.equal('OrganizationIsInactive');
    expect(standingFailure([org(1), org(2), org(3, { expireTime: past })], null, now)).to.equal('OrganizationIsExpired');
    expect(standingFailure([org(1), org(2, { isActive: false }), org(3)], null, now)).to.equal('AdminIsInactive');
    expect(standingFailure([org(1), org(2, { expireTime: past }), org(3)], null, now)).to.equal('AdminIsExpired');
    expect(standingFailure([org(1), org(2, { isActive: false }), org(3), org(4)], null, now)).to.equal('OrganizationOrHierarchyIsInactive');
    expect(standingFailure([org(1), org(2), org(3)], { isActive: false }, now)).to.equal('UserIsInactive');
    expect(standingFailure([org(1), org(2), org(3)], { isActiveSend: false }, now)).to.equal('UserIsInactive');
    expect(standingFailure([org(1), org(2), org(3)], { expireDate: past.toISOString() }, now)).to.equal('UserIsExpired');
    // Directly under the system organization there is no "admin" above to be inactive.
    expect(standingFailure([org(1), org(2)], null, now)).to.equal(null);
  });

  it('holds back an organization that is not authenticated only when an organization above asks for it', async () => {
    const { failureCodeOf, sendFailure } = await import('../../../server/modules/messaging/send-rules.js');
    const require = { isRequireSubOrganizationAuthentication: true };
    // Off by default: nobody asks, nothing changes.
    expect(standingFailure([org(1), org(2), org(3)], { isActive: true }, now)).to.equal(null);
    // Asked by the parent (the reseller) or by any organization further up.
    expect(standingFailure([org(1), org(2, require), org(3)], { isActive: true }, now)).to.equal('OrganizationNotAuthenticated');
    expect(standingFailure([org(1, require), org(2), org(3, { isAuthenticated: false })], null, now)).to.equal('OrganizationNotAuthenticated');
    expect(standingFailure([org(1), org(2, require), org(3, { isAuthenticated: true })], { isActive: true }, now)).to.equal(null);
    // An organization's own flag holds only those below it.
    expect(standingFailure([org(1), org(2), org(3, require)], { isActive: true }, now)).to.equal(null);
    // An inactive organization is refused as inactive first.
    expect(standingFailure([org(1), org(2, require), org(3, { isActive: false })], null, now)).to.equal('OrganizationIsInactive');
    // The spec's codes have none of its own: recorded as OrganizationIsInactive, told apart by its message.
    expect(failureCodeOf('OrganizationNotAuthenticated')).to.equal('OrganizationIsInactive');
    const err = sendFailure('OrganizationNotAuthenticated');
    expect(err.key).to.equal('messaging.OrganizationNotAuthenticated');
    expect(err.data).to.deep.equal({ failureCode: 'OrganizationIsInactive' });
  });

  it('judges send windows in Tehran time, including windows past midnight', () => {
    // 10:00 UTC = 13:30 in Tehran.
    expect(insideWindow(now, '08:00', '20:00')).to.equal(true);
    expect(insideWindow(now, '14:00', '20:00')).to.equal(false);
    expect(insideWindow(now, '22:00', '14:00')).to.equal(true);
    expect(insideWindow(now, '22:00', '06:00')).to.equal(false);
    expect(insideWindow(now, null, null)).to.equal(true);
  });

  it('gives back what never left always, and the rest by the line policy', () => {
    const none = { deliveryBase: false, deliveryLevel1: false, deliveryLevel2: false, refundDeliveryStatusId: null };
    expect(refundableStatuses(none).sort()).to.deep.equal(['ErrorInSending', 'IsCanceled', ...REFUSED_DELIVERY_STATUSES].sort());
    expect(refundableStatuses({ ...none, deliveryLevel1: true })).to.include('DidNotReceiveToItc').and.not.include('Expired');
    expect(refundableStatuses({ ...none, deliveryLevel2: true })).to.include.members(['HaveNotReceivedToPhone', 'Expired']).and.not.include('DidNotReceiveToItc');
    expect(refundableStatuses({ ...none, deliveryBase: true })).to.include.members(['HaveNotReceivedToPhone', 'Expired', 'DidNotReceiveToItc']);
    expect(refundableStatuses({ ...none, refundDeliveryStatusId: 'Unknown' })).to.include('Unknown');
    expect(refundableStatuses({ ...none, refundDeliveryStatusId: 'NoSuchStatus' })).to.not.include('NoSuchStatus');
    expect(refundableStatuses({ ...none, deliveryBase: true })).to.not.include('SentAndReceivedbyPhone');
  });
});

describe('send rules: a provider refusal as a delivery status', () => {
  it('maps every refusal code the SDK names, and anything else to NotSent; all of them are final and given back', async () => {
    const { REFUSAL_CODES } = await import('../../../server/gateways/gateway-sdk.js');
    const { refusalStatus, FINAL_DELIVERY_STATUSES, refundableStatuses } = await import('../../../server/modules/messaging/statuses.js');
    const none = refundableStatuses({ deliveryBase: false, deliveryLevel1: false, deliveryLevel2: false, refundDeliveryStatusId: null });
    for (const code of REFUSAL_CODES) {
      const status = refusalStatus(code);
      expect(status, code).to.not.equal('NotSent');
      expect(FINAL_DELIVERY_STATUSES, code).to.include(status);
      expect(none, code).to.include(status);
    }
    expect(refusalStatus('InvalidDestination')).to.equal('InvalidMobile');
    expect(refusalStatus('SomethingElse')).to.equal('NotSent');
    expect(refusalStatus(undefined)).to.equal('NotSent');
  });
});
