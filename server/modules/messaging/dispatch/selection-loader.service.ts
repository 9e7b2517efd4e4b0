import { inject, injectable, multiInject } from 'inversify';
import { TYPES } from '../../../platform/tokens.js';
import type { UnitOfWork } from '../../../platform/unit-of-work.js';
import { BillingService } from '../../billing/index.js';
import { LinesService } from '../../numbers/index.js';
import { RECIPIENT_SOURCES, type RecipientSource } from '../compose/recipient-source-contract.js';
import { ReceiversRepository } from '../receivers.repository.js';
import { SendSelectionsRepository } from '../send-selections.repository.js';
import { SendsRepository, type SendRow } from '../sends.repository.js';
import { holdReference } from '../send-rules.js';
import { SEND_SETTLEMENT, type SendSettlement } from '../send-settlement.js';
import { OPERATOR_COLUMNS } from '../statuses.js';

/**
 * Loads the receivers of a send that compose held from its pick's counts (`RecipientSelection.later`)
 * when the scheduler takes it, in one transaction: the pick rebuilt by its recipient source, judged
 * against the blacklist and opt-outs as they are now, and capped per operator at what was held.
 * What it could not take (the source shrank, a number was blacklisted meanwhile) is given back at
 * once — its parts refunded on the hold, its line limits released — and the send's counts become
 * the loaded ones. A send left with no receiver is finalized here.
 */
@injectable()
export class SelectionLoader {
  constructor(
    @inject(SendsRepository) private readonly sends: SendsRepository,
    @inject(SendSelectionsRepository) private readonly selections: SendSelectionsRepository,
    @inject(ReceiversRepository) private readonly receivers: ReceiversRepository,
    @multiInject(RECIPIENT_SOURCES) private readonly sources: RecipientSource[],
    @inject(BillingService) private readonly billing: BillingService,
    @inject(LinesService) private readonly lines: LinesService,
    @inject(SEND_SETTLEMENT) private readonly settlement: SendSettlement,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  /** The send after its load; null when it had nothing waiting (loaded before, an ordinary send, or cancelled first). */
  async load(sendId: number): Promise<SendRow | null> {
    return this.uow.run(async (tx) => {
      // The send row first, as a cancel does (SendStopService.stopWaiting): the two serialize on it.
      const send = await this.sends.findById(tx, sendId, true);
      if (!send) return null;
      const pending = await this.selections.take(tx, sendId);
      if (!pending) return null;
      const source = this.sources.find((s) => s.kind === pending.kind);
      if (!source?.reselect) throw new Error(`no recipient source "${pending.kind}" can rebuild the selection of send ${sendId}`);
      const rule = await this.receivers.blockRule(send.organizationId, pending.includeGeneral, tx);
      const loaded = await this.receivers.loadSelection(tx, sendId, source.reselect(pending.recipe), rule, pending.heldSendable);
      const shortParts: Record<string, number> = {};
      let short = 0;
      for (const [op, held] of Object.entries(pending.heldSendable)) {
        const missing = held - (loaded.sendable[op] ?? 0);
        if (missing <= 0 || held <= 0) continue;
        short += missing;
        // Every receiver of a selection has the send's parts: held parts / held receivers is exact.
        shortParts[op] = (missing * (pending.heldParts[op] ?? 0)) / held;
      }
      if (short > 0) {
        await this.billing.refund(tx, holdReference(sendId), shortParts, 'selection-load');
        await this.lines.releaseLimits(tx, { privateNumberId: send.privateNumberId, userId: send.userId, count: short, at: new Date(send.dateTimeSend) });
      }
      const columns: Record<string, unknown> = { blackListCount: loaded.blocked };
      for (const [op, column] of Object.entries(OPERATOR_COLUMNS)) columns[column] = loaded.sendable[op] ?? 0;
      if (short > 0) {
        columns.recipientCount = send.recipientCount - short;
        columns.pendingCount = send.pendingCount - short;
      }
      await this.sends.update(tx, sendId, columns);
      const updated = await this.sends.findById(tx, sendId);
      if (!updated || updated.pendingCount > 0) return updated;
      await this.settlement.afterProgress(tx, updated);
      return this.sends.findById(tx, sendId);
    });
  }
}
