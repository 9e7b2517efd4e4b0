import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * GradualPeriodic (issue 29 item 2; server/modules/messaging/CONTEXT.md "Gradual and periodic
 * sends"): a periodic definition may carry the gradual fields, and each of its occurrences is then
 * a gradual send. Both null for a plain periodic definition. The new period types (Minute, Hour,
 * Yearly) fit the existing `periodType` column.
 */
export const messagingGradualPeriodic: Migration = {
  name: '20261204-0083-messaging-gradual-periodic',
  async up(knex: Knex): Promise<void> {
    await knex.schema.alterTable('periodic_sends', (t) => {
      t.integer('gradualStepCount');
      t.integer('gradualIntervalMinutes');
    });
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.alterTable('periodic_sends', (t) => {
      t.dropColumn('gradualStepCount');
      t.dropColumn('gradualIntervalMinutes');
    });
  },
};
