import { expect } from 'chai';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ApiClient } from '../support/api-client.js';
import { scratchPostgres } from '../support/databases.js';
import { freePort, killHard, spawnPeyk, waitHealthy } from '../support/peyk-processes.js';
import { ok, standaloneLine, standaloneSender } from '../support/sending.js';
import { INITIAL_ADMIN_PASSWORD } from '../support/test-server.js';
import { TestEsme, ESME_ROK, type Pdu } from '../support/smpp-esme.js';

/**
 * The SMPP server under kill -9 while a carrier streams submit_sm over 4 binds (issue 30): every
 * message answered ESME_ROK was stored and held before its answer, so after a restart each one is
 * a send (its message id is the send's client send id), none twice; each is billed once and its
 * receipt reaches the carrier when it binds again. Messages in flight at the kill got no answer:
 * they may or may not exist (a carrier resubmits them), but never twice and never unbilled.
 * PostgreSQL only (a scratch database): the first life is a web process, which the embedded
 * database (owned by one process that also dispatches) cannot run apart.
 */
describe('SMPP server: kill -9 mid-stream loses no answered message and bills each once', function () {
  this.timeout(300_000);
  const lineNumber = '30007990';
  let child: ChildProcess | null = null;
  let dataDir = '';
  let drop: (() => Promise<void>) | null = null;
  let dbUrl = '';
  const esmes: TestEsme[] = [];

  after(async () => {
    for (const e of esmes) e.close();
    await killHard(child);
    if (drop) await drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('answered messages survive the kill as one billed send each, and their receipts come after the restart', async function () {
    if (!process.env.DATABASE_URL) {
      // One process owns the embedded database; the web-only first life needs PostgreSQL.
      this.skip();
    }
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'peyk-smpp-crash-'));
    if (process.env.DATABASE_URL) ({ url: dbUrl, drop } = await scratchPostgres(process.env.DATABASE_URL, 'peyk_smpp_crash'));
    const port = await freePort();
    const smppPort = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const start = async (role: 'web' | 'all') => {
      child = spawnPeyk({
        PEYK_ROLE: role, PORT: String(port), PEYK_DATA_DIR: dataDir, PEYK_ADMIN_PASSWORD: INITIAL_ADMIN_PASSWORD, DATABASE_URL: dbUrl,
        REDIS_URL: dbUrl ? process.env.REDIS_URL ?? '' : '', PEYK_REDIS_PREFIX: `peyk-smpp-crash-${process.pid}`,
        PEYK_SMPP_SERVER_PORT: String(smppPort), PEYK_DISPATCH_LEASE_MS: '3000',
      });
      await waitHealthy(base, child);
    };
    // The first life answers HTTP and SMPP only (role web: no dispatcher), so the kill lands in the
    // accepting of messages, not in their dispatch (the single-lane crash test kills that).
    await start('web');
    const api = new ApiClient(base);
    const { admin, token, organizationId } = await standaloneSender(api, 'SMPP crash', 100_000_000);
    await standaloneLine(api, admin, lineNumber, { deliveryDelayMs: 30, deliveryRatio: 1 }, { isSendSingle: true, isSendApiSingle: true });
    const userId = ok(await api.get('Users/GetCurrentUser', { token })).id as number;
    ok(await api.post('SmppAccounts/Create', { systemId: 'crash1', password: 'pw123', userId, throughput: 5000, windowSize: 100, maxBinds: 4 }, { token: admin }));
    const credit = async () => {
      const c = ok(await api.get(`Organizations/GetOrganizationCreditForAdmin?organizationId=${organizationId}`, { token: admin }));
      return { balance: BigInt(c.balance ?? c.credit), held: BigInt(c.held ?? 0) };
    };
    const before = await credit();

    // Four binds, each keeping 40 submits outstanding, until the process is killed.
    const binds = await Promise.all(Array.from({ length: 4 }, () => TestEsme.bound(smppPort, 'crash1', 'pw123', 'transceiver')));
    esmes.push(...binds);
    const answered: string[] = [];
    let next = 0;
    let killed = false;
    const stream = async (e: TestEsme) => {
      const lane = async () => {
        while (!killed) {
          const i = next++;
          let r: Pdu;
          try {
            r = await e.submit({ source_addr: lineNumber, destination_addr: `98912600${String(i).padStart(4, '0')}`, short_message: `crash ${i}` });
          } catch {
            return; // the connection died with the process: no answer
          }
          if (r.command_status === ESME_ROK) answered.push(String(r.message_id));
        }
      };
      await Promise.all(Array.from({ length: 40 }, lane));
    };
    const streams = Promise.all(binds.map(stream));
    for (const deadline = Date.now() + 60_000; answered.length < 600;) {
      if (Date.now() > deadline) throw new Error(`only ${answered.length} answers before the kill`);
      await new Promise((r) => setTimeout(r, 5));
    }
    killed = true;
    await killHard(child);
    await streams;
    const answeredBeforeKill = [...answered];
    expect(new Set(answeredBeforeKill).size, 'message ids are unique').to.equal(answeredBeforeKill.length);

    await start('all');
    {
      // The receiver binds again: each answered and delivered message's receipt arrives.
      const receiver = await TestEsme.bound(smppPort, 'crash1', 'pw123', 'receiver');
      esmes.push(receiver);
      const receipted = () => new Set([...binds, receiver].flatMap((e) => e.receipts().map((r) => String(r.receipted_message_id))));
      await receiver.until(() => answeredBeforeKill.every((id) => receipted().has(id)), 120_000, 'a receipt for every answered message');

      // Every send of the organization ends, once per message; the money is exact.
      const db = new pg.Client({ connectionString: dbUrl });
      await db.connect();
      const read = async () => (await db.query('select id, "clientSendId", "queueStatus", status, "deliveredCount" from sends where "organizationId" = $1', [organizationId])).rows as {
        id: number; clientSendId: string; queueStatus: string; status: string; deliveredCount: number;
      }[];
      let sends = await read();
      for (const deadline = Date.now() + 120_000; sends.some((s) => s.queueStatus !== 'Completed') && Date.now() < deadline;) {
        await new Promise((r) => setTimeout(r, 500));
        sends = await read();
      }
      await db.end();
      expect(sends.filter((s) => s.queueStatus !== 'Completed').map((s) => s.id), 'every send ended').to.deep.equal([]);
      const byClientId = new Map<string, number>();
      for (const s of sends) byClientId.set(s.clientSendId, (byClientId.get(s.clientSendId) ?? 0) + 1);
      expect([...byClientId].filter(([, n]) => n > 1), 'no message stored twice').to.deep.equal([]);
      expect(answeredBeforeKill.filter((id) => !byClientId.has(id)), 'every answered message is a send').to.deep.equal([]);
      const after = await credit();
      expect(after.held, 'nothing left held').to.equal(0n);
      // Nothing was on the wire at the kill: every stored send goes out, is delivered and charged once.
      expect(sends.filter((s) => s.deliveredCount !== 1).map((s) => [s.id, s.status]), 'every send delivered').to.deep.equal([]);
      expect(before.balance - after.balance, 'charged once for each send').to.equal(100n * BigInt(sends.length));
    }
  });
});
