import { randomUUID } from 'node:crypto';
import BeeQueue from 'bee-queue';
import type { Job, JobHandler, JobOptions, JobQueue, QueueEvents, QueueFactory } from './queue.js';

export interface RedisQueueOptions {
  /** First part of every bee-queue key (`<prefix>:<queue>:...`). */
  prefix?: string;
  /** A job whose worker stops renewing its claim for this long goes back to waiting. */
  stallIntervalMs?: number;
  /** Delayed jobs due within this window of each other are raised together, so may run this late. */
  delayedDebounceMs?: number;
  /** Failures of the queue itself (Redis connection, status writes), not of job handlers. */
  onError?: (error: Error, queue: string) => void;
}

interface Settings {
  url: string;
  prefix: string;
  stallIntervalMs: number;
  delayedDebounceMs: number;
  onError: (error: Error, queue: string) => void;
}

/** What is stored as the bee-queue job's data: bee-queue counts retries down, we report attempts up. */
interface Envelope<T> {
  payload: T;
  retries: number;
}

const DEFAULT_CLOSE_TIMEOUT_MS = 5_000;

export class RedisQueueFactory implements QueueFactory {
  readonly kind = 'redis' as const;
  private readonly settings: Settings;
  private readonly queues = new Set<BeeJobQueue<unknown>>();
  private closed = false;

  constructor(url: string, options: RedisQueueOptions = {}) {
    this.settings = {
      url,
      prefix: options.prefix ?? 'peyk',
      stallIntervalMs: options.stallIntervalMs ?? 5_000,
      delayedDebounceMs: options.delayedDebounceMs ?? 100,
      onError: options.onError ?? ((error, queue) => console.error(`[queue ${queue}]`, error)),
    };
  }

  queue<T>(name: string, events: QueueEvents = {}): JobQueue<T> {
    if (this.closed) throw new Error('The queue factory is closed');
    const queue: BeeJobQueue<T> = new BeeJobQueue<T>(name, events, this.settings, () => this.queues.delete(queue as BeeJobQueue<unknown>));
    this.queues.add(queue as BeeJobQueue<unknown>);
    return queue;
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.queues].map((q) => q.close()));
  }
}

class BeeJobQueue<T> implements JobQueue<T> {
  // A web process only adds, so the worker connections (blocking + pub/sub) open on process().
  private producer: BeeQueue<Envelope<T>> | null = null;
  private worker: BeeQueue<Envelope<T>> | null = null;
  private running = 0;
  private closePromise: Promise<void> | null = null;

  constructor(
    readonly name: string,
    private readonly events: QueueEvents,
    private readonly settings: Settings,
    private readonly onClosed: () => void,
  ) {}

  async add(data: T, options: JobOptions = {}): Promise<string> {
    if (this.closePromise) throw new Error(`Queue ${this.name} is closed`);
    // Generated ids are uuids, never bee-queue's counter, so they cannot collide with a caller's id.
    const id = options.jobId ?? randomUUID();
    const retries = Math.max(0, Math.floor(options.retries ?? 0));
    const job = this.getProducer().createJob({ payload: data, retries }).setId(id).retries(retries);
    const delayMs = options.delayMs ?? 0;
    if (delayMs > 0) job.delayUntil(Date.now() + delayMs);
    // bee-queue keeps the existing job when the id is taken (save() leaves job.id null then).
    await job.save();
    return id;
  }

  process(concurrency: number, handler: JobHandler<T>): void {
    if (this.worker) throw new Error(`process() was already called on queue ${this.name}`);
    if (this.closePromise) throw new Error(`Queue ${this.name} is closed`);
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError(`concurrency must be a positive integer, got ${concurrency}`);
    const worker = this.createBee(true);
    this.worker = worker;
    const { name, events } = this;
    // Local events: they fire once, in the process that ran the job, as in the database adapter.
    worker.on('succeeded', (job, result) => this.notify(() => events.onSucceeded?.(name, jobIdOf(job), result)));
    worker.on('retrying', (job, error) => this.notify(() => events.onFailed?.(name, jobIdOf(job), error, true)));
    worker.on('failed:fatal', (job, error) => this.notify(() => events.onFailed?.(name, jobIdOf(job), error, false)));
    worker.process(concurrency, async (bee) => {
      this.running += 1;
      try {
        return await handler(this.toJob(bee));
      } catch (thrown) {
        throw thrown instanceof Error ? thrown : new Error(String(thrown));
      } finally {
        this.running -= 1;
      }
    });
    // Jobs left active by a dead worker return to waiting only through this periodic check.
    worker.checkStalledJobs(this.settings.stallIntervalMs).catch((error: unknown) => this.reportError(error));
  }

  async pendingCount(): Promise<number> {
    const health = await (this.worker ?? this.getProducer()).checkHealth();
    return health.waiting + health.active + health.delayed;
  }

  close(timeoutMs = DEFAULT_CLOSE_TIMEOUT_MS): Promise<void> {
    this.closePromise ??= this.shutdown(timeoutMs);
    return this.closePromise;
  }

  private async shutdown(timeoutMs: number): Promise<void> {
    try {
      if (this.worker) {
        try {
          await this.worker.close(timeoutMs);
        } catch (error) {
          // Timed out: the unfinished job stays active in Redis and another worker's stall check
          // puts it back to waiting. Any other failure is real.
          if (this.running === 0) throw error;
        }
      }
      if (this.producer) await this.producer.close();
    } finally {
      this.onClosed();
    }
  }

  private toJob(bee: BeeQueue.Job<Envelope<T>>): Job<T> {
    const { payload, retries } = bee.data;
    const id = jobIdOf(bee);
    return {
      id,
      data: payload,
      attempt: retries - (bee.options.retries ?? 0) + 1,
      reportProgress: async (progress: unknown) => {
        // bee-queue refuses an empty progress; the local event still reports it.
        if (progress != null) await bee.reportProgress(progress);
        this.notify(() => this.events.onProgress?.(this.name, id, progress));
      },
    };
  }

  private getProducer(): BeeQueue<Envelope<T>> {
    this.producer ??= this.createBee(false);
    return this.producer;
  }

  private createBee(isWorker: boolean): BeeQueue<Envelope<T>> {
    const bee = new BeeQueue<Envelope<T>>(this.name, {
      redis: { url: this.settings.url },
      prefix: this.settings.prefix,
      isWorker,
      getEvents: false,
      activateDelayedJobs: isWorker,
      delayedDebounce: this.settings.delayedDebounceMs,
      stallInterval: this.settings.stallIntervalMs,
      // Finished jobs leave Redis, so a jobId can be used again once its job is done (as in the
      // database adapter); failures are reported through QueueEvents.onFailed.
      removeOnSuccess: true,
      removeOnFailure: true,
    });
    // bee-queue emits connection and bookkeeping failures as 'error'; unheard, they would crash.
    bee.on('error', (error) => this.reportError(error));
    return bee;
  }

  private notify(call: () => void): void {
    try {
      call();
    } catch (error) {
      this.reportError(error);
    }
  }

  private reportError(error: unknown): void {
    this.settings.onError(error instanceof Error ? error : new Error(String(error)), this.name);
  }
}

function jobIdOf(job: BeeQueue.Job<unknown>): string {
  // Jobs handed to a worker or an event always carry their id; only a refused save() has none.
  return job.id ?? '';
}
