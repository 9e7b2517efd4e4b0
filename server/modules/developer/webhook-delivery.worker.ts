import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import { TYPES } from '../../platform/tokens.js';
import { ClaimPump } from '../../platform/workers/claim-pump.js';
import type { AppConfig } from '../../platform/config.js';
import { UnitOfWork } from '../../platform/unit-of-work.js';
import { OutboundUrlGuard, outboundFailureText } from '../../platform/outbound/outbound-url-guard.js';
import { InboxService, type InboxRow } from '../inbound/index.js';
import { WebhooksRepository, type ClaimedDelivery, type InboundTarget, type NewDelivery } from './webhooks.repository.js';
import { WebhookSignal } from './webhook-signal.js';
import { retryDelayMs, webhookSignature } from './webhook-signature.js';
import { shownSender } from '../../shared/sms/masked-numbers.js';

export const INBOUND_CURSOR = 'webhooks.inbound';
/** Inbox rows younger than this are read again next time: ids are handed out before commit (see InboxRepository.storedAfter). */
export const INBOUND_SETTLE_MS = 5_000;
const INBOUND_PAGE = 500;

/** The stored payload of an inbound delivery: the GET's To, From and Text. */
export interface InboundPayload {
  to: string;
  from: string;
  text: string;
  inboxId: number;
  receivedAt: string;
}

/** The HTTP request of one attempt, signed. */
export interface WebhookRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body: string | null;
}

/**
 * A delivery as its webhook receives it. Delivery reports and tests of a status webhook: POST of
 * a JSON object (signed over the body). Inbound messages and tests of an inbound webhook: GET with
 * the query parameters To, From and Text (the spec's form; signed over the whole query string).
 */
export function buildRequest(d: ClaimedDelivery, timestamp: number, version: string): WebhookRequest {
  const headers: Record<string, string> = {
    'user-agent': `Peyk-Webhooks/${version}`,
    'x-peyk-timestamp': String(timestamp),
    'x-peyk-delivery': String(d.id),
    'x-peyk-event': d.eventType,
    'x-peyk-attempt': String(d.attempts),
  };
  if (d.webhookType === 'Inbound') {
    const p = d.payload as InboundPayload;
    const query = new URLSearchParams({ To: p.to, From: p.from, Text: p.text }).toString();
    const url = new URL(d.url);
    const fullQuery = url.search.length > 1 ? `${url.search.slice(1)}&${query}` : query;
    url.search = '';
    headers['x-peyk-signature'] = webhookSignature(d.secret, timestamp, fullQuery);
    return { method: 'GET', url: `${url.toString()}?${fullQuery}`, headers, body: null };
  }
  const body = JSON.stringify({ deliveryId: d.id, webhookId: d.webhookId, type: d.eventType, ...(d.payload as Record<string, unknown>) });
  headers['content-type'] = 'application/json; charset=utf-8';
  headers['x-peyk-signature'] = webhookSignature(d.secret, timestamp, body);
  return { method: 'POST', url: d.url, headers, body };
}

/** The inbound deliveries these rows make: each message to every active inbound webhook whose owner may read its line. */
export function inboundDeliveries(rows: InboxRow[], targets: InboundTarget[]): NewDelivery[] {
  const out: NewDelivery[] = [];
  for (const row of rows) {
    if (row.organizationId === null || row.privateNumberId === null) continue;
    for (const t of targets) {
      if (t.organizationId !== row.organizationId) continue;
      if (t.lineIds !== null && !t.lineIds.has(Number(row.privateNumberId))) continue;
      // A webhook tells what arrived after it was made, not the inbox's history.
      if (new Date(row.createdAt).getTime() < t.createdAt.getTime()) continue;
      const shown = shownSender(row);
      const payload: InboundPayload = { to: row.receiverNumber, from: shown.senderMobile, text: shown.smsText, inboxId: Number(row.id), receivedAt: new Date(row.dateTimeReceive).toISOString() };
      out.push({ webhookId: t.id, eventType: 'Inbound', inboxId: Number(row.id), payload });
    }
  }
  return out;
}

/**
 * Makes the deliveries: claims due rows (a lease on each, see WebhooksRepository.claimDue), sends
 * them with at most `concurrency` requests in flight and a time-out on each, and records the
 * outcome; retries with back-off up to the webhook's tryCount. Also turns new inbox rows into
 * inbound deliveries by a cursor. Runs apart from sending: a slow receiver holds one of its own
 * slots, never a report transaction. Started in processes that run workers (role all/worker).
 */
@injectable()
export class WebhookDeliveryWorker {
  private readonly pump: ClaimPump<ClaimedDelivery>;

  constructor(
    @inject(WebhooksRepository) private readonly repo: WebhooksRepository,
    @inject(InboxService) private readonly inbox: InboxService,
    @inject(WebhookSignal) signal: WebhookSignal,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TYPES.Config) private readonly config: AppConfig,
    @inject(TYPES.Logger) logger: Logger,
    @inject(OutboundUrlGuard) private readonly outbound: OutboundUrlGuard,
  ) {
    this.pump = new ClaimPump<ClaimedDelivery>({
      name: 'webhook deliveries',
      settings: () => this.settings,
      beforeClaim: async () => {
        await this.sweepInbound();
      },
      claim: (free) => this.repo.claimDue(free, this.leaseMs),
      run: (d) => this.deliver(d),
      keyOf: (d) => d.id,
    }, signal, logger);
  }

  private get settings() {
    return this.config.webhooks;
  }

  /** Longer than an attempt can take: a live worker always finishes before another may take the row. */
  private get leaseMs(): number {
    return this.settings.timeoutMs * 2 + 5_000;
  }

  start(): void {
    this.pump.start();
  }

  /** No new claims; waits for the requests in flight so their outcome is recorded. */
  async stop(): Promise<void> {
    await this.pump.stop();
  }

  /**
   * Inbox rows after the cursor become inbound deliveries in one transaction with the cursor's
   * move. The cursor stops before the first row younger than INBOUND_SETTLE_MS (a row with a
   * smaller id could still commit); rows after it are handled now and read again later, and the
   * unique (webhookId, inboxId) keeps one delivery each.
   */
  async sweepInbound(): Promise<number> {
    let made = 0;
    for (;;) {
      const after = await this.repo.cursor(INBOUND_CURSOR);
      const rows = await this.inbox.storedAfter(after, INBOUND_PAGE, null);
      if (rows.length === 0) return made;
      const settled = (await this.repo.dbNow()).getTime() - INBOUND_SETTLE_MS;
      let safe = after;
      for (const r of rows) {
        if (new Date(r.createdAt).getTime() > settled) break;
        safe = Number(r.id);
      }
      const targets = await this.repo.inboundTargets();
      const deliveries = inboundDeliveries(rows, targets);
      const inserted = await this.uow.run(async (tx) => {
        const ins = await this.repo.insertDeliveries(tx, deliveries);
        if (safe > after) await this.repo.advanceCursor(tx, INBOUND_CURSOR, safe);
        return ins.length;
      });
      made += inserted;
      if (rows.length < INBOUND_PAGE || safe === after) return made;
    }
  }

  /**
   * One attempt and its outcome. Only a 2xx answer is a success; redirects are not followed. The
   * request goes through the outbound URL guard (checked again at connect: the address may have
   * been forbidden since the save, or the name may now resolve inside). `lastError` is a short
   * reason only — the status, "connection failed", "timed out", "address not allowed" — never the
   * receiver's answer nor the system's error: a user must not read an internal page through it, nor
   * tell an open port from a closed one.
   */
  async deliver(d: ClaimedDelivery): Promise<void> {
    const timestamp = Math.floor(Date.now() / 1000);
    const req = buildRequest(d, timestamp, this.config.version);
    const started = performance.now();
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      ({ statusCode } = await this.outbound.request({ ...req, timeoutMs: this.settings.timeoutMs }));
      if (statusCode < 200 || statusCode >= 300) error = `HTTP ${statusCode}`;
    } catch (err) {
      error = outboundFailureText(err);
    }
    const durationMs = Math.round(performance.now() - started);
    const succeeded = error === null;
    const exhausted = !succeeded && d.attempts >= d.tryCount;
    await this.repo.finishAttempt(d.id, d.attempts, {
      status: succeeded ? 'succeeded' : exhausted ? 'failed' : 'pending',
      retryInMs: succeeded || exhausted ? null : retryDelayMs(d.attempts, this.settings.retryBaseMs),
      error,
      statusCode,
      durationMs,
    });
  }
}
