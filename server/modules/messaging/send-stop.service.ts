import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import type { Tx } from '../../platform/unit-of-work.js';
import type { Clock } from '../../platform/clock.js';
import { BillingService } from '../billing/index.js';
import { LinesService } from '../numbers/index.js';
import { SendsRepository, type SendRow } from './sends.repository.js';
import { ReceiversRepository } from './receivers.repository.js';
import { holdReference } from './send-rules.js';

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
    @inject(BillingService) private readonly billing: BillingService,
    @inject(LinesService) private readonly lines: LinesService,
    @inject(TYPES.Clock) private readonly clock: Clock,
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
    const canceled = await this.receivers.cancelWaiting(tx, send.id, now);
    await this.sends.update(tx, send.id, { canceledCount: canceled });
    await this.billing.release(tx, holdReference(send.id));
    await this.lines.releaseLimits(tx, { privateNumberId: send.privateNumberId, userId: send.userId, count: send.recipientCount, at: new Date(send.dateTimeSend) });
    return { ...row, canceledCount: canceled };
  }
}
