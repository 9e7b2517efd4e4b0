import { expect } from 'chai';
import type { ApiClient } from '../support/api-client.js';
import { unique, type Tree } from '../support/fixtures.js';
import { bad, ok, expectLedgerClean, sendingTree } from '../support/sending.js';
import { pngImage, uploadDocument } from '../support/document-images.js';

/**
 * The send hold for an organization that is not authenticated (server/modules/documents/CONTEXT.md):
 * off by default; an organization above turning `isRequireSubOrganizationAuthentication` on holds
 * back every not-authenticated organization below it on every path through compose, with the
 * spec's message and failure code; authentication from above lifts it, a changed document or a
 * changed identity field brings it back.
 */
describe('Identity documents: the send hold for an unauthenticated organization', function () {
  this.timeout(120_000);
  let api: ApiClient;
  let tree: Tree;
  let line: { lineId: number; number: string };
  let apiKey: string;

  const bulk = (token: string, extra: Record<string, unknown> = {}, culture = 'en-US') =>
    api.post('ScheduledMessages/Create', { senderNumberId: line.lineId, smsBody: 'KYC hold', sendType: 'Bulk', receivers: ['09121230101'], ...extra }, { token, culture });
  const fast = (token: string) =>
    api.post('ScheduledMessages/CreateFastScheduledMessage', { senderNumberId: line.lineId, smsBody: 'KYC fast', mobile: '09121230102' }, { token, culture: 'en-US' });
  const v1 = () => api.call('POST', 'v1/messages/send', { body: { to: '09121230103', text: 'KYC api', line: line.lineId }, culture: 'en-US', headers: { 'x-api-key': apiKey } });
  const later = () => new Date(Date.now() + 3 * 86_400_000).toISOString();
  const setHold = async (on: boolean) => ok(await api.post('Organizations/Update', { id: tree.reseller.id, isRequireSubOrganizationAuthentication: on }, { token: tree.resellerAdmin.token }));
  const authenticate = async (organizationId: number, isAuthenticated: boolean) =>
    ok(await api.post('Organizations/Update', { id: organizationId, isAuthenticated }, { token: tree.resellerAdmin.token }));

  const expectHeld = (res: Awaited<ReturnType<typeof bulk>>) => {
    const body = bad(res, 400);
    expect(body.message).to.equal('Not authenticated organization');
    expect(body.data).to.deep.include({ failureCode: 'OrganizationIsInactive' });
  };

  before(async () => {
    ({ api, tree, line } = await sendingTree());
    apiKey = ok(await api.post('ApiTokens/Create', { title: unique('KYC ') }, { token: tree.subAdmin.token })).token;
  });

  after(async () => {
    await setHold(false);
    await expectLedgerClean(api);
  });

  it('is off by default: an organization that is not authenticated sends as before', async () => {
    const sub = ok(await api.get(`Organizations/Get/${tree.sub.id}`, { token: tree.orgAdmin.token }));
    expect(sub).to.include({ isAuthenticated: false, isRequireSubOrganizationAuthentication: false });
    ok(await bulk(tree.subAdmin.token));
    ok(await fast(tree.subAdmin.token));
  });

  it('on at the reseller: holds back every unauthenticated organization below on each path, with the spec\'s message (fa and en)', async () => {
    // The reseller's own setting: it verifies its own customers (its own sending is not held).
    await setHold(true);
    expectHeld(await bulk(tree.subAdmin.token));
    expectHeld(await bulk(tree.subAdmin.token, { sendDateTime: later() }));
    // A single send reuses its chain read for up to 2 s (compose's READS_TTL_MS): the hold applies after it.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expectHeld(await fast(tree.subAdmin.token));
    expectHeld(await bulk(tree.orgAdmin.token));
    const viaApi = bad(await v1(), 400);
    expect(viaApi.message).to.equal('Not authenticated organization');
    expect(viaApi.data.failureCode).to.equal('OrganizationIsInactive');
    expect(bad(await bulk(tree.subAdmin.token, {}, 'fa-IR'), 400).message).to.equal('سازمان احراز هویت نشده است.');
    // A preview tells the same before anything is held.
    expectHeld(await api.post('ScheduledMessages/GetScheduledMessageCalculations', { senderNumberId: line.lineId, smsBody: 'KYC hold', sendType: 'Bulk', receivers: ['09121230101'] }, { token: tree.subAdmin.token, culture: 'en-US' }));
  });

  it('an organization cannot lift the hold itself: authentication comes from above; once authenticated it sends', async () => {
    await setHold(true);
    const own = bad(await api.post('Organizations/Update', { id: tree.sub.id, isAuthenticated: true }, { token: tree.subAdmin.token }), 403, 'isAuthenticated');
    expect(own.message).to.contain('isAuthenticated');
    // The middle organization's flag does not loosen what the reseller asked for.
    ok(await api.post('Organizations/Update', { id: tree.organization.id, isRequireSubOrganizationAuthentication: false }, { token: tree.orgAdmin.token }));
    expectHeld(await bulk(tree.subAdmin.token));

    await authenticate(tree.sub.id, true);
    ok(await bulk(tree.subAdmin.token));
    ok(await fast(tree.subAdmin.token));
    ok(await v1());
    // The organization in between is still not authenticated.
    expectHeld(await bulk(tree.orgAdmin.token));
  });

  it('a changed document or an own change of an identity field takes the authentication away, and the hold is back', async () => {
    await setHold(true);
    await authenticate(tree.sub.id, true);
    ok(await uploadDocument(api, tree.subAdmin.token, 'UploadOrganizationDocument', { documentType: 'BusinessLicense', fileName: 'license.png' }, pngImage()));
    expect(ok(await api.get(`Organizations/Get/${tree.sub.id}`, { token: tree.subAdmin.token })).isAuthenticated).to.equal(false);
    expectHeld(await bulk(tree.subAdmin.token));

    await authenticate(tree.sub.id, true);
    // The organization's own edit of what its documents vouch for deactivates it ...
    ok(await api.post('Organizations/Update', { id: tree.sub.id, nationalId: '10101234999', isAuthenticated: true }, { token: tree.subAdmin.token }));
    expect(ok(await api.get(`Organizations/Get/${tree.sub.id}`, { token: tree.subAdmin.token })).isAuthenticated).to.equal(false);
    // ... an edit of another profile field does not, nor does one from above.
    await authenticate(tree.sub.id, true);
    ok(await api.post('Organizations/Update', { id: tree.sub.id, workplacePhone: '02188776655' }, { token: tree.subAdmin.token }));
    ok(await api.post('Organizations/Update', { id: tree.sub.id, nationalId: '10101234998' }, { token: tree.resellerAdmin.token }));
    expect(ok(await api.get(`Organizations/Get/${tree.sub.id}`, { token: tree.subAdmin.token })).isAuthenticated).to.equal(true);
  });

  it('a user\'s own change of their identity fields deactivates their authentication; an edit from above keeps it', async () => {
    const me = async () => ok(await api.get(`Users/Get/${tree.subAdmin.userId}`, { token: tree.orgAdmin.token }));
    ok(await api.post('Users/Update', { id: tree.subAdmin.userId, isAuthenticated: true }, { token: tree.orgAdmin.token }));
    // The user's own edit with the form posting the stored authentication back.
    ok(await api.post('Users/Update', { id: tree.subAdmin.userId, nationalCode: '0012345679', isAuthenticated: true }, { token: tree.subAdmin.token }));
    expect((await me()).isAuthenticated).to.equal(false);
    ok(await api.post('Users/Update', { id: tree.subAdmin.userId, isAuthenticated: true }, { token: tree.orgAdmin.token }));
    ok(await api.post('Users/Update', { id: tree.subAdmin.userId, email: 'kyc.same@example.com' }, { token: tree.subAdmin.token }));
    ok(await api.post('Users/Update', { id: tree.subAdmin.userId, lastName: 'Approved' }, { token: tree.orgAdmin.token }));
    expect((await me()).isAuthenticated).to.equal(true);
  });

  it('a user\'s own change of their mobile takes its verification away; a change from above keeps it', async () => {
    const me = async () => ok(await api.get(`Users/Get/${tree.subAdmin.userId}`, { token: tree.orgAdmin.token }));
    ok(await api.post('Users/Update', { id: tree.subAdmin.userId, mobile: '09121230001', isAuthenticatedMobile: true }, { token: tree.orgAdmin.token }));
    expect((await me()).isAuthenticatedMobile).to.equal(true);
    // The same number posted back (the edit form) keeps it; a new number, even with the flag posted back, does not.
    ok(await api.post('Users/Update', { id: tree.subAdmin.userId, mobile: '09121230001', firstName: 'Kept' }, { token: tree.subAdmin.token }));
    expect((await me()).isAuthenticatedMobile).to.equal(true);
    ok(await api.post('Users/Update', { id: tree.subAdmin.userId, mobile: '09121230002', isAuthenticatedMobile: true }, { token: tree.subAdmin.token }));
    expect((await me()).isAuthenticatedMobile).to.equal(false);
    ok(await api.post('Users/Update', { id: tree.subAdmin.userId, mobile: '09121230003', isAuthenticatedMobile: true }, { token: tree.orgAdmin.token }));
    expect((await me()).isAuthenticatedMobile).to.equal(true);
  });

  it('the review list answers the owner\'s authentication as it is now', async () => {
    await authenticate(tree.sub.id, true);
    ok(await uploadDocument(api, tree.subAdmin.token, 'UploadOrganizationDocument', { documentType: 'CeoNationalCard', fileName: 'ceo.png' }, pngImage()));
    const rows = (ok(await api.get('Documents/GetAll?pageSize=100', { token: tree.resellerAdmin.token })).items as any[]).filter((r) => r.organizationId === tree.sub.id && r.userId === null);
    expect(rows.length).to.be.at.least(1);
    expect(rows.every((r) => r.ownerIsAuthenticated === false)).to.equal(true);
    await authenticate(tree.sub.id, true);
    const again = (ok(await api.get('Documents/GetAll?pageSize=100', { token: tree.resellerAdmin.token })).items as any[]).filter((r) => r.organizationId === tree.sub.id && r.userId === null);
    expect(again.every((r) => r.ownerIsAuthenticated === true)).to.equal(true);
  });

  it('tells an organization\'s administrators whether it is authenticated and whether its sends are held until then', async () => {
    const authentication = (token: string, organizationId?: number) =>
      api.get(`Documents/GetOrganizationAuthentication${organizationId ? `?organizationId=${organizationId}` : ''}`, { token });
    await setHold(false);
    await authenticate(tree.sub.id, false);
    expect(ok(await authentication(tree.subAdmin.token))).to.deep.equal({ isAuthenticated: false, isRequiredToSend: false });
    await setHold(true);
    expect(ok(await authentication(tree.subAdmin.token))).to.deep.equal({ isAuthenticated: false, isRequiredToSend: true });
    // Its own flag does not hold the reseller itself.
    expect(ok(await authentication(tree.resellerAdmin.token))).to.deep.include({ isRequiredToSend: false });
    await authenticate(tree.sub.id, true);
    expect(ok(await authentication(tree.resellerAdmin.token, tree.sub.id))).to.deep.equal({ isAuthenticated: true, isRequiredToSend: true });
    bad(await authentication(tree.subUser.token), 403);
    bad(await authentication(tree.otherAdmin.token, tree.sub.id), 404);
  });
});
