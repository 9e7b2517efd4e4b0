import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { createTask, type ScheduledTask } from 'node-cron';
import type { Logger } from 'pino';
import type { Clock } from './clock.js';
import type { ScheduledRunsRepository } from './scheduled-runs.repository.js';

/**
 * A job a module declares (PeykModule.jobs). `global`: one process of the installation runs each
 * occurrence (a lease row per job and occurrence in the database). `local`: every process that
 * runs jobs runs it. Either way a job must be safe to run late, twice in a row, or concurrently
 * with the previous occurrence elsewhere: the lease saves work, correctness stays with row claims.
 */
export interface ScheduledJob {
  /** Unique across the installation, `<module>.<what>`: the lease key. */
  name: string;
  /** node-cron pattern with a seconds field, e.g. every 5 s: `star/5 * * * * *`. */
  schedule: string;
  scope: 'global' | 'local';
  /** `now` is the injected clock's time (tests may offset it), not the cron's occurrence. */
  run(now: Date): Promise<unknown>;
}

export interface SchedulerOptions {
  logger: Logger;
  clock: Clock;
  runs: ScheduledRunsRepository;
  /** How long leases of past occurrences are kept (for people reading the table). */
  keepRunsMs?: number;
}

const DAY_MS = 86_400_000;

/**
 * Runs the declared jobs on node-cron in processes that run workers (role all or worker; the
 * composition root decides). Timers are unref'd and stop() destroys every task and waits for runs
 * in progress, so a stopped scheduler neither fires again nor keeps the process alive.
 */
export class Scheduler {
  private readonly tasks: ScheduledTask[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private stopped = false;
  /** Names this process in the leases it takes (for people reading the table; the key decides). */
  readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly jobs: ScheduledJob[];

  constructor(jobs: ScheduledJob[], private readonly options: SchedulerOptions) {
    const names = new Set<string>();
    for (const job of jobs) {
      if (names.has(job.name)) throw new Error(`scheduled job ${job.name} is declared twice`);
      names.add(job.name);
    }
    this.jobs = [...jobs, {
      name: 'platform.prune-scheduled-runs', schedule: '0 17 * * * *', scope: 'global',
      run: (now) => options.runs.prune(new Date(now.getTime() - (options.keepRunsMs ?? DAY_MS))),
    }];
  }

  /** What this process will run (health checks, tests). */
  jobNames(): string[] {
    return this.jobs.map((j) => j.name);
  }

  start(): void {
    if (this.tasks.length > 0 || this.stopped) return;
    const { logger } = this.options;
    const cronLogger = {
      info: (m: string) => logger.debug({ where: 'scheduler' }, m),
      // A missed occurrence (event loop busy) is not an error: the next one catches up.
      warn: (m: string) => logger.debug({ where: 'scheduler' }, m),
      error: (m: string | Error, err?: Error) => logger.error({ err: err ?? m, where: 'scheduler' }, 'scheduler error'),
      debug: (m: string | Error) => logger.debug({ where: 'scheduler' }, String(m)),
    };
    for (const job of this.jobs) {
      // noOverlap: a slow run is not stacked on itself in this process; the next occurrence waits.
      const task = createTask(job.schedule, (ctx) => this.fire(job, ctx.date), { name: job.name, noOverlap: true, unref: true, logger: cronLogger });
      this.tasks.push(task);
    }
    for (const task of this.tasks) void task.start();
  }

  /** Runs one occurrence now, lease included (tests; `occurrence` names it as the cron would). */
  async fire(job: ScheduledJob, occurrence: Date): Promise<boolean> {
    if (this.stopped) return false;
    const run = this.runOnce(job, occurrence);
    const tracked = run.then(() => undefined, () => undefined);
    this.inFlight.add(tracked);
    try {
      return await run;
    } finally {
      this.inFlight.delete(tracked);
    }
  }

  private async runOnce(job: ScheduledJob, occurrence: Date): Promise<boolean> {
    const { logger, clock, runs } = this.options;
    try {
      if (job.scope === 'global') {
        // Whole seconds: the planned instant carries no milliseconds, but be sure both takers agree.
        const at = new Date(Math.floor(occurrence.getTime() / 1000) * 1000);
        if (!(await runs.take(job.name, at, this.owner))) return false;
      }
      await job.run(clock.now());
      return true;
    } catch (err) {
      // A failed occurrence is not retried: the next one runs the same sweep again.
      logger.error({ err, job: job.name }, 'scheduled job failed; the next occurrence tries again');
      return false;
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const task of this.tasks.splice(0)) await task.destroy();
    await Promise.all([...this.inFlight]);
  }
}
