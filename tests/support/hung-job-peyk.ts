import 'reflect-metadata';
import { pino } from 'pino';
import { loadConfig } from '../../server/platform/config.js';
import { startPeyk } from '../../server/app.js';
import { exitOnSignals } from '../../server/platform/shutdown.js';
import { ROOT_DIR } from './test-server.js';

/**
 * A panel (the environment's database, the embedded one by default) whose scheduler runs a job that
 * never ends, deaf to its abort signal, holding a database transaction open: the worst a job can do
 * to a stopping process. Prints `ready` once the job holds its transaction; the test then signals it.
 */
const config = loadConfig(process.env, ROOT_DIR, { host: '127.0.0.1' });
const logger = pino({ level: process.env.LOG_LEVEL ?? 'silent' });
const peyk = await startPeyk(config, { rootDir: ROOT_DIR, logger });
exitOnSignals({ stop: () => peyk.stop(), deadlineMs: config.shutdownMs, logger, quit: process.exit.bind(process) });
let holding: () => void = () => undefined;
const held = new Promise<void>((resolve) => { holding = resolve; });
void peyk.scheduler!.fire({
  name: 'test.hung-in-transaction', schedule: '0 0 1 1 *', scope: 'local',
  run: () => peyk.database.knex.transaction(async (tx) => {
    await tx.raw('select 1');
    holding();
    await new Promise(() => undefined);
  }),
}, new Date());
await held;
process.stdout.write('ready\n');
