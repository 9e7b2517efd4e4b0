import { createClient } from 'redis';
import type { KeyValueStore } from './kv.js';

function newClient(url: string) {
  return createClient({ url });
}
type RedisClient = ReturnType<typeof newClient>;

export interface RedisKeyValueStoreOptions {
  /** Prepended to every key so the store shares a Redis database with other users of it. */
  keyPrefix?: string;
  onError?: (error: Error) => void;
}

// EXISTS before INCR rather than "result == 1": a key that held "0" is not created by this call.
const INCR_WITH_TTL = `
local created = redis.call('EXISTS', KEYS[1]) == 0
local value = redis.call('INCRBY', KEYS[1], ARGV[2])
if created then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return value
`;

export class RedisKeyValueStore implements KeyValueStore {
  readonly kind = 'redis' as const;

  private constructor(private readonly client: RedisClient, private readonly keyPrefix: string) {}

  static async connect(url: string, options: RedisKeyValueStoreOptions = {}): Promise<RedisKeyValueStore> {
    const client = newClient(url);
    // Without a listener node-redis turns a dropped connection into an uncaught exception;
    // it reconnects by itself, so the error is only reported.
    client.on('error', (error: Error) => (options.onError ?? reportError)(error));
    await client.connect();
    return new RedisKeyValueStore(client, options.keyPrefix ?? 'peyk:kv:');
  }

  async get(key: string): Promise<string | null> {
    return this.client.get(this.k(key));
  }

  async getMany(keys: readonly string[]): Promise<(string | null)[]> {
    // MGET with no key is a Redis error, and an empty page needs no round trip anyway.
    if (keys.length === 0) return [];
    return this.client.mGet(keys.map((key) => this.k(key)));
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    const px = ttlOf(ttlMs);
    await this.client.set(this.k(key), value, px === null ? undefined : { expiration: { type: 'PX', value: px } });
  }

  async setIfAbsent(key: string, value: string, ttlMs?: number): Promise<boolean> {
    const px = ttlOf(ttlMs);
    const reply = await this.client.set(this.k(key), value, {
      condition: 'NX',
      ...(px === null ? {} : { expiration: { type: 'PX' as const, value: px } }),
    });
    return reply === 'OK';
  }

  async take(key: string): Promise<string | null> {
    return this.client.getDel(this.k(key));
  }

  async del(key: string): Promise<void> {
    await this.client.del(this.k(key));
  }

  async incr(key: string, ttlMs?: number): Promise<number> {
    const px = ttlOf(ttlMs);
    if (px === null) return this.client.incr(this.k(key));
    const reply = await this.client.eval(INCR_WITH_TTL, { keys: [this.k(key)], arguments: [String(px), '1'] });
    return Number(reply);
  }

  async incrBy(key: string, by: number, ttlMs?: number): Promise<number> {
    if (!Number.isSafeInteger(by)) throw new Error('increment must be a whole number');
    const px = ttlOf(ttlMs);
    if (px === null) return this.client.incrBy(this.k(key), by);
    const reply = await this.client.eval(INCR_WITH_TTL, { keys: [this.k(key)], arguments: [String(px), String(by)] });
    return Number(reply);
  }

  async close(): Promise<void> {
    if (this.client.isOpen) await this.client.close();
  }

  private k(key: string): string {
    return this.keyPrefix + key;
  }
}

function ttlOf(ttlMs: number | undefined): number | null {
  if (ttlMs === undefined) return null;
  if (!(ttlMs > 0) || !Number.isFinite(ttlMs)) throw new RangeError(`ttlMs must be a positive number, got ${ttlMs}`);
  return Math.ceil(ttlMs);
}

function reportError(error: Error): void {
  console.error('[kv-redis]', error);
}
