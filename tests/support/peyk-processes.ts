import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { scratchPostgres } from './databases.js';
import { INITIAL_ADMIN_PASSWORD, ROOT_DIR, TEST_OUTBOUND_ALLOW } from './test-server.js';

/** A port the system says is free now (a fixed one could be held by any other server of the run). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * `server/main.ts` in a child process, as `npm start` runs it, with these variables over the test's
 * own. Like startTestServer, it may call the tests' receivers on 127.0.0.1 (PEYK_OUTBOUND_ALLOW).
 */
export function spawnPeyk(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join(ROOT_DIR, 'server', 'main.ts')], {
    cwd: ROOT_DIR,
    env: { ...process.env, LOG_LEVEL: 'error', PEYK_OUTBOUND_ALLOW: TEST_OUTBOUND_ALLOW.join(','), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/**
 * Waits until the process answers `/api/health`. A cold start compiles the server with tsx and
 * migrates a fresh database: generous on a loaded machine, but a process that exited is reported at once.
 */
export async function waitHealthy(base: string, child: ChildProcess, attempts = 600): Promise<void> {
  for (let i = 0; i < attempts; i++) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the process exited (${child.exitCode ?? child.signalCode}) before it answered`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start');
}

/** kill -9, and wait until the process is gone. */
export async function killHard(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await gone;
}

/**
 * One installation run as separate processes (PEYK_ROLE web and worker) on a scratch PostgreSQL
 * database, a data dir of its own and a free port. Needs DATABASE_URL: the embedded database lives
 * inside one process and cannot be shared by two.
 */
export class SplitInstallation {
  private readonly children = new Set<ChildProcess>();

  private constructor(
    readonly name: string,
    readonly dbUrl: string,
    private readonly drop: () => Promise<void>,
    readonly dataDir: string,
    readonly port: number,
    private readonly adminPassword: string,
  ) {}

  static async create(name: string, adminPassword: string): Promise<SplitInstallation> {
    const scratch = await scratchPostgres(process.env.DATABASE_URL!, `peyk_${name}`);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), `peyk-${name}-`));
    return new SplitInstallation(name, scratch.url, scratch.drop, dataDir, await freePort(), adminPassword);
  }

  get base(): string { return `http://127.0.0.1:${this.port}`; }

  /**
   * A process of the installation in this role; the first one started migrates the fresh database.
   * `env` adds settings of this process (a short `PEYK_AGENT_HEALTH_TTL_MS`, say).
   */
  spawn(role: 'web' | 'worker', env: Record<string, string> = {}): ChildProcess {
    const child = spawnPeyk({
      PEYK_ROLE: role, PORT: String(this.port), DATABASE_URL: this.dbUrl, PEYK_DATA_DIR: this.dataDir, PEYK_ADMIN_PASSWORD: this.adminPassword,
      REDIS_URL: process.env.REDIS_URL ?? '', PEYK_REDIS_PREFIX: `peyk-${this.name}-${process.pid}`, ...env,
    });
    this.children.add(child);
    return child;
  }

  /** Kills every process it started, drops the database and removes the data dir. */
  async close(): Promise<void> {
    for (const child of this.children) await killHard(child);
    await this.drop();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/**
 * One installation whose dispatching process a test kills and restarts. On PostgreSQL a web
 * process answers the API and the sender is a worker; on the embedded database (one process owns
 * it) the sender is the whole panel, restarted on the same data dir. Settings in `env` (a short
 * dispatch lease, say) go to every process.
 */
export class KillablePanel {
  readonly postgres = !!process.env.DATABASE_URL;
  private web: ChildProcess | null = null;
  private sender: ChildProcess | null = null;
  private readonly redisPrefix: string;

  private constructor(
    readonly name: string,
    private readonly dataDir: string,
    readonly port: number,
    private readonly dbUrl: string,
    private readonly drop: (() => Promise<void>) | null,
    private readonly env: Record<string, string>,
  ) {
    this.redisPrefix = `peyk-${name}-${process.pid}-${Date.now().toString(36)}`;
  }

  static async create(name: string, env: Record<string, string> = {}): Promise<KillablePanel> {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), `peyk-${name}-`));
    const port = await freePort();
    if (!process.env.DATABASE_URL) return new KillablePanel(name, dataDir, port, '', null, env);
    const scratch = await scratchPostgres(process.env.DATABASE_URL, `peyk_${name.replace(/-/g, '_')}`);
    return new KillablePanel(name, dataDir, port, scratch.url, scratch.drop, env);
  }

  get base(): string { return `http://127.0.0.1:${this.port}`; }

  /** Where the test may keep its own files (removed by close). */
  file(name: string): string { return path.join(this.dataDir, name); }

  private spawnRole(role: 'all' | 'web' | 'worker'): ChildProcess {
    return spawnPeyk({
      PEYK_ROLE: role, PORT: String(this.port), PEYK_DATA_DIR: path.join(this.dataDir, 'panel'), PEYK_ADMIN_PASSWORD: INITIAL_ADMIN_PASSWORD,
      DATABASE_URL: this.dbUrl, REDIS_URL: this.postgres ? process.env.REDIS_URL ?? '' : '', PEYK_REDIS_PREFIX: this.redisPrefix, ...this.env,
    });
  }

  /** The web process (PostgreSQL) and the sender, answering once this resolves. */
  async start(): Promise<void> {
    if (this.postgres) {
      this.web = this.spawnRole('web');
      await waitHealthy(this.base, this.web);
    }
    await this.startSender();
  }

  private async startSender(): Promise<void> {
    this.sender = this.spawnRole(this.postgres ? 'worker' : 'all');
    if (!this.postgres) await waitHealthy(this.base, this.sender);
  }

  /** kill -9 of the dispatching process, then a new one (on the embedded database: answering again). */
  async killSender(): Promise<void> {
    await killHard(this.sender);
  }

  async restartSender(): Promise<void> {
    await this.startSender();
  }

  async close(): Promise<void> {
    for (const child of [this.sender, this.web]) await killHard(child);
    if (this.drop) await this.drop();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
