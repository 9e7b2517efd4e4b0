import type { Tx } from '../../platform/unit-of-work.js';
import type { DeliveryStatus } from './statuses.js';

/** A receiver that moved to a reported or final state. */
export interface ReceiverEvent {
  sendId: number;
  seq: number;
  deliveryStatus: DeliveryStatus;
  /** The operator's id of the message; null when it never left us (NotSent, ErrorInSending). */
  providerId: string | null;
  /** ISO time of the change (the operator's report time for reports). */
  at: string;
}

/**
 * Told about receivers that moved, inside the transaction that moved them, so what a listener
 * writes (a webhook delivery to make, a receipt to hand to an SMPP client) commits or rolls back
 * with the move itself: nothing is lost to a crash between the two, nothing is told twice.
 * Called for delivery reports, for receivers a submit ended (refused, out of tries, in doubt) and
 * for receivers the report time-out closed. A listener must be cheap for sends it does not care
 * about (one indexed lookup per batch): it runs on the report path of every send.
 */
export interface ReceiverEventListener {
  onReceiverEvents(tx: Tx, events: ReceiverEvent[]): Promise<void>;
}

/** Multi-injection id of the listeners (other modules bind theirs; none bound is fine). */
export const RECEIVER_EVENT_LISTENERS = Symbol.for('peyk.messaging.ReceiverEventListener');
