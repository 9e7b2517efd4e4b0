import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { freePort, spawnPeyk, waitHealthy, killHard } from '../support/peyk-processes.js';
import { ROOT_DIR, INITIAL_ADMIN_PASSWORD } from '../support/test-server.js';
import { createScratchPostgresDatabase } from '../../server/platform/db.js';

/** Resolves with the exit code and how long after `since` it came. */
function exited(child: ChildProcess, since: () => number): Promise<{ code: number | null; signal: string | null; afterMs: number }> {
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal, afterMs: Date.now() - since() })));
}

describe('shutdown with a deadline (SIGTERM / SIGINT)', function () {
  this.timeout(180_000);
  const dirs: string[] = [];
  const drops: (() => Promise<void>)[] = [];
  const children: ChildProcess[] = [];

  /** The database this run tests on: embedded in a fresh data dir, or a scratch PostgreSQL database. */
  async function environment(): Promise<Record<string, string>> {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'peyk-shutdown-'));
    dirs.push(dataDir);
    const env: Record<string, string> = { PEYK_DATA_DIR: dataDir, PORT: String(await freePort()), PEYK_ADMIN_PASSWORD: INITIAL_ADMIN_PASSWORD, PEYK_REDIS_PREFIX: `peyk-shutdown-${process.pid}-${Date.now().toString(36)}` };
    if (process.env.DATABASE_URL) {
      const scratch = await createScratchPostgresDatabase(process.env.DATABASE_URL, 'peyk_shutdown');
      drops.push(scratch.drop);
      env.DATABASE_URL = scratch.url;
    }
    return env;
  }

  afterEach(async () => {
    for (const c of children.splice(0)) await killHard(c);
  });
  after(async () => {
    for (const d of drops) await d().catch(() => undefined);
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('npm start\'s process stops within the deadline on SIGTERM, and exits 0 when it drained', async () => {
    const env = await environment();
    const child = spawnPeyk(env);
    children.push(child);
    await waitHealthy(`http://127.0.0.1:${env.PORT}`, child);
    let sentAt = 0;
    const end = exited(child, () => sentAt);
    sentAt = Date.now();
    child.kill('SIGTERM');
    const { code, afterMs } = await end;
    expect(code).to.equal(0);
    expect(afterMs, 'well within PEYK_SHUTDOWN_MS (10 s)').to.be.below(10_000);
  });

  it('a job that never ends and holds a transaction does not keep the process past PEYK_SHUTDOWN_MS', async () => {
    const env = { ...(await environment()), PEYK_SHUTDOWN_MS: '3000', LOG_LEVEL: 'silent' };
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT_DIR, 'tests', 'support', 'hung-job-peyk.ts')], {
      cwd: ROOT_DIR, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    await new Promise<void>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (d: Buffer) => { out += d.toString(); if (out.includes('ready')) resolve(); });
      child.once('exit', (code) => reject(new Error(`exited (${code}) before the job held its transaction`)));
    });
    let sentAt = 0;
    const end = exited(child, () => sentAt);
    sentAt = Date.now();
    child.kill('SIGTERM');
    const { code, afterMs } = await end;
    expect(code, 'the deadline ended it, not a clean drain').to.equal(1);
    expect(afterMs).to.be.within(2_500, 6_000);
  });
});
