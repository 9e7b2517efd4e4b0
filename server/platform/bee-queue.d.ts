// Only the part of bee-queue 2.0 that queue-redis.ts uses; the package ships no types.
declare module 'bee-queue' {
  namespace BeeQueue {
    interface QueueSettings {
      prefix?: string;
      redis?: { url?: string };
      isWorker?: boolean;
      getEvents?: boolean;
      sendEvents?: boolean;
      activateDelayedJobs?: boolean;
      removeOnSuccess?: boolean;
      removeOnFailure?: boolean;
      stallInterval?: number;
      delayedDebounce?: number;
    }

    interface JobOptions {
      retries?: number;
      delay?: number;
    }

    interface Job<T> {
      /** Null after save() when a job with the same id already existed. */
      id: string | null;
      data: T;
      options: JobOptions;
      setId(id: string): this;
      retries(n: number): this;
      delayUntil(timestamp: number | Date): this;
      save(): Promise<this>;
      reportProgress(progress: unknown): Promise<void>;
    }

    interface HealthCheck {
      waiting: number;
      active: number;
      succeeded: number;
      failed: number;
      delayed: number;
      newestJob: number;
    }
  }

  class BeeQueue<T = unknown> {
    constructor(name: string, settings?: BeeQueue.QueueSettings);
    readonly name: string;
    ready(): Promise<this>;
    createJob(data: T): BeeQueue.Job<T>;
    process(concurrency: number, handler: (job: BeeQueue.Job<T>) => Promise<unknown>): this;
    checkHealth(): Promise<BeeQueue.HealthCheck>;
    /** With an interval, keeps checking on that interval until close(). */
    checkStalledJobs(interval?: number): Promise<number>;
    /** Rejects when running jobs outlast the timeout (the connections are closed regardless). */
    close(timeoutMs?: number): Promise<void>;

    on(event: 'succeeded', listener: (job: BeeQueue.Job<T>, result: unknown) => void): this;
    on(event: 'retrying' | 'failed' | 'failed:fatal', listener: (job: BeeQueue.Job<T>, error: Error) => void): this;
    on(event: 'error', listener: (error: Error) => void): this;
  }

  export = BeeQueue;
}
