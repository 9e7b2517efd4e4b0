import { inject, injectable, multiInject, optional } from 'inversify';
import type { Logger } from 'pino';
import { TYPES } from '../../../platform/tokens.js';
import { afterCommit, UnitOfWork, type Tx } from '../../../platform/unit-of-work.js';
import type { Clock } from '../../../platform/clock.js';
import type { SettingsService } from '../../../platform/settings.service.js';
import { BillingService } from '../../billing/index.js';
import { SendsRepository, type SendRow } from '../sends.repository.js';
import { ReceiversRepository } from '../receivers.repository.js';
import { DeliveryReportsRepository, type ReportTransition } from './delivery-reports.repository.js';
import { DELIVERY_STATE_TO_STATUS, FINAL_DELIVERY_STATUSES, refundableStatuses, type DeliveryStatus } from '../statuses.js';
import { holdReference } from '../send-rules.js';
import { SendProgressPublisher } from '../send-progress.service.js';
import type { DeliveryReport } from '../../../gateways/gateway-sdk.js';
import type { SendSettlement } from '../send-settlement.js';
import { RECEIVER_EVENT_LISTENERS, type ReceiverEvent, type ReceiverEventListener } from '../receiver-events.js';

const FLUSH_SIZE = 500;
const FLUSH_MS = 50;
/** A report for a provider id we have not stored yet (its submit answer is still being written) is retried this often. */
const UNMATCHED_RETRIES = 20;
const UNMATCHED_RETRY_MS = 250;

interface Pending {
  agentId: number;
  report: DeliveryReport;
  tries: number;
  /** Its row in unmatched_delivery_reports, once parked there (deleted in the transaction that applies it). */
  parkedId?: number;
}

interface Waiter {
  resolve: () => void;
  reject: (err: unknown) => void;
}

/**
 * Delivery reports and the end of a send. Reports are gathered and written in batches; each batch
 * is one transaction that moves receivers, counts them on their sends and, for a send whose last
 * receiver became final, gives back what the line's refund policy returns and settles the hold.
 */
@injectable()
export class SettlementService implements SendSettlement {
  private buffer: Pending[] = [];
  private waiters: Waiter[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private retries: Pending[] = [];

  constructor(
    @inject(SendsRepository) private readonly sends: SendsRepository,
    @inject(ReceiversRepository) private readonly receivers: ReceiversRepository,
    @inject(DeliveryReportsRepository) private readonly reports: DeliveryReportsRepository,
    @inject(BillingService) private readonly billing: BillingService,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(SendProgressPublisher) private readonly progress: SendProgressPublisher,
    @inject(TYPES.Logger) private readonly logger: Logger,
    @inject(TYPES.Clock) private readonly clock: Clock,
    @inject(TYPES.Settings) private readonly settings: SettingsService,
    @multiInject(RECEIVER_EVENT_LISTENERS) @optional() private readonly listeners: ReceiverEventListener[] = [],
  ) {}

  /**
   * The scheduled job `messaging.apply-parked-reports`: parked delivery reports (they came before
   * their submit answer was stored) matched again, those parked within the report time-out.
   */
  async applyParkedSweep(now: Date): Promise<number> {
    return this.applyParked(new Date(now.getTime() - (await this.reportTimeoutHours()) * 3_600_000));
  }

  /** The scheduled job `messaging.close-overdue-reports`: receivers whose delivery report never came within the report time-out are closed as Unknown. */
  async closeOverdueSweep(now: Date): Promise<number> {
    return this.closeOverdue(now, await this.reportTimeoutHours());
  }

  /** `DeliveryReportTimeoutHours` (main setting, default 72: operators keep receipts one to three days). */
  private async reportTimeoutHours(): Promise<number> {
    const v = Number((await this.settings.values()).get('DeliveryReportTimeoutHours') ?? 72);
    return Number.isFinite(v) && v > 0 ? v : 72;
  }

  /** Tells the listeners (webhooks, the SMPP server) inside the transaction that moved the receivers. */
  async tell(tx: Tx, events: ReceiverEvent[]): Promise<void> {
    if (events.length === 0) return;
    for (const l of this.listeners ?? []) await l.onReceiverEvents(tx, events);
  }

  /**
   * The host callback of every gateway. Resolves only once each report is durable: applied to its
   * receiver, or parked in unmatched_delivery_reports when its submit answer is not stored yet (a
   * gateway acknowledges what we resolve, so an in-memory retry alone would be lost to a kill -9).
   * Rejects when the batch could not be written: the gateway keeps the reports and hands them over again.
   */
  receive(agentId: number, reports: DeliveryReport[]): Promise<void> {
    for (const report of reports) this.buffer.push({ agentId, report, tries: 0 });
    const done = new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
    if (this.buffer.length >= FLUSH_SIZE) void this.flush();
    else if (!this.timer) this.timer = setTimeout(() => void this.flush(), FLUSH_MS);
    return done;
  }

  async flush(): Promise<void> {
    if (this.timer) { clearTimeout(this.timer); this.timer = null; }
    while (this.flushing) await this.flushing;
    if (this.buffer.length === 0) {
      for (const w of this.waiters.splice(0)) w.resolve();
      return;
    }
    const batch = this.buffer.splice(0);
    const waiters = this.waiters.splice(0);
    this.flushing = this.write(batch).then(
      () => { for (const w of waiters) w.resolve(); },
      (err: unknown) => {
        // Reports with a waiter go back to their gateway (it hands them over again); retried ones
        // are parked in the database already and the sweep applies them.
        this.logger.error({ err }, 'delivery reports could not be stored; their gateways hand them over again');
        for (const w of waiters) w.reject(err);
      },
    ).finally(() => { this.flushing = null; });
    await this.flushing;
    if (this.buffer.length > 0) await this.flush();
  }

  /** Waits until every report received so far is stored (shutdown, tests). */
  async drain(): Promise<void> {
    await this.flush();
    while (this.retries.length > 0 || this.retryTimer) {
      await new Promise((r) => setTimeout(r, UNMATCHED_RETRY_MS));
      if (this.buffer.length > 0 || this.flushing) await this.flush();
    }
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.timer = null;
    this.retryTimer = null;
  }

  private scheduleRetry(): void {
    if (this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      const again = this.retries.splice(0);
      this.buffer.push(...again);
      void this.flush();
    }, UNMATCHED_RETRY_MS);
  }

  private async write(batch: Pending[]): Promise<void> {
    const byAgent = new Map<number, Pending[]>();
    for (const p of batch) {
      const list = byAgent.get(p.agentId) ?? [];
      list.push(p);
      byAgent.set(p.agentId, list);
    }
    for (const [agentId, items] of byAgent) {
      const rows = items.map((p) => ({
        providerId: p.report.providerId,
        deliveryStatus: DELIVERY_STATE_TO_STATUS[p.report.state] as DeliveryStatus,
        at: (p.report.at instanceof Date ? p.report.at : new Date(p.report.at)).toISOString(),
        raw: { providerStatus: p.report.providerStatus, raw: p.report.raw ?? null },
      }));
      const moved = await this.uow.run(async (tx) => {
        const transitions = await this.reports.applyReports(tx, agentId, rows);
        await this.tell(tx, transitions.map((t) => ({ sendId: t.sendId, seq: t.seq, deliveryStatus: t.deliveryStatus, providerId: t.providerId, at: t.at })));
        const applied = new Set(transitions.map((t) => t.providerId));
        const parked = items.filter((p) => p.parkedId !== undefined && applied.has(p.report.providerId)).map((p) => p.parkedId as number);
        if (parked.length > 0) await this.reports.deleteUnmatched(tx, parked);
        const perSend = new Map<number, { final: number; delivered: number; notDelivered: number }>();
        for (const t of transitions) {
          const c = perSend.get(t.sendId) ?? { final: 0, delivered: 0, notDelivered: 0 };
          if (FINAL_DELIVERY_STATUSES.includes(t.deliveryStatus)) {
            c.final++;
            if (t.deliveryStatus === 'SentAndReceivedbyPhone') c.delivered++;
            else c.notDelivered++;
          }
          perSend.set(t.sendId, c);
        }
        // One statement for the batch's sends (locked in ascending id order inside it).
        const moved = await this.sends.bumpMany(tx, [...perSend].map(([id, c]) => ({ id, pending: c.final, delivered: c.delivered, notDelivered: c.notDelivered })));
        const lastOf = new Map(transitions.map((t) => [t.sendId, t]));
        const singles: SendRow[] = [];
        for (const send of moved) {
          if (this.settlesAsSingle(send, lastOf.get(send.id))) singles.push(send);
          else await this.afterProgress(tx, send);
        }
        if (singles.length > 0) await this.finalizeSingles(tx, singles);
        return applied;
      });
      const unmatched = items.filter((p) => !moved.has(p.report.providerId));
      if (unmatched.length === 0) continue;
      // Ids of receivers already final are repeats or late interim reports: nothing to do.
      const known = await this.reports.finalProviderIds(agentId, unmatched.map((p) => p.report.providerId));
      const unknown = unmatched.filter((p) => !known.has(p.report.providerId));
      const retry = unknown.filter((p) => p.tries < UNMATCHED_RETRIES);
      // Parked before the gateway is told they are taken; retried here for speed, swept if this process dies.
      const toPark = unknown.filter((p) => p.parkedId === undefined);
      const ids = await this.reports.saveUnmatched(agentId, toPark.map((p) => ({ ...p.report, at: new Date(p.report.at) })));
      toPark.forEach((p, i) => { p.parkedId = ids[i]; });
      for (const p of retry) { p.tries++; this.retries.push(p); }
      if (retry.length > 0) this.scheduleRetry();
    }
  }

  /**
   * Parked reports whose receiver now has its provider id (the submit answer was stored after the
   * report came, perhaps by a process started after a crash) are applied; the rest stay for audit.
   * Only reports parked since `since` are looked at: older ones could only meet receivers the
   * report time-out has closed, and the sweep runs every few seconds.
   */
  async applyParked(since: Date, limit = 2_000): Promise<number> {
    const parked = await this.reports.parkedWithReceiver(since, limit);
    if (parked.length === 0) return 0;
    for (const p of parked) {
      this.buffer.push({ agentId: p.senderAgentId, parkedId: p.id, tries: UNMATCHED_RETRIES, report: { providerId: p.providerId, state: p.state as DeliveryReport['state'], providerStatus: p.providerStatus, at: p.at, raw: p.raw ?? undefined } });
    }
    await this.flush();
    return parked.length;
  }

  /**
   * Receivers accepted more than `hours` ago whose final report never came are closed as Unknown,
   * so their sends can settle; answers how many were closed. Safe to run from several processes:
   * each send's receivers move in one transaction that only touches open ones.
   */
  async closeOverdue(now: Date, hours: number): Promise<number> {
    const before = new Date(now.getTime() - hours * 3_600_000);
    let closed = 0;
    for (const send of await this.sends.startedBefore(before, 100)) {
      closed += await this.uow.run(async (tx) => {
        const { counts, closed: rows } = await this.reports.closeOverdue(tx, send.id, before, now);
        const n = Object.values(counts).reduce((a, b) => a + b, 0);
        if (n === 0) return 0;
        await this.tell(tx, rows.map((r) => ({ sendId: send.id, seq: r.seq, deliveryStatus: 'Unknown' as DeliveryStatus, providerId: r.providerId, at: now.toISOString() })));
        const updated = await this.sends.bumpCounters(tx, send.id, { pending: n, notDelivered: n });
        if (updated) await this.afterProgress(tx, updated);
        return n;
      });
    }
    if (closed > 0) this.logger.warn({ closed, hours }, 'receivers without a delivery report closed as Unknown');
    return closed;
  }

  /** Pushes progress (at most a few times a second per send) and settles a send whose last receiver is final. */
  async afterProgress(tx: Tx, send: SendRow): Promise<void> {
    if (send.pendingCount <= 0 && send.queueStatus !== 'Completed' && send.queueStatus !== 'Rejected') {
      const finished = await this.finalize(tx, send);
      afterCommit(tx, () => this.progress.push(finished, true));
      return;
    }
    afterCommit(tx, () => this.progress.push(send, false));
  }

  /**
   * A one-receiver send whose receiver just got a final report that its line's policy does not give
   * back: settling it needs nothing but the hold (no refund, sentCount 1, status Sent), so the
   * batch's such sends are settled together (`finalizeSingles`). Everything else takes `finalize`.
   */
  private settlesAsSingle(send: SendRow, last: ReportTransition | undefined): boolean {
    return send.recipientCount === 1 && send.pendingCount <= 0 && send.queueStatus !== 'Completed' && send.queueStatus !== 'Rejected'
      && last !== undefined && FINAL_DELIVERY_STATUSES.includes(last.deliveryStatus) && last.deliveryStatus !== 'Unknown'
      && !refundableStatuses(send.refundPolicy).includes(last.deliveryStatus);
  }

  /**
   * `finalize` for many such sends in a few statements: the holds settled together
   * (`BillingService.settleMany`: the same ledger entries as one by one), the rows ended together
   * with what `finalize` would write for them (Sent, sentCount 1, nothing refunded).
   */
  private async finalizeSingles(tx: Tx, sends: SendRow[]): Promise<void> {
    const at = this.clock.now();
    const rows = sends.map((s) => ({ id: s.id, status: 'Sent', sentCount: 1, failureCode: s.failureCode ?? 'None', refundedParts: {} }));
    await this.sends.completeMany(tx, rows, at);
    // Last in the transaction: the credit rows it locks are the ones every hold waits for.
    await this.billing.settleMany(tx, sends.map((s) => holdReference(s.id)));
    afterCommit(tx, () => {
      for (const s of sends) this.progress.push({ ...s, queueStatus: 'Completed', status: 'Sent', sentCount: 1, dateTimeEnd: at, refundedParts: {} } as SendRow, true);
    });
  }

  /**
   * Gives back the parts the line's policy returns (one refund, key 'final') and turns the hold into
   * charges. Both are idempotent by reference, so a repeat after a crash changes nothing.
   */
  async finalize(tx: Tx, send: SendRow): Promise<SendRow> {
    const refundable = refundableStatuses(send.refundPolicy);
    // Per receiver: a dynamic send's receivers each hold their own parts.
    const parts = await this.receivers.partsByOperator(tx, send.id, refundable, send.smsParts);
    let refundedParts = 0;
    for (const n of Object.values(parts)) refundedParts += n;
    const reference = holdReference(send.id);
    if (refundedParts > 0) {
      await this.billing.refund(tx, reference, parts, 'final');
      await this.receivers.markRefunded(tx, send.id, refundable);
    }
    await this.billing.settle(tx, reference);
    const sentCount = await this.receivers.acceptedCount(tx, send.id);
    // ErrorInGetItc: accepted and charged, but not one report came back from the operator (all closed
    // by the time-out). Anything given back shows as SentAndGiveBackCredit first: money is what the customer checks.
    const unreported = sentCount > 0 && refundedParts === 0 ? await this.receivers.unreportedCount(tx, send.id) : 0;
    const status = sentCount === 0 ? 'ErrorInSending' : refundedParts > 0 ? 'SentAndGiveBackCredit' : unreported === sentCount ? 'ErrorInGetItc' : 'Sent';
    // Not one receiver was accepted by the operator: the send failed at the gateway (SendError),
    // unless it already carries why (a user's cancel keeps UserCancelRequest).
    const failureCode = sentCount === 0 && (!send.failureCode || send.failureCode === 'None') ? 'SendError' : send.failureCode;
    const values = { queueStatus: 'Completed', status, sentCount, failureCode, dateTimeEnd: this.clock.now(), refundedParts: JSON.stringify(parts) };
    await this.sends.update(tx, send.id, values);
    return { ...send, ...values, refundedParts: parts } as SendRow;
  }
}
