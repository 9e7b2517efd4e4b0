import { expect } from 'chai';
import { createOrganization, createUser, login, unique, USER_PASSWORD, type Tree } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { available, bad, expectLedgerClean, ok, sendingTree, simulatorLine, tariffBody } from '../support/sending.js';

/**
 * The bad input that the main send suite does not already cover: each gets the spec's
 * answer and leaves no half-made send and no held credit behind.
 */
describe('Send engine: bad input leaves nothing behind', function () {
  this.timeout(180_000);
  let api: ApiClient;
  let tree: Tree;
  let line: { agentId: number; lineId: number; number: string };

  const sendCount = async (token: string) => ok(await api.get('OutBox/GetAll?pageSize=1', { token })).totalCount as number;

  before(async () => {
    ({ api, tree, line } = await sendingTree());
  });

  after(async () => {
    await expectLedgerClean(api);
  });

  it('refuses an uploaded file of 2 million lines with the maximum message, and a pasted one too', async () => {
    const lines: string[] = new Array(2_000_000);
    for (let i = 0; i < lines.length; i++) lines[i] = `0912${String(i).padStart(7, '0')}`;
    const text = lines.join('\n');
    const before = await sendCount(tree.subAdmin.token);
    const upload = await api.call('POST', 'ScheduledMessages/UploadRecipients?format=text', { rawBody: text, headers: { 'content-type': 'text/plain' }, token: tree.subAdmin.token, culture: 'en-US' });
    const refused = bad(upload, 400, 'file');
    expect(refused.validationErrors![0].message).to.equal('You can add a maximum of 1000000 numbers.');
    const pasted = bad(await api.post('ScheduledMessages/Create', { senderNumberId: line.lineId, smsBody: 'Big', sendType: 'Bulk', receiversText: text }, { token: tree.subAdmin.token, culture: 'en-US' }), 400, 'receiversText');
    expect(pasted.validationErrors![0].message).to.equal('You can add a maximum of 100000 numbers.');
    expect(await sendCount(tree.subAdmin.token)).to.equal(before);
    const credit = await available(api, tree.orgAdmin.token, tree.sub.id);
    expect(credit.held).to.equal(0n);
  });

  it('refuses a line of another organization as not valid, with nothing made', async () => {
    // A private (not public) line owned by the other reseller's tree.
    const foreign = await simulatorLine(api, {}, { isPublic: false, numberType: 'Private', organizationId: tree.otherOrganization.id });
    const before = await sendCount(tree.subAdmin.token);
    const res = bad(await api.post('ScheduledMessages/Create', { senderNumberId: foreign.lineId, smsBody: 'Not mine', sendType: 'Bulk', receivers: ['09121119001'] }, { token: tree.subAdmin.token }), 400, 'senderNumberId');
    expect(res.data.failureCode).to.equal('PrivateNumberNotValid');
    expect(await sendCount(tree.subAdmin.token)).to.equal(before);
    expect((await available(api, tree.orgAdmin.token, tree.sub.id)).held).to.equal(0n);
  });

  it('rolls back a hold that fails halfway up the organization chain', async () => {
    // parent → child: the child has credit, its parent has none left once it funded the child.
    const parent = await createOrganization(api, tree.orgAdmin.token, { name: unique('Spent parent ') });
    const tariff = ok(await api.post('Tariffs/Create', tariffBody(unique('Chain '), 100), { token: tree.resellerAdmin.token }));
    ok(await api.post('Tariffs/AssignToOrganization', { organizationId: parent.id, tariffId: tariff.id }, { token: tree.resellerAdmin.token }));
    ok(await api.post('Credits/ChargeOrganization', { organizationId: parent.id, amount: 1_000 }, { token: tree.orgAdmin.token }));
    const parentAdmin = await createUser(api, tree.orgAdmin.token, { userName: unique('spent'), organizationId: parent.id, isAdmin: true });
    const parentToken = (await login(api, parentAdmin.userName, USER_PASSWORD)).accessToken;
    const child = await createOrganization(api, parentToken, { name: unique('Funded child ') });
    ok(await api.post('Tariffs/AssignToOrganization', { organizationId: child.id, tariffId: tariff.id }, { token: tree.resellerAdmin.token }));
    ok(await api.post('Credits/ChargeOrganization', { organizationId: child.id, amount: 1_000 }, { token: parentToken }));
    const childAdmin = await createUser(api, parentToken, { userName: unique('funded'), organizationId: child.id, isAdmin: true });
    const childToken = (await login(api, childAdmin.userName, USER_PASSWORD)).accessToken;

    const childBefore = await available(api, parentToken, child.id);
    const parentBefore = await available(api, tree.orgAdmin.token, parent.id);
    const res = bad(await api.post('ScheduledMessages/Create', { senderNumberId: line.lineId, smsBody: 'Chain', sendType: 'Bulk', receivers: ['09121119101', '09121119102'] }, { token: childToken }), 400);
    expect(res.data.failureCode).to.equal('AdminCreditNotEnough');
    expect(await available(api, parentToken, child.id)).to.deep.equal(childBefore);
    expect(await available(api, tree.orgAdmin.token, parent.id)).to.deep.equal(parentBefore);
    expect(await sendCount(childToken)).to.equal(0);
  });
});
