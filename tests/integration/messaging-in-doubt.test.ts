import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApiClient } from '../support/api-client.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { ok, standaloneLine, standaloneSender, waitForSend } from '../support/sending.js';

/**
 * An answer that never came (a time-out, a connection lost after the submit was written) leaves
 * the message in doubt: the operator may have it. On a gateway that cannot tell a repeat (SMPP),
 * sending it again could put a second copy on the phone, so the host ends it as ErrorInSending and
 * gives its money back; a deduplicating gateway gets it again under the same id.
 */
describe('Send engine: answers lost in flight are in doubt, never sent twice', function () {
  this.timeout(120_000);
  let server: TestServer;
  let api: ApiClient;
  let admin: string;
  let token: string;
  let organizationId: number;
  let dir = '';

  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'peyk-in-doubt-'));
    server = await startTestServer();
    api = new ApiClient(server.url);
    ({ admin, token, organizationId } = await standaloneSender(api, 'In doubt', 10_000_000));
  });

  after(async () => {
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const submitsOf = (log: string) => readFileSync(log, 'utf8').split('\n').filter((l) => l.endsWith('\tnew') || l.endsWith('\trepeat')).map((l) => l.split('\t')[0]!);

  it('a gateway without deduplication: each lost answer ends ErrorInSending and given back; no message reaches it twice', async () => {
    const log = path.join(dir, 'plain.log');
    const { lineId } = await standaloneLine(api, admin, '30009001', { deduplicate: false, lostAnswerRatio: 0.2, deliveryDelayMs: 10, seed: 11, submitLogPath: log });
    const credit = async () => ok(await api.get(`Organizations/GetOrganizationCreditForAdmin?organizationId=${organizationId}`, { token: admin }));
    const before = await credit();
    const receivers = Array.from({ length: 500 }, (_, i) => `0912${String(4_000_000 + i)}`);
    const created = ok(await api.post('ScheduledMessages/Create', { senderNumberId: lineId, smsBody: 'in doubt', sendType: 'Bulk', receivers }, { token }));
    const done = await waitForSend(api, token, created.id, undefined, 60_000);

    const submits = submitsOf(log);
    expect(new Set(submits).size, 'a message submitted twice').to.equal(submits.length);
    const counts = done.deliveryStatusCounts as Record<string, number>;
    expect(counts.ErrorInSending ?? 0, JSON.stringify(counts)).to.be.greaterThan(50);
    expect(done.deliveredCount + (counts.ErrorInSending ?? 0)).to.equal(500);
    // The line charges delivered messages only; everything in doubt is given back.
    const after = await credit();
    expect(BigInt(before.balance) - BigInt(after.balance)).to.equal(100n * BigInt(done.deliveredCount));
    expect(after.held).to.equal('0');
    expect(ok(await api.get('Ledger/Verify', { token: admin })).mismatches).to.deep.equal([]);
  });

  it('a deduplicating gateway: a lost answer is asked again under the same id and every message is delivered', async () => {
    const log = path.join(dir, 'dedupe.log');
    const { lineId } = await standaloneLine(api, admin, '30009002', { deduplicate: true, lostAnswerRatio: 0.2, deliveryDelayMs: 10, seed: 12, submitLogPath: log });
    const receivers = Array.from({ length: 300 }, (_, i) => `0912${String(4_100_000 + i)}`);
    const created = ok(await api.post('ScheduledMessages/Create', { senderNumberId: lineId, smsBody: 'asked again', sendType: 'Bulk', receivers }, { token }));
    const done = await waitForSend(api, token, created.id, undefined, 60_000);
    expect(done.deliveredCount, JSON.stringify(done.deliveryStatusCounts)).to.equal(300);
  });
});
