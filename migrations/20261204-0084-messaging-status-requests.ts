import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * Requesting a send's latest delivery statuses from the operator (issue 29 item 3,
 * server/modules/messaging/CONTEXT.md "Requesting delivery statuses"): when it was last requested
 * (the once-per-window rule is a conditional update of this column) and the last request's summary
 * (asked, answered, moved, unknown, done), so the outbox detail shows it after a reload.
 */
export const messagingStatusRequests: Migration = {
  name: '20261204-0084-messaging-status-requests',
  async up(knex: Knex): Promise<void> {
    await knex.schema.alterTable('sends', (t) => {
      t.timestamp('statusRequestedAt', { useTz: true });
      t.jsonb('statusRequest');
    });
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.alterTable('sends', (t) => {
      t.dropColumn('statusRequestedAt');
      t.dropColumn('statusRequest');
    });
  },
};
