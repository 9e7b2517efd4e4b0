import 'reflect-metadata';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findRepoRoot, loadConfig } from './platform/config.js';
import { createLogger } from './platform/logger.js';
import { startPeyk } from './app.js';
import { exitOnSignals } from './platform/shutdown.js';

/**
 * Ends the process with this code. After `stop()` every handle is closed, but a plugin's or a
 * library's leftover timer must not keep a stopped panel alive, and a failed start may leave a
 * database handle open: both end here explicitly.
 */
const quit: (code: number) => never = process.exit.bind(process);

async function main(): Promise<void> {
  const rootDir = findRepoRoot(path.dirname(fileURLToPath(import.meta.url)));
  const config = loadConfig(process.env, rootDir);
  const logger = createLogger(config.logLevel);
  const peyk = await startPeyk(config, { rootDir, logger });
  const database = peyk.database.kind === 'pglite' ? `embedded PGlite in ${path.join(config.dataDir, 'pglite')}` : 'PostgreSQL';
  const lines = [
    '',
    `  Peyk ${config.version} is running (${config.role})`,
    peyk.url ? `  Panel:    ${peyk.url}/` : '  (worker only: no HTTP server)',
    peyk.url ? `  Health:   ${peyk.url}/api/health` : '',
    `  Database: ${database}`,
    `  Queue:    ${peyk.kv.kind === 'redis' ? 'Redis' : 'in-process'}`,
  ];
  if (peyk.firstAdmin.created) {
    lines.push('', '  First start: an administrator was created. Sign in and choose a new password:');
    lines.push(`    user name: ${peyk.firstAdmin.userName}`);
    lines.push(`    password:  ${peyk.firstAdmin.password}`);
    lines.push('  This password is shown only once.');
  }
  process.stdout.write(`${lines.filter((l) => l !== '').join('\n')}\n\n`);

  exitOnSignals({ stop: () => peyk.stop(), deadlineMs: config.shutdownMs, logger, quit });
}

main().catch((err) => {
  process.stderr.write(`Peyk failed to start: ${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
  quit(1);
});
