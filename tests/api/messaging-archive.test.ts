import { expect } from 'chai';
import type { Knex } from 'knex';
import { sharedServer, type Tree } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { bad, expectLedgerClean, ok, sendingTree, waitForSend } from '../support/sending.js';

/**
 * The outbox archive: a finished send shows Archiving, then Archived once a queued job has moved
 * its receivers to the archive table; it leaves the everyday list, stays fully readable, and can
 * be restored.
 */
describe('Send engine: archiving finished sends', function () {
  this.timeout(180_000);
  let api: ApiClient;
  let tree: Tree;
  let line: { agentId: number; lineId: number; number: string };
  let knex: Knex;

  const send = (body: Record<string, unknown>) =>
    api.post('ScheduledMessages/Create', { senderNumberId: line.lineId, smsBody: 'To the archive', sendType: 'Bulk', ...body }, { token: tree.subAdmin.token, culture: 'en-US' });
  const listIds = async (query = '') => ok(await api.get(`OutBox/GetAll?pageSize=100${query}`, { token: tree.subAdmin.token })).items.map((s: any) => s.id);
  const live = async (sendId: number) => Number((await knex('send_recipients').where({ sendId }).count<{ count: string }[]>({ count: '*' }))[0].count);
  const archived = async (sendId: number) => Number((await knex('send_recipients_archive').where({ sendId }).count<{ count: string }[]>({ count: '*' }))[0].count);

  before(async () => {
    ({ api, tree, line } = await sendingTree());
    knex = (await sharedServer()).peyk.database.knex as Knex;
  });

  after(async () => {
    await expectLedgerClean(api);
  });

  it('archives a finished send: Archiving, then Archived with its receivers moved; hidden by default, readable, restorable', async () => {
    const created = ok(await send({ receivers: ['09121260001', '09351260002', '09211260003'] }));
    const done = await waitForSend(api, tree.subAdmin.token, created.id);
    const countsBefore = done.deliveryStatusCounts;
    const report = ok(await api.get(`OutBox/GetDeliveryReport?id=${created.id}&seq=1`, { token: tree.subAdmin.token }));

    expect(ok(await api.post('OutBox/Archive', { ids: [created.id] }, { token: tree.subAdmin.token }))).to.deep.equal({ archiving: 1 });
    const after = await waitForSend(api, tree.subAdmin.token, created.id, (s) => s.status === 'Archived');
    expect(after).to.include({ archivedFromStatus: 'Sent', queueStatus: 'Completed' });
    expect(after.deliveryStatusCounts).to.deep.equal(countsBefore);
    expect(await live(created.id)).to.equal(0);
    expect(await archived(created.id)).to.equal(3);

    expect(await listIds()).to.not.include(created.id);
    expect(await listIds('&status=Archived')).to.include(created.id);
    expect(await listIds('&includeArchived=true')).to.include(created.id);
    const receivers = ok(await api.get(`OutBox/GetRecipients?id=${created.id}`, { token: tree.subAdmin.token }));
    expect(receivers.totalCount).to.equal(3);
    expect(ok(await api.get(`OutBox/GetDeliveryReport?id=${created.id}&seq=1`, { token: tree.subAdmin.token }))).to.deep.equal(report);

    expect(ok(await api.post('OutBox/Unarchive', { ids: [created.id] }, { token: tree.subAdmin.token }))).to.deep.equal({ restored: 1 });
    expect(ok(await api.get(`OutBox/Get/${created.id}`, { token: tree.subAdmin.token }))).to.include({ status: 'Sent' });
    expect(await listIds()).to.include(created.id);
    expect(ok(await api.get(`OutBox/GetRecipients?id=${created.id}`, { token: tree.subAdmin.token })).totalCount).to.equal(3);
  });

  it('names a send that has not finished, archives nothing, and answers 404 for one the caller cannot see', async () => {
    const finished = ok(await send({ receivers: ['09121260004'] }));
    await waitForSend(api, tree.subAdmin.token, finished.id);
    const waiting = ok(await send({ receivers: ['09121260005'], sendDirect: false, sendDateTime: new Date(Date.now() + 3_600_000).toISOString() }));
    const res = bad(await api.post('OutBox/Archive', { ids: [finished.id, waiting.id] }, { token: tree.subAdmin.token, culture: 'en-US' }), 400, 'ids[1]');
    expect(res.validationErrors![0].message).to.contain('only finished sends can be archived');
    expect(ok(await api.get(`OutBox/Get/${finished.id}`, { token: tree.subAdmin.token })).status).to.equal('Sent');
    bad(await api.post('OutBox/Archive', { ids: [finished.id] }, { token: tree.otherAdmin.token }), 404);
    bad(await api.post('OutBox/Unarchive', { ids: [finished.id] }, { token: tree.subAdmin.token }), 400, 'ids[0]');
    bad(await api.post('OutBox/Archive', { ids: [] }, { token: tree.subAdmin.token }), 400, 'ids');
    ok(await api.post(`OutBox/Cancel/${waiting.id}`, {}, { token: tree.subAdmin.token }));
    await waitForSend(api, tree.subAdmin.token, waiting.id);
  });

  it('moves a large send in batches and keeps every receiver exactly once', async () => {
    const numbers = Array.from({ length: 25_000 }, (_, i) => `0912${String(3_000_000 + i)}`).join('\n');
    const created = ok(await send({ receiversText: numbers }));
    await waitForSend(api, tree.subAdmin.token, created.id, undefined, 120_000);
    ok(await api.post('OutBox/Archive', { ids: [created.id] }, { token: tree.subAdmin.token }));
    await waitForSend(api, tree.subAdmin.token, created.id, (s) => s.status === 'Archived', 60_000);
    expect(await live(created.id)).to.equal(0);
    expect(await archived(created.id)).to.equal(25_000);
    const distinct = await knex('send_recipients_archive').where({ sendId: created.id }).countDistinct<{ n: string }[]>({ n: 'seq' });
    expect(Number(distinct[0].n)).to.equal(25_000);
  });
});
