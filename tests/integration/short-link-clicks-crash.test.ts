import { expect } from 'chai';
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { ApiClient } from '../support/api-client.js';
import { ok } from '../support/sending.js';
import { scratchPostgres } from '../support/databases.js';
import { freePort, killHard, spawnPeyk, waitHealthy } from '../support/peyk-processes.js';
import { INITIAL_ADMIN_PASSWORD } from '../support/test-server.js';

/**
 * Issue 28: "clicks stored asynchronously, nothing lost on restart". A real server process answers
 * N redirects (the journal is not drained meanwhile: PEYK_SHORT_LINK_DRAIN_MS is a minute), is
 * killed with SIGKILL right after the last answer, and a new process on the same data folder
 * counts all N clicks, exactly once — also when the journal it drained is put back (a crash
 * between the insert and the file's removal). On the embedded database the data folder holds the
 * database too; on PostgreSQL (DATABASE_URL) a scratch database.
 */
describe('Short link clicks survive kill -9: every answered redirect counted exactly once', function () {
  this.timeout(300_000);
  const N = 300;
  let dataDir: string;
  let port: number;
  let dbUrl = '';
  let drop: (() => Promise<void>) | null = null;
  let child: ChildProcess | null = null;

  const start = async () => {
    child = spawnPeyk({
      PEYK_ROLE: 'all', PORT: String(port), PEYK_DATA_DIR: dataDir, PEYK_ADMIN_PASSWORD: INITIAL_ADMIN_PASSWORD, DATABASE_URL: dbUrl, REDIS_URL: '',
      PEYK_SHORT_LINK_DRAIN_MS: '60000', PEYK_DISPATCH: 'false',
    });
    await waitHealthy(`http://127.0.0.1:${port}`, child);
  };

  before(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'peyk-clicks-crash-'));
    port = await freePort();
    if (process.env.DATABASE_URL) ({ url: dbUrl, drop } = await scratchPostgres(process.env.DATABASE_URL, 'peyk_clicks_crash'));
  });

  after(async () => {
    await killHard(child);
    if (drop) await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('counts every answered redirect once after a kill -9, a restart and a journal drained twice', async () => {
    await start();
    const api = new ApiClient(`http://127.0.0.1:${port}`);
    const first = ok(await api.post('Account/Login', { userName: 'admin', password: INITIAL_ADMIN_PASSWORD }));
    ok(await api.post('Account/ChangePassword', { currentPassword: INITIAL_ADMIN_PASSWORD, newPassword: 'Admin#Pass9', confirmPassword: 'Admin#Pass9' }, { token: first.accessToken }));
    const token = ok(await api.post('Account/Login', { userName: 'admin', password: 'Admin#Pass9' })).accessToken;
    const link = ok(await api.post('ShortLinks/Create', { mainUrl: 'https://example.com/crash' }, { token }));

    let answered = 0;
    for (let i = 0; i < N; i += 50) {
      const batch = await Promise.all(Array.from({ length: Math.min(50, N - i) }, () => fetch(link.shortUrl, { redirect: 'manual' })));
      answered += batch.filter((r) => r.status === 302).length;
    }
    expect(answered).to.equal(N);
    await killHard(child);
    const journalDir = path.join(dataDir, 'short-link-clicks');
    const left = readdirSync(journalDir).filter((f) => f.endsWith('.jsonl'));
    expect(left.length, 'the killed process left its journal').to.be.greaterThan(0);
    const saved = path.join(dataDir, 'saved-journal');
    copyFileSync(path.join(journalDir, left.sort()[left.length - 1]), saved);

    await start();
    const counted = async () => ok(await api.get(`ShortLinks/Get/${link.id}`, { token })).summary.totalClicks;
    expect(await counted()).to.equal(N);

    // The same journal again, as if the first drain had crashed before removing it: no click twice.
    await killHard(child);
    copyFileSync(saved, path.join(journalDir, `999999-1-000001.jsonl`));
    await start();
    expect(await counted()).to.equal(N);
    expect(readdirSync(journalDir).filter((f) => f.startsWith('999999-'))).to.deep.equal([]);
  });
});
