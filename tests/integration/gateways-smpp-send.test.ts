import { expect } from 'chai';
import type { Knex } from 'knex';
import { ApiClient } from '../support/api-client.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { ok, standaloneSender, waitForSend } from '../support/sending.js';
import { startSmscSim, type SmscSim, type SmscSimOptions } from '../../scripts/smsc-sim/smsc-sim.js';

const FINAL = new Set(['SentAndReceivedbyPhone', 'HaveNotReceivedToPhone', 'Expired', 'DidNotReceiveToItc', 'NotSent', 'ErrorInSending', 'IsCanceled']);
const RECEIVERS = 300;

/**
 * The send engine through the SMPP plugin against the SMSC simulator, with the centre misbehaving
 * the ways real ones do. After each: every receiver has exactly one final status, the centre never
 * got one message twice, the money is settled exactly (the line charges delivered messages only,
 * 100 rials each; nothing stays held; the ledger verifies), and every receipt the centre saw
 * acknowledged was stored first (applied to its receiver, or kept as unmatched).
 */
describe('Send engine through the SMPP plugin: centre faults lose and double nothing', function () {
  this.timeout(180_000);
  let server: TestServer;
  let api: ApiClient;
  let admin: string;
  let token: string;
  let organizationId: number;
  let knex: Knex;
  const sims: SmscSim[] = [];
  let nextLine = 0;

  before(async () => {
    server = await startTestServer();
    api = new ApiClient(server.url);
    ({ admin, token, organizationId } = await standaloneSender(api, 'SMPP faults', 100_000_000));
    knex = server.peyk.database.knex as Knex;
  });

  after(async () => {
    await server?.stop();
    for (const sim of sims) await sim.close().catch(() => undefined);
  });

  async function smppLine(sim: SmscSim, options: Record<string, unknown> = {}): Promise<{ agentId: number; lineId: number }> {
    const n = nextLine++;
    const agent = ok(await api.post('SenderAgents/Create', {
      title: `SMPP fault ${n}`, pluginName: 'smpp', maxPerSecond: 5_000, isActive: true, isSendActive: true, isActiveAllTime: true,
      options: { host: '127.0.0.1', port: sim.port, systemId: 'peyk', password: 'secret', binds: 2, window: 20, responseTimeoutMs: 700, reconnectMinMs: 50, reconnectMaxMs: 300, maxPerSecond: 5_000, ...options },
    }, { token: admin }));
    const lineId = ok(await api.post('PrivateNumbers/Create', {
      number: `3000660${n}`, useForm: 'OneNumber', numberType: 'Public', typePrivateNumber: 'Bulk', smsSenderAgentId: agent.id, isPublic: true, isActive: true, isSendBulk: true, deliveryBase: true,
    }, { token: admin })).id;
    return { agentId: agent.id, lineId };
  }

  const credit = async () => ok(await api.get(`Organizations/GetOrganizationCreditForAdmin?organizationId=${organizationId}`, { token: admin }));

  /** One send through a centre with these faults; checks the invariants and answers what happened. */
  async function sendThrough(fault: Partial<SmscSimOptions>, agentOptions: Record<string, unknown> = {}, during?: (sim: SmscSim) => Promise<void>) {
    const sim = await startSmscSim({ systemId: 'peyk', password: 'secret', deliveredRatio: 0.9, receiptDelayMs: 20, seed: 5 + nextLine, ...fault });
    sims.push(sim);
    const { agentId, lineId } = await smppLine(sim, agentOptions);
    const before = await credit();
    const receivers = Array.from({ length: RECEIVERS }, (_, i) => `0912${String(5_000_000 + nextLine * 1_000 + i)}`);
    const created = ok(await api.post('ScheduledMessages/Create', { senderNumberId: lineId, smsBody: `SMPP fault ${JSON.stringify(fault)}`, sendType: 'Bulk', receivers }, { token }));
    if (during) await during(sim);
    const done = await waitForSend(api, token, created.id, undefined, 120_000);

    const counts = done.deliveryStatusCounts as Record<string, number>;
    expect(Object.values(counts).reduce((a, b) => a + b, 0), JSON.stringify(counts)).to.equal(RECEIVERS);
    for (const status of Object.keys(counts)) expect(FINAL.has(status), `${status} is not final: ${JSON.stringify(counts)}`).to.equal(true);
    expect(done.pendingCount).to.equal(0);
    expect(sim.stats().duplicates, 'a message reached the centre twice').to.equal(0);

    const after = await credit();
    expect(BigInt(before.balance) - BigInt(after.balance), 'charged exactly the delivered messages').to.equal(100n * BigInt(counts.SentAndReceivedbyPhone ?? 0));
    expect(after.held).to.equal('0');
    expect(ok(await api.get('Ledger/Verify', { token: admin })).mismatches).to.deep.equal([]);

    // Every receipt the centre saw acknowledged was stored before: applied or kept as unmatched.
    await new Promise((r) => setTimeout(r, 300));
    const stats = sim.stats();
    const applied = await knex('send_recipients').where({ sendId: created.id }).whereNotNull('providerId').whereNot({ deliveryStatus: 'SentToItc' }).count<{ count: string }[]>({ count: '*' });
    const unmatched = await knex('unmatched_delivery_reports').where({ senderAgentId: agentId }).count<{ count: string }[]>({ count: '*' });
    expect(stats.receiptsAcked, JSON.stringify(stats)).to.be.at.most(Number(applied[0]!.count) * (fault.duplicateReceipts ? 2 : 1) + Number(unmatched[0]!.count) + (fault.duplicateReceipts || fault.strayReceipts ? stats.receiptsSent : 0));
    return { counts, done, stats, sim, agentId, sendId: created.id as number };
  }

  it('bad options (wrong password, unreachable port) show as a clear health error on the agent, never a crash', async () => {
    const sim = await startSmscSim({ systemId: 'peyk', password: 'secret', seed: 3 });
    sims.push(sim);
    const wrongPassword = await smppLine(sim, { password: 'wrongpw' });
    const unreachable = await smppLine(sim, { port: 1 });
    const healthOf = async (agentId: number) => (ok(await api.get('SenderAgents/GetAll', { token: admin })).items as any[]).find((a) => a.id === agentId)?.health;
    const until = async (agentId: number, pattern: RegExp) => {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const health = await healthOf(agentId);
        if (health?.state === 'down' && pattern.test(String(health.detail))) return health;
        if (Date.now() > deadline) throw new Error(`health of agent ${agentId}: ${JSON.stringify(health)}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    await until(wrongPassword.agentId, /ESME_RINVPASWD|password/i);
    await until(unreachable.agentId, /refused|ECONNREFUSED/i);
    // The panel keeps answering and the process did not crash.
    expect((await fetch(`${server.url}/api/health`)).ok).to.equal(true);
  });

  it('the centre drops the bind mid-send: every receiver final, nothing twice, money exact', async () => {
    const { counts } = await sendThrough({ dropBindAfterSubmits: 120 });
    expect(counts.SentAndReceivedbyPhone ?? 0).to.be.greaterThan(200);
  });

  it('the centre answers throttled: the bind slows down and the messages still go, once', async () => {
    const { counts, stats } = await sendThrough({ throttleRatio: 0.3 });
    expect(stats.throttled).to.be.greaterThan(0);
    expect(counts.SentAndReceivedbyPhone ?? 0).to.be.greaterThan(240);
  });

  it('the centre answers late, past the time-out: those messages end in doubt (given back), never sent again', async () => {
    const { counts } = await sendThrough({ lateResponseMs: 1_500, lateResponseRatio: 0.1 });
    expect(counts.ErrorInSending ?? 0, JSON.stringify(counts)).to.be.greaterThan(5);
  });

  it('the receipt comes before the submit answer: it is matched once the answer is stored', async () => {
    const { counts } = await sendThrough({ receiptBeforeResponse: true });
    expect(counts.SentAndReceivedbyPhone ?? 0).to.be.greaterThan(240);
    expect(counts.SentToItc ?? 0).to.equal(0);
  });

  it('the centre sends every receipt twice: applied once', async () => {
    const { counts, stats } = await sendThrough({ duplicateReceipts: true });
    expect(stats.receiptsSent).to.be.greaterThan(RECEIVERS);
    expect(counts.SentAndReceivedbyPhone ?? 0).to.be.greaterThan(240);
  });

  it('the centre sends receipts for ids it never gave: kept as unmatched, acknowledged, nothing else moves', async () => {
    const { agentId } = await sendThrough({ strayReceipts: true });
    const unmatched = await knex('unmatched_delivery_reports').where({ senderAgentId: agentId }).count<{ count: string }[]>({ count: '*' });
    expect(Number(unmatched[0]!.count)).to.be.greaterThan(0);
  });
});
