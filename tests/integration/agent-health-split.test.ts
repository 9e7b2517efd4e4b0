import type { ChildProcess } from 'node:child_process';
import { expect } from 'chai';
import { ApiClient } from '../support/api-client.js';
import { SplitInstallation, killHard, waitHealthy } from '../support/peyk-processes.js';
import { ok } from '../support/sending.js';

/** Short, so a dead worker's record runs out within the test; re-published every second (a quarter, whole seconds). */
const TTL_MS = 4_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Agent health across processes (numbers/CONTEXT.md "Live health"): the web process holds no
 * gateway, so its agent list answers the record the worker holding the connection keeps fresh in
 * the shared store, and "down, not connected in any worker" once that worker is gone (kill -9: no
 * goodbye) and its record has run out. Needs PostgreSQL and Redis: two processes share neither an
 * embedded database nor an in-process store.
 */
describe('Agent health from a web process while a worker holds the connection', function () {
  this.timeout(300_000);
  let install: SplitInstallation | null = null;
  let web: ChildProcess;
  let worker: ChildProcess;
  let base = '';

  before(async function () {
    if (!process.env.DATABASE_URL || !process.env.REDIS_URL) {
      // eslint-disable-next-line no-console
      console.log('    (skipped: separate web and worker processes need PostgreSQL and Redis)');
      this.skip();
    }
    install = await SplitInstallation.create('healthkv', 'Health#Pass1');
    base = install.base;
    web = install.spawn('web', { PEYK_AGENT_HEALTH_TTL_MS: String(TTL_MS) });
    await waitHealthy(base, web);
  });

  after(async () => {
    await install?.close();
  });

  it('answers the worker\'s view, keeps it while the worker lives, and down within the expiry after kill -9', async () => {
    const api = new ApiClient(base);
    const first = ok(await api.post('Account/Login', { userName: 'admin', password: 'Health#Pass1' }));
    ok(await api.post('Account/ChangePassword', { currentPassword: 'Health#Pass1', newPassword: 'Health#Pass2', confirmPassword: 'Health#Pass2' }, { token: first.accessToken }));
    const token = ok(await api.post('Account/Login', { userName: 'admin', password: 'Health#Pass2' })).accessToken;
    const simulator = async (culture = 'en-US') => {
      const all = ok(await api.get('SenderAgents/GetAll', { token, culture }));
      return all.items.find((a: any) => a.pluginName === 'simulator' && a.title === 'شبیه‌ساز');
    };

    // No worker yet: nobody holds the first-start simulator agent.
    const before = await simulator();
    expect(before.health).to.deep.include({ state: 'down', detail: 'not connected in any worker', heldBy: null });
    expect((await simulator('fa')).health.detail).to.equal('در هیچ پردازشگر ارسالی متصل نیست');

    worker = install!.spawn('worker', { PEYK_AGENT_HEALTH_TTL_MS: String(TTL_MS) });
    const heldByWorker = `:${worker.pid}:`;
    const up = await until('the simulator up, held by the worker', async () => {
      const agent = await simulator();
      return agent.health.state === 'up' && String(agent.health.heldBy).includes(heldByWorker) ? agent : null;
    }, 180_000);
    expect(up.health.heldBy).to.not.include(`:${web.pid}:`);
    expect(up.health.since).to.be.a('string');
    expect(ok(await api.get(`SenderAgents/GetHealth/${up.id}`, { token }))).to.deep.include({ state: 'up', heldBy: up.health.heldBy });

    // Twice the expiry later it is still the worker's "up": the worker re-publishes its record.
    await sleep(2 * TTL_MS);
    expect((await simulator()).health).to.deep.include({ state: 'up', heldBy: up.health.heldBy });

    await killHard(worker);
    const killedAt = Date.now();
    const down = await until('the simulator down once the record ran out', async () => {
      const agent = await simulator();
      return agent.health.state === 'down' ? agent : null;
    }, 30_000);
    const tookMs = Date.now() - killedAt;
    expect(down.health).to.deep.include({ detail: 'not connected in any worker', heldBy: null });
    // The record was last written at most one beat before the kill; two seconds for a loaded machine.
    expect(tookMs, 'time from kill -9 to down').to.be.below(TTL_MS + 2_000);
  });
});

async function until<T>(what: string, read: () => Promise<T | null>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}
