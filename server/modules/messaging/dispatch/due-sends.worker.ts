import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import { TYPES } from '../../../platform/tokens.js';
import { UnitOfWork } from '../../../platform/unit-of-work.js';
import type { Clock } from '../../../platform/clock.js';
import { SendsRepository, type SendRow } from '../sends.repository.js';
import { SendStopService } from '../send-stop.service.js';
import { SendProgressPublisher } from '../send-progress.service.js';
import { DispatchSignal } from '../dispatch-signal.js';
import { DISPATCH_QUEUE_STATUSES, WAITING_QUEUE_STATUSES, type FailureCode } from '../statuses.js';
import { DispatchLeasesRepository } from './dispatch-leases.repository.js';
import { BATCH_SIZE, DispatchQueues, gradualStep, laneOf } from './dispatch-queues.service.js';
import { DispatchStanding } from './dispatch-standing.service.js';
import { SingleSendLane, type LanePair } from './single-lane.worker.js';
import { SelectionLoader } from './selection-loader.service.js';

const TICK_MS = 1_000;
const STALE_MS = 120_000;

/**
 * The due-send scheduler and extractor: every second, or at once when `DispatchSignal` wakes it,
 * it runs the single-send lane, then takes due sends, judges their standing, moves each to
 * Extracted with a conditional update (one scheduler wins) and enqueues one range job per 1,000
 * receivers for the range worker. It also owns the extraction sweeps (FailedExtract, stale sends).
 */
@injectable()
export class DueSendsScheduler {
  private running = false;
  private loop: Promise<void> | null = null;

  constructor(
    @inject(SendsRepository) private readonly sends: SendsRepository,
    @inject(DispatchLeasesRepository) private readonly leases: DispatchLeasesRepository,
    @inject(DispatchQueues) private readonly queues: DispatchQueues,
    @inject(DispatchStanding) private readonly standing: DispatchStanding,
    @inject(SingleSendLane) private readonly singleLane: SingleSendLane,
    @inject(SendStopService) private readonly stopper: SendStopService,
    @inject(SelectionLoader) private readonly selections: SelectionLoader,
    @inject(SendProgressPublisher) private readonly progress: SendProgressPublisher,
    @inject(DispatchSignal) private readonly signal: DispatchSignal,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TYPES.Logger) private readonly logger: Logger,
    @inject(TYPES.Clock) private readonly clock: Clock,
  ) {}

  /**
   * At start, before the workers take jobs: sends a stopped process was dispatching get their
   * ranges enqueued again. Fresh job ids: the old jobs may still exist (locked by the dead process,
   * or failed for good). A range another worker still holds is not touched: its job waits for the
   * lease (a dead holder's runs out).
   */
  async resumeInterrupted(): Promise<void> {
    for (const send of await this.sends.inDispatch(1_000, null)) await this.extract(send, `boot${Date.now().toString(36)}`);
  }

  /** Starts the per-second loop (role `all` or `worker`). */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.schedulerLoop();
  }

  /** Ends the loop: wakes it and waits for the pass under way. */
  async stop(): Promise<void> {
    this.running = false;
    this.signal.wake();
    await this.loop;
  }

  private async schedulerLoop(): Promise<void> {
    while (this.running) {
      try {
        await this.tick();
      } catch (err) {
        this.logger.error({ err }, 'scheduler tick failed');
      }
      await this.signal.wait(TICK_MS);
    }
  }

  /**
   * One pass: every due send is checked, then handed to the workers. It stays this loop's, not a
   * scheduled job: DispatchSignal wakes it the moment a send is composed, and every worker process
   * runs it (row claims make concurrent passes safe). The sweeps are scheduled jobs (messaging.module),
   * and so are periodic occurrences (`messaging.periodic-occurrences`: their sends wake this loop).
   */
  async tick(): Promise<number> {
    const now = this.clock.now();
    let started = 0;
    // One-receiver single sends first, many at a time (see SingleSendLane); what it leaves (a pair
    // whose standing refuses or waits) the loop below takes one by one as any send.
    let declined: LanePair[] | 'all';
    try {
      const lane = await this.singleLane.run(now);
      started += lane.started;
      declined = lane.declined;
    } catch (err) {
      this.logger.error({ err }, 'single-send lane failed; this pass takes its sends one by one');
      declined = 'all';
    }
    for (const send of await this.sends.due(now, 100, declined)) {
      const failure = await this.standing.judge(send, now);
      if (failure === 'wait') continue;
      if (failure) {
        await this.fail(send, failure);
        continue;
      }
      const taken = await this.sends.transition(undefined, send.id, [...WAITING_QUEUE_STATUSES], { queueStatus: 'Extracting', status: 'IsBeingSent', dateTimeStart: now });
      if (!taken) continue;
      if (await this.extract(taken)) started++;
    }
    return started;
  }

  /**
   * Loads a taken send's receivers when compose left them to this step (SelectionLoader), enqueues
   * its ranges and marks it Extracted. A load or a queue that fails (Redis down) leaves it
   * FailedExtract: nothing was lost — a load is one transaction, receivers are judged one by one
   * when a job claims them — and the sweep tries again. Answers whether the send is now fully on the queue.
   */
  private async extract(taken: SendRow, round = '', onlyDue = false): Promise<boolean> {
    let send = taken;
    try {
      send = (await this.selections.load(taken.id)) ?? taken;
      await this.enqueueRanges(send, round, onlyDue);
    } catch (err) {
      this.logger.error({ err, sendId: send.id }, 'enqueueing a send failed; the sweep tries again');
      const failed = await this.sends.transition(undefined, send.id, ['Extracting', 'Extracted'], { queueStatus: 'FailedExtract' });
      if (failed) this.progress.push(failed, true);
      return false;
    }
    // Conditional: a cancel that finished the send meanwhile keeps its own status.
    const extracted = await this.sends.transition(undefined, send.id, [...DISPATCH_QUEUE_STATUSES], { queueStatus: 'Extracted' });
    this.progress.push(extracted ?? send, true);
    return true;
  }

  /**
   * One job per range of receivers. A gradual send's ranges never cross a step boundary and each
   * is delayed until its step is due (dateTimeSend + step × interval), computed from the send row
   * so a restarted process enqueues the same schedule. `onlyDue` leaves future steps alone (their
   * jobs are still waiting in the queue).
   */
  private async enqueueRanges(send: SendRow, round = '', onlyDue = false): Promise<void> {
    const queue = this.queues.dispatchQueue(laneOf(send));
    const now = this.clock.now().getTime();
    for (let from = 0; from < send.recipientCount;) {
      const step = gradualStep(send, from);
      const to = Math.min(from + BATCH_SIZE, send.recipientCount, step ? step.endSeq : Infinity);
      const delayMs = step ? Math.max(0, step.dueAt - now) : 0;
      if (!(onlyDue && delayMs > 0)) {
        await queue.add({ sendId: send.id, fromSeq: from, toSeq: to }, { jobId: `${send.id}:${from}${round ? `:${round}` : ''}`, retries: 3, ...(delayMs > 0 ? { delayMs } : {}) });
      }
      from = to;
    }
  }

  /** Sends the queue refused: every range again (repeats are harmless: receivers are claimed one by one). */
  async retryFailedExtract(now: Date): Promise<void> {
    for (const send of await this.sends.inDispatch(100, null, ['FailedExtract'])) await this.extract(send, `retry${now.getTime().toString(36)}`);
  }

  /**
   * Sends in dispatch with no progress for a while (a job that failed for good, a lost queue entry)
   * get their ranges enqueued again; only receivers still waiting are taken, so this is safe.
   */
  async resumeStale(now: Date): Promise<void> {
    // FailedExtract has its own, quicker retry (retryFailedExtract).
    for (const send of await this.sends.inDispatch(100, new Date(now.getTime() - STALE_MS), ['Extracting', 'Extracted'])) {
      if (await this.extract(send, `stale${now.getTime().toString(36)}`, true)) await this.sends.update(undefined, send.id, {});
    }
    await this.leases.dropFinished();
  }

  /** A send that cannot go out: nothing was submitted, so the hold is released and the limits given back. */
  async fail(send: SendRow, code: FailureCode): Promise<void> {
    const stopped = await this.uow.run((tx) => this.stopper.stopUnsent(tx, send, [...WAITING_QUEUE_STATUSES, 'WatingForConfirm'], { queueStatus: 'Failed', status: 'ErrorInSending', failureCode: code }));
    // Null: the send moved on meanwhile (confirmed, canceled), and whoever moved it pushed it.
    if (stopped) this.progress.push(stopped, true);
  }
}
