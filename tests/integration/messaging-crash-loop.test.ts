import { expect } from 'chai';
import { existsSync, readFileSync } from 'node:fs';
import { ApiClient } from '../support/api-client.js';
import { KillablePanel } from '../support/peyk-processes.js';
import { ok, standaloneSender } from '../support/sending.js';

const RECIPIENTS = 20_000;
/** The agent's rate: slow enough that every kill lands in the middle of the send. */
const RATE = 2_000;
const CHUNK = 200;
const CONCURRENCY = 8;
const LEASE_MS = 3_000;

interface Submit { id: string; providerId: string; line: number }

/**
 * kill -9 of the dispatching process, several times in one send, with a gateway that counts every
 * submit. On PostgreSQL a web process takes the requests and a worker process is killed; on the
 * embedded database (one process owns it) the whole panel is killed and restarted on its data dir.
 * Whatever the timing, no message reaches the gateway twice, and a receiver is given back as
 * "in doubt" only if its submit happened in a process that was then killed — never because a
 * second worker took over rows a live one was still sending.
 */
describe('Send engine: kill -9 in a loop never submits a message twice', function () {
  this.timeout(600_000);
  let installation: KillablePanel | null = null;

  before(async () => {
    installation = await KillablePanel.create('crash-loop', { PEYK_DISPATCH_LEASE_MS: String(LEASE_MS) });
  });

  after(async () => {
    await installation?.close();
  });

  function readSubmits(logPath: string): Submit[] {
    if (!existsSync(logPath)) return [];
    const out: Submit[] = [];
    readFileSync(logPath, 'utf8').split('\n').forEach((text, line) => {
      const [id, providerId, kind] = text.split('\t');
      if (kind === 'new' || kind === 'repeat') out.push({ id: id!, providerId: providerId!, line });
    });
    return out;
  }

  async function allRecipients(api: ApiClient, token: string, id: number): Promise<any[]> {
    const out: any[] = [];
    for (let page = 0; ; page++) {
      const res = ok(await api.get(`OutBox/GetRecipients?id=${id}&pageIndex=${page}&pageSize=500`, { token }));
      out.push(...res.items);
      if (res.items.length < 500) return out;
    }
  }

  /** The panel up with a funded sender; the same installation serves both scenarios. */
  let setup: Promise<{ api: ApiClient; admin: string; token: string; organizationId: number }> | null = null;
  function panel() {
    setup ??= (async () => {
      await installation!.start();
      const api = new ApiClient(installation!.base);
      return { api, ...(await standaloneSender(api, 'Crash loop org', 100_000_000)) };
    })();
    return setup;
  }

  /**
   * One send of RECIPIENTS through a simulator that logs every submit, the dispatching process
   * killed at each share of the gateway's count. Answers what the gateway saw and what was stored.
   */
  async function sendThroughKills(deduplicate: boolean, shares: number[]) {
    const { api, admin, token, organizationId } = await panel();
    const logPath = installation!.file(`submits-${deduplicate}.log`);
    const agent = ok(await api.post('SenderAgents/Create', {
      title: 'Counting gateway', pluginName: 'simulator', maxPerSecond: RATE, isActive: true, isSendActive: true, isActiveAllTime: true,
      options: { submitLatencyMs: 5, deliveryDelayMs: 50, deliveryRatio: 1, maxPerSecond: 100_000, maxBatchSize: CHUNK, submitLogPath: logPath, deduplicate, seed: 7 },
    }, { token: admin }));
    const line = ok(await api.post('PrivateNumbers/Create', {
      number: deduplicate ? '3000778' : '3000777', useForm: 'OneNumber', numberType: 'Public', typePrivateNumber: 'Bulk', smsSenderAgentId: agent.id,
      isPublic: true, isActive: true, isSendBulk: true, deliveryBase: true,
    }, { token: admin }));
    const numbers = Array.from({ length: RECIPIENTS }, (_, i) => `0912${String(deduplicate ? 3_000_000 + i : 2_000_000 + i)}`).join('\n');
    const upload = ok(await api.call('POST', 'ScheduledMessages/UploadRecipients', { rawBody: numbers, headers: { 'content-type': 'text/plain' }, token }));
    const before = ok(await api.get(`Organizations/GetOrganizationCreditForAdmin?organizationId=${organizationId}`, { token: admin }));
    const created = ok(await api.post('ScheduledMessages/Create', { senderNumberId: line.id, smsBody: 'crash loop', sendType: 'Bulk', recipientsUploadId: upload.uploadId }, { token }));

    // Each kill once the gateway has seen a further share of the send; the log is the gateway's
    // own count, so this works while no process answers (the embedded database's case).
    const boundaries: number[] = [];
    for (const share of shares) {
      const deadline = Date.now() + 120_000;
      while (readSubmits(logPath).length < RECIPIENTS * share) {
        if (Date.now() > deadline) throw new Error(`the send did not reach ${share * 100}% (${readSubmits(logPath).length} submits)`);
        await new Promise((r) => setTimeout(r, 20));
      }
      await installation!.killSender();
      // Everything the killed process submitted is in the log now (written before each answer).
      boundaries.push(readFileSync(logPath, 'utf8').split('\n').length - 1);
      await installation!.restartSender();
    }

    let done: any;
    const deadline = Date.now() + 180_000;
    for (;;) {
      done = ok(await api.get(`OutBox/Get/${created.id}`, { token }));
      if (done.queueStatus === 'Completed' || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(done.queueStatus, JSON.stringify(done)).to.equal('Completed');
    expect(done.pendingCount).to.equal(0);
    const byId = new Map<string, Submit[]>();
    for (const s of readSubmits(logPath)) byId.set(s.id, [...(byId.get(s.id) ?? []), s]);
    const receivers = await allRecipients(api, token, created.id);
    expect(receivers).to.have.length(RECIPIENTS);
    return { api, admin, token, organizationId, before, done, byId, boundaries, receivers, sendId: created.id as number };
  }

  /** The process life a log line belongs to (0 = before the first kill). */
  const lifeOf = (boundaries: number[], line: number) => boundaries.filter((b) => line >= b).length;

  it('survives three kills with a gateway that does not deduplicate: zero repeats, in-doubt only from killed lives, money exact', async () => {
    const { api, admin, organizationId, before, done, byId, boundaries, receivers, sendId } = await sendThroughKills(false, [0.15, 0.4, 0.65]);
    const repeated = [...byId.values()].filter((list) => list.length > 1);
    expect(repeated.length, `messages submitted twice, e.g. ${JSON.stringify(repeated.slice(0, 3))}`).to.equal(0);

    const lastKill = boundaries[boundaries.length - 1]!;
    let sent = 0;
    let inDoubt = 0;
    const wronglyGivenBack: string[] = [];
    for (const r of receivers) {
      const id = `${sendId}:${r.seq}`;
      const seen = byId.get(id)?.[0];
      if (r.providerId) {
        sent++;
        expect(seen?.providerId, `receiver ${id} stored a provider id the gateway never gave`).to.equal(r.providerId);
        continue;
      }
      expect(r.deliveryStatus, `receiver ${id}`).to.equal('ErrorInSending');
      inDoubt++;
      // Given back as in doubt: fine only if its submit (if any) was made by a process that died.
      if (seen && seen.line >= lastKill) wronglyGivenBack.push(id);
    }
    expect(wronglyGivenBack, 'receivers submitted by the surviving process but given back as in doubt').to.deep.equal([]);
    // At most what a killed process had in flight: its workers' claimed chunks.
    expect(inDoubt).to.be.at.most(boundaries.length * CONCURRENCY * CHUNK);
    expect(done.sentCount).to.equal(sent);
    expect(done.deliveredCount).to.equal(sent);

    // The line charges delivered messages only (deliveryBase), 100 rials each; nothing stays held.
    const afterCredit = ok(await api.get(`Organizations/GetOrganizationCreditForAdmin?organizationId=${organizationId}`, { token: admin }));
    expect(BigInt(before.balance) - BigInt(afterCredit.balance)).to.equal(100n * BigInt(sent));
    expect(afterCredit.held).to.equal('0');
    expect(ok(await api.get('Ledger/Verify', { token: admin })).mismatches).to.deep.equal([]);
  });

  it('survives two kills with a deduplicating gateway: a message is repeated only once, after the death of the process that sent it', async () => {
    const { byId, boundaries, receivers, done, sendId } = await sendThroughKills(true, [0.2, 0.55]);
    const problems: string[] = [];
    for (const [id, list] of byId) {
      const fresh = list.filter((s) => s.providerId === list[0]!.providerId);
      if (fresh.length !== list.length) problems.push(`${id}: two provider ids`);
      // A repeat is the successor's resubmission of a message in doubt: never two in one life.
      const lives = list.map((s) => lifeOf(boundaries, s.line));
      if (new Set(lives).size !== lives.length) problems.push(`${id}: submitted twice by one process (lives ${lives.join(',')})`);
    }
    expect(problems.slice(0, 5), `${problems.length} receivers`).to.deep.equal([]);
    // The gateway answers a repeat with its first id, so nothing is in doubt: every receiver was sent.
    const unsent = receivers.filter((r) => r.providerId === null || r.providerId !== byId.get(`${sendId}:${r.seq}`)?.[0]?.providerId);
    expect(unsent.slice(0, 3).map((r) => ({ ...r, submits: byId.get(`${sendId}:${r.seq}`) })), `${unsent.length} receivers not sent as the gateway saw them`).to.deep.equal([]);
    expect(done.sentCount).to.equal(RECIPIENTS);
  });
});
