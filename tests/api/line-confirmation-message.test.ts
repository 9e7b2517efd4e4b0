import { expect } from 'chai';
import { createOrganization, createUser, login, unique, USER_PASSWORD, type Tree } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { expectLedgerClean, ok, sendingTree, simulatorLine } from '../support/sending.js';

/**
 * The line's isNeedToSendConfirmationMessage (issue 29 item 1, decided in numbers/CONTEXT.md): when a
 * send on such a line waits in the confirmation queue, its sender is told (panel notification, fa and
 * en) when the organization above confirms or rejects it, with the reason; a line without the flag
 * tells nobody.
 */
describe('line flag isNeedToSendConfirmationMessage: the sender hears the confirmation queue\'s decision', function () {
  this.timeout(120_000);
  let api: ApiClient;
  let tree: Tree;
  let quietLine: number;
  let tellingLine: number;
  let token: string;

  const send = async (senderNumberId: number) => ok(await api.post('ScheduledMessages/Create', {
    senderNumberId, smsBody: 'Waits for the reseller', sendType: 'Bulk', receivers: ['09121110381'],
  }, { token }));
  const notices = async () => (ok(await api.get('Notifications/GetLatest?limit=50', { token })).items as { kind: string; body: string; title: string }[])
    .filter((n) => n.kind.startsWith('Send'));

  before(async () => {
    let line: { lineId: number };
    ({ api, tree, line } = await sendingTree());
    quietLine = line.lineId;
    tellingLine = (await simulatorLine(api, {}, { isNeedToSendConfirmationMessage: true })).lineId;
    // Every send of this organization waits for the reseller's confirmation.
    const strict = await createOrganization(api, tree.orgAdmin.token, { name: unique('Told strict '), isConfirmMessage: true });
    const tariff = ok(await api.get('Tariffs/GetAll?pageSize=100', { token: tree.resellerAdmin.token })).items.find((t: any) => t.ownerOrganizationId === tree.reseller.id);
    ok(await api.post('Tariffs/AssignToOrganization', { organizationId: strict.id, tariffId: tariff.id }, { token: tree.resellerAdmin.token }));
    ok(await api.post('Credits/ChargeOrganization', { organizationId: strict.id, amount: 100_000 }, { token: tree.orgAdmin.token }));
    const admin = await createUser(api, tree.orgAdmin.token, { userName: unique('toldstrict'), organizationId: strict.id, isAdmin: true });
    token = (await login(api, admin.userName, USER_PASSWORD)).accessToken;
  });

  after(async () => {
    await expectLedgerClean(api);
  });

  it('tells the sender of a confirmed and of a rejected send (with the reason) on a line with the flag', async () => {
    const confirmed = await send(tellingLine);
    expect(confirmed.queueStatus).to.equal('WatingForConfirm');
    expect(await notices(), 'nothing while it waits').to.deep.equal([]);
    ok(await api.post(`SendQueue/Confirm/${confirmed.id}`, {}, { token: tree.resellerAdmin.token }));
    const afterConfirm = await notices();
    expect(afterConfirm.map((n) => n.kind)).to.deep.equal(['SendConfirmed']);
    expect(afterConfirm[0].body).to.contain(`#${confirmed.id}`).and.to.match(/[۰-۹]/);

    const rejected = await send(tellingLine);
    ok(await api.post('SendQueue/Reject', { id: rejected.id, reason: 'Off-brand wording' }, { token: tree.resellerAdmin.token }));
    const afterReject = await notices();
    expect(afterReject.map((n) => n.kind)).to.deep.equal(['SendRejected', 'SendConfirmed']);
    expect(afterReject[0].body).to.contain(`#${rejected.id}`).and.to.contain('Off-brand wording');
  });

  it('tells nobody on a line without the flag', async () => {
    const before = (await notices()).length;
    const confirmed = await send(quietLine);
    ok(await api.post(`SendQueue/Confirm/${confirmed.id}`, {}, { token: tree.resellerAdmin.token }));
    const rejected = await send(quietLine);
    ok(await api.post('SendQueue/Reject', { id: rejected.id, reason: 'no' }, { token: tree.resellerAdmin.token }));
    expect((await notices()).length).to.equal(before);
  });
});
