import { inject, injectable } from 'inversify';
import { afterCommit, type Tx } from '../../platform/unit-of-work.js';
import type { ReceiverEvent, ReceiverEventListener } from '../messaging/index.js';
import type { InboundListener, InboxRow } from '../inbound/index.js';
import { WebhooksRepository, type NewDelivery } from './webhooks.repository.js';
import { WebhookSignal } from './webhook-signal.js';

/** One receiver's move as a status webhook tells it (`messageId` is Peyk's send id, `sendId` the client's). */
export interface StatusEventPayload {
  messageId: number;
  sendId: string | null;
  to: string | null;
  seq: number;
  deliveryStatus: string;
  at: string;
  providerId: string | null;
}

/**
 * Turns receivers' moves into webhook deliveries inside the transaction that moved them, so a
 * report is told exactly when it is applied: rolled back together, never written twice (a receiver
 * moves once). Runs on the report path of every send, so sends that are not API sends of a user
 * with a status webhook cost one primary-key lookup per batch and nothing more.
 */
@injectable()
export class WebhookEventsListener implements ReceiverEventListener, InboundListener {
  constructor(
    @inject(WebhooksRepository) private readonly repo: WebhooksRepository,
    @inject(WebhookSignal) private readonly signal: WebhookSignal,
  ) {}

  async onReceiverEvents(tx: Tx, events: ReceiverEvent[]): Promise<void> {
    if (events.length === 0) return;
    const targets = await this.repo.statusTargets(tx, [...new Set(events.map((e) => e.sendId))]);
    if (targets.length === 0) return;
    const bySend = new Map<number, typeof targets>();
    for (const t of targets) bySend.set(t.sendId, [...(bySend.get(t.sendId) ?? []), t]);
    const relevant = events.filter((e) => bySend.has(e.sendId));
    const numbers = await this.repo.receiverNumbers(tx, relevant.map((e) => ({ sendId: e.sendId, seq: e.seq })));
    // One delivery per webhook for this batch: a bulk API send's reports go out as a few arrays, not one request each.
    const perHook = new Map<number, StatusEventPayload[]>();
    for (const e of relevant) {
      for (const t of bySend.get(e.sendId) ?? []) {
        const list = perHook.get(t.webhookId) ?? [];
        list.push({ messageId: e.sendId, sendId: t.clientSendId, to: numbers.get(`${e.sendId}:${e.seq}`) ?? null, seq: e.seq, deliveryStatus: e.deliveryStatus, at: e.at, providerId: e.providerId });
        perHook.set(t.webhookId, list);
      }
    }
    const rows: NewDelivery[] = [...perHook].map(([webhookId, list]) => ({ webhookId, eventType: 'DeliveryStatus', payload: { events: list } }));
    await this.repo.insertDeliveries(tx, rows);
    afterCommit(tx, () => this.signal.wake());
  }

  /** Only a wake-up: the worker's cursor sweep over the inbox is what makes inbound deliveries durable. */
  onInbound(_rows: InboxRow[]): void {
    this.signal.wake();
  }
}
