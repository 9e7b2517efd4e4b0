import { inject, injectable } from 'inversify';
import type { Tx } from '../../platform/unit-of-work.js';
import type { PaymentEvent, PaymentListener } from '../billing/index.js';
import { AlertsRepository } from './alerts.repository.js';

/**
 * Billing's payment events → queued payment alerts. The flag that decides is the RECEIVING
 * organization's (the one above the payer that confirms a payment made outside the panel and to
 * which an online payment is paid): isSendAlertForCreatePayment for a registered payment awaiting
 * confirmation, isSendAlertForCreateOnlinePayment for a paid online payment. Only a record is
 * written here, in the payment's transaction; the alerts job tells (CONTEXT.md).
 */
@injectable()
export class PaymentAlertsListener implements PaymentListener {
  constructor(@inject(AlertsRepository) private readonly repo: AlertsRepository) {}

  async onPayment(tx: Tx, event: PaymentEvent): Promise<void> {
    if (event.receiverOrganizationId === null) return;
    const flags = await this.repo.paymentFlags(tx, event.receiverOrganizationId);
    if (!flags) return;
    const alertType = event.kind === 'created' ? 'CreatePayment' : 'CreateOnlinePayment';
    if (alertType === 'CreatePayment' ? !flags.isSendAlertForCreatePayment : !flags.isSendAlertForCreateOnlinePayment) return;
    await this.repo.queuePaymentAlert(tx, { organizationId: event.receiverOrganizationId, alertType, subjectId: event.paymentId });
  }
}
