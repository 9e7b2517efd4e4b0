import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { createTask, type ScheduledTask } from 'node-cron';
import type { Logger } from 'pino';
import type { Clock } from './clock.js';
import type { ScheduledRunsRepository } from './scheduled-runs.repository.js';
import { CronTimes } from './cron-times.js';

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
  /**
   * `now` is the injected clock's time (tests may offset it), not the cron's occurrence. `signal`
   * aborts at the run's deadline or when the process stops: a job that loops checks it each turn.
   */
  run(now: Date, signal: AbortSignal): Promise<unknown>;
}

/** A run in progress, as the watchdog and `/api/health` see it. */
export interface RunningJob {
  name: string;
  occurrence: Date;
  startedAt: number;
  deadlineAt: number;
  periodMs: number;
  controller: AbortController;
  warned: boolean;
}

export interface SchedulerOptions {
  logger: Logger;
  clock: Clock;
  runs: ScheduledRunsRepository;
  /** How long leases of past occurrences are kept (for people reading the table). */
  keepRunsMs?: number;
  /** A run's deadline is its period, but never less than this (default 60 s): short periods are cadences, not limits. */
  minDeadlineMs?: number;
  /** How often the watchdog looks at runs in progress (default 1 s). */
  watchEveryMs?: number;
  /** How long stop() waits for aborted runs to end before it leaves them behind (default 5 s). */
  stopWaitMs?: number;
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
  private readonly running = new Set<RunningJob>();
  private readonly times = new Map<string, CronTimes>();
  private watchdog: NodeJS.Timeout | null = null;
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
    // Parsed once, here: a pattern the watchdog cannot read fails the start, not a run at 3 a.m.
    for (const job of this.jobs) this.times.set(job.name, new CronTimes(job.schedule));
  }

  /** The declared jobs (the day soak and the every-job test fire each of them). */
  declaredJobs(): readonly ScheduledJob[] {
    return this.jobs;
  }

  /** The instants `job` fires in [from, to). */
  occurrences(job: ScheduledJob, from: Date, to: Date): Generator<Date> {
    return this.timesOf(job).between(from, to);
  }

  /** The run in progress that started first, for `/api/health`; null when none runs. */
  oldestRunning(now = Date.now()): { name: string; runningMs: number; overdue: boolean } | null {
    let oldest: RunningJob | null = null;
    for (const r of this.running) if (!oldest || r.startedAt < oldest.startedAt) oldest = r;
    if (!oldest) return null;
    const runningMs = now - oldest.startedAt;
    return { name: oldest.name, runningMs, overdue: runningMs > oldest.periodMs };
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
    this.watchdog = setInterval(() => this.watch(), this.options.watchEveryMs ?? 1_000);
    this.watchdog.unref();
  }

  /**
   * A run longer than its period is logged once with its name and duration; a run past its deadline
   * is aborted (its signal) and logged: a job that cannot end shows itself instead of hiding behind
   * noOverlap while every later occurrence is skipped.
   */
  watch(now = Date.now()): void {
    const { logger } = this.options;
    for (const r of this.running) {
      const durationMs = now - r.startedAt;
      if (!r.warned && durationMs > r.periodMs) {
        r.warned = true;
        logger.warn({ job: r.name, durationMs, periodMs: r.periodMs, occurrence: r.occurrence }, 'scheduled job runs longer than its period');
      }
      if (!r.controller.signal.aborted && now > r.deadlineAt) {
        r.controller.abort(new Error(`scheduled job ${r.name} passed its deadline`));
        logger.error({ job: r.name, durationMs, deadlineAt: new Date(r.deadlineAt), occurrence: r.occurrence }, 'scheduled job passed its deadline; aborted');
      }
    }
  }

  private timesOf(job: ScheduledJob): CronTimes {
    let t = this.times.get(job.name);
    if (!t) {
      t = new CronTimes(job.schedule);
      this.times.set(job.name, t);
    }
    return t;
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
    // Whole seconds: the planned instant carries no milliseconds, but be sure both takers agree.
    const at = new Date(Math.floor(occurrence.getTime() / 1000) * 1000);
    const periodMs = this.timesOf(job).periodAt(at);
    const startedAt = Date.now();
    const deadlineAt = startedAt + Math.max(periodMs, this.options.minDeadlineMs ?? 60_000);
    const run: RunningJob = { name: job.name, occurrence: at, startedAt, deadlineAt, periodMs, controller: new AbortController(), warned: false };
    let taken = false;
    let outcome: 'done' | 'failed' | 'aborted' = 'done';
    try {
      if (job.scope === 'global') {
        taken = await runs.take(job.name, at, this.owner, new Date(at.getTime() + (deadlineAt - startedAt)));
        if (!taken) return false;
      }
      this.running.add(run);
      await job.run(clock.now(), run.controller.signal);
      if (run.controller.signal.aborted) outcome = 'aborted';
      return true;
    } catch (err) {
      outcome = run.controller.signal.aborted ? 'aborted' : 'failed';
      // A failed occurrence is not retried: the next one runs the same sweep again.
      logger.error({ err, job: job.name }, 'scheduled job failed; the next occurrence tries again');
      return false;
    } finally {
      this.running.delete(run);
      if (taken) await runs.finish(job.name, at, outcome).catch((err: unknown) => logger.warn({ err, job: job.name }, 'could not record the end of a scheduled run'));
    }
  }

  /**
   * Fires nothing more, aborts runs in progress and waits for them up to `stopWaitMs`: a run that
   * ignores its signal is left behind (logged) rather than holding the process past its shutdown.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.watchdog) clearInterval(this.watchdog);
    this.watchdog = null;
    for (const task of this.tasks.splice(0)) await task.destroy();
    for (const r of this.running) r.controller.abort(new Error('the scheduler is stopping'));
    let timer: NodeJS.Timeout | undefined;
    const gaveUp = new Promise<boolean>((resolve) => { timer = setTimeout(() => resolve(true), this.options.stopWaitMs ?? 5_000); timer.unref(); });
    const leftBehind = await Promise.race([Promise.all([...this.inFlight]).then(() => false), gaveUp]);
    clearTimeout(timer);
    if (leftBehind) this.options.logger.error({ jobs: [...this.running].map((r) => r.name) }, 'scheduled jobs did not end at stop; left behind');
  }
}
