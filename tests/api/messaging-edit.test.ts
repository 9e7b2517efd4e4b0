import { expect } from 'chai';
import { createOrganization, createUser, login, sharedServer, unique, USER_PASSWORD, type Tree } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { available, bad, expectLedgerClean, ok, sendingTree, waitForSend } from '../support/sending.js';
import { SendEditService } from '../../server/modules/messaging/compose/send-edit.service.js';

const HOUR = 3_600_000;

/**
 * Editing a send that has not gone out: paused as Updating, saved back to where it was (same
 * part count, so the held price stays exact), or left — which stops it, as the spec says.
 */
describe('Send engine: editing a send before it goes out', function () {
  this.timeout(120_000);
  let api: ApiClient;
  let tree: Tree;
  let line: { agentId: number; lineId: number; number: string };

  const later = (hours = 1) => new Date(Date.now() + hours * HOUR).toISOString();
  const send = (body: Record<string, unknown>, token = tree.subAdmin.token) =>
    api.post('ScheduledMessages/Create', { senderNumberId: line.lineId, smsBody: 'First text', sendType: 'Bulk', ...body }, { token, culture: 'en-US' });
  const edit = (action: string, body: Record<string, unknown> | null, id?: number, token = tree.subAdmin.token) =>
    api.post(`ScheduledMessages/${action}${id ? `/${id}` : ''}`, body ?? {}, { token, culture: 'en-US' });

  before(async () => {
    ({ api, tree, line } = await sendingTree());
  });

  after(async () => {
    await expectLedgerClean(api);
  });

  it('pauses a stored send as Updating, saves a new text and time, and it goes back to Stored', async () => {
    const created = ok(await send({ receivers: ['09121250001', '09121250002'], sendDirect: false, sendDateTime: later() }));
    expect(created.queueStatus).to.equal('Stored');
    const paused = ok(await edit('StartEdit', null, created.id));
    expect(paused).to.include({ queueStatus: 'Updating', editFromQueueStatus: 'Stored' });
    const saved = ok(await edit('Update', { id: created.id, smsBody: 'Second text', sendDateTime: later(2) }));
    expect(saved).to.include({ queueStatus: 'Stored', status: 'Stored', smsText: 'Second text', editFromQueueStatus: null });
    expect(new Date(saved.dateTimeSend).getTime()).to.be.greaterThan(Date.now() + HOUR);
    bad(await edit('Update', { id: created.id, smsBody: 'Third' }), 400);
    const audits = ok(await api.get(`Audits/GetAll?className=ScheduledMessage&pageSize=20`, { token: tree.orgAdmin.token }));
    expect(audits.items.map((a: any) => a.operationType)).to.include.members(['StartEdit', 'Update']);
    ok(await api.post(`OutBox/Cancel/${created.id}`, {}, { token: tree.subAdmin.token }));
    await waitForSend(api, tree.subAdmin.token, created.id);
  });

  it('refuses a text with another part count, a past date, and a send that has gone out', async () => {
    const created = ok(await send({ receivers: ['09121250003'], sendDirect: false, sendDateTime: later() }));
    ok(await edit('StartEdit', null, created.id));
    const parts = bad(await edit('Update', { id: created.id, smsBody: 'x'.repeat(200) }), 400, 'smsBody');
    expect(parts.validationErrors![0].message).to.contain('same 1 part');
    bad(await edit('Update', { id: created.id, sendDateTime: new Date(Date.now() - HOUR).toISOString() }), 400, 'sendDateTime');
    // Sent now instead: the edited text is what goes out.
    const now = ok(await edit('Update', { id: created.id, smsBody: 'Edited, sent now', sendDirect: true }));
    expect(now.queueStatus).to.equal('Ready');
    const done = await waitForSend(api, tree.subAdmin.token, created.id);
    expect(done).to.include({ status: 'Sent', smsText: 'Edited, sent now', deliveredCount: 1 });
    bad(await edit('StartEdit', null, created.id), 400);
    bad(await edit('StartEdit', null, created.id, tree.otherAdmin.token), 404);
  });

  it('leaving the edit stops the send and gives its credit back; so does an edit left open too long', async () => {
    const before = await available(api, tree.orgAdmin.token, tree.sub.id);
    const left = ok(await send({ receivers: ['09121250004', '09121250005'], sendDirect: false, sendDateTime: later() }));
    ok(await edit('StartEdit', null, left.id));
    const stopped = ok(await edit('AbandonEdit', null, left.id));
    expect(stopped.failureCode).to.equal('UserCancelRequest');
    expect(await waitForSend(api, tree.subAdmin.token, left.id)).to.include({ queueStatus: 'Completed', canceledCount: 2, sentCount: 0 });

    const forgotten = ok(await send({ receivers: ['09121250006'], sendDirect: false, sendDateTime: later() }));
    ok(await edit('StartEdit', null, forgotten.id));
    const edits = (await sharedServer()).peyk.container.get(SendEditService);
    expect(await edits.abandonStale(new Date(Date.now() + 10 * 60_000)), 'not yet').to.equal(0);
    expect(await edits.abandonStale(new Date(Date.now() + 31 * 60_000))).to.be.at.least(1);
    expect(await waitForSend(api, tree.subAdmin.token, forgotten.id)).to.include({ failureCode: 'UserCancelRequest', canceledCount: 1 });
    expect(await available(api, tree.orgAdmin.token, tree.sub.id)).to.deep.equal(before);
  });

  it('a confirmed send whose text changes waits for confirmation again; a new time alone keeps it confirmed', async () => {
    const strict = await createOrganization(api, tree.orgAdmin.token, { name: unique('Edit strict '), isConfirmMessage: true });
    const tariff = ok(await api.get('Tariffs/GetAll?pageSize=100', { token: tree.resellerAdmin.token })).items.find((t: any) => t.ownerOrganizationId === tree.reseller.id);
    ok(await api.post('Tariffs/AssignToOrganization', { organizationId: strict.id, tariffId: tariff.id }, { token: tree.resellerAdmin.token }));
    ok(await api.post('Credits/ChargeOrganization', { organizationId: strict.id, amount: 100_000 }, { token: tree.orgAdmin.token }));
    const admin = await createUser(api, tree.orgAdmin.token, { userName: unique('editor'), organizationId: strict.id, isAdmin: true });
    const token = (await login(api, admin.userName, USER_PASSWORD)).accessToken;
    const created = ok(await send({ receivers: ['09121250007'], sendDirect: false, sendDateTime: later() }, token));
    ok(await api.post(`SendQueue/Confirm/${created.id}`, {}, { token: tree.resellerAdmin.token }));
    ok(await edit('StartEdit', null, created.id, token));
    expect(ok(await edit('Update', { id: created.id, sendDateTime: later(3) }, undefined, token))).to.include({ queueStatus: 'Confirmed', status: 'Stored' });
    ok(await edit('StartEdit', null, created.id, token));
    expect(ok(await edit('Update', { id: created.id, smsBody: 'Changed after approval' }, undefined, token))).to.include({ queueStatus: 'WatingForConfirm' });
    ok(await api.post('SendQueue/Reject', { id: created.id, reason: 'changed' }, { token: tree.resellerAdmin.token }));
  });
});
