import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migrations.js';

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
    await knex.schema.createTable('send_recipients_archive', (t) => {
      t.bigInteger('sendId').notNullable();
      t.integer('seq').notNullable();
      t.string('toNumber', 20).notNullable();
      t.string('operator', 15).notNullable();
      t.string('description', 200);
      t.string('sendStatus', 30).notNullable();
      t.string('deliveryStatus', 30).notNullable();
      t.string('providerId', 100);
      t.smallint('attempts').notNullable().defaultTo(0);
      t.boolean('refunded').notNullable().defaultTo(false);
      t.timestamp('sendDateTime', { useTz: true });
      t.timestamp('statusDateTime', { useTz: true });
      t.jsonb('deliveryReport');
      t.primary(['sendId', 'seq']);
    });
    await knex.raw(`create index sends_archiving on sends (id) where status = 'Archiving'`);
  },
  async down(knex: Knex): Promise<void> {
    await knex.raw('drop index if exists sends_archiving');
    await knex.schema.dropTableIfExists('send_recipients_archive');
    await knex.schema.alterTable('sends', (t) => {
      t.dropColumn('editFromQueueStatus');
      t.dropColumn('editStartedAt');
      t.dropColumn('archivedFromStatus');
      t.dropColumn('archivedAt');
    });
  },
};
