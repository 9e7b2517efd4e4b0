import { inject, injectable, multiInject, optional } from 'inversify';
import type { Logger } from 'pino';
import { TYPES } from '../../platform/tokens.js';
import type { AppConfig } from '../../platform/config.js';
import { InboundActionsRepository } from './inbound-actions.repository.js';
import { INBOUND_ACTION_HANDLERS, type InboundActionHandler, type InboundActionOutcome, type InboundActionRow } from './inbound-contracts.js';

/** In-process wake-up of the worker (actions committed here); only a hint, the worker also polls. */
@injectable()
export class InboundActionsSignal {
  private readonly handlers = new Set<() => void>();

  wake(): void {
    for (const h of this.handlers) h();
  }

  subscribe(handler: () => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }
}

/** Waits before the n-th retry (1-based): base, ×3, ×9, … capped at an hour. */
export function inboundRetryDelay(baseMs: number, attempt: number): number {
  return Math.min(3_600_000, baseMs * 3 ** Math.max(0, attempt - 1));
}

/**
 * Does the queued inbound actions: claims due rows (a lease each, see the repository), runs each
 * kind's handler with at most `concurrency` in flight and a time-out, records the outcome and
 * retries with back-off up to the action's `maxAttempts`. An action of a kind no handler knows is
 * Failed at once (a module that queued it is gone). Started where workers run (role all/worker).
 */
@injectable()
export class InboundActionsWorker {
  private timer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  private readonly inFlight = new Map<number, Promise<void>>();
  private ticking = false;
  private tickAgain = false;
  private stopped = true;
  private readonly abort = new AbortController();

  constructor(
    @inject(InboundActionsRepository) private readonly repo: InboundActionsRepository,
    @inject(InboundActionsSignal) private readonly signal: InboundActionsSignal,
    @inject(TYPES.Config) private readonly config: AppConfig,
    @inject(TYPES.Logger) private readonly logger: Logger,
    @multiInject(INBOUND_ACTION_HANDLERS) @optional() private readonly handlers: InboundActionHandler[] = [],
  ) {}

  private get settings() {
    return this.config.inboundActions;
  }

  /** Longer than an attempt may take: a live worker always records before another may take the row. */
  private get leaseMs(): number {
    return this.settings.timeoutMs * 2 + 5_000;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.unsubscribe = this.signal.subscribe(() => this.kick());
    this.timer = setInterval(() => this.kick(), this.settings.pollMs);
    this.timer.unref();
    this.kick();
  }

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

  private kick(): void {
    if (this.stopped) return;
    if (this.ticking) {
      this.tickAgain = true;
      return;
    }
    this.ticking = true;
    void this.pump()
      .catch((err: unknown) => this.logger.error({ err }, 'inbound actions claim failed; the next tick tries again'))
      .finally(() => {
        this.ticking = false;
        if (this.tickAgain && !this.stopped) {
          this.tickAgain = false;
          this.kick();
        }
      });
  }

  private async pump(): Promise<void> {
    while (!this.stopped) {
      const free = this.settings.concurrency - this.inFlight.size;
      if (free <= 0) return;
      const claimed = await this.repo.claimDue(free, this.leaseMs);
      if (claimed.length === 0) return;
      for (const action of claimed) {
        const p = this.runOne(action).finally(() => {
          this.inFlight.delete(action.id);
          this.kick();
        });
        this.inFlight.set(action.id, p);
      }
    }
  }

  private async runOne(action: InboundActionRow): Promise<void> {
    const handler = this.handlers.find((h) => h.kind === action.kind);
    let outcome: InboundActionOutcome;
    if (!handler) outcome = { done: false, permanent: true, error: `no handler for ${action.kind}` };
    else {
      const timeout = AbortSignal.timeout(this.settings.timeoutMs);
      const signal = AbortSignal.any([timeout, this.abort.signal]);
      try {
        outcome = await handler.run(action, signal);
      } catch (err) {
        // An unexpected throw is retried like a refused call: the handler may have met a passing fault.
        this.logger.warn({ err, actionId: action.id, kind: action.kind }, 'inbound action failed');
        outcome = { done: false, permanent: false, error: err instanceof Error ? err.message : String(err) };
      }
    }
    const last = action.attempts >= action.maxAttempts;
    const status = outcome.done ? 'Done' : outcome.permanent || last ? 'Failed' : 'Waiting';
    await this.repo.finish(action.id, action.attempts, {
      status,
      error: outcome.done ? null : outcome.error,
      result: outcome.done ? outcome.result ?? null : null,
      retryInMs: status === 'Waiting' ? inboundRetryDelay(this.settings.retryBaseMs, action.attempts) : null,
    }).catch((err: unknown) => this.logger.error({ err, actionId: action.id }, 'inbound action outcome not recorded; it runs again after its lease'));
  }
}
