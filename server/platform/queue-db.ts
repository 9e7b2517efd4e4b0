import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Knex } from 'knex';
import type { Job, JobHandler, JobOptions, JobQueue, QueueEvents, QueueFactory } from './queue.js';

export interface DbQueueOptions {
  /** How often idle workers look for due delayed jobs and jobs added by other processes. */
  pollIntervalMs?: number;
  /** A claimed job is taken over by another worker when its lock is not renewed for this long. */
  lockMs?: number;
  /** Finished rows (succeeded or failed) are deleted after this long. */
  retainFinishedMs?: number;
  /** Failures of the queue itself (a claim or a status write), not of job handlers. */
  onError?: (error: Error, queue: string) => void;
}

interface Settings {
  pollIntervalMs: number;
  lockMs: number;
  retainFinishedMs: number;
  onError: (error: Error, queue: string) => void;
}

interface ClaimedRow {
  id: string;
  jobId: string;
  data: unknown;
  attempts: number;
  maxAttempts: number;
  lockToken: string;
}

const DEFAULT_CLOSE_TIMEOUT_MS = 5_000;
const PRUNE_INTERVAL_MS = 60 * 60_000;

/**
 * Jobs are rows of the `jobs` table, so a restart loses nothing: a job a dead process had claimed
 * becomes claimable again when its lock expires. Every statement stands alone (no transaction):
 * PGlite has one connection, and a handler's own transaction must never wait for the queue.
 */
export class DbQueueFactory implements QueueFactory {
  readonly kind = 'memory' as const;
  private readonly settings: Settings;
  /** Wakes this process's idle workers of a queue (event name = queue name) right after an add. */
  private readonly wakeups = new EventEmitter();
  private readonly wakeTimers = new Set<NodeJS.Timeout>();
  private readonly queues = new Set<DbJobQueue<unknown>>();
  private pruneTimer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private readonly knex: Knex, options: DbQueueOptions = {}) {
    this.wakeups.setMaxListeners(0);
    this.settings = {
      pollIntervalMs: options.pollIntervalMs ?? 500,
      lockMs: options.lockMs ?? 30_000,
      retainFinishedMs: options.retainFinishedMs ?? 24 * 60 * 60_000,
      onError: options.onError ?? ((error, queue) => console.error(`[queue ${queue}]`, error)),
    };
  }

  queue<T>(name: string, events: QueueEvents = {}): JobQueue<T> {
    if (this.closed) throw new Error('The queue factory is closed');
    const queue = new DbJobQueue<T>(name, events, this.knex, this.settings, {
      wake: (delayMs) => this.wake(name, delayMs),
      subscribe: (listener) => {
        this.wakeups.on(name, listener);
        return () => this.wakeups.off(name, listener);
      },
      workerStarted: () => this.startPruning(),
      closed: () => this.queues.delete(queue as DbJobQueue<unknown>),
    });
    this.queues.add(queue as DbJobQueue<unknown>);
    return queue;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.wakeTimers) clearTimeout(timer);
    this.wakeTimers.clear();
    if (this.pruneTimer) clearInterval(this.pruneTimer);
    this.pruneTimer = null;
    await Promise.all([...this.queues].map((q) => q.close()));
  }

  private wake(queue: string, delayMs: number): void {
    if (delayMs <= 0) {
      this.wakeups.emit(queue);
      return;
    }
    // A couple of ms late on purpose: a timer may fire a little before Date.now() reaches runAt.
    const timer = setTimeout(() => {
      this.wakeTimers.delete(timer);
      this.wakeups.emit(queue);
    }, delayMs + 2);
    timer.unref();
    this.wakeTimers.add(timer);
  }

  private startPruning(): void {
    if (this.pruneTimer || this.closed) return;
    const prune = () => {
      const before = new Date(Date.now() - this.settings.retainFinishedMs);
      this.knex('jobs').where('finishedAt', '<', before).del()
        .catch((error: unknown) => this.settings.onError(toError(error), '*'));
    };
    this.pruneTimer = setInterval(prune, PRUNE_INTERVAL_MS);
    this.pruneTimer.unref();
    prune();
  }
}

interface FactoryLink {
  wake(delayMs: number): void;
  subscribe(listener: () => void): () => void;
  workerStarted(): void;
  closed(): void;
}

interface RunningJob {
  lockToken: string;
  done: Promise<void>;
}

class DbJobQueue<T> implements JobQueue<T> {
  private handler: JobHandler<T> | null = null;
  private concurrency = 0;
  private readonly running = new Map<string, RunningJob>();
  private claiming: Promise<void> | null = null;
  private claimAgain = false;
  private closing = false;
  /** Set when close() gave up waiting: late handlers must not write over a job taken over since. */
  private abandoned = false;
  private unsubscribe: (() => void) | null = null;
  private pollTimer: NodeJS.Timeout | null = null;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private closePromise: Promise<void> | null = null;

  constructor(
    readonly name: string,
    private readonly events: QueueEvents,
    private readonly knex: Knex,
    private readonly settings: Settings,
    private readonly factory: FactoryLink,
  ) {}

  async add(data: T, options: JobOptions = {}): Promise<string> {
    if (this.closing) throw new Error(`Queue ${this.name} is closed`);
    const id = randomUUID();
    const jobId = options.jobId ?? id;
    const delayMs = Math.max(0, options.delayMs ?? 0);
    const retries = Math.max(0, Math.floor(options.retries ?? 0));
    const now = Date.now();
    await this.knex.raw(
      `insert into jobs (id, queue, "jobId", data, status, attempts, "maxAttempts", "runAt", "createdAt")
       values (?, ?, ?, ?::jsonb, 'waiting', 0, ?, ?, ?)
       on conflict (queue, "jobId") where status in ('waiting', 'active') do nothing`,
      [id, this.name, jobId, JSON.stringify(data ?? null), retries + 1, new Date(now + delayMs), new Date(now)],
    );
    this.factory.wake(delayMs);
    return jobId;
  }

  process(concurrency: number, handler: JobHandler<T>): void {
    if (this.handler) throw new Error(`process() was already called on queue ${this.name}`);
    if (this.closing) throw new Error(`Queue ${this.name} is closed`);
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError(`concurrency must be a positive integer, got ${concurrency}`);
    this.handler = handler;
    this.concurrency = concurrency;
    const pump = () => this.pump();
    this.unsubscribe = this.factory.subscribe(pump);
    this.pollTimer = setInterval(pump, this.settings.pollIntervalMs);
    this.pollTimer.unref();
    this.heartbeatTimer = setInterval(() => void this.heartbeat(), Math.max(10, Math.floor(this.settings.lockMs / 3)));
    this.heartbeatTimer.unref();
    this.factory.workerStarted();
    pump();
  }

  async pendingCount(): Promise<number> {
    const row = await this.knex('jobs')
      .where('queue', this.name)
      .whereIn('status', ['waiting', 'active'])
      .select(this.knex.raw('count(*)::int as n'))
      .first() as { n: number } | undefined;
    return row?.n ?? 0;
  }

  close(timeoutMs = DEFAULT_CLOSE_TIMEOUT_MS): Promise<void> {
    this.closePromise ??= this.shutdown(timeoutMs);
    return this.closePromise;
  }

  private async shutdown(timeoutMs: number): Promise<void> {
    this.closing = true;
    this.unsubscribe?.();
    if (this.pollTimer) clearInterval(this.pollTimer);
    // A claim already sent may still hand us jobs; they run (and are waited for) like the others.
    await this.claiming;
    const all = Promise.all([...this.running.values()].map((r) => r.done));
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<true>((resolve) => { timer = setTimeout(() => resolve(true), timeoutMs); });
    const outcome = await Promise.race([all.then(() => false as const), timedOut]);
    clearTimeout(timer);
    // Without heartbeats the locks of handlers still running expire, and another worker re-runs them.
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    if (outcome) this.abandoned = true;
    this.factory.closed();
  }

  /** Claims as many due jobs as there are free slots; concurrent calls coalesce into one loop. */
  private pump(): void {
    if (this.claiming) {
      this.claimAgain = true;
      return;
    }
    this.claiming = this.claimLoop().finally(() => { this.claiming = null; });
  }

  private async claimLoop(): Promise<void> {
    do {
      this.claimAgain = false;
      const free = this.concurrency - this.running.size;
      if (this.closing || free <= 0) return;
      let rows: ClaimedRow[];
      try {
        rows = await this.claim(free);
      } catch (error) {
        this.settings.onError(toError(error), this.name);
        return;
      }
      for (const row of rows) this.start(row);
    } while (this.claimAgain);
  }

  private async claim(limit: number): Promise<ClaimedRow[]> {
    const now = new Date();
    const result = await this.knex.raw(
      `with next as materialized (
         select id from jobs
          where queue = ?
            and ((status = 'waiting' and "runAt" <= ?) or (status = 'active' and "lockedUntil" < ?))
          order by "runAt", "createdAt"
          limit ?
          for update skip locked
       )
       update jobs set status = 'active', attempts = jobs.attempts + 1, "lockedUntil" = ?, "lockToken" = ?
         from next
        where jobs.id = next.id
       returning jobs.id, jobs."jobId", jobs.data, jobs.attempts, jobs."maxAttempts", jobs."lockToken"`,
      [this.name, now, now, limit, new Date(now.getTime() + this.settings.lockMs), randomUUID()],
    ) as { rows: ClaimedRow[] };
    return result.rows;
  }

  private start(row: ClaimedRow): void {
    const done = this.run(row)
      .catch((error: unknown) => this.settings.onError(toError(error), this.name))
      .finally(() => {
        this.running.delete(row.id);
        this.pump();
      });
    this.running.set(row.id, { lockToken: row.lockToken, done });
  }

  private async run(row: ClaimedRow): Promise<void> {
    const handler = this.handler;
    if (!handler) return;
    const job: Job<T> = {
      id: row.jobId,
      data: row.data as T,
      attempt: row.attempts,
      reportProgress: async (progress: unknown) => {
        if (!this.abandoned) {
          await this.owned(row).update({ progress: JSON.stringify(progress ?? null) });
        }
        this.notify(() => this.events.onProgress?.(this.name, row.jobId, progress));
      },
    };
    let result: unknown;
    try {
      result = await handler(job);
    } catch (thrown) {
      const error = toError(thrown);
      const willRetry = row.attempts < row.maxAttempts;
      if (this.abandoned) return;
      const now = new Date();
      await this.owned(row).update(willRetry
        ? { status: 'waiting', runAt: now, lockedUntil: null, lockToken: null, lastError: errorText(error) }
        : { status: 'failed', finishedAt: now, lockedUntil: null, lockToken: null, lastError: errorText(error) });
      this.notify(() => this.events.onFailed?.(this.name, row.jobId, error, willRetry));
      return;
    }
    if (this.abandoned) return;
    await this.owned(row).update({ status: 'succeeded', finishedAt: new Date(), lockedUntil: null, lockToken: null });
    this.notify(() => this.events.onSucceeded?.(this.name, row.jobId, result));
  }

  /** The row, but only while this worker's claim on it still holds. */
  private owned(row: ClaimedRow): Knex.QueryBuilder {
    return this.knex('jobs').where({ id: row.id, lockToken: row.lockToken, status: 'active' });
  }

  private async heartbeat(): Promise<void> {
    if (this.running.size === 0) return;
    const ids = [...this.running.keys()];
    const tokens = [...this.running.values()].map((r) => r.lockToken);
    try {
      await this.knex('jobs')
        .whereIn('id', ids)
        .whereIn('lockToken', tokens)
        .where('status', 'active')
        .update({ lockedUntil: new Date(Date.now() + this.settings.lockMs) });
    } catch (error) {
      this.settings.onError(toError(error), this.name);
    }
  }

  private notify(call: () => void): void {
    try {
      call();
    } catch (error) {
      this.settings.onError(toError(error), this.name);
    }
  }
}

function toError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value));
}

function errorText(error: Error): string {
  return (error.stack ?? error.message).slice(0, 4000);
}
