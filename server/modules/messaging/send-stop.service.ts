import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import type { Tx } from '../../platform/unit-of-work.js';
import type { Clock } from '../../platform/clock.js';
import { BillingService } from '../billing/index.js';
import { LinesService } from '../numbers/index.js';
import { SendsRepository, type SendRow } from './sends.repository.js';
import { ReceiversRepository } from './receivers.repository.js';
import { SendSelectionsRepository } from './send-selections.repository.js';
import { holdReference } from './send-rules.js';
import { SEND_SETTLEMENT, type SendSettlement } from './send-settlement.js';
import { DISPATCH_QUEUE_STATUSES, WAITING_QUEUE_STATUSES, type FailureCode } from './statuses.js';

/** A send not finished yet: waiting, paused for an edit, or in dispatch (what is in flight still finishes). */
export const CANCELABLE: readonly string[] = [...WAITING_QUEUE_STATUSES, 'WatingForConfirm', 'Updating', ...DISPATCH_QUEUE_STATUSES];

/**
 * Stops a send that never went out (refused at dispatch, rejected by an administrator). Nothing
 * of it was submitted, so nothing is charged: the whole hold is released, the line's limits are
 * given back for every receiver, and the waiting receivers end IsCanceled. The one place this
 * happens, so the two ways in cannot drift apart on money.
 */
@injectable()
export class SendStopService {
  constructor(
    @inject(SendsRepository) private readonly sends: SendsRepository,
    @inject(ReceiversRepository) private readonly receivers: ReceiversRepository,
    @inject(SendSelectionsRepository) private readonly selections: SendSelectionsRepository,
    @inject(BillingService) private readonly billing: BillingService,
    @inject(LinesService) private readonly lines: LinesService,
    @inject(TYPES.Clock) private readonly clock: Clock,
    @inject(SEND_SETTLEMENT) private readonly settlement: SendSettlement,
  ) {}

  /**
   * In the caller's transaction: moves the send from one of `from` with `values` (its final queue
   * status, status and failure code). Null when the send had already left those statuses — then
   * nothing is touched: another path owns its end, and the hold must not be released twice.
   */
  async stopUnsent(tx: Tx, send: SendRow, from: readonly string[], values: Record<string, unknown>): Promise<SendRow | null> {
    const now = this.clock.now();
    const row = await this.sends.transition(tx, send.id, [...from], { ...values, dateTimeEnd: now, pendingCount: 0 });
    if (!row) return null;
    // Receivers never loaded need nothing more: releasing the hold gives back what was held for them.
    await this.selections.take(tx, send.id);
    const canceled = await this.receivers.cancelWaiting(tx, send.id, now);
    await this.sends.update(tx, send.id, { canceledCount: canceled });
    await this.billing.release(tx, holdReference(send.id));
    await this.lines.releaseLimits(tx, { privateNumberId: send.privateNumberId, userId: send.userId, count: send.recipientCount, at: new Date(send.dateTimeSend) });
    return { ...row, canceledCount: canceled };
  }

  /**
   * Stops a send that has not finished (a user's cancel, an edit abandoned): waiting receivers are
   * cancelled (given back when it settles), their limits released; what is in flight finishes.
   * Null when it cannot be stopped. In the caller's transaction.
   */
  async stopWaiting(tx: Tx, id: number, failureCode: FailureCode): Promise<SendRow | null> {
    const locked = await this.sends.findById(tx, id, true);
    if (!locked || !CANCELABLE.includes(locked.queueStatus)) return null;
    let canceled = await this.receivers.cancelWaiting(tx, id, this.clock.now());
    // Receivers held but not loaded yet (SelectionLoader) are cancelled as a whole: their parts are
    // refunded on the hold now (the settlement's own refund counts only loaded receivers).
    const pending = await this.selections.take(tx, id);
    if (pending) {
      await this.billing.refund(tx, holdReference(id), pending.heldParts, 'selection-load');
      canceled += Object.values(pending.heldSendable).reduce((a, b) => a + b, 0);
    }
    await this.sends.update(tx, id, { failureCode, queueStatus: 'Extracted', editFromQueueStatus: null });
    const updated = await this.sends.bumpCounters(tx, id, { pending: canceled, canceled });
    if (canceled > 0) await this.lines.releaseLimits(tx, { privateNumberId: locked.privateNumberId, userId: locked.userId, count: canceled, at: new Date(locked.dateTimeSend) });
    if (updated) await this.settlement.afterProgress(tx, updated);
    return updated;
  }
}
