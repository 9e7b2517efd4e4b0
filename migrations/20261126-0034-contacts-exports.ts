import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * Exports of a phonebook's contacts to xlsx or CSV (issue 15, server/modules/contacts/CONTEXT.md
 * "Exports"). Its own table rather than messaging's `excel_requests`: a module owns its tables,
 * and an export carries what the outbox's does not (the phonebook, the format, whether numbers
 * were masked). The file itself is written to the data directory, as the outbox's exports are.
 */
export const contactsExports: Migration = {
  name: '20261126-0034-contacts-exports',
  async up(knex: Knex): Promise<void> {
    await knex.schema.createTable('contact_exports', (t) => {
      t.bigIncrements('id');
      // The requester's active organization (c-org-id): the job rebuilds their rights in it.
      t.integer('organizationId').notNullable();
      t.integer('userId').notNullable();
      // No foreign key: a file made before its phonebook was deleted stays its requester's until swept.
      t.integer('phonebookId').notNullable();
      t.string('format', 4).notNullable();
      // The selection as Contacts/DeleteMany takes it (ids, or selectAll with the list's filter).
      t.jsonb('selection').notNullable();
      // The download link's secret: the link works without a session (a plain <a download>).
      t.string('downloadKey', 64).notNullable();
      // Waiting, Running, Done, Failed.
      t.string('status', 20).notNullable().defaultTo('Waiting');
      t.boolean('numbersHidden').notNullable().defaultTo(false);
      t.integer('progressPercent').notNullable().defaultTo(0);
      t.integer('rowCount').notNullable().defaultTo(0);
      t.integer('totalCount');
      // A message key; shown in the requester's language at the time of the request.
      t.string('failedReason', 100);
      t.string('culture', 10).notNullable().defaultTo('fa');
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('finishedAt', { useTz: true });
      t.index(['userId', 'id']);
      t.index(['createdAt']);
    });
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.dropTableIfExists('contact_exports');
  },
};
