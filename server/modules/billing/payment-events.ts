import { injectable, multiInject, optional } from 'inversify';
import type { Tx } from '../../platform/unit-of-work.js';

/**
 * A payment that someone above must hear about: `created` when a payment made outside the panel
 * (cash, cheque, card, account) is registered and waits as Checking for the receiver to confirm it;
 * `onlinePaid` when an online payment was verified and credited (a WatingForPay attempt that is
 * never paid needs nobody's attention, so its start is no event).
 */
export interface PaymentEvent {
  kind: 'created' | 'onlinePaid';
  paymentId: number;
  /** The payer. */
  organizationId: number;
  /** The organization above that receives (and, for `created`, confirms) the payment; null for none. */
  receiverOrganizationId: number | null;
  typePayment: string;
  amount: string;
}

/**
 * Told inside the transaction that registered or credited the payment, so what a listener writes
 * commits or rolls back with it: nothing told for a payment that was not stored, nothing lost to a
 * crash between the two. A listener must be cheap (one or two indexed statements) and must not
 * send anything itself: it runs on the payment's own path.
 */
export interface PaymentListener {
  onPayment(tx: Tx, event: PaymentEvent): Promise<void>;
}

/** Multi-injection id of the listeners (other modules bind theirs; none bound is fine). */
export const PAYMENT_LISTENERS = Symbol.for('peyk.billing.PaymentListener');

/** Hands a payment event to every bound listener, in the payment's transaction. */
@injectable()
export class PaymentEvents {
  constructor(@multiInject(PAYMENT_LISTENERS) @optional() private readonly listeners: PaymentListener[] = []) {}

  async emit(tx: Tx, event: PaymentEvent): Promise<void> {
    for (const l of this.listeners ?? []) await l.onPayment(tx, event);
  }
}
