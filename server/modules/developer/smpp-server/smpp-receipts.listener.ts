import { inject, injectable } from 'inversify';
import { afterCommit, type Tx } from '../../../platform/unit-of-work.js';
import { DELIVERY_STATUSES, FINAL_DELIVERY_STATUSES, type ReceiverEvent, type ReceiverEventListener } from '../../messaging/index.js';
import { SmppOutboxRepository, type NewOutboxRow } from './smpp-outbox.repository.js';
import { receiptStateOf, receiptText } from './smpp-protocol.js';
import { SmppSignal } from './smpp-signal.js';

const FINAL = new Set<string>(FINAL_DELIVERY_STATUSES);

/**
 * Turns the final state of a send made over SMPP into receipts to hand out, inside the transaction
 * that moved the receiver: the receipt exists exactly when the state does (no loss between the two,
 * no second receipt on a repeat, since the SMPP row is taken by the first final event). Interim
 * states (ReceivedByItc) produce nothing: SMPP clients here get final receipts only.
 * Cost for other sends: one indexed delete per batch that matches nothing.
 */
@injectable()
export class SmppReceiptsListener implements ReceiverEventListener {
  constructor(
    @inject(SmppOutboxRepository) private readonly repo: SmppOutboxRepository,
    @inject(SmppSignal) private readonly signal: SmppSignal,
  ) {}

  async onReceiverEvents(tx: Tx, events: ReceiverEvent[]): Promise<void> {
    const finals = new Map<number, ReceiverEvent>();
    for (const e of events) if (FINAL.has(e.deliveryStatus)) finals.set(e.sendId, e);
    if (finals.size === 0) return;
    const messages = await this.repo.takeMessages(tx, [...finals.keys()]);
    if (messages.length === 0) return;
    const rows: NewOutboxRow[] = [];
    for (const m of messages) {
      const e = finals.get(m.sendId)!;
      const r = receiptStateOf(e.deliveryStatus, DELIVERY_STATUSES);
      if (!wantsReceipt(m.registeredDelivery, r.stat === 'DELIVRD')) continue;
      const doneAt = new Date(e.at);
      // One receipt per submit_sm the client got an id for (each part of a long message).
      for (const id of m.messageIds) {
        rows.push({
          accountId: m.accountId, kind: 'receipt', inboxId: null, messageId: id,
          sourceAddr: m.destAddr, destAddr: m.sourceAddr, messageState: r.state,
          body: receiptText({ id, stat: r.stat, err: r.err, submittedAt: new Date(m.submittedAt), doneAt, textStart: m.textStart }),
        });
      }
    }
    if (rows.length === 0) return;
    await this.repo.insertOutbox(tx, rows);
    const accounts = new Set(rows.map((r) => r.accountId));
    afterCommit(tx, () => this.signal.outboxChanged(accounts));
  }
}

/** registered_delivery bits 0-1: 0 none, 1 every final state, 2 failures only (3, reserved, as 1). */
export function wantsReceipt(registeredDelivery: number, delivered: boolean): boolean {
  const mode = registeredDelivery & 0x03;
  if (mode === 0) return false;
  if (mode === 2) return !delivered;
  return true;
}
