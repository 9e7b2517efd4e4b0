import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import { TYPES } from '../../../platform/tokens.js';
import { UnitOfWork } from '../../../platform/unit-of-work.js';
import type { Clock } from '../../../platform/clock.js';
import type { Gateway, OutboundMessage } from '../../../gateways/gateway-sdk.js';
import { GatewayHosts } from '../../../gateways/gateway-host.js';
import type { SettingsService } from '../../../platform/settings.service.js';
import type { AppConfig } from '../../../platform/config.js';
import { LinesService } from '../../numbers/index.js';
import { MediaService } from '../../media/index.js';
import { SendsRepository, type SendRow } from '../sends.repository.js';
import { ReceiversRepository, type ClaimedRecipient, type SubmitOutcome } from '../receivers.repository.js';
import { SEND_SETTLEMENT, type SendSettlement } from '../send-settlement.js';
import { SendProgressPublisher } from '../send-progress.service.js';
import { DISPATCH_QUEUE_STATUSES, refusalStatus } from '../statuses.js';
import { DispatchLeasesRepository, type HeldLease } from './dispatch-leases.repository.js';
import { AgentPaceService } from './agent-pace.service.js';
import { DispatchQueues, gradualStep, laneOf, type BatchJob } from './dispatch-queues.service.js';
import { chunkSizeOf, handOffOf, maxTries, notSent, submitSafely, textOf, tracksWrites } from './gateway-submit.js';

/** A job waiting for a range's lease comes back this long after the lease's expiry. */
const LEASE_SLACK_MS = 250;

/**
 * The range worker: runs the range jobs of both queues. A job claims its range's waiting receivers
 * in the database (IsSending), submits them through the sender agent's plugin at its pace and
 * stores each answer. The database, not the queue, says what is left: a job run twice finds
 * nothing left to claim.
 */
@injectable()
export class RangeWorker {
  constructor(
    @inject(SendsRepository) private readonly sends: SendsRepository,
    @inject(ReceiversRepository) private readonly receivers: ReceiversRepository,
    @inject(DispatchLeasesRepository) private readonly leases: DispatchLeasesRepository,
    @inject(DispatchQueues) private readonly queues: DispatchQueues,
    @inject(TYPES.Config) private readonly config: AppConfig,
    @inject(SEND_SETTLEMENT) private readonly settlement: SendSettlement,
    @inject(GatewayHosts) private readonly hosts: GatewayHosts,
    @inject(LinesService) private readonly lines: LinesService,
    @inject(SendProgressPublisher) private readonly progress: SendProgressPublisher,
    @inject(TYPES.Settings) private readonly settings: SettingsService,
    @inject(AgentPaceService) private readonly pacer: AgentPaceService,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TYPES.Logger) private readonly logger: Logger,
    @inject(TYPES.Clock) private readonly clock: Clock,
    @inject(MediaService) private readonly media: MediaService,
  ) {}

  /** Takes jobs from both lanes' queues, `concurrency` at a time each. */
  start(concurrency: number): void {
    this.queues.dispatchQueue('bulk').process(concurrency, (job) => this.runBatch(job.data));
    this.queues.dispatchQueue('single').process(concurrency, (job) => this.runBatch(job.data));
  }

  /** Closes the queues; jobs under way get up to 10 s to end (their leases fence the rest). */
  async stop(): Promise<void> {
    await this.queues.close(10_000);
  }

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
      await this.queues.dispatchQueue(laneOf(send)).add(job, { jobId: `${job.sendId}:${job.fromSeq}:due${step!.dueAt.toString(36)}`, delayMs: early, retries: 3 });
      return { submitted: 0 };
    }
    const agent = await this.lines.senderAgent(undefined, send.senderAgentId);
    if (!agent) return { submitted: 0 };
    const gateway = await this.hosts.gatewayOf(agent);
    const leaseMs = this.config.dispatch.leaseMs;
    const taken = await this.leases.acquire({ sendId: job.sendId, fromSeq: job.fromSeq, toSeq: job.toSeq }, this.queues.owner, leaseMs);
    if (!taken.held) {
      const waits = (job.waits ?? 0) + 1;
      await this.queues.dispatchQueue(laneOf(send)).add({ ...job, waits }, { jobId: `${job.sendId}:${job.fromSeq}:wait${waits}`, delayMs: taken.waitMs + LEASE_SLACK_MS, retries: 3 });
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
    const tries = await maxTries(this.settings);
    const voice = await this.voiceOf(send);
    let submitted = 0;
    let retryAttempt = 0;
    const rate = Math.max(1, Math.min(agent.maxPerSecond, gateway.maxPerSecond));
    const tracked = tracksWrites(gateway);
    const chunkSize = chunkSizeOf(gateway, rate);
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
      const results = await submitSafely(gateway, messages, tracked ? handOffOf(this.uow, this.receivers, chunk.map((r) => ({ sendId: send.id, seq: r.seq, attempts: r.attempts }))) : undefined);
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
      await this.queues.dispatchQueue(laneOf(send)).add({ sendId: range.sendId, fromSeq: range.fromSeq, toSeq: range.toSeq }, { jobId: `${range.sendId}:${range.fromSeq}:retry${retryAttempt}`, delayMs: 1_000 * retryAttempt, retries: 3 });
    }
    return { submitted };
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
