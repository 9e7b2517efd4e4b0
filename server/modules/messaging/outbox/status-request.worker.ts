import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import { TYPES } from '../../../platform/tokens.js';
import type { JobQueue, QueueFactory } from '../../../platform/queue.js';
import type { Clock } from '../../../platform/clock.js';
import type { Actor } from '../../../platform/actor.js';
import { fieldError } from '../../../platform/http/errors.js';
import { GatewayRegistry } from '../../../gateways/gateway-registry.js';
import { GatewayHosts } from '../../../gateways/gateway-host.js';
import type { DeliveryReport, StatusAnswer } from '../../../gateways/gateway-sdk.js';
import { LinesService } from '../../numbers/index.js';
import { SendsRepository, type SendRow } from '../sends.repository.js';
import { ReceiversRepository } from '../receivers.repository.js';
import { SendAccessService } from '../send-access.service.js';
import { SendProgressPublisher } from '../send-progress.service.js';
import { SettlementService } from '../delivery/settlement.service.js';

export const STATUS_REQUEST_QUEUE = 'outbox-status-requests';
/** A send's receivers are asked about at most once in this many minutes (messaging CONTEXT, "Requesting delivery statuses"). */
export const STATUS_REQUEST_WINDOW_MINUTES = 10;
/** Receivers asked about per gateway call (and per progress push), below the gateway's own batch limit. */
const PAGE = 100;

export type StatusRequestState = 'None' | 'Queued' | 'Running' | 'Done' | 'Failed';

/** A request's progress and result, kept on the send (`sends.statusRequest`) and pushed as it moves. */
export interface StatusRequestSummary {
  state: StatusRequestState;
  /** Receivers without a final status when the job began (accepted by the operator, with its id). */
  total: number;
  asked: number;
  /** Answered with a final status: applied as delivery reports (a receiver already final stays as it is). */
  final: number;
  /** Answered "not final yet" (en route, accepted). */
  pending: number;
  /** The operator did not know the message (or could not say). */
  unknown: number;
  finishedAt: string | null;
}

export interface StatusRequestJob {
  sendId: number;
}

const EMPTY: StatusRequestSummary = { state: 'None', total: 0, asked: 0, final: 0, pending: 0, unknown: 0, finishedAt: null };

/**
 * Requesting the latest delivery status of a send's receivers from the operator (issue 29 item 3;
 * the spec: "an outbox message can have its latest delivery status requested"). The route takes
 * the window (one request per send per STATUS_REQUEST_WINDOW_MINUTES) and queues a job; the job,
 * in a dispatching process (where gateway connections are held), asks the send's agent
 * (`Gateway.queryStatus`) about its receivers still without a final status, a page at a time at
 * the agent's rate, and hands the final and interim answers to `SettlementService.receive`: the
 * path every delivery report takes, so a final status never moves back and money settles once.
 */
@injectable()
export class DeliveryStatusRequests {
  private queue: JobQueue<StatusRequestJob> | null = null;

  constructor(
    @inject(SendsRepository) private readonly sends: SendsRepository,
    @inject(ReceiversRepository) private readonly receivers: ReceiversRepository,
    @inject(SendAccessService) private readonly access: SendAccessService,
    @inject(SendProgressPublisher) private readonly progress: SendProgressPublisher,
    @inject(SettlementService) private readonly settlement: SettlementService,
    @inject(LinesService) private readonly lines: LinesService,
    @inject(GatewayRegistry) private readonly registry: GatewayRegistry,
    @inject(GatewayHosts) private readonly hosts: GatewayHosts,
    @inject(TYPES.QueueFactory) private readonly queues: QueueFactory,
    @inject(TYPES.Logger) private readonly logger: Logger,
    @inject(TYPES.Clock) private readonly clock: Clock,
  ) {}

  private statusQueue(): JobQueue<StatusRequestJob> {
    this.queue ??= this.queues.queue<StatusRequestJob>(STATUS_REQUEST_QUEUE);
    return this.queue;
  }

  /** Dispatching processes only: they hold the gateway connections a request asks through. */
  start(): void {
    this.statusQueue().process(2, (job) => this.run(job.data.sendId));
  }

  async stop(): Promise<void> {
    await this.queue?.close(10_000);
  }

  /** Whether the send's agent can be asked (its plugin, with the agent's options, answers `queryStatus`). */
  async supported(send: Pick<SendRow, 'senderAgentId'>): Promise<boolean> {
    const agent = await this.lines.senderAgent(undefined, send.senderAgentId);
    return agent !== null && this.registry.queriesStatus(agent.pluginName, agent.options);
  }

  /** The detail's view of the send's last request: support, the window, progress and result. */
  async describe(send: SendRow) {
    const summary = { ...EMPTY, ...((send.statusRequest as Partial<StatusRequestSummary> | null) ?? {}) };
    const requestedAt = send.statusRequestedAt ? new Date(send.statusRequestedAt as string | Date) : null;
    return {
      supported: await this.supported(send),
      requestedAt: requestedAt?.toISOString() ?? null,
      nextAllowedAt: requestedAt ? new Date(requestedAt.getTime() + STATUS_REQUEST_WINDOW_MINUTES * 60_000).toISOString() : null,
      ...summary,
    };
  }

  /**
   * `OutBox/RequestDeliveryStatus`: the sender or an administrator above (who sees the send)
   * queues a request. Refused (400 on `id`) when the line's agent cannot be asked, or when the send
   * was asked about within the window; answered with the request as the detail shows it.
   */
  async request(ctx: Actor, id: number) {
    const send = await this.access.visible(ctx, id);
    if (!(await this.supported(send))) throw fieldError('id', 'messaging.statusRequestNotSupported');
    const now = this.clock.now();
    const notAfter = new Date(now.getTime() - STATUS_REQUEST_WINDOW_MINUTES * 60_000);
    const claimed = await this.sends.claimStatusRequest(id, now, notAfter, { ...EMPTY, state: 'Queued' });
    if (!claimed) {
      const last = new Date(send.statusRequestedAt as string | Date);
      const minutes = Math.max(1, Math.ceil((last.getTime() + STATUS_REQUEST_WINDOW_MINUTES * 60_000 - now.getTime()) / 60_000));
      throw fieldError('id', 'messaging.statusRequestTooSoon', { window: STATUS_REQUEST_WINDOW_MINUTES, minutes });
    }
    await this.statusQueue().add({ sendId: id }, { jobId: `status:${id}:${now.getTime()}`, retries: 0 });
    const answer = await this.describe(claimed);
    this.progress.pushStatusRequest(claimed, answer);
    return answer;
  }

  /** The job: asks page by page, applies the answers as delivery reports, keeps and pushes the count. */
  async run(sendId: number): Promise<StatusRequestSummary> {
    const send = await this.sends.findById(undefined, sendId);
    if (!send) return EMPTY;
    const summary: StatusRequestSummary = { ...EMPTY, state: 'Running' };
    const publish = async () => {
      await this.sends.saveStatusRequest(sendId, { ...summary });
      this.progress.pushStatusRequest(send, await this.describe({ ...send, statusRequest: summary }));
    };
    try {
      const agent = await this.lines.senderAgent(undefined, send.senderAgentId);
      if (!agent) throw new Error('the send\'s sender agent no longer exists');
      const gateway = await this.hosts.gatewayOf(agent);
      if (typeof gateway.queryStatus !== 'function') throw new Error('the agent\'s gateway cannot be asked for statuses');
      summary.total = await this.receivers.countAwaitingReport(sendId);
      await publish();
      const page = Math.max(1, Math.min(PAGE, gateway.maxBatchSize));
      // A status request costs the operator what a submit does: asked at no more than the agent's rate.
      const rate = Math.max(1, Math.min(agent.maxPerSecond || gateway.maxPerSecond, gateway.maxPerSecond));
      let after = -1;
      for (;;) {
        const rows = await this.receivers.awaitingReport(sendId, after, page);
        if (rows.length === 0) break;
        after = rows[rows.length - 1]!.seq;
        const startedAt = Date.now();
        const answers = await this.ask(gateway.queryStatus.bind(gateway), rows.map((r) => ({ providerId: r.providerId, from: send.senderNumber, to: r.toNumber })));
        const asked = new Set(rows.map((r) => r.providerId));
        const reports: DeliveryReport[] = [];
        for (const a of answers) {
          if (!asked.has(a.providerId) || a.state === 'unknown') {
            summary.unknown++;
            continue;
          }
          if (a.state === 'pending') summary.pending++;
          else summary.final++;
          reports.push({ providerId: a.providerId, state: a.state, providerStatus: a.providerStatus, at: a.at instanceof Date ? a.at : new Date(a.at), raw: { requested: true, raw: a.raw ?? null } });
        }
        summary.unknown += Math.max(0, rows.length - answers.length);
        summary.asked += rows.length;
        // Resolves once stored: the same batching, idempotence and settlement as pushed reports.
        if (reports.length > 0) await this.settlement.receive(agent.id, reports);
        await publish();
        const wait = (rows.length * 1_000) / rate - (Date.now() - startedAt);
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      }
      summary.state = 'Done';
    } catch (err) {
      this.logger.warn({ err, sendId }, 'requesting delivery statuses failed');
      summary.state = 'Failed';
    }
    summary.finishedAt = this.clock.now().toISOString();
    await publish();
    return summary;
  }

  /** A plugin must not throw or answer out of shape; if it does, the page is counted unknown, never half-applied. */
  private async ask(query: (q: { providerId: string; from: string; to: string }[]) => Promise<StatusAnswer[]>, queries: { providerId: string; from: string; to: string }[]): Promise<StatusAnswer[]> {
    try {
      const answers = await query(queries);
      if (Array.isArray(answers) && answers.length === queries.length && answers.every((a, i) => a?.providerId === queries[i]!.providerId)) return answers;
      this.logger.warn({ asked: queries.length }, 'queryStatus answered out of shape; the page counts as unknown');
    } catch (err) {
      this.logger.warn({ err }, 'queryStatus threw; the page counts as unknown');
    }
    return [];
  }
}
