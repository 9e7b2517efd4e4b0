import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * Outbox advanced search (issue 15, server/modules/messaging/CONTEXT.md "Outbox advanced search")
 * and the Excel export requests.
 *
 * Indexes, and what each costs on the write paths:
 * - `send_recipients ("toNumber", "sendId", seq)` (and the same on the archive): a number's
 *   receivers newest first, so "find this number" is an index range read with keyset paging.
 *   One more btree entry per inserted receiver (the 1M-receiver ingest writes one more index;
 *   measured in the closing notes); `toNumber` never changes, so the dispatch and report updates
 *   stay HOT (fillfactor 60) exactly as before.
 * - `sends ("organizationId", "dateTimeSend")`: a tenant's sends in a date range, the outer loop
 *   of every search without a number. One entry per send (not per receiver); the send row's
 *   updates never change either column after compose, except an edit of a waiting send's time.
 * No index on `deliveryStatus`/`sendStatus`: they change on every claim, submit and report, and an
 * index on them would make each of those updates non-HOT. A status search walks the range's sends
 * newest first and reads each send's receivers by its primary key until a page is full.
 */
export const messagingOutboxSearch: Migration = {
  name: '20261125-0029-messaging-outbox-search',
  async up(knex: Knex): Promise<void> {
    await knex.raw('create index send_recipients_to_number on send_recipients ("toNumber", "sendId", seq)');
    await knex.raw('create index send_recipients_archive_to_number on send_recipients_archive ("toNumber", "sendId", seq)');
    await knex.raw('create index sends_org_date_time_send on sends ("organizationId", "dateTimeSend")');
    // The spec's Excel request (path, type, isReadyForDownload, errors) plus who asked and how far it is.
    await knex.schema.createTable('excel_requests', (t) => {
      t.bigIncrements('id');
      t.integer('organizationId').notNullable();
      t.integer('userId').notNullable();
      t.string('type', 40).notNullable();
      t.jsonb('filter').notNullable();
      t.string('path', 300);
      // The download link's secret: the link works without a session (a plain <a download>), so
      // only who holds it (the requester, told in the answers) can fetch the file.
      t.string('downloadKey', 64).notNullable();
      t.boolean('isReadyForDownload').notNullable().defaultTo(false);
      t.jsonb('errors').notNullable().defaultTo('[]');
      t.integer('rowCount').notNullable().defaultTo(0);
      t.integer('progressPercent').notNullable().defaultTo(0);
      t.string('status', 20).notNullable().defaultTo('Waiting');
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('finishedAt', { useTz: true });
      t.index(['userId', 'id']);
    });
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.dropTableIfExists('excel_requests');
    await knex.raw('drop index if exists sends_org_date_time_send');
    await knex.raw('drop index if exists send_recipients_archive_to_number');
    await knex.raw('drop index if exists send_recipients_to_number');
  },
};
