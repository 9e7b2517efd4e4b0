import { expect } from 'chai';
import { existsSync, readFileSync } from 'node:fs';
import { ApiClient } from '../support/api-client.js';
import { KillablePanel } from '../support/peyk-processes.js';
import { ok, standaloneSender } from '../support/sending.js';

const SENDS = 1_500;
const RATE = 500;

/**
 * The single-send lane (many one-receiver sends claimed, leased, submitted and stored together)
 * under kill -9 of the worker, twice, with a gateway that does not deduplicate: no message reaches
 * it twice, every send ends, and the money is exact. PostgreSQL only: the sends are made through a
 * web process while the worker is down, so the kills land in the lane's work, not in the requests.
 */
describe('Send engine: kill -9 during the single-send lane never submits a message twice', function () {
  this.timeout(600_000);
  let installation: KillablePanel | null = null;

  before(async function () {
    if (!process.env.DATABASE_URL) {
      console.log('      (skipped on the embedded database: the test needs a web process apart from the worker)');
      this.skip();
    }
    installation = await KillablePanel.create('single-lane', { PEYK_DISPATCH_LEASE_MS: '3000' });
  });

  after(async () => {
    await installation?.close();
  });

  function submits(logPath: string): { id: string; providerId: string; line: number }[] {
    if (!existsSync(logPath)) return [];
    const out: { id: string; providerId: string; line: number }[] = [];
    readFileSync(logPath, 'utf8').split('\n').forEach((text, line) => {
      const [id, providerId, kind] = text.split('\t');
      if (kind === 'new' || kind === 'repeat') out.push({ id: id!, providerId: providerId!, line });
    });
    return out;
  }

  it('two kills mid-lane: zero repeats, every send completed, in doubt only from killed lives, money exact', async () => {
    await installation!.start();
    const api = new ApiClient(installation!.base);
    const { admin, token, organizationId } = await standaloneSender(api, 'Single lane org', 100_000_000);
    const logPath = installation!.file('submits.log');
    const agent = ok(await api.post('SenderAgents/Create', {
      title: 'Counting gateway', pluginName: 'simulator', maxPerSecond: RATE, isActive: true, isSendActive: true, isActiveAllTime: true,
      options: { submitLatencyMs: 5, deliveryDelayMs: 50, deliveryRatio: 1, maxPerSecond: 100_000, maxBatchSize: 50, submitLogPath: logPath, deduplicate: false, seed: 3 },
    }, { token: admin }));
    const line = ok(await api.post('PrivateNumbers/Create', {
      number: '3000779', useForm: 'OneNumber', numberType: 'Public', typePrivateNumber: 'Bulk', smsSenderAgentId: agent.id,
      isPublic: true, isActive: true, isSendSingle: true, isSendBulk: true, deliveryBase: true,
    }, { token: admin }));
    // The worker is down while the sends are made: they all wait Ready for the lane.
    await installation!.killSender();
    const before = ok(await api.get(`Organizations/GetOrganizationCreditForAdmin?organizationId=${organizationId}`, { token: admin }));
    const ids: number[] = [];
    for (let i = 0; i < SENDS; i += 50) {
      const batch = await Promise.all(Array.from({ length: Math.min(50, SENDS - i) }, (_, k) => api.post('ScheduledMessages/CreateFastScheduledMessage', {
        senderNumberId: line.id, smsBody: 'Your code is 9911', mobile: `0912${String(4_000_000 + i + k)}`,
      }, { token })));
      for (const b of batch) ids.push(ok(b).id);
    }
    await installation!.restartSender();
    const boundaries: number[] = [];
    for (const share of [0.25, 0.6]) {
      const deadline = Date.now() + 120_000;
      while (submits(logPath).length < SENDS * share) {
        if (Date.now() > deadline) throw new Error(`the lane did not reach ${share * 100}% (${submits(logPath).length} submits)`);
        await new Promise((r) => setTimeout(r, 20));
      }
      await installation!.killSender();
      boundaries.push(readFileSync(logPath, 'utf8').split('\n').length - 1);
      await installation!.restartSender();
    }

    // Every send ends (in-doubt ones after their lease runs out and the stale sweep takes them).
    const deadline = Date.now() + 240_000;
    let sends: any[] = [];
    for (;;) {
      sends = [];
      for (let page = 0; ; page++) {
        const res = ok(await api.get(`OutBox/GetAll?pageIndex=${page}&pageSize=500`, { token }));
        sends.push(...res.items);
        if (res.items.length < 500) break;
      }
      if (sends.filter((s) => ids.includes(s.id)).every((s) => s.queueStatus === 'Completed') || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 1_000));
    }
    const mine = sends.filter((s) => ids.includes(s.id));
    expect(mine).to.have.length(SENDS);
    expect(mine.filter((s) => s.queueStatus !== 'Completed').map((s) => [s.id, s.queueStatus])).to.deep.equal([]);

    const byId = new Map<string, { providerId: string; line: number }[]>();
    for (const s of submits(logPath)) byId.set(s.id, [...(byId.get(s.id) ?? []), s]);
    const repeated = [...byId.entries()].filter(([, list]) => list.length > 1);
    expect(repeated.length, `messages submitted twice, e.g. ${JSON.stringify(repeated.slice(0, 3))}`).to.equal(0);

    const lastKill = boundaries[boundaries.length - 1]!;
    let delivered = 0;
    for (const s of mine) {
      const seen = byId.get(`${s.id}:0`)?.[0];
      if (s.deliveredCount === 1) {
        delivered++;
        expect(seen, `send ${s.id} delivered without a submit`).to.not.equal(undefined);
        continue;
      }
      // Given back as in doubt: only if its submit (if any) was made by a process that was killed.
      expect(s.status, `send ${s.id}`).to.equal('ErrorInSending');
      if (seen) expect(seen.line, `send ${s.id} submitted by the surviving process but given back`).to.be.lessThan(lastKill);
    }
    expect(delivered).to.be.greaterThan(SENDS * 0.8);
    const after = ok(await api.get(`Organizations/GetOrganizationCreditForAdmin?organizationId=${organizationId}`, { token: admin }));
    expect(BigInt(before.balance) - BigInt(after.balance), 'charged for delivered sends only').to.equal(100n * BigInt(delivered));
    expect(BigInt(after.held ?? 0)).to.equal(0n);
  });
});
