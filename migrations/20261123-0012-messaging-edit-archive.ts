import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * Editing a send that has not gone out (queue status Updating remembers where it was), and the
 * outbox archive: an archived send's receivers move to `send_recipients_archive`, so the table
 * every dispatch and report touches holds only live sends.
 */
export const messagingEditArchive: Migration = {
  name: '20261123-0012-messaging-edit-archive',
  async up(knex: Knex): Promise<void> {
    await knex.schema.alterTable('sends', (t) => {
      t.string('editFromQueueStatus', 20);
      t.timestamp('editStartedAt', { useTz: true });
      t.string('archivedFromStatus', 30);
      t.timestamp('archivedAt', { useTz: true });
    });
    // The live table's columns, in its order (an archived receiver moves by a plain insert … select),
    // without its fill factor and provider-id index: archived rows are only read by send.
    await knex.raw('create table send_recipients_archive (like send_recipients including defaults, primary key ("sendId", seq))');
    // The parked-report sweep looks only at recent rows.
    await knex.raw('create index unmatched_delivery_reports_received on unmatched_delivery_reports ("receivedAt")');
    await knex.raw(`create index sends_archiving on sends (id) where status = 'Archiving'`);
  },
  async down(knex: Knex): Promise<void> {
    await knex.raw('drop index if exists sends_archiving');
    await knex.raw('drop index if exists unmatched_delivery_reports_received');
    await knex.schema.dropTableIfExists('send_recipients_archive');
    await knex.schema.alterTable('sends', (t) => {
      t.dropColumn('editFromQueueStatus');
      t.dropColumn('editStartedAt');
      t.dropColumn('archivedFromStatus');
      t.dropColumn('archivedAt');
    });
  },
};
