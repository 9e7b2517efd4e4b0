import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * Payment alerts and one low-credit alert (issue 25; server/modules/alerts/CONTEXT.md). A payment
 * alert is a credit notification record per payment, queued unsent in the payment's transaction:
 * the job finds the unsent ones through a partial index, so the records of every payment ever told
 * cost the minute's pass nothing. billing's own low-credit alert is gone (the alerts job applies
 * LowestCreditOfUser), and with it its per-account mark.
 */
export const alertsPaymentAlerts: Migration = {
  name: '20261201-0053-alerts-payment-alerts',
  async up(knex: Knex): Promise<void> {
    await knex.raw(`create index credit_notifications_payment_pending on credit_notifications ("id")
      where "isSend" = false and "alertType" in ('CreatePayment', 'CreateOnlinePayment')`);
    await knex.schema.alterTable('credit_accounts', (t) => { t.dropColumn('lowCreditNotifiedAt'); });
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.alterTable('credit_accounts', (t) => { t.timestamp('lowCreditNotifiedAt', { useTz: true }); });
    await knex.raw('drop index if exists credit_notifications_payment_pending');
  },
};
