import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { ROOT_DIR } from './test-server.js';

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

/** `server/main.ts` in a child process, as `npm start` runs it, with these variables over the test's own. */
export function spawnPeyk(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join(ROOT_DIR, 'server', 'main.ts')], {
    cwd: ROOT_DIR,
    env: { ...process.env, LOG_LEVEL: 'error', ...env },
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
