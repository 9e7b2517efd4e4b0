/**
 * A Peyk server in its own process on a scratch PostgreSQL database, for the send benchmarks, and
 * the setup they share: an organization with a tariff, credit and an administrator who sends.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createScratchPostgresDatabase } from '../../server/platform/db.js';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const baseDatabaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface BenchServer {
  base: string;
  process: ChildProcess;
  /** Peak resident memory of the server process so far (VmHWM), in MB. */
  peakRssMb(): number;
  /** CPU time (user + system) the server process used so far, in seconds: a figure the machine's other load does not inflate as much as wall time. */
  cpuSeconds(): number;
  stop(): Promise<void>;
}

export interface BenchDatabase {
  url: string;
  dataDir: string;
  drop(): Promise<void>;
}

export async function benchDatabase(): Promise<BenchDatabase> {
  const scratch = await createScratchPostgresDatabase(baseDatabaseUrl, 'peyk_bench');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'peyk-bench-'));
  return { url: scratch.url, dataDir, async drop() { await scratch.drop(); rmSync(dataDir, { recursive: true, force: true }); } };
}

/**
 * Where a benchmark's server listens: `HOST` when set (a benchmark on another interface), else the
 * loopback only, so a benchmark never opens a port to the network.
 */
export function benchHost(): string {
  return process.env.HOST || '127.0.0.1';
}

/** The address the benchmark's own clients dial: the listen address, or the loopback when it listens everywhere. */
export function benchConnectHost(): string {
  const host = benchHost();
  if (host === '0.0.0.0') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * Redis for a benchmark's server: `BENCH_REDIS_URL`, else `REDIS_URL`, else none (in-process
 * queues); its keys under `PEYK_REDIS_PREFIX` (default `peyk`) plus `-bench-<port>`, so a benchmark
 * never touches an installation's or a test run's keys on a shared Redis.
 */
export function benchRedisEnv(port: number): { REDIS_URL: string; PEYK_REDIS_PREFIX: string } {
  return {
    REDIS_URL: process.env.BENCH_REDIS_URL ?? process.env.REDIS_URL ?? '',
    PEYK_REDIS_PREFIX: `${process.env.PEYK_REDIS_PREFIX || 'peyk'}-bench-${port}`,
  };
}

/** One line every benchmark prints first: which database, Redis and addresses it ran against. */
export function benchSetting(port: number): string {
  const redis = benchRedisEnv(port).REDIS_URL;
  const database = (process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test').replace(/\/\/[^@/]*@/, '//');
  return `  against: PostgreSQL ${database} (scratch database), Redis ${redis ? redis.replace(/\/\/[^@/]*@/, '//') : 'none (in-process queues)'}, HTTP ${benchConnectHost()}:${port}`;
}

let built = false;

/**
 * The panel as `npm start` runs it: the server compiled by tsc (`dist/`, built here once per
 * benchmark) under plain node, not the tsx loader (which carries its own memory and start-up cost).
 * `BENCH_PROFILE=<dir>` writes a CPU profile of each panel process there.
 */
export async function startBenchServer(db: BenchDatabase, port: number, env: Record<string, string> = {}): Promise<BenchServer> {
  if (!built) {
    const build = spawnSync('npm', ['run', 'build:server'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    if (build.status !== 0) throw new Error('npm run build:server failed');
    built = true;
  }
  const child = spawn(process.execPath, [...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []), '--enable-source-maps', path.join(root, 'dist', 'server', 'main.js')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: benchHost(), DATABASE_URL: db.url, PEYK_DATA_DIR: db.dataDir, PEYK_ADMIN_PASSWORD: 'Bench#Pass1', LOG_LEVEL: 'warn', NODE_ENV: 'production', ...benchRedisEnv(port), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://${benchConnectHost()}:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch { /* not up yet */ }
    if (i > 240) throw new Error('server did not become healthy');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    base,
    process: child,
    peakRssMb() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return Math.round(kb / 1024);
    },
    cpuSeconds() {
      // /proc/<pid>/stat: utime and stime are fields 14 and 15, in clock ticks (100 a second on Linux).
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100;
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

export class Api {
  constructor(readonly base: string, public token?: string) {}

  async call(method: string, p: string, body?: unknown, raw?: { data: string; contentType: string }): Promise<any> {
    const res = await fetch(`${this.base}/api/${p}${p.includes('?') ? '&' : '?'}culture=en-US`, {
      method,
      headers: { 'content-type': raw?.contentType ?? 'application/json', ...(this.token ? { authorization: `Bearer ${this.token}` } : {}) },
      body: raw ? raw.data : body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await res.json() as { isSucceed: boolean; data: any; message?: string; validationErrors?: unknown };
    if (!json.isSucceed) throw new Error(`${p}: ${json.message} ${JSON.stringify(json.validationErrors ?? [])}`);
    return json.data;
  }

  post(p: string, body?: unknown) { return this.call('POST', p, body ?? {}); }
  get(p: string) { return this.call('GET', p); }
}

/** Admin sign-in (first start), an organization with a tariff and plenty of credit, its sending administrator, and the public line. */
export async function setupSender(base: string, firstStart: boolean): Promise<{ admin: Api; sender: Api; lineId: number; agentId: number }> {
  const admin = new Api(base);
  if (firstStart) {
    const first = await admin.post('Account/Login', { userName: 'admin', password: 'Bench#Pass1' });
    admin.token = first.accessToken;
    await admin.post('Account/ChangePassword', { currentPassword: 'Bench#Pass1', newPassword: 'Bench#Pass2', confirmPassword: 'Bench#Pass2' });
  }
  admin.token = (await admin.post('Account/Login', { userName: 'admin', password: 'Bench#Pass2' })).accessToken;
  const sender = new Api(base);
  if (firstStart) {
    const org = await admin.post('Organizations/Create', { name: 'Bench organization', type: 'reseller' });
    const tariff = await admin.post('Tariffs/Create', { title: 'Bench', ranges: [{ fromCount: 0, toCount: null, prices: { mci: 100, irancell: 100, rightel: 100, other: 100, international: 1000 } }] });
    await admin.post('Tariffs/AssignToOrganization', { organizationId: org.id, tariffId: tariff.id });
    await admin.post('Credits/ChargeOrganization', { organizationId: org.id, amount: '100000000000', description: 'bench' });
    await admin.post('Users/Create', { userName: 'bencher', password: 'Bench#Pass3', changePasswordRequired: false, organizationId: org.id, isAdmin: true, firstName: 'Bench' });
  }
  sender.token = (await sender.post('Account/Login', { userName: 'bencher', password: 'Bench#Pass3' })).accessToken;
  const lines = await sender.get('PrivateNumbers/GetMyNumbers?sendType=Bulk');
  const list = Array.isArray(lines) ? lines : lines.items;
  const line = list[0];
  const agents = await admin.get('SenderAgents/GetAll');
  // The first start's agent: the simulator, or whatever plugin a benchmark switched it to.
  const agent = agents.items.find((a: { pluginName: string }) => a.pluginName === 'simulator') ?? agents.items[0];
  return { admin, sender, lineId: line.id, agentId: agent.id };
}

/** 1,000,000-style test data: unique Iranian numbers in mixed forms and digit scripts, with duplicates and invalid lines mixed in. */
export function recipientsText(count: number, duplicateShare = 0.1, invalidShare = 0.02): string {
  const persian = '۰۱۲۳۴۵۶۷۸۹';
  const arabic = '٠١٢٣٤٥٦٧٨٩';
  const prefixes = ['912', '935', '921', '990', '901', '919'];
  const lines: string[] = [];
  const uniques = Math.round(count * (1 - duplicateShare - invalidShare));
  for (let i = 0; i < uniques; i++) {
    const local = `${prefixes[i % prefixes.length]}${String(1_000_000 + i).slice(-7)}`;
    const form = i % 5;
    const n = form === 0 ? `0${local}` : form === 1 ? `+98${local}` : form === 2 ? `98${local}` : form === 3 ? `0${local}`.replace(/\d/g, (d) => persian[Number(d)]) : `0098 ${local}`.replace(/\d/g, (d) => arabic[Number(d)]);
    lines.push(n);
  }
  const dup = Math.round(count * duplicateShare);
  for (let i = 0; i < dup; i++) lines.push(lines[(i * 7919) % uniques]);
  const bad = count - lines.length;
  for (let i = 0; i < bad; i++) lines.push(i % 2 ? `021${i}` : `abc${i}`);
  return lines.join('\n');
}

export interface ReadySendRun {
  /** Ready → Completed (every report stored, the hold settled), from the second start's boot. */
  seconds: number;
  bootSeconds: number;
  /** `OutBox/Get` of the finished send. */
  send: any;
  peakRssMb: number;
}

/**
 * The shape both send benchmarks share: a first start with dispatching off makes a Ready send
 * (`prepare` configures the agent and creates it, answering its id); a second start with
 * dispatching on is timed from boot until the send is Completed. `progress` adds to the line
 * printed every 5 s.
 */
export async function timeReadySend(port: number, prepare: (ctx: { admin: Api; sender: Api; lineId: number; agentId: number }) => Promise<number>, progress: () => string = () => ''): Promise<ReadySendRun> {
  const db = await benchDatabase();
  let server = await startBenchServer(db, port, { PEYK_DISPATCH: 'false' });
  let sendId: number;
  try {
    sendId = await prepare(await setupSender(server.base, true));
  } finally {
    await server.stop();
  }
  try {
    const t0 = performance.now();
    server = await startBenchServer(db, port, { PEYK_DISPATCH: 'true' });
    const tBoot = performance.now();
    const { sender } = await setupSender(server.base, false);
    let last: any;
    let lastPrint = Date.now();
    for (;;) {
      last = await sender.get(`OutBox/Get/${sendId}`);
      if (last.queueStatus === 'Completed') break;
      if (Date.now() - lastPrint > 5_000) {
        lastPrint = Date.now();
        console.log(`  … ${((performance.now() - tBoot) / 1000).toFixed(0)} s: submitted ${last.sentCount}, delivered ${last.deliveredCount}, pending ${last.pendingCount}${progress()}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    return { seconds: (performance.now() - tBoot) / 1000, bootSeconds: (tBoot - t0) / 1000, send: last, peakRssMb: server.peakRssMb() };
  } finally {
    await server.stop();
    await db.drop();
  }
}

export interface CpuHogs {
  count: number;
  stop(): Promise<void>;
}

/**
 * `BENCH_CPU_HOG=N`: N processes that only spin, beside the server, so a benchmark can show what a
 * busy machine does to a figure (the issue that asked for it measured a five-fold fall under load).
 * Each spins in its own process so the operating system shares the cores as it would with other
 * work; they are killed when the measured phase ends, and on this process's exit.
 */
export function cpuHogCount(): number {
  const n = Number(process.env.BENCH_CPU_HOG ?? 0);
  if (!Number.isInteger(n) || n < 0 || n > 64) throw new Error(`BENCH_CPU_HOG must be a whole number 0..64 (got "${process.env.BENCH_CPU_HOG}")`);
  return n;
}

export function startCpuHogs(count: number): CpuHogs {
  const children = Array.from({ length: count }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  const killAll = () => { for (const c of children) if (c.exitCode === null) c.kill('SIGKILL'); };
  process.once('exit', killAll);
  return {
    count,
    async stop() {
      killAll();
      await Promise.all(children.map((c) => (c.exitCode !== null || c.signalCode !== null ? undefined : new Promise((r) => c.once('exit', r)))));
    },
  };
}
