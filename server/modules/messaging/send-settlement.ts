import type { Tx } from '../../platform/unit-of-work.js';
import type { SendRow } from './sends.repository.js';
import type { ReceiverEvent } from './receiver-events.js';

/**
 * What the phases before delivery (dispatch ending receivers at submit, a cancel) need of
 * settlement, inside their own transaction: tell the receiver-event listeners, and settle a send
 * whose last receiver became final. Bound to `SettlementService` in messaging.module.ts, so the
 * earlier phases name this contract and never import `delivery/` (the phase rule in
 * .dependency-cruiser.cjs): the calls, their order and their transactions are the ones they were.
 */
export interface SendSettlement {
  tell(tx: Tx, events: ReceiverEvent[]): Promise<void>;
  afterProgress(tx: Tx, send: SendRow): Promise<void>;
}

/** Injection id of the `SendSettlement` (one binding: `SettlementService`). */
export const SEND_SETTLEMENT = Symbol.for('peyk.messaging.SendSettlement');
