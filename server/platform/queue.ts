/**
 * Background jobs. The in-process adapter is the default of a fresh install; the Redis adapter
 * (bee-queue) is used when REDIS_URL is set. Delivery is at-least-once in both: handlers must be
 * idempotent, which the send engine already requires of itself.
 */
export interface JobOptions {
  /** A job with the same id in the same queue is not added twice while it exists. */
  jobId?: string;
  delayMs?: number;
  /** Extra attempts after a failure (default 0). */
  retries?: number;
}

export interface Job<T> {
  id: string;
  data: T;
  attempt: number;
  reportProgress(progress: unknown): Promise<void>;
}

export type JobHandler<T> = (job: Job<T>) => Promise<unknown>;

export interface JobQueue<T = unknown> {
  readonly name: string;
  add(data: T, options?: JobOptions): Promise<string>;
  /** Starts consuming with at most `concurrency` jobs at once in this process. */
  process(concurrency: number, handler: JobHandler<T>): void;
  /** Counts jobs not finished yet (waiting, delayed or running). */
  pendingCount(): Promise<number>;
  /** Stops taking new jobs and waits up to timeoutMs for running ones. */
  close(timeoutMs?: number): Promise<void>;
}

export interface QueueEvents {
  onProgress?(queue: string, jobId: string, progress: unknown): void;
  onFailed?(queue: string, jobId: string, error: Error, willRetry: boolean): void;
  onSucceeded?(queue: string, jobId: string, result: unknown): void;
}

export interface QueueFactory {
  readonly kind: 'memory' | 'redis';
  queue<T>(name: string, events?: QueueEvents): JobQueue<T>;
  close(): Promise<void>;
}
