import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * A receiver's own text and parts (a dynamic send: each receiver's template filled from its
 * contact). Null for every other send, whose receivers share the send's text: nullable columns
 * without a default cost nothing on the million-row ordinary loads. The archive keeps the live
 * table's columns in the same order (receivers move by a plain insert … select).
 */
export const messagingReceiverTexts: Migration = {
  name: '20261125-0026-messaging-receiver-texts',
  async up(knex: Knex): Promise<void> {
    for (const table of ['send_recipients', 'send_recipients_archive']) {
      await knex.schema.alterTable(table, (t) => {
        t.text('smsText');
        t.smallint('smsParts');
      });
    }
  },
  async down(knex: Knex): Promise<void> {
    for (const table of ['send_recipients', 'send_recipients_archive']) {
      await knex.schema.alterTable(table, (t) => {
        t.dropColumn('smsText');
        t.dropColumn('smsParts');
      });
    }
  },
};
