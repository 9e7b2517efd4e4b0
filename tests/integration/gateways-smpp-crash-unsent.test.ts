import { expect } from 'chai';
import { ApiClient } from '../support/api-client.js';
import { KillablePanel } from '../support/peyk-processes.js';
import { ok, standaloneSender } from '../support/sending.js';
import { startSmscSim, type SmscSim } from '../../scripts/smsc-sim/smsc-sim.js';

const RECEIVERS = 400;
/** One bind with a small window and a centre that answers slowly: a claimed chunk waits in the plugin's queue. */
const WINDOW = 10;
const SLOW_ANSWER_MS = 4_000;

/**
 * The finding of issue 21, item 8: kill -9 while a claimed chunk is mostly still in the SMPP plugin's
 * queue (its window is full, the centre has not answered). Only the messages written to the socket
 * may have reached the centre; the rest certainly did not and must be sent after the restart, not
 * given back. The written ones stay in doubt on a gateway that cannot tell a repeat: ErrorInSending,
 * given back, never a second copy. Money: delivered charged once, the rest given back once.
 */
describe('Send engine through the SMPP plugin: kill -9 with a claimed chunk waiting in the plugin', function () {
  this.timeout(300_000);
  let panel: KillablePanel | null = null;
  let sim: SmscSim | null = null;

  before(async () => {
    panel = await KillablePanel.create('smpp-crash-unsent', { PEYK_DISPATCH_LEASE_MS: '3000' });
    sim = await startSmscSim({ systemId: 'unsent', password: 'unsentpw', deliveredRatio: 1, receiptDelayMs: 20, submitLatencyMs: SLOW_ANSWER_MS, seed: 21 });
  });

  after(async () => {
    await panel?.close();
    await sim?.close();
  });

  it('sends every receiver never written to the socket; only the written ones end in doubt', async () => {
    await panel!.start();
    const api = new ApiClient(panel!.base);
    const { admin, token, organizationId } = await standaloneSender(api, 'SMPP unsent org', 100_000_000);
    const agent = ok(await api.post('SenderAgents/Create', {
      title: 'SMPP unsent', pluginName: 'smpp', maxPerSecond: 1_000, isActive: true, isSendActive: true, isActiveAllTime: true,
      options: {
        host: '127.0.0.1', port: sim!.port, systemId: 'unsent', password: 'unsentpw', binds: 1, window: WINDOW,
        responseTimeoutMs: 30_000, reconnectMinMs: 100, reconnectMaxMs: 500, maxPerSecond: 1_000,
      },
    }, { token: admin }));
    const line = ok(await api.post('PrivateNumbers/Create', {
      number: '30006998', useForm: 'OneNumber', numberType: 'Public', typePrivateNumber: 'Bulk', smsSenderAgentId: agent.id, isPublic: true, isActive: true, isSendBulk: true, deliveryBase: true,
    }, { token: admin }));
    const receivers = Array.from({ length: RECEIVERS }, (_, i) => `0912${String(7_000_000 + i)}`);
    const credit = async () => ok(await api.get(`Organizations/GetOrganizationCreditForAdmin?organizationId=${organizationId}`, { token: admin }));
    const before = await credit();
    const created = ok(await api.post('ScheduledMessages/Create', { senderNumberId: line.id, smsBody: 'unsent after a crash', sendType: 'Bulk', receivers }, { token }));

    // The window is full and nothing is answered for seconds: the rest of the chunk waits in the plugin.
    const deadline = Date.now() + 60_000;
    while (sim!.stats().messages < WINDOW) {
      if (Date.now() > deadline) throw new Error(`the centre saw ${JSON.stringify(sim!.stats())}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    await new Promise((r) => setTimeout(r, 300));
    await panel!.killSender();
    const written = new Set(sim!.submittedMessages().map((m) => m.to));
    expect(written.size, 'only the window reached the centre before the kill').to.equal(WINDOW);
    sim!.set({ submitLatencyMs: 5 });
    await panel!.restartSender();

    let done: any;
    const until = Date.now() + 180_000;
    for (;;) {
      done = ok(await api.get(`OutBox/Get/${created.id}`, { token }));
      if (done.queueStatus === 'Completed' || Date.now() > until) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(done.queueStatus, JSON.stringify(done)).to.equal('Completed');
    const stats = sim!.stats();
    expect(stats.duplicates, `messages the centre got twice: ${JSON.stringify(stats)}`).to.equal(0);
    expect(stats.messages, 'every receiver reached the centre once').to.equal(RECEIVERS);

    const all: any[] = [];
    for (let page = 0; ; page++) {
      const res = ok(await api.get(`OutBox/GetRecipients?id=${created.id}&pageIndex=${page}&pageSize=500`, { token }));
      all.push(...res.items);
      if (res.items.length < 500) break;
    }
    expect(all).to.have.length(RECEIVERS);
    const givenBack = all.filter((r) => r.deliveryStatus === 'ErrorInSending');
    const neverWrittenGivenBack = givenBack.filter((r) => !written.has(r.toNumber));
    expect(neverWrittenGivenBack.length, `receivers never written to the socket but given back (of ${givenBack.length} given back)`).to.equal(0);
    // In doubt: exactly what was written and never answered.
    expect(givenBack.map((r) => r.toNumber).sort()).to.deep.equal([...written].sort());
    const delivered = all.filter((r) => r.deliveryStatus === 'SentAndReceivedbyPhone').length;
    expect(delivered).to.equal(RECEIVERS - WINDOW);
    expect(done.deliveredCount).to.equal(delivered);

    const after = await credit();
    expect(BigInt(before.balance) - BigInt(after.balance), 'charged exactly the delivered messages').to.equal(100n * BigInt(delivered));
    expect(after.held).to.equal('0');
    expect(ok(await api.get('Ledger/Verify', { token: admin })).mismatches).to.deep.equal([]);
  });
});
