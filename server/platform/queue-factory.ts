import type { Knex } from 'knex';
import type { KeyValueStore } from './kv.js';
import type { QueueFactory } from './queue.js';
import { MemoryKeyValueStore } from './kv-memory.js';
import { RedisKeyValueStore } from './kv-redis.js';
import { DbQueueFactory } from './queue-db.js';
import { RedisQueueFactory } from './queue-redis.js';

export interface PlatformAdapterOptions {
  /** Where failures of the adapters themselves go (not job failures); stderr by default. */
  onError?: (error: Error, where: string) => void;
  /** First part of every Redis key and queue name (installs and test runs may share a Redis). */
  redisPrefix?: string;
}

/** Redis when a URL is configured, so several processes share state; in-process otherwise. */
export async function createKeyValueStore(redisUrl: string | null, options: PlatformAdapterOptions = {}): Promise<KeyValueStore> {
  if (!redisUrl) return new MemoryKeyValueStore();
  const onError = options.onError;
  return RedisKeyValueStore.connect(redisUrl, {
    keyPrefix: `${options.redisPrefix ?? 'peyk'}:kv:`,
    ...(onError ? { onError: (error: Error) => onError(error, 'kv') } : {}),
  });
}

/** bee-queue over Redis when a URL is configured; otherwise jobs live in the database's `jobs` table. */
export function createQueueFactory(redisUrl: string | null, knex: Knex, options: PlatformAdapterOptions = {}): QueueFactory {
  const onError = options.onError;
  const queueOptions = {
    prefix: options.redisPrefix ?? 'peyk',
    ...(onError ? { onError: (error: Error, queue: string) => onError(error, `queue ${queue}`) } : {}),
  };
  return redisUrl ? new RedisQueueFactory(redisUrl, queueOptions) : new DbQueueFactory(knex, queueOptions);
}
