import type { Logger } from 'pino';
import type { WakeSignal } from './wake-signal.js';

/** What one claiming worker does; the pump owns when. */
export interface ClaimPumpJob<T> {
  /** Names the worker in logs. */
  name: string;
  /** Read on start and on every pass, so a test's config change is honoured. */
  settings(): { pollMs: number; concurrency: number };
  /** Takes at most `free` due rows under a lease (the lease outlives a run: a live worker records first). */
  claim(free: number): Promise<T[]>;
  /** Runs one claimed row and records its outcome; a throw is logged and the lease makes the row due again. */
  run(item: T): Promise<void>;
  keyOf(item: T): number;
  /** Work done before each claim pass (e.g. turning new rows into claimable ones); a throw is logged. */
  beforeClaim?(): Promise<void>;
}

/**
 * The claim loop that workers on durable, leased rows share (webhook deliveries, inbound actions):
 * a poll timer plus in-process wake-ups, one pass at a time (a wake-up during a pass runs one more
 * pass after it), at most `concurrency` rows in flight, and a stop that waits until every row in
 * flight has recorded its outcome.
 */
export class ClaimPump<T> {
  private timer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  private readonly inFlight = new Map<number, Promise<void>>();
  private ticking = false;
  private tickAgain = false;
  private stopped = true;

  constructor(
    private readonly job: ClaimPumpJob<T>,
    private readonly signal: WakeSignal,
    private readonly logger: Logger,
  ) {}

  get running(): boolean {
    return !this.stopped;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.unsubscribe = this.signal.subscribe(() => this.kick());
    this.timer = setInterval(() => this.kick(), this.job.settings().pollMs);
    this.timer.unref();
    this.kick();
  }

  /** No new claims; waits for the rows in flight so their outcome is recorded. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.unsubscribe?.();
    this.unsubscribe = null;
    while (this.ticking || this.inFlight.size > 0) {
      await Promise.all([...this.inFlight.values()]);
      if (this.ticking) await new Promise((r) => setTimeout(r, 10));
    }
  }

  kick(): void {
    if (this.stopped) return;
    if (this.ticking) {
      this.tickAgain = true;
      return;
    }
    this.ticking = true;
    void this.tick().finally(() => {
      this.ticking = false;
      if (this.tickAgain && !this.stopped) {
        this.tickAgain = false;
        this.kick();
      }
    });
  }

  private async tick(): Promise<void> {
    if (this.job.beforeClaim) {
      try {
        await this.job.beforeClaim();
      } catch (err) {
        this.logger.error({ err }, `${this.job.name}: the pass before claiming failed; the next tick tries again`);
      }
    }
    try {
      await this.pump();
    } catch (err) {
      this.logger.error({ err }, `${this.job.name}: claim failed; the next tick tries again`);
    }
  }

  private async pump(): Promise<void> {
    for (;;) {
      const free = this.job.settings().concurrency - this.inFlight.size;
      if (this.stopped || free <= 0) return;
      const claimed = await this.job.claim(free);
      for (const item of claimed) {
        const key = this.job.keyOf(item);
        const run = this.job.run(item)
          .catch((err: unknown) => this.logger.error({ err, key }, `${this.job.name}: outcome not recorded; the lease makes the row due again`))
          .finally(() => {
            this.inFlight.delete(key);
            this.kick();
          });
        this.inFlight.set(key, run);
      }
      if (claimed.length < free) return;
    }
  }
}
