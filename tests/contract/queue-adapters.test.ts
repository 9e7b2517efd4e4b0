import { randomBytes } from 'node:crypto';
import { createClient } from 'redis';
import { createScratchPostgresDatabase, openDatabase, type Database } from '../../server/platform/db.js';
import { DbQueueFactory } from '../../server/platform/queue-db.js';
import { RedisQueueFactory } from '../../server/platform/queue-redis.js';
import { describeQueueContract, type QueueContractOptions } from './queue.contract.js';
import { requireEnv } from './requires-env.js';
import { migratedPgliteImage } from '../support/databases.js';

describe('QueueFactory adapters', function () {
  describe('DbQueueFactory on PGlite (in memory)', function () {
    let db: Database | null = null;

    before(async function () {
      this.timeout(60_000);
      db = await openDatabase({ databaseUrl: null, pgliteDir: null, pgliteImage: await migratedPgliteImage() });
    });
    after(async function () {
      await db?.close();
    });

    describeQueueContract('contract', async (onError) => new DbQueueFactory(opened(db).knex, { onError }), crashHooks(() => opened(db)));
  });

  describe('DbQueueFactory on PostgreSQL (DATABASE_URL)', function () {
    let db: Database | null = null;
    let drop: (() => Promise<void>) | null = null;

    before(async function () {
      const baseUrl = requireEnv(this, 'DATABASE_URL', 'the PostgreSQL queue contract');
      this.timeout(60_000);
      const scratch = await createScratchPostgresDatabase(baseUrl, 'peyk_queue_contract');
      drop = scratch.drop;
      db = await openDatabase({ databaseUrl: scratch.url, pgliteDir: null });
    });
    after(async function () {
      this.timeout(30_000);
      await db?.close();
      await drop?.();
    });

    describeQueueContract('contract', async (onError) => new DbQueueFactory(opened(db).knex, { onError }), crashHooks(() => opened(db)));
  });

  describe('RedisQueueFactory (REDIS_URL)', function () {
    let url = '';
    const prefix = `peyk-test-${randomBytes(4).toString('hex')}`;

    before(function () {
      url = requireEnv(this, 'REDIS_URL', 'the Redis queue contract');
    });
    after(async function () {
      if (url) await deleteKeys(url, `${prefix}:*`);
    });

    describeQueueContract('contract', async (onError) => new RedisQueueFactory(url, { prefix, onError }));
  });
});

function opened(db: Database | null): Database {
  if (!db) throw new Error('the database did not open');
  return db;
}

function crashHooks(getDb: () => Database): QueueContractOptions {
  return {
    // Exactly what a claim by a worker that then died leaves in the table.
    async simulateCrashedClaim(queue, jobId, lockExpired) {
      const lockedUntil = new Date(Date.now() + (lockExpired ? -1_000 : 60_000));
      const updated = await getDb().knex('jobs')
        .where({ queue, jobId, status: 'waiting' })
        .update({ status: 'active', attempts: 1, lockedUntil, lockToken: '00000000-0000-4000-8000-000000000000' });
      if (updated !== 1) throw new Error(`expected one waiting job ${jobId} in ${queue}, updated ${updated}`);
    },
  };
}

async function deleteKeys(url: string, pattern: string): Promise<void> {
  const client = createClient({ url });
  await client.connect();
  try {
    for await (const keys of client.scanIterator({ MATCH: pattern, COUNT: 500 })) {
      if (keys.length > 0) await client.del(keys);
    }
  } finally {
    await client.close();
  }
}
