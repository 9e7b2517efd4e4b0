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
import { SendsRepository, type SendRow } from '../sends.repository.js';
import { ReceiversRepository, type SubmitOutcome } from '../receivers.repository.js';
import { SEND_SETTLEMENT, type SendSettlement } from '../send-settlement.js';
import { SendProgressPublisher } from '../send-progress.service.js';
import { refusalStatus } from '../statuses.js';
import { NORMAL_PRIORITY_RANK } from '../../../shared/sends/send-priorities.js';
import { DispatchLeasesRepository, type HeldLease } from './dispatch-leases.repository.js';
import { AgentPaceService } from './agent-pace.service.js';
import { DispatchQueues, laneOf } from './dispatch-queues.service.js';
import { DispatchStanding } from './dispatch-standing.service.js';
import { chunkSizeOf, handOffOf, maxTries, notSent, submitSafely, textOf, tracksWrites } from './gateway-submit.js';

/** At most this many single sends per (organization, agent) a claim of the single-send lane takes. */
const SINGLE_LANE_MAX = 500;
/** How long one scheduler pass keeps claiming single sends before the rest of the pass runs. */
const SINGLE_LANE_BUDGET_MS = 2_000;
export type LanePair = { organizationId: number; senderAgentId: number };

/**
 * The single-send lane: one-receiver SMS sends (OTPs, API and SMPP sends, the panel's fast send)
 * go out many at a time instead of each through its own range job — per (organization, agent)
 * whose standing is judged once, up to about a second of the agent's rate: the sends are claimed
 * straight to Extracted in one statement, their ranges leased in one, their receivers claimed
 * under the leases in one, submitted in chunks at the agent's pace, and each chunk's answers
 * stored in one fenced transaction. The crash story is the range path's: a lease, receivers
 * IsSending only while their submit is under way; a process that dies leaves Extracted sends
 * whose stale sweep re-enqueues them as range jobs, which judge the in-doubt receivers.
 * Run by the due-send scheduler at the start of each pass (`DueSendsScheduler.tick`).
 */
@injectable()
export class SingleSendLane {
  constructor(
    @inject(SendsRepository) private readonly sends: SendsRepository,
    @inject(ReceiversRepository) private readonly receivers: ReceiversRepository,
    @inject(DispatchLeasesRepository) private readonly leases: DispatchLeasesRepository,
    @inject(DispatchQueues) private readonly queues: DispatchQueues,
    @inject(DispatchStanding) private readonly standing: DispatchStanding,
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
  ) {}

  /** One pass of the lane; `declined` are the pairs whose standing refused or waits (the scheduler takes them one by one). */
  async run(now: Date): Promise<{ started: number; declined: LanePair[] }> {
    let started = 0;
    const declined: LanePair[] = [];
    const deadline = performance.now() + SINGLE_LANE_BUDGET_MS;
    for (const pair of await this.sends.dueSinglePairs(now, 200)) {
      if ((await this.standing.judge({ organizationId: pair.organizationId, senderAgentId: pair.senderAgentId }, now)) !== null) {
        declined.push(pair);
        continue;
      }
      const agent = await this.lines.senderAgent(undefined, pair.senderAgentId);
      if (!agent) {
        declined.push(pair);
        continue;
      }
      const gateway = await this.hosts.gatewayOf(agent);
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
    const leases = await this.leases.acquireSingles(sends.map((s) => s.id), this.queues.owner, this.config.dispatch.leaseMs);
    try {
      const tracked = tracksWrites(gateway);
      // Handed to the gateway by the send's priority (an OTP ahead of the line's other single
      // sends claimed with it), then oldest first; the claim itself answers in no order.
      const order = (sendId: number) => byId.get(sendId) as SendRow;
      const claimed = (await this.receivers.claimSingles(leases, tracked))
        .sort((a, b) => (order(b.sendId).priority ?? NORMAL_PRIORITY_RANK) - (order(a.sendId).priority ?? NORMAL_PRIORITY_RANK) || a.sendId - b.sendId);
      const tries = await maxTries(this.settings);
      const chunkSize = chunkSizeOf(gateway, rate);
      for (let i = 0; i < claimed.length; i += chunkSize) {
        const chunk = claimed.slice(i, i + chunkSize);
        await this.pacer.acquire(agent.id, chunk.length, rate);
        const messages: OutboundMessage[] = chunk.map((r) => {
          const send = byId.get(r.sendId) as SendRow;
          return { id: `${send.id}:${r.seq}`, to: r.toNumber, from: send.senderNumber, ...textOf(send, r), flash: send.isFlashSms };
        });
        const results = await submitSafely(gateway, messages, tracked ? handOffOf(this.uow, this.receivers, chunk) : undefined);
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

  /** One chunk of the lane: answers stored in one transaction, fenced per send like the range worker's `store`. */
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
        // Rare: a refusal or a receiver out of tries ends its send here, as the range worker's `store` does.
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
      await this.queues.dispatchQueue(laneOf(send)).add({ sendId: send.id, fromSeq: 0, toSeq: 1 }, { jobId: `${send.id}:0:retry${a.attempts}`, delayMs: 1_000 * a.attempts, retries: 3 });
    }
  }
}
