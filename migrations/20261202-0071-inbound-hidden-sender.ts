import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * Inbox replies from a hidden receiver (issue 26; server/modules/inbound/CONTEXT.md "Hidden
 * senders"): `isHiddenSender` is set when the message is stored, if its sender was a receiver of a
 * hidden (regional) send of the message's organization or line in the last 30 days; every path
 * that shows the message then masks the sender. Existing messages keep false.
 */
export const inboundHiddenSender: Migration = {
  name: '20261202-0071-inbound-hidden-sender',
  async up(knex: Knex): Promise<void> {
    await knex.schema.alterTable('inbox_messages', (t) => {
      t.boolean('isHiddenSender').notNullable().defaultTo(false);
    });
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.alterTable('inbox_messages', (t) => {
      t.dropColumn('isHiddenSender');
    });
  },
};
