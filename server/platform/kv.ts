/**
 * Short-lived shared state (captcha answers, confirmation numbers, rate counters, failure
 * counters). In-process by default; Redis when REDIS_URL is set so several web processes agree.
 * Values are strings; callers serialise. Every key may carry a time-to-live.
 */
export interface KeyValueStore {
  readonly kind: 'memory' | 'redis';
  get(key: string): Promise<string | null>;
  /** Several keys in one round trip, answered in the order asked (null for a missing or expired key). */
  getMany(keys: readonly string[]): Promise<(string | null)[]>;
  set(key: string, value: string, ttlMs?: number): Promise<void>;
  /** Sets only when absent; true when this call set it (a lock or a one-time claim). */
  setIfAbsent(key: string, value: string, ttlMs?: number): Promise<boolean>;
  /** Reads and deletes in one step, so a one-time secret can be used exactly once. */
  take(key: string): Promise<string | null>;
  del(key: string): Promise<void>;
  /** Atomic increment; the ttl is applied when the key is created by this call. */
  incr(key: string, ttlMs?: number): Promise<number>;
  /** Atomic add of `by` (a whole number); same ttl rule as `incr`. Shared rate windows count many at once. */
  incrBy(key: string, by: number, ttlMs?: number): Promise<number>;
  close(): Promise<void>;
}
