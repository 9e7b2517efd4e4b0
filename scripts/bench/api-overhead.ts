/**
 * Benchmark: an authenticated read (GET /api/Users/GetCurrentUser) under load on PostgreSQL.
 * The server runs in its own process (as in production); autocannon drives it from this one.
 * Prints requests/s and latency p50/p99. Aim: >= 3,000 req/s and p99 <= 30 ms on 2 cores.
 *
 *   npm run bench:api-overhead            (DATABASE_URL defaults to the local test server)
 *   BENCH_SECONDS=20 BENCH_CONNECTIONS=64 npm run bench:api-overhead
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createScratchPostgresDatabase } from '../../server/platform/db.js';
import { benchConnectHost, benchHost, benchRedisEnv } from './bench-server.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const baseDatabaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const port = Number(process.env.BENCH_PORT ?? 3377);
const base = `http://${benchConnectHost()}:${port}`;

async function waitForHealth(): Promise<void> {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not become healthy');
}

async function post(p: string, body: unknown, token?: string) {
  const res = await fetch(`${base}/api/${p}?culture=en-US`, {
    method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body),
  });
  const json = await res.json() as { isSucceed: boolean; data: any; message?: string };
  if (!json.isSucceed) throw new Error(`${p}: ${json.message}`);
  return json.data;
}

async function main(): Promise<void> {
  const scratch = await createScratchPostgresDatabase(baseDatabaseUrl, 'peyk_bench');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'peyk-bench-'));
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATABASE_URL: scratch.url, PEYK_DATA_DIR: dataDir, PEYK_ADMIN_PASSWORD: 'Bench#Pass1', LOG_LEVEL: 'warn', NODE_ENV: 'production', HOST: benchHost(), ...benchRedisEnv(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForHealth();
    const first = await post('Account/Login', { userName: 'admin', password: 'Bench#Pass1' });
    await post('Account/ChangePassword', { currentPassword: 'Bench#Pass1', newPassword: 'Bench#Pass2', confirmPassword: 'Bench#Pass2' }, first.accessToken);
    const { accessToken } = await post('Account/Login', { userName: 'admin', password: 'Bench#Pass2' });
    const url = `${base}/api/Users/GetCurrentUser`;
    const headers = { authorization: `Bearer ${accessToken}` };

    await autocannon({ url, headers, connections, duration: 3 }); // warm-up: JIT, pool, plans
    const result = await autocannon({ url, headers, connections, duration: seconds });
    const bad = result.non2xx + result.errors + result.timeouts;
    const lines = [
      `api-overhead: GET /api/Users/GetCurrentUser, authenticated, PostgreSQL, ${connections} connections, ${seconds} s, ${os.cpus().length} cores`,
      `  requests/s   mean ${result.requests.average.toFixed(0)}  (total ${result.requests.total}, non-2xx/errors ${bad})`,
      `  latency ms   p50 ${result.latency.p50}  p90 ${result.latency.p90}  p99 ${result.latency.p99}  max ${result.latency.max}`,
      `  target       >= 3000 req/s and p99 <= 30 ms: ${result.requests.average >= 3000 && result.latency.p99 <= 30 && bad === 0 ? 'MET' : 'NOT MET'}`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
