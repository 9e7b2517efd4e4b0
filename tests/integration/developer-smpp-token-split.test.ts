import type { ChildProcess } from 'node:child_process';
import { expect } from 'chai';
import knexFactory, { type Knex } from 'knex';
import { ApiClient } from '../support/api-client.js';
import { SplitInstallation, freePort, waitHealthy } from '../support/peyk-processes.js';
import { INITIAL_ADMIN_PASSWORD } from '../support/test-server.js';
import { ok, standaloneLine, standaloneSender } from '../support/sending.js';
import { TestEsme, ESME_ROK } from '../support/smpp-esme.js';

const ESME_RBINDFAIL = 0x0d;
const ESME_RINVBNDSTS = 0x04;
/** "At once" across processes: the Redis hop plus a loaded two-core machine, well inside the 30 s re-read. */
const ACROSS_MS = 2_000;

/**
 * Issue 21 F7 across processes (developer/smpp-server/CONTEXT.md "Token revoked or rotated"): the
 * token is revoked or rotated through web process A's API while the SMPP client is bound to web
 * process B. B must end those binds at once, not at its 30 s account re-read (revoked) or never
 * (rotated). Needs PostgreSQL and Redis: two processes share neither the embedded database nor an
 * in-process signal.
 */
describe('SMPP binds end in every process when their API token is revoked or rotated', function () {
  this.timeout(300_000);
  let install: SplitInstallation | null = null;
  let knex: Knex | null = null;
  let api: ApiClient;
  let admin: string;
  let token: string;
  let smppPort: number;
  let bBase: string;
  let userId: number;
  const lineNumber = '30007781';
  const esmes: TestEsme[] = [];
  let n = 0;

  before(async function () {
    if (!process.env.DATABASE_URL || !process.env.REDIS_URL) {
      // eslint-disable-next-line no-console
      console.log('    (skipped: two web processes need PostgreSQL and Redis; one process is covered by developer-smpp-server.test.ts)');
      this.skip();
    }
    install = await SplitInstallation.create('smpptoken', INITIAL_ADMIN_PASSWORD);
    const a: ChildProcess = install.spawn('web');
    await waitHealthy(install.base, a);
    // B: a second web process with the SMPP server, on its own HTTP port; nobody calls its API.
    const bPort = await freePort();
    bBase = `http://127.0.0.1:${bPort}`;
    smppPort = await freePort();
    const b = install.spawn('web', { PORT: String(bPort), PEYK_SMPP_SERVER_PORT: String(smppPort) });
    await waitHealthy(`http://127.0.0.1:${bPort}`, b);
    api = new ApiClient(install.base);
    ({ admin, token } = await standaloneSender(api, 'SMPP split', 10_000_000));
    await standaloneLine(api, admin, lineNumber, { deliveryDelayMs: 20, deliveryRatio: 1 }, { isSendSingle: true, isSendApiSingle: true });
    knex = knexFactory({ client: 'pg', connection: install.dbUrl, pool: { min: 0, max: 2 } });
  });

  after(async () => {
    for (const e of esmes) e.close();
    await knex?.destroy();
    await install?.close();
  });

  async function account(apiTokenId: number | null): Promise<{ systemId: string; password: string }> {
    const systemId = `split${++n}`;
    ok(await api.post('SmppAccounts/Create', { systemId, password: 'pw123', userId, apiTokenId, throughput: 100, windowSize: 10, maxBinds: 4 }, { token: admin }));
    return { systemId, password: 'pw123' };
  }

  async function bound(a: { systemId: string; password: string }): Promise<TestEsme> {
    const e = await TestEsme.bound(smppPort, a.systemId, a.password);
    esmes.push(e);
    return e;
  }

  const sends = async () => Number((await knex!('sends').where({ userId }).count({ c: '*' }))[0]!.c);
  const submit = (e: TestEsme, text: string) => e.submit({ source_addr: lineNumber, destination_addr: '989121234572', short_message: text });

  /** B ended the bind within ACROSS_MS of A's answer; a submit_sm after that is refused and nothing is sent or billed. */
  async function endedAcross(e: TestEsme, changedAt: number, sendsBefore: number): Promise<void> {
    await e.until(() => e.unbinds > 0 || e.closed, ACROSS_MS, 'process B to end the bind');
    expect(Date.now() - changedAt).to.be.below(ACROSS_MS);
    const answer = await submit(e, 'after the end').then((r) => r.command_status, () => 'closed');
    expect(answer, 'refused (or the connection already gone), never accepted').to.be.oneOf([ESME_RINVBNDSTS, 'closed']);
    await e.until(() => e.closed, 10_000, 'the connection to close');
    expect(await sends(), 'nothing sent or billed after the change').to.equal(sendsBefore);
  }

  it('a key revoked or rotated through process A is refused by process B\'s REST API at once, not after its 5 s cache', async () => {
    const onB = new ApiClient(bBase);
    const v1 = (key: string) => onB.call('GET', 'v1/credit', { headers: { 'x-api-key': key } });
    const revoked = ok(await api.post('ApiTokens/Create', { title: 'split rest' }, { token }));
    ok(await v1(revoked.token));
    ok(await v1(revoked.token));
    ok(await api.post(`ApiTokens/Revoke/${revoked.id}`, {}, { token }));
    await new Promise((r) => setTimeout(r, 300));
    expect((await v1(revoked.token)).status, 'revoked: refused by B within moments').to.equal(401);
    const rotated = ok(await api.post('ApiTokens/Create', { title: 'split rest 2' }, { token }));
    ok(await v1(rotated.token));
    const fresh = ok(await api.post(`ApiTokens/Rotate/${rotated.id}`, {}, { token }));
    await new Promise((r) => setTimeout(r, 300));
    expect((await v1(rotated.token)).status, 'the old secret of a rotated key').to.equal(401);
    if (fresh.token) ok(await v1(fresh.token));
  });

  it('revoking through process A ends the bind held by process B at once; rotating too, and a new bind then works', async () => {
    const revoked = ok(await api.post('ApiTokens/Create', { title: 'split carrier' }, { token }));
    userId = revoked.userId;
    const r = await account(revoked.id);
    const e = await bound(r);
    expect((await submit(e, 'before')).command_status, 'the bind sends (and bills) before the change').to.equal(ESME_ROK);
    const other = await bound(await account(null));
    const before = await sends();

    ok(await api.post(`ApiTokens/Revoke/${revoked.id}`, {}, { token }));
    await endedAcross(e, Date.now(), before);
    const late = await TestEsme.connect(smppPort);
    esmes.push(late);
    expect(await late.bind(r.systemId, r.password), 'a revoked token refuses new binds').to.equal(ESME_RBINDFAIL);

    const rotated = ok(await api.post('ApiTokens/Create', { title: 'split carrier 2' }, { token }));
    const t = await account(rotated.id);
    const te = await bound(t);
    ok(await api.post(`ApiTokens/Rotate/${rotated.id}`, {}, { token }));
    await endedAcross(te, Date.now(), before);
    // The token is still active: a fresh bind is accepted and sends.
    const again = await bound(t);
    expect((await submit(again, 'bound again')).command_status).to.equal(ESME_ROK);
    // An account without a token keeps its bind.
    expect((await other.request('enquire_link')).command_status).to.equal(ESME_ROK);
  });
});
