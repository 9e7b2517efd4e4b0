import { randomBytes } from 'node:crypto';
import { createClient } from 'redis';
import { MemoryKeyValueStore } from '../../server/platform/kv-memory.js';
import { RedisKeyValueStore } from '../../server/platform/kv-redis.js';
import { describeKeyValueContract } from './kv.contract.js';
import { requireEnv } from './requires-env.js';

describe('KeyValueStore adapters', function () {
  describe('MemoryKeyValueStore', function () {
    describeKeyValueContract('contract', async () => new MemoryKeyValueStore());
  });

  describe('RedisKeyValueStore (REDIS_URL)', function () {
    let url = '';
    const keyPrefix = `peyk-test-${randomBytes(4).toString('hex')}:kv:`;

    before(function () {
      url = requireEnv(this, 'REDIS_URL', 'the Redis key-value contract');
    });
    after(async function () {
      if (url) await deleteKeys(url, `${keyPrefix}*`);
    });

    describeKeyValueContract('contract', () => RedisKeyValueStore.connect(url, { keyPrefix }));
  });
});

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
