import type { KeyValueStore } from './kv.js';

interface Entry {
  value: string;
  /** Epoch milliseconds; null keeps the entry until it is deleted or overwritten. */
  expiresAt: number | null;
}

export interface MemoryKeyValueStoreOptions {
  /** How often expired entries nobody reads again are dropped (lazy expiry covers reads). */
  sweepIntervalMs?: number;
}

export class MemoryKeyValueStore implements KeyValueStore {
  readonly kind = 'memory' as const;
  private readonly entries = new Map<string, Entry>();
  private sweepTimer: NodeJS.Timeout | null;
  private closed = false;

  constructor(options: MemoryKeyValueStoreOptions = {}) {
    this.sweepTimer = setInterval(() => this.sweep(), options.sweepIntervalMs ?? 60_000);
    this.sweepTimer.unref();
  }

  async get(key: string): Promise<string | null> {
    return this.live(key)?.value ?? null;
  }

  async getMany(keys: readonly string[]): Promise<(string | null)[]> {
    this.assertOpen();
    return keys.map((key) => this.live(key)?.value ?? null);
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    this.assertOpen();
    this.entries.set(key, { value, expiresAt: expiryOf(ttlMs) });
  }

  async setIfAbsent(key: string, value: string, ttlMs?: number): Promise<boolean> {
    if (this.live(key)) return false;
    this.entries.set(key, { value, expiresAt: expiryOf(ttlMs) });
    return true;
  }

  async take(key: string): Promise<string | null> {
    const entry = this.live(key);
    if (!entry) return null;
    this.entries.delete(key);
    return entry.value;
  }

  async del(key: string): Promise<void> {
    this.assertOpen();
    this.entries.delete(key);
  }

  async incr(key: string, ttlMs?: number): Promise<number> {
    return this.incrBy(key, 1, ttlMs);
  }

  async incrBy(key: string, by: number, ttlMs?: number): Promise<number> {
    if (!Number.isSafeInteger(by)) throw new Error('increment must be a whole number');
    const entry = this.live(key);
    if (!entry) {
      this.entries.set(key, { value: String(by), expiresAt: expiryOf(ttlMs) });
      return by;
    }
    // Same rule as Redis INCRBY: only a base-10 integer string counts, and an existing ttl is kept.
    const current = /^-?\d+$/.test(entry.value) ? Number(entry.value) : Number.NaN;
    if (!Number.isSafeInteger(current + by)) throw new Error('value is not an integer or out of range');
    entry.value = String(current + by);
    return current + by;
  }


  async close(): Promise<void> {
    this.closed = true;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.sweepTimer = null;
    this.entries.clear();
  }

  private live(key: string): Entry | undefined {
    this.assertOpen();
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt !== null && entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private sweep(): void {
    const now = Date.now();
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt !== null && entry.expiresAt <= now) this.entries.delete(key);
    }
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('The key-value store is closed');
  }
}

function expiryOf(ttlMs: number | undefined): number | null {
  if (ttlMs === undefined) return null;
  if (!(ttlMs > 0) || !Number.isFinite(ttlMs)) throw new RangeError(`ttlMs must be a positive number, got ${ttlMs}`);
  return Date.now() + Math.ceil(ttlMs);
}
