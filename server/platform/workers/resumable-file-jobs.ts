import type { Logger } from 'pino';
import type { JobQueue, QueueFactory } from '../queue.js';

/** What one kind of resumable file job (a contacts import, a number-bank import) says about itself. */
export interface ResumableFileJobsOptions<K extends string> {
  queueName: string;
  /** The job data's field holding the row id (kept as each queue always had it: jobs in flight across an upgrade still read). */
  idField: K;
  /** Job ids are `<prefix>:<id>[:<round>]`: one job per row, and a later round for a resume. */
  jobPrefix: string;
  /** Names the job in logs. */
  label: string;
  /** Rows Waiting or Extracting untouched since `before` (their job was lost with a process). */
  findStuck(before: Date, limit: number): Promise<number[]>;
  run(id: number): Promise<void>;
  /** Marks a row failed once the queue gave up on it (no retry left). */
  fail(id: number): Promise<void>;
  now(): Date;
}

/** A row untouched this long lost its job (a batch commits every second or so). */
export const STUCK_AFTER_MS = 120_000;

/**
 * The queue life of a file job that commits in batches and resumes from its own counters: one job
 * per row at a time per worker process, three retries, a row failed once the queue gives up, a
 * sweep that queues rows whose job was lost again under a new job id (a second run is harmless:
 * each job stops when another committed past it), and a stop after which running jobs end at
 * their current batch (`stopping`) and stay resumable.
 */
export class ResumableFileJobs<K extends string> {
  private queue: JobQueue<Record<K, number>> | null = null;
  private halted = false;

  constructor(
    private readonly options: ResumableFileJobsOptions<K>,
    private readonly queues: QueueFactory,
    private readonly logger: Logger,
  ) {}

  /** True once stop began: a running job ends after its batch. */
  get stopping(): boolean {
    return this.halted;
  }

  jobQueue(): JobQueue<Record<K, number>> {
    const o = this.options;
    this.queue ??= this.queues.queue<Record<K, number>>(o.queueName, {
      onFailed: (_queue, jobId, error, willRetry) => {
        if (willRetry) return;
        const id = Number(new RegExp(`^${o.jobPrefix}:(\\d+)`).exec(jobId)?.[1]);
        this.logger.error({ err: error, [o.idField]: id }, `${o.label} failed`);
        if (id) void o.fail(id).catch((err: unknown) => this.logger.error({ err, [o.idField]: id }, `${o.label}: marking failed`));
      },
    });
    return this.queue;
  }

  async enqueue(id: number, round = ''): Promise<void> {
    const data = { [this.options.idField]: id } as Record<K, number>;
    await this.jobQueue().add(data, { jobId: `${this.options.jobPrefix}:${id}${round ? `:${round}` : ''}`, retries: 3 });
  }

  /** Worker processes only. Jobs a stopped process left behind go on at once. */
  async start(): Promise<void> {
    this.halted = false;
    this.jobQueue().process(1, (job) => this.options.run(job.data[this.options.idField]));
    await this.resumeStuck(30_000);
  }

  async stop(): Promise<void> {
    this.halted = true;
    await this.queue?.close(15_000);
  }

  async resumeStuck(afterMs = STUCK_AFTER_MS): Promise<void> {
    const ids = await this.options.findStuck(new Date(this.options.now().getTime() - afterMs), 100);
    for (const id of ids) await this.enqueue(id, `resume${Date.now().toString(36)}`);
  }
}
