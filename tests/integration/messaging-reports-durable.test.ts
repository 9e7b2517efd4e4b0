import { expect } from 'chai';
import type { Knex } from 'knex';
import { ApiClient } from '../support/api-client.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { ok, standaloneLine, standaloneSender, waitForSend } from '../support/sending.js';
import { SettlementService } from '../../server/modules/messaging/delivery/settlement.service.js';

/**
 * A gateway acknowledges to its provider what the host resolves, so a report must be stored before
 * receive() resolves: applied to its receiver, or parked when its submit answer is not stored yet
 * (a report racing its own answer, or an answer a restarted worker stores after a crash).
 */
describe('Send engine: delivery reports are durable before they are acknowledged', function () {
  this.timeout(120_000);
  let server: TestServer;
  let api: ApiClient;
  let admin: string;
  let token: string;
  let knex: Knex;
  let settlement: SettlementService;

  before(async () => {
    server = await startTestServer();
    api = new ApiClient(server.url);
    ({ admin, token } = await standaloneSender(api, 'Durable reports'));
    knex = server.peyk.database.knex as Knex;
    settlement = server.peyk.container.get(SettlementService);
  });

  after(async () => {
    await server?.stop();
  });

  async function silentSend(number: string, receivers: string[]): Promise<{ agentId: number; sendId: number }> {
    // Reports come only after a day: within the test every report is the test's own.
    const { agentId, lineId } = await standaloneLine(api, admin, number, { deliveryDelayMs: 86_400_000, seed: 3 });
    const created = ok(await api.post('ScheduledMessages/Create', { senderNumberId: lineId, smsBody: 'Durable?', sendType: 'Bulk', receivers }, { token }));
    await waitForSend(api, token, created.id, (s) => s.sentCount === receivers.length);
    return { agentId, sendId: created.id };
  }

  it('parks a report whose receiver is unknown before resolving, and applies it once the answer is stored', async () => {
    const { agentId, sendId } = await silentSend('30007771', ['09121231001', '09121231002']);
    const early = { providerId: `early-${Date.now()}`, state: 'delivered' as const, providerStatus: 'DELIVRD', at: new Date(), raw: { stat: 'DELIVRD' } };
    await settlement.receive(agentId, [early]);
    // Resolved means durable: the report is in the database, not only in this process's memory.
    const parked = await knex('unmatched_delivery_reports').where({ providerId: early.providerId });
    expect(parked).to.have.length(1);

    // The in-memory retries give up after about five seconds (as if this process had died)...
    await new Promise((r) => setTimeout(r, 5_600));
    // ...then the submit answer is stored (a restarted worker re-submitting the receiver).
    await knex('send_recipients').where({ sendId, seq: 0 }).update({ providerId: early.providerId });
    // The dispatcher sweeps parked reports every few seconds by itself; the test does not wait for it.
    await settlement.applyParked(new Date(Date.now() - 3_600_000));
    const receiver = ok(await api.get(`OutBox/GetRecipients?id=${sendId}&toNumber=989121231001`, { token })).items[0];
    expect(receiver).to.include({ deliveryStatus: 'SentAndReceivedbyPhone', providerId: early.providerId });
    expect(await knex('unmatched_delivery_reports').where({ providerId: early.providerId }), 'applied once, then gone').to.have.length(0);
    expect((await waitForSend(api, token, sendId, (s) => s.deliveredCount === 1)).deliveredCount).to.equal(1);
  });

  it('rejects reports it could not store, so the gateway hands them over again', async () => {
    const { agentId } = await silentSend('30007772', ['09121231003']);
    await knex.raw(`create or replace function peyk_test_refuse_write() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`);
    await knex.raw('create trigger peyk_test_refuse_park before insert on unmatched_delivery_reports for each row execute function peyk_test_refuse_write()');
    try {
      const unknown = { providerId: `lost-${Date.now()}`, state: 'delivered' as const, providerStatus: 'DELIVRD', at: new Date() };
      let error: unknown = null;
      await settlement.receive(agentId, [unknown]).catch((err: unknown) => { error = err; });
      expect(String(error)).to.contain('refused by the test');
    } finally {
      await knex.raw('drop trigger if exists peyk_test_refuse_park on unmatched_delivery_reports');
    }
  });
});
