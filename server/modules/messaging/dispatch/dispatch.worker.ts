import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import { TYPES } from '../../../platform/tokens.js';
import { UnitOfWork } from '../../../platform/unit-of-work.js';
import type { Clock } from '../../../platform/clock.js';
import type { JobQueue, QueueFactory } from '../../../platform/queue.js';
import type { Gateway, OutboundMessage, SubmitContext, SubmitResult } from '../../../gateways/gateway-sdk.js';
import { GatewayHosts } from '../../../gateways/gateway-host.js';
import type { SettingsService } from '../../../platform/settings.service.js';
import { OrganizationsService } from '../../organizations/index.js';
import { AgentHealthService, LinesService } from '../../numbers/index.js';
import { MediaService } from '../../media/index.js';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { AppConfig } from '../../../platform/config.js';
import { SendsRepository, type SendRow } from '../sends.repository.js';
import { ReceiversRepository, type ClaimedRecipient, type SubmitOutcome } from '../receivers.repository.js';
import { DispatchLeasesRepository, type HeldLease } from './dispatch-leases.repository.js';
import { SettlementService } from '../delivery/settlement.service.js';
import { DispatchSignal } from './dispatch-signal.js';
import { AgentPaceService } from './agent-pace.service.js';
import { PeriodicService } from '../periodic/periodic.service.js';
import { OutboxArchiver } from '../outbox/archive.worker.js';
import { insideWindow, standingFailure } from '../send-rules.js';
import { SendStopService } from '../send-stop.service.js';
import { SendProgressPublisher } from '../delivery/send-progress.service.js';
import { smsEncoding } from '../../../shared/sms/sms-text.js';
import { DISPATCH_QUEUE_STATUSES, refusalStatus, WAITING_QUEUE_STATUSES, type FailureCode } from '../statuses.js';

export interface BatchJob {
  sendId: number;
  fromSeq: number;
  toSeq: number;
  /** How often this job already came back because another worker held its range. */
  waits?: number;
}

/** Receivers per queue job; a job is the unit a crashed worker's successor takes over. */
export const BATCH_SIZE = 1_000;
const TICK_MS = 1_000;
/** At most this many single sends per (organization, agent) a claim of the single-send lane takes. */
const SINGLE_LANE_MAX = 500;
/** How long one scheduler pass keeps claiming single sends before the rest of the pass runs. */
const SINGLE_LANE_BUDGET_MS = 2_000;
type LanePair = { organizationId: number; senderAgentId: number };
const STALE_MS = 120_000;
const DISPATCH_QUEUE = 'dispatch';
const SINGLE_DISPATCH_QUEUE = 'dispatch-single';
type Lane = 'bulk' | 'single';

function laneOf(send: SendRow): Lane {
  return send.sendType === 'Single' && send.recipientCount <= 1 ? 'single' : 'bulk';
}
/** A job waiting for a range's lease comes back this long after the lease's expiry. */
const LEASE_SLACK_MS = 250;

/**
 * The scheduler and the dispatch worker. The scheduler moves due sends to Extracted and enqueues
 * one job per range of receivers; a worker claims the range's waiting receivers in the database
 * (IsSending), submits them through the sender agent's plugin at its pace and stores each answer.
 * The database, not the queue, says what is left: a job run twice finds nothing left to claim.
 */
@injectable()
export class Dispatcher {
  private queue: JobQueue<BatchJob> | null = null;
  private running = false;
  private loop: Promise<void> | null = null;
  private connecting: Promise<void> = Promise.resolve();
  private unsubscribeAgents: (() => void) | null = null;
  private sweepingAgents = false;
  /** Names this process in the leases it holds (for people reading the table; the fence decides). */
  private readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

  constructor(
    @inject(SendsRepository) private readonly sends: SendsRepository,
    @inject(ReceiversRepository) private readonly receivers: ReceiversRepository,
    @inject(DispatchLeasesRepository) private readonly leases: DispatchLeasesRepository,
    @inject(TYPES.Config) private readonly config: AppConfig,
    @inject(SettlementService) private readonly settlement: SettlementService,
    @inject(GatewayHosts) private readonly hosts: GatewayHosts,
    @inject(LinesService) private readonly lines: LinesService,
    @inject(SendStopService) private readonly stopper: SendStopService,
    @inject(SendProgressPublisher) private readonly progress: SendProgressPublisher,
    @inject(TYPES.Settings) private readonly settings: SettingsService,
    @inject(OrganizationsService) private readonly organizations: OrganizationsService,
    @inject(DispatchSignal) private readonly signal: DispatchSignal,
    @inject(AgentPaceService) private readonly pacer: AgentPaceService,
    @inject(PeriodicService) private readonly periodic: PeriodicService,
    @inject(TYPES.QueueFactory) private readonly queues: QueueFactory,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TYPES.Logger) private readonly logger: Logger,
    @inject(TYPES.Clock) private readonly clock: Clock,
    @inject(OutboxArchiver) private readonly archiver: OutboxArchiver,
    @inject(MediaService) private readonly media: MediaService,
    @inject(AgentHealthService) private readonly agentHealth: AgentHealthService,
  ) {}

  /**
   * What a voice send plays (the gateway SDK's `OutboundMessage.voice`): the file's public address,
   * built now from the configured base so a changed address applies to sends still waiting, or
   * the spoken text; null for every other send.
   */
  private async voiceOf(send: SendRow): Promise<OutboundMessage['voice'] | null> {
    if (send.sendSubType !== 'Voice') return null;
    const mediaId = send.voiceMediaId as number | null;
    return {
      audioUrl: mediaId ? await this.media.publicUrl(mediaId) : null,
      text: (send.voiceText as string | null) ?? null,
      seconds: Number(send.voiceSeconds ?? 0),
    };
  }

  /**
   * Two lanes with their own workers: one-receiver single sends (OTPs, API and SMPP sends) never
   * wait behind the range jobs of a million-receiver bulk send, which would otherwise fill the one
   * queue for minutes.
   */
  dispatchQueue(lane: Lane = 'bulk'): JobQueue<BatchJob> {
    if (lane === 'single') {
      this.singleQueue ??= this.queues.queue<BatchJob>(SINGLE_DISPATCH_QUEUE);
      return this.singleQueue;
    }
    this.queue ??= this.queues.queue<BatchJob>(DISPATCH_QUEUE);
    return this.queue;
  }

  private singleQueue: JobQueue<BatchJob> | null = null;

  /** Starts the scheduler loop and the workers (role `all` or `worker`). */
  async start(concurrency = 4): Promise<void> {
    if (this.running) return;
    this.running = true;
    // Sends a stopped process was dispatching: enqueue their ranges again. Fresh job ids: the old jobs
    // may still exist (locked by the dead process, or failed for good). A range another worker still
    // holds is not touched: its job waits for the lease (a dead holder's runs out).
    for (const send of await this.sends.inDispatch(1_000, null)) await this.extract(send, `boot${Date.now().toString(36)}`);
    this.dispatchQueue('bulk').process(concurrency, (job) => this.runBatch(job.data));
    this.dispatchQueue('single').process(concurrency, (job) => this.runBatch(job.data));
    this.archiver.start();
    // Not awaited: an unreachable provider must not hold up the boot; stop() waits for it.
    this.connecting = this.connectAgents();
    // An agent saved in this process is (re)connected or let go at once; agents saved in another
    // process are picked up by the `messaging.connect-agents` sweep.
    this.unsubscribeAgents = this.agentHealth.onAgentChanged((agentId) => {
      this.connecting = this.connecting.catch(() => undefined).then(() => this.refreshAgent(agentId));
    });
    this.loop = this.schedulerLoop();
  }

  /**
   * Gateways that must be asked for reports are polled only where connections are held (this
   * process dispatches): a local job every second, each gateway at its own interval.
   */
  pollGateways(): void {
    if (this.running) this.hosts.pollDue();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.unsubscribeAgents?.();
    this.unsubscribeAgents = null;
    this.signal.wake();
    await this.loop;
    await this.connecting;
    await this.hosts.pollsSettled();
    await Promise.all([this.queue?.close(10_000), this.singleQueue?.close(10_000)]);
    await this.archiver.stop();
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
   * runs it (row claims make concurrent passes safe). The sweeps are scheduled jobs (messaging.module).
   */
  async tick(): Promise<number> {
    const now = this.clock.now();
    let started = 0;
    // One-receiver single sends first, many at a time (see singleLane); what it leaves (a pair
    // whose standing refuses or waits) the loop below takes one by one as any send.
    let declined: LanePair[] | 'all';
    try {
      const lane = await this.singleLane(now);
      started += lane.started;
      declined = lane.declined;
    } catch (err) {
      this.logger.error({ err }, 'single-send lane failed; this pass takes its sends one by one');
      declined = 'all';
    }
    // Periodic occurrences due now become ordinary Ready sends first, so they go out in this pass.
    await this.periodic.runDue(now).catch((err) => this.logger.error({ err }, 'periodic occurrences failed; retried next tick'));
    for (const send of await this.sends.due(now, 100, declined)) {
      const failure = await this.standing(send, now);
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
   * Enqueues a taken send's ranges and marks it Extracted. A queue that refuses (Redis down) leaves
   * it FailedExtract: nothing was lost — receivers are judged one by one when a job claims them —
   * and the sweep enqueues it again. Answers whether the send is now fully on the queue.
   */
  private async extract(send: SendRow, round = '', onlyDue = false): Promise<boolean> {
    try {
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
    const queue = this.dispatchQueue(laneOf(send));
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

  /** Parked delivery reports (they came before their submit answer was stored) matched again. */
  async applyParkedReports(now: Date): Promise<number> {
    return this.settlement.applyParked(new Date(now.getTime() - (await this.reportTimeoutHours()) * 3_600_000));
  }

  /** Receivers whose delivery report never came within the report time-out are closed as Unknown. */
  async closeOverdueReports(now: Date): Promise<number> {
    return this.settlement.closeOverdue(now, await this.reportTimeoutHours());
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

  /** The organization chain, the line and the windows at dispatch time ('wait' = outside a window: try later). */
  private async standing(send: SendRow, now: Date): Promise<FailureCode | 'wait' | null> {
    const chain = await this.organizations.chainOf(send.organizationId);
    const code = standingFailure(chain, null, now);
    if (code) return code;
    const agent = await this.lines.senderAgent(undefined, send.senderAgentId);
    // Switched off, deleted, or its plugin failed to load since the send was made: nothing can carry it.
    if (!agent || !agent.isActive) return 'SystemIsOutOfService';
    const org = chain[chain.length - 1] as unknown as Record<string, unknown>;
    if (!org.isActiveAllTime && !insideWindow(now, org.sendStartTime as string | null, org.sendEndTime as string | null)) return 'wait';
    return null;
  }

  /** A send that cannot go out: nothing was submitted, so the hold is released and the limits given back. */
  async fail(send: SendRow, code: FailureCode): Promise<void> {
    const stopped = await this.uow.run((tx) => this.stopper.stopUnsent(tx, send, [...WAITING_QUEUE_STATUSES, 'WatingForConfirm'], { queueStatus: 'Failed', status: 'ErrorInSending', failureCode: code }));
    // Null: the send moved on meanwhile (confirmed, canceled), and whoever moved it pushed it.
    if (stopped) this.progress.push(stopped, true);
  }

  private async reportTimeoutHours(): Promise<number> {
    const v = Number((await this.settings.values()).get('DeliveryReportTimeoutHours') ?? 72);
    return Number.isFinite(v) && v > 0 ? v : 72;
  }

  private async maxTries(): Promise<number> {
    const v = Number((await this.settings.values()).get('MaximumFailedTryCount') ?? 3);
    return Number.isFinite(v) && v > 0 ? v : 3;
  }

  /** The agent's connected gateway; its host (gateway-host.ts) carries reports to settlement and inbound to the inbox. */
  private gatewayOf(agent: { id: number; pluginName: string; options: unknown }): Promise<Gateway> {
    return this.hosts.gatewayOf(agent);
  }

  /**
   * Connects every active agent at start: receipts a gateway still owes (after a restart) and
   * inbound messages arrive on a connected gateway, even when nothing is being sent.
   */
  private async connectAgents(): Promise<void> {
    for (const agent of await this.lines.listActiveAgents()) {
      try {
        await this.gatewayOf(agent);
      } catch (err) {
        this.logger.warn({ err, agentId: agent.id }, 'sender agent could not connect at start');
      }
    }
  }

  /**
   * The sweep behind `messaging.connect-agents`: every active agent not connected in this process
   * (created or changed in another process, or whose connect failed) is connected; the registry
   * reuses a live instance whose options did not change, so a pass over healthy agents is cheap.
   */
  async connectAgentsSweep(): Promise<void> {
    if (!this.running || this.sweepingAgents) return;
    this.sweepingAgents = true;
    try {
      await this.connectAgents();
    } finally {
      this.sweepingAgents = false;
    }
  }

  /** After an agent was saved or deleted here: connect it with its new options, or let it go. */
  private async refreshAgent(agentId: number): Promise<void> {
    if (!this.running) return;
    try {
      const agent = await this.lines.senderAgent(undefined, agentId);
      if (agent?.isActive) await this.gatewayOf(agent);
      else await this.hosts.release(agentId);
    } catch (err) {
      this.logger.warn({ err, agentId }, 'sender agent could not be (re)connected after a change');
    }
  }

  /**
   * One job: take the range's lease, then claim, submit and store a chunk at a time at the agent's
   * pace. A range has one owner at a time: a job whose range is leased (a live worker, or a dead
   * one whose lease has not run out) comes back when the lease ends instead of touching its rows.
   */
  async runBatch(job: BatchJob): Promise<{ submitted: number }> {
    const send = await this.sends.findById(undefined, job.sendId);
    // A job may run before its send is marked Extracted (the enqueue loop is still going): any dispatch status is fine.
    if (!send || !(DISPATCH_QUEUE_STATUSES as readonly string[]).includes(send.queueStatus)) return { submitted: 0 };
    const step = gradualStep(send, job.fromSeq);
    const early = step ? step.dueAt - this.clock.now().getTime() : 0;
    if (early > 1_000) {
      // A gradual step's job that came early (re-enqueued after a restart): back to the queue until its time.
      await this.dispatchQueue(laneOf(send)).add(job, { jobId: `${job.sendId}:${job.fromSeq}:due${step!.dueAt.toString(36)}`, delayMs: early, retries: 3 });
      return { submitted: 0 };
    }
    const agent = await this.lines.senderAgent(undefined, send.senderAgentId);
    if (!agent) return { submitted: 0 };
    const gateway = await this.gatewayOf(agent);
    const leaseMs = this.config.dispatch.leaseMs;
    const taken = await this.leases.acquire({ sendId: job.sendId, fromSeq: job.fromSeq, toSeq: job.toSeq }, this.owner, leaseMs);
    if (!taken.held) {
      const waits = (job.waits ?? 0) + 1;
      await this.dispatchQueue(laneOf(send)).add({ ...job, waits }, { jobId: `${job.sendId}:${job.fromSeq}:wait${waits}`, delayMs: taken.waitMs + LEASE_SLACK_MS, retries: 3 });
      return { submitted: 0 };
    }
    const lease = new HeldRange(this.leases, taken.held, leaseMs, this.logger);
    try {
      return await this.sendRange(send, agent, gateway, lease);
    } finally {
      await lease.end();
    }
  }

  private async sendRange(send: SendRow, agent: { id: number; maxPerSecond: number }, gateway: Gateway, lease: HeldRange): Promise<{ submitted: number }> {
    const range = lease.range;
    // An earlier holder's receivers its plugin was never cleared to write certainly never left:
    // they wait again and go out below, on any gateway (issue 21 item 8: a kill with a chunk still
    // in the SMPP plugin's queue gave all of it back).
    await this.receivers.requeueNeverWritten(range);
    if (!gateway.idempotentSubmit) {
      const inDoubt = await this.receivers.inFlight(range);
      if (inDoubt.length > 0) {
        // Taken by a holder whose lease ran out before it stored the answer, on a gateway that cannot
        // tell a repeat: sending again could reach the phone twice, so they end as errors (and are given back).
        await this.store(send, lease, inDoubt.map(notSent), []);
      }
    }
    const tries = await this.maxTries();
    const voice = await this.voiceOf(send);
    let submitted = 0;
    let retryAttempt = 0;
    const rate = Math.max(1, Math.min(agent.maxPerSecond, gateway.maxPerSecond));
    const tracked = tracksWrites(gateway);
    // A chunk is at most a tenth of a second's allowance (so it fits one pacing window, and a crash
    // leaves at most about a tenth of a second of sending in doubt on a gateway that cannot tell a
    // repeat), never below 10 messages nor above the gateway's batch.
    const chunkSize = Math.max(1, Math.min(gateway.maxBatchSize, rate, Math.max(10, Math.ceil(rate / 10))));
    // Receivers put back for a transient fault sit behind the cursor: the delayed retry job takes them.
    for (let cursor = range.fromSeq; cursor < range.toSeq;) {
      if (!(await lease.stillHeld())) throw new LeaseLost(range);
      // Pacing before the claim: a receiver is IsSending only while its submit is under way, so a
      // crash leaves in doubt what was really in flight, not chunks still waiting for their second
      // (those were 2,500 of 6,000 receivers given back after one kill at 1,000 msg/s).
      await this.pacer.acquire(agent.id, Math.min(chunkSize, range.toSeq - cursor), rate);
      // The pacing wait may have been long: make sure nobody took the range over before claiming.
      if (!(await lease.stillHeld())) throw new LeaseLost(range);
      const chunk = await this.receivers.claimNext(range, cursor, chunkSize, gateway.idempotentSubmit, tracked);
      if (chunk.length === 0) break;
      cursor = chunk[chunk.length - 1].seq + 1;
      const messages: OutboundMessage[] = chunk.map((r) => ({
        id: `${send.id}:${r.seq}`, to: r.toNumber, from: send.senderNumber, ...textOf(send, r), flash: send.isFlashSms, ...(voice ? { voice } : {}),
      }));
      const results = await submitSafely(gateway, messages, tracked ? this.handOffOf(chunk.map((r) => ({ sendId: send.id, seq: r.seq, attempts: r.attempts }))) : undefined);
      const outcomes: SubmitOutcome[] = [];
      const again: ClaimedRecipient[] = [];
      chunk.forEach((r, k) => {
        const res = results[k];
        if (res.status === 'accepted') outcomes.push({ seq: r.seq, deliveryStatus: 'SentToItc', sendStatus: 'Sent', providerId: res.providerId });
        else if (res.status === 'rejected') outcomes.push({ seq: r.seq, deliveryStatus: refusalStatus(res.code), sendStatus: 'ErrorInSending', providerId: null });
        // Sent with no answer: the operator may have it. Asking again is safe only where the
        // provider drops a repeated id; elsewhere it ends like a crash's in-doubt rows (given back).
        else if ((res.inDoubt && !gateway.idempotentSubmit) || r.attempts >= tries) outcomes.push(notSent(r.seq));
        else again.push(r);
      });
      await this.store(send, lease, outcomes, again.map((r) => r.seq));
      submitted += outcomes.filter((o) => o.providerId !== null).length;
      for (const r of again) retryAttempt = Math.max(retryAttempt, r.attempts);
    }
    if (retryAttempt > 0) {
      // Transient faults: the same range runs again later; only receivers put back to waiting are taken.
      await this.dispatchQueue(laneOf(send)).add({ sendId: range.sendId, fromSeq: range.fromSeq, toSeq: range.toSeq }, { jobId: `${range.sendId}:${range.fromSeq}:retry${retryAttempt}`, delayMs: 1_000 * retryAttempt, retries: 3 });
    }
    return { submitted };
  }

  /**
   * The single-send lane: one-receiver SMS sends (OTPs, API and SMPP sends, the panel's fast send)
   * go out many at a time instead of each through its own range job — per (organization, agent)
   * whose standing is judged once, up to about a second of the agent's rate: the sends are claimed
   * straight to Extracted in one statement, their ranges leased in one, their receivers claimed
   * under the leases in one, submitted in chunks at the agent's pace, and each chunk's answers
   * stored in one fenced transaction. The crash story is the range path's: a lease, receivers
   * IsSending only while their submit is under way; a process that dies leaves Extracted sends
   * whose stale sweep re-enqueues them as range jobs, which judge the in-doubt receivers.
   */
  private async singleLane(now: Date): Promise<{ started: number; declined: LanePair[] }> {
    let started = 0;
    const declined: LanePair[] = [];
    const deadline = performance.now() + SINGLE_LANE_BUDGET_MS;
    for (const pair of await this.sends.dueSinglePairs(now, 200)) {
      if ((await this.standing({ organizationId: pair.organizationId, senderAgentId: pair.senderAgentId } as SendRow, now)) !== null) {
        declined.push(pair);
        continue;
      }
      const agent = await this.lines.senderAgent(undefined, pair.senderAgentId);
      if (!agent) {
        declined.push(pair);
        continue;
      }
      const gateway = await this.gatewayOf(agent);
      const rate = Math.max(1, Math.min(agent.maxPerSecond, gateway.maxPerSecond));
      const limit = Math.min(SINGLE_LANE_MAX, Math.max(10, rate));
      // Until the pair has nothing due, within the pass's budget (the rest waits for the next pass).
      for (;;) {
        const sends = await this.sends.claimSingles(now, pair, limit);
        if (sends.length > 0) {
          started += sends.length;
          await this.sendSingles(sends, agent, gateway, rate);
        }
        if (sends.length < limit || performance.now() > deadline) break;
      }
    }
    return { started, declined };
  }

  private async sendSingles(sends: SendRow[], agent: { id: number }, gateway: Gateway, rate: number): Promise<void> {
    const byId = new Map(sends.map((s) => [s.id, s]));
    const leases = await this.leases.acquireSingles(sends.map((s) => s.id), this.owner, this.config.dispatch.leaseMs);
    try {
      const tracked = tracksWrites(gateway);
      const claimed = await this.receivers.claimSingles(leases, tracked);
      const tries = await this.maxTries();
      const chunkSize = Math.max(1, Math.min(gateway.maxBatchSize, rate, Math.max(10, Math.ceil(rate / 10))));
      for (let i = 0; i < claimed.length; i += chunkSize) {
        const chunk = claimed.slice(i, i + chunkSize);
        await this.pacer.acquire(agent.id, chunk.length, rate);
        const messages: OutboundMessage[] = chunk.map((r) => {
          const send = byId.get(r.sendId) as SendRow;
          return { id: `${send.id}:${r.seq}`, to: r.toNumber, from: send.senderNumber, ...textOf(send, r), flash: send.isFlashSms };
        });
        const results = await submitSafely(gateway, messages, tracked ? this.handOffOf(chunk) : undefined);
        const outcomes: (SubmitOutcome & { sendId: number })[] = [];
        const again: { sendId: number; attempts: number }[] = [];
        chunk.forEach((r, k) => {
          const res = results[k];
          if (res.status === 'accepted') outcomes.push({ sendId: r.sendId, seq: r.seq, deliveryStatus: 'SentToItc', sendStatus: 'Sent', providerId: res.providerId });
          else if (res.status === 'rejected') outcomes.push({ sendId: r.sendId, seq: r.seq, deliveryStatus: refusalStatus(res.code), sendStatus: 'ErrorInSending', providerId: null });
          else if ((res.inDoubt && !gateway.idempotentSubmit) || r.attempts >= tries) outcomes.push({ sendId: r.sendId, ...notSent(r.seq) });
          else again.push({ sendId: r.sendId, attempts: r.attempts });
        });
        await this.storeSingles(byId, leases, outcomes, again);
      }
    } finally {
      await this.leases.releaseMany(leases).catch((err: unknown) => this.logger.warn({ err }, 'releasing single-send leases failed; they run out by themselves'));
    }
  }

  /** One chunk of the lane: answers stored in one transaction, fenced per send like `store`. */
  private async storeSingles(byId: Map<number, SendRow>, leases: HeldLease[], outcomes: (SubmitOutcome & { sendId: number })[], again: { sendId: number; attempts: number }[]): Promise<void> {
    const accepted = await this.uow.run(async (tx) => {
      const held = await this.leases.heldOf(tx, leases);
      const mine = outcomes.filter((o) => held.has(o.sendId));
      const changed = await this.receivers.writeSubmitResultsMany(tx, mine, this.clock.now());
      for (const a of again) if (held.has(a.sendId)) await this.receivers.requeue(tx, a.sendId, [0]);
      const ok: number[] = [];
      const at = this.clock.now().toISOString();
      // Ascending ids, as every writer of send rows locks them.
      for (const c of changed.sort((a, b) => a.sendId - b.sendId)) {
        if (c.deliveryStatus === 'SentToItc') {
          ok.push(c.sendId);
          continue;
        }
        // Rare: a refusal or a receiver out of tries ends its send here, as `store` does.
        await this.settlement.tell(tx, mine.filter((o) => o.sendId === c.sendId).map((o) => ({ sendId: o.sendId, seq: o.seq, deliveryStatus: o.deliveryStatus, providerId: o.providerId, at })));
        const updated = await this.sends.bumpCounters(tx, c.sendId, { failed: c.count, pending: c.count });
        if (updated) await this.settlement.afterProgress(tx, updated);
      }
      return ok;
    });
    for (const updated of await this.sends.bumpSentMany(accepted)) this.progress.push(updated, false);
    // Transient faults: the send's range job takes the receiver again later (only a waiting one is taken).
    for (const a of again) {
      const send = byId.get(a.sendId) as SendRow;
      await this.dispatchQueue(laneOf(send)).add({ sendId: send.id, fromSeq: 0, toSeq: 1 }, { jobId: `${send.id}:0:retry${a.attempts}`, delayMs: 1_000 * a.attempts, retries: 3 });
    }
  }

  /**
   * The host's side of `SubmitContext.handOff` for one chunk: the plugin is about to write these
   * messages, so their receivers are marked as perhaps on their way, in one transaction, before it
   * may. All or none: a receiver no longer this claim's (the range was taken over and put back)
   * refuses the whole call and the plugin writes none of them.
   */
  private handOffOf(claimed: { sendId: number; seq: number; attempts: number }[]): SubmitContext {
    const byId = new Map(claimed.map((r) => [`${r.sendId}:${r.seq}`, r]));
    return {
      handOff: (ids) => this.uow.run(async (tx) => {
        const rows = ids.map((id) => byId.get(id));
        if (rows.some((r) => r === undefined)) throw new Error('handOff: an id that is not in the batch');
        if (!(await this.receivers.markOnWire(tx, rows as { sendId: number; seq: number; attempts: number }[]))) {
          throw new Error('handOff refused: the receivers are no longer this claim\'s');
        }
      }),
    };
  }

  /**
   * Stores one chunk's answers. Only what decides settlement (receivers that became final, and so
   * `pendingCount`) moves the send row inside the transaction; `sentCount` is progress, added in its
   * own short statement after commit so concurrent chunks do not queue on the send row's lock, and
   * recounted exactly when the send settles.
   */
  private async store(send: SendRow, lease: HeldRange, outcomes: SubmitOutcome[], requeue: number[]): Promise<void> {
    const sent = await this.uow.run(async (tx) => {
      // Fenced: a worker that lost the range (it stalled past its lease) writes nothing.
      if (!(await this.leases.holds(tx, lease.range))) throw new LeaseLost(lease.range);
      const changed = await this.receivers.writeSubmitResults(tx, send.id, outcomes, this.clock.now());
      let accepted = 0;
      let failed = 0;
      for (const c of changed) {
        if (c.deliveryStatus === 'SentToItc') accepted += c.count;
        else failed += c.count;
      }
      await this.receivers.requeue(tx, send.id, requeue);
      if (failed > 0) {
        // Fenced by the lease above, so every failed outcome here is a receiver this chunk ended.
        const at = this.clock.now().toISOString();
        await this.settlement.tell(tx, outcomes.filter((o) => o.deliveryStatus !== 'SentToItc').map((o) => ({ sendId: send.id, seq: o.seq, deliveryStatus: o.deliveryStatus, providerId: o.providerId, at })));
        const updated = await this.sends.bumpCounters(tx, send.id, { failed, pending: failed });
        if (updated) await this.settlement.afterProgress(tx, updated);
      }
      return accepted;
    });
    if (sent > 0) {
      const updated = await this.sends.bumpSent(send.id, sent);
      if (updated) this.progress.push(updated, false);
    }
  }
}

/** A receiver that ends without leaving us (given back at settlement): in doubt, or out of tries. */
/** The text a receiver gets: its own (a dynamic send) or the send's; only a receiver with its own text is measured here. */
function textOf(send: SendRow, r: Pick<ClaimedRecipient, 'smsText' | 'smsParts'>): Pick<OutboundMessage, 'text' | 'encoding' | 'parts'> {
  if (r.smsText === null || r.smsText === undefined) return { text: send.smsText, encoding: send.smsEncoding as OutboundMessage['encoding'], parts: send.smsParts };
  return { text: r.smsText, encoding: smsEncoding(r.smsText), parts: r.smsParts ?? send.smsParts };
}

function notSent(seq: number): SubmitOutcome {
  return { seq, deliveryStatus: 'ErrorInSending', sendStatus: 'ErrorInSending', providerId: null };
}

/**
 * Whether a chunk's writes are announced and recorded: only where a crash would otherwise leave the
 * whole chunk in doubt (a gateway that cannot tell a repeat and queues what it was given).
 */
function tracksWrites(gateway: Gateway): boolean {
  return gateway.announcesWrites === true && !gateway.idempotentSubmit;
}

async function submitSafely(gateway: Gateway, messages: OutboundMessage[], context?: SubmitContext): Promise<SubmitResult[]> {
  try {
    const results = await (context ? gateway.submit(messages, context) : gateway.submit(messages));
    if (results.length === messages.length && results.every((r, i) => r.id === messages[i].id)) return results;
  } catch {
    // A plugin must not throw; if it does, nothing is known about the batch, so it is retried.
  }
  return messages.map((m) => ({ id: m.id, status: 'transient', code: 'PluginError' }));
}

/**
 * The step of a gradual send a receiver belongs to: when it is due and where the step ends.
 * Null for any other send (everything is due at once).
 */
export function gradualStep(send: SendRow, seq: number): { index: number; dueAt: number; endSeq: number } | null {
  const size = Number(send.gradualStepCount ?? 0);
  const minutes = Number(send.gradualIntervalMinutes ?? 0);
  if (!(size > 0) || !(minutes > 0)) return null;
  const index = Math.floor(seq / size);
  return { index, dueAt: new Date(send.dateTimeSend).getTime() + index * minutes * 60_000, endSeq: (index + 1) * size };
}

/** A worker found its range taken over (it stalled past its lease): it stops and writes nothing more. */
export class LeaseLost extends Error {
  constructor(range: HeldLease) {
    super(`lost the lease of send ${range.sendId} range ${range.fromSeq}-${range.toSeq} (fence ${range.fence})`);
    this.name = 'LeaseLost';
  }
}

/**
 * A range lease this worker holds, renewed in the background while its job runs (a third of the
 * lease time), so a long submit or pacing wait never lets it run out while the worker lives.
 */
class HeldRange {
  private lost = false;
  private renewedAt = performance.now();
  private renewing: Promise<void> | null = null;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly repo: DispatchLeasesRepository,
    readonly range: HeldLease,
    private readonly ttlMs: number,
    private readonly logger: Logger,
  ) {
    this.timer = setInterval(() => void this.renew(), Math.max(250, Math.floor(ttlMs / 3)));
  }

  private renew(): Promise<void> {
    this.renewing ??= (async () => {
      const started = performance.now();
      try {
        if (await this.repo.renew(this.range, this.ttlMs)) this.renewedAt = started;
        else this.lost = true;
      } catch (err) {
        this.logger.warn({ err, sendId: this.range.sendId, fromSeq: this.range.fromSeq }, 'renewing a dispatch lease failed');
      } finally {
        this.renewing = null;
      }
    })();
    return this.renewing;
  }

  /**
   * Before a claim or a submit: true while the lease is surely this worker's for at least half its
   * time. A renewal older than that (a stalled process, a slow database) is made first, so a
   * worker that slept past its lease finds out before it sends anything.
   */
  async stillHeld(): Promise<boolean> {
    if (!this.lost && performance.now() - this.renewedAt > this.ttlMs / 2) await this.renew();
    return !this.lost && performance.now() - this.renewedAt <= this.ttlMs / 2;
  }

  /** Stops renewing and frees the range at once (a no-op when it was taken over: fenced). */
  async end(): Promise<void> {
    clearInterval(this.timer);
    await this.renewing;
    await this.repo.release(this.range).catch((err) => this.logger.warn({ err, sendId: this.range.sendId }, 'releasing a dispatch lease failed; it runs out by itself'));
  }
}
