import { inject, injectable, multiInject, optional } from 'inversify';
import type { Logger } from 'pino';
import { TYPES } from '../../platform/tokens.js';
import { ClaimPump } from '../../platform/workers/claim-pump.js';
import { WakeSignal } from '../../platform/workers/wake-signal.js';
import type { AppConfig } from '../../platform/config.js';
import { InboundActionsRepository } from './inbound-actions.repository.js';
import { INBOUND_ACTION_HANDLERS, type InboundActionHandler, type InboundActionOutcome, type InboundActionRow } from './inbound-contracts.js';

/** In-process wake-up of the worker (actions committed here); only a hint, the worker also polls. */
@injectable()
export class InboundActionsSignal extends WakeSignal {}

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
  private readonly abort = new AbortController();
  private readonly pump: ClaimPump<InboundActionRow>;

  constructor(
    @inject(InboundActionsRepository) private readonly repo: InboundActionsRepository,
    @inject(InboundActionsSignal) signal: InboundActionsSignal,
    @inject(TYPES.Config) private readonly config: AppConfig,
    @inject(TYPES.Logger) private readonly logger: Logger,
    @multiInject(INBOUND_ACTION_HANDLERS) @optional() private readonly handlers: InboundActionHandler[] = [],
  ) {
    this.pump = new ClaimPump<InboundActionRow>({
      name: 'inbound actions',
      settings: () => this.settings,
      claim: (free) => this.repo.claimDue(free, this.leaseMs),
      run: (action) => this.runOne(action),
      keyOf: (action) => action.id,
    }, signal, logger);
  }

  private get settings() {
    return this.config.inboundActions;
  }

  /** Longer than an attempt may take: a live worker always records before another may take the row. */
  private get leaseMs(): number {
    return this.settings.timeoutMs * 2 + 5_000;
  }

  start(): void {
    this.pump.start();
  }

  async stop(): Promise<void> {
    await this.pump.stop();
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
