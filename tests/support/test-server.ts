import path from 'node:path';
import os from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { loadConfig, type AppConfig } from '../../server/platform/config.js';
import { migratedPgliteImage, scratchPostgres } from './databases.js';
import { startPeyk, type PeykInstance } from '../../server/app.js';
import type { Clock } from '../../server/platform/clock.js';

export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const INITIAL_ADMIN_PASSWORD = 'Initial#Pass1';

export interface TestServer {
  peyk: PeykInstance;
  url: string;
  stop(): Promise<void>;
}

/**
 * Where the tests' own receivers listen (webhook receivers, fake providers): the outbound URL guard
 * refuses loopback, so test servers are given this allowance explicitly, as an operator would.
 */
export const TEST_OUTBOUND_ALLOW = ['127.0.0.1/32'];

/**
 * A real server on a random port: the embedded database in memory, or a fresh PostgreSQL database
 * when DATABASE_URL is set; Redis when REDIS_URL is set (keys under a private prefix). Loopback
 * may be called (TEST_OUTBOUND_ALLOW) unless `overrides.outboundAllow` says otherwise.
 */
export async function startTestServer(overrides: Partial<AppConfig> = {}, clock?: Clock): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'peyk-test-'));
  let dropDatabase: (() => Promise<void>) | null = null;
  let databaseUrl: string | null = null;
  if (process.env.DATABASE_URL) {
    const scratch = await scratchPostgres(process.env.DATABASE_URL, 'peyk_test');
    databaseUrl = scratch.url;
    dropDatabase = scratch.drop;
  }
  const config = loadConfig({
    PORT: '0',
    PEYK_DATA_DIR: dataDir,
    PEYK_ADMIN_USER: 'admin',
    PEYK_ADMIN_PASSWORD: INITIAL_ADMIN_PASSWORD,
    REDIS_URL: process.env.REDIS_URL,
    NODE_ENV: 'test',
    // Suites create and sign in thousands of users: scrypt at the production cost was a third of
    // an api file's CPU. Stored hashes carry their cost, so nothing else differs.
    PEYK_PASSWORD_HASH_COST: '1024',
  }, ROOT_DIR, { host: '127.0.0.1', databaseUrl, outboundAllow: TEST_OUTBOUND_ALLOW, redisPrefix: `peyk-test-${process.pid}-${Date.now().toString(36)}`, ...overrides });
  const inMemoryImage = databaseUrl ? undefined : await migratedPgliteImage();
  const peyk = await startPeyk(config, { rootDir: ROOT_DIR, inMemoryDatabase: true, inMemoryImage, logger: pino({ level: 'silent' }), clock });
  return {
    peyk,
    url: peyk.url as string,
    async stop() {
      await peyk.stop();
      if (dropDatabase) await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
