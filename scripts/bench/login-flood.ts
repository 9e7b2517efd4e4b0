/**
 * Benchmark: a sign-in flood. 50 connections post `Account/Login` for ~20 s (right and wrong
 * passwords over a few user names, and unknown names), while a separate thread samples
 * GET /api/health every 25 ms on its own connection. Prints login requests/s, login answers by
 * status, and health p50/p99, on the embedded database (PGlite) and on PostgreSQL.
 * Aim: health p99 <= 100 ms on both while the flood runs.
 *
 *   npm run bench:login-flood                       (both backends; DATABASE_URL defaults to the local test server)
 *   BENCH_BACKENDS=embedded BENCH_SECONDS=10 npm run bench:login-flood
 *   BENCH_ENV='PEYK_LOGIN_LIMIT_PER_IP=0 PEYK_LOGIN_LIMIT_PER_USER=0 PEYK_LOGIN_CONCURRENCY=1000 PEYK_LOGIN_REFUSAL_DELAY_MS=0' \
 *     npm run bench:login-flood        (extra server settings, space separated: here the sign-in limits off)
 *   BENCH_TIMELINE=1 ...               (also prints the worst health answer of each second)
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import { Api, benchDatabase, startBenchServer } from './bench-server.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const port = Number(process.env.BENCH_PORT ?? 3391);
const backends = (process.env.BENCH_BACKENDS ?? 'embedded,postgres').split(',').map((b) => b.trim()).filter(Boolean);
const extraEnv = Object.fromEntries((process.env.BENCH_ENV ?? '').split(/\s+/).filter(Boolean).map((pair) => {
  const at = pair.indexOf('=');
  return [pair.slice(0, at), pair.slice(at + 1)];
}));
const USERS = 10;
const PASSWORD = 'Flood#Pass1';

// The sampler runs in its own thread so the flood's client work in this thread does not delay
// its timers or its reads: what it measures is the server's answer time.
const SAMPLER = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const latencies = [];
const at = [];
const t0 = Date.now();
let failures = 0;
let running = true;
parentPort.on('message', () => { running = false; });
function once() {
  return new Promise((resolve) => {
    const t0 = process.hrtime.bigint();
    const req = http.get(workerData.url, { agent, timeout: 10000 }, (res) => {
      res.resume();
      res.on('end', () => {
        if (res.statusCode === 200) { latencies.push(Number(process.hrtime.bigint() - t0) / 1e6); at.push(Date.now()); } else failures++;
        resolve();
      });
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => { failures++; resolve(); });
  });
}
(async () => {
  while (running) {
    const started = Date.now();
    await once();
    const wait = 25 - (Date.now() - started);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  parentPort.postMessage({ latencies, failures, at: at.map((t) => t - t0) });
})();
`;

interface Figures {
  backend: string;
  loginRps: number;
  loginTotal: number;
  byStatus: Record<string, number>;
  errors: number;
  timeouts: number;
  loginP50: number;
  loginP99: number;
  healthSamples: number;
  healthFailures: number;
  healthP50: number;
  healthP99: number;
  healthMax: number;
  cpuSeconds: number;
  idleP50: number;
  idleP99: number;
}

interface Sampled {
  /** Milliseconds per answered sample, in the order taken. */
  latencies: number[];
  /** When each was answered, milliseconds after sampling began. */
  at: number[];
  failures: number;
}

/** Health answer times sampled by the sampler thread while `during` runs. */
async function sampleHealth<T>(base: string, during: () => Promise<T>): Promise<Sampled & { result: T }> {
  const sampler = new Worker(SAMPLER, { eval: true, workerData: { url: `${base}/api/health` } });
  const sampled = new Promise<Sampled>((resolve) => sampler.once('message', resolve));
  const result = await during();
  sampler.postMessage('stop');
  const health = await sampled;
  await sampler.terminate();
  return { ...health, result };
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function runBackend(backend: string): Promise<Figures> {
  const db = await benchDatabase();
  // An empty DATABASE_URL leaves the server on PGlite in its data folder, as on a fresh machine.
  const server = await startBenchServer(db, port, { ...(backend === 'embedded' ? { DATABASE_URL: '' } : {}), ...extraEnv });
  try {
    const admin = new Api(server.base);
    admin.token = (await admin.post('Account/Login', { userName: 'admin', password: 'Bench#Pass1' })).accessToken;
    await admin.post('Account/ChangePassword', { currentPassword: 'Bench#Pass1', newPassword: 'Bench#Pass2', confirmPassword: 'Bench#Pass2' });
    admin.token = (await admin.post('Account/Login', { userName: 'admin', password: 'Bench#Pass2' })).accessToken;
    for (let i = 0; i < USERS; i++) {
      await admin.post('Users/Create', { userName: `flood${i}`, password: PASSWORD, changePasswordRequired: false, firstName: 'Flood' });
    }

    // The same sampling with no flood first: on a shared machine this is the floor the flood adds to.
    const idle = (await sampleHealth(server.base, () => new Promise((r) => setTimeout(r, 5_000)))).latencies.sort((a, b) => a - b);
    const cpu0 = server.cpuSeconds();
    let n = 0;
    const health = await sampleHealth(server.base, () => autocannon({
      url: `${server.base}/api/Account/Login?culture=en-US`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      connections,
      duration: seconds,
      timeout: 10,
      requests: [{
        setupRequest: (req) => {
          n++;
          // Half right passwords for known users, the rest wrong passwords and unknown names.
          const kind = n % 4;
          const userName = kind === 3 ? `nobody${n % 97}` : `flood${n % USERS}`;
          const password = kind === 0 || kind === 2 ? PASSWORD : `Wrong#${n % 1000}`;
          return { ...req, body: JSON.stringify({ userName, password }) };
        },
      }],
    }));
    const cpuSeconds = server.cpuSeconds() - cpu0;
    const result = health.result;
    const sorted = [...health.latencies].sort((a, b) => a - b);
    if (process.env.BENCH_TIMELINE) {
      // Worst health answer per second of the flood, to see whether slow answers cluster.
      const worst: number[] = [];
      health.at.forEach((ms, i) => { const s = Math.floor(ms / 1000); worst[s] = Math.max(worst[s] ?? 0, health.latencies[i]!); });
      process.stdout.write(`  ${backend} health worst per second: ${[...worst].map((v) => (v ?? 0).toFixed(0)).join(' ')}\n`);
    }
    const byStatus: Record<string, number> = {};
    for (const [status, stat] of Object.entries((result as unknown as { statusCodeStats: Record<string, { count: number }> }).statusCodeStats ?? {})) byStatus[status] = stat.count;
    return {
      backend, loginRps: result.requests.average, loginTotal: result.requests.total, byStatus, errors: result.errors, timeouts: result.timeouts,
      loginP50: result.latency.p50, loginP99: result.latency.p99,
      healthSamples: sorted.length, healthFailures: health.failures,
      healthP50: percentile(sorted, 50), healthP99: percentile(sorted, 99), healthMax: sorted[sorted.length - 1] ?? Number.NaN,
      cpuSeconds, idleP50: percentile(idle, 50), idleP99: percentile(idle, 99),
    };
  } finally {
    await server.stop();
    await db.drop();
  }
}

async function main(): Promise<void> {
  const lines: string[] = [];
  let met = true;
  for (const backend of backends) {
    const f = await runBackend(backend);
    const ok = f.healthP99 <= 100 && f.healthFailures === 0;
    met &&= ok;
    const statuses = Object.entries(f.byStatus).sort(([a], [b]) => a.localeCompare(b)).map(([s, c]) => `${s}: ${c}`).join(', ');
    lines.push(
      `login-flood: POST /api/Account/Login, ${backend === 'embedded' ? 'embedded PGlite' : 'PostgreSQL'}, ${connections} connections, ${seconds} s, ${os.cpus().length} cores`,
      `  login        ${f.loginRps.toFixed(0)} req/s (total ${f.loginTotal}; ${statuses || 'no answers'}; errors ${f.errors}, time-outs ${f.timeouts}); latency ms p50 ${f.loginP50} p99 ${f.loginP99}`,
      `  health       ${f.healthSamples} samples, ${f.healthFailures} failed; latency ms p50 ${f.healthP50.toFixed(1)} p99 ${f.healthP99.toFixed(1)} max ${f.healthMax.toFixed(1)}`,
      `  health idle  latency ms p50 ${f.idleP50.toFixed(1)} p99 ${f.idleP99.toFixed(1)} (5 s before the flood, same sampler; load average ${os.loadavg()[0].toFixed(1)})`,
      `  server CPU   ${f.cpuSeconds.toFixed(1)} s over the flood`,
      `  target       health p99 <= 100 ms: ${ok ? 'MET' : 'NOT MET'}`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  if (!met) process.exitCode = 1;
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
