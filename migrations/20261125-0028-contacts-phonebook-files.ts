import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * Contact imports (issue 15): the spec's "phonebook file progress" (fileName, status, phonebookId,
 * phonebookName, progressPercent, totalCount) with the counts an import reports. The uploaded file
 * is kept in the database in 1 MB pieces until its import ends, so any process (a worker on
 * another machine) reads it, by random access (an xlsx's directory is at its end). Rejected rows
 * are rows, written in the same transaction as the contacts of their batch, so a resumed import
 * neither loses nor repeats them; the rejected-rows file is made from them on download.
 */
export const contactsPhonebookFiles: Migration = {
  name: '20261125-0028-contacts-phonebook-files',
  async up(knex: Knex): Promise<void> {
    await knex.schema.createTable('phonebook_files', (t) => {
      t.increments('id').primary();
      // The phonebook's organization (tenancy of the list); the import goes with its phonebook.
      t.integer('organizationId').notNullable().references('id').inTable('organizations');
      t.integer('phonebookId').notNullable().references('id').inTable('phonebooks').onDelete('CASCADE');
      // Who uploaded it: the import runs with their rights and its progress is pushed to them.
      t.integer('userId').notNullable().references('id').inTable('users');
      t.string('fileName', 200).notNullable();
      // Stored (uploaded, waiting for its column mapping), Waiting, Extracting, Completed, Failed.
      t.string('status', 20).notNullable();
      t.string('format', 10).notNullable();
      t.string('encoding', 20);
      t.string('delimiter', 2);
      t.bigInteger('sizeBytes').notNullable().defaultTo(0);
      t.integer('columnCount').notNullable().defaultTo(0);
      // The first rows as text, for the mapping screen (shown again when it is reopened).
      t.jsonb('preview');
      t.jsonb('mapping');
      t.boolean('hasHeaderRow').notNullable().defaultTo(true);
      t.boolean('updateExisting').notNullable().defaultTo(false);
      // Data rows of the file: an estimate until the import ends (CSV line ends, the sheet's used range), then exact.
      t.integer('totalCount');
      t.smallint('progressPercent').notNullable().defaultTo(0);
      // Data rows read and committed: where a resumed import goes on from.
      t.integer('processedCount').notNullable().defaultTo(0);
      t.integer('addedCount').notNullable().defaultTo(0);
      t.integer('updatedCount').notNullable().defaultTo(0);
      t.integer('duplicateCount').notNullable().defaultTo(0);
      t.integer('existingCount').notNullable().defaultTo(0);
      t.integer('rejectedCount').notNullable().defaultTo(0);
      // A message key (+ params): translated for whoever reads it.
      t.string('failedReason', 100);
      t.jsonb('failedParams');
      // The key of the rejected-rows file's address (no session: the browser downloads it itself).
      t.string('rejectedToken', 64).notNullable().unique();
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('startedAt', { useTz: true });
      t.timestamp('finishedAt', { useTz: true });
      t.timestamp('lastModified', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    await knex.raw('create index phonebook_files_phonebook_idx on phonebook_files ("phonebookId", id)');
    // The sweeps: imports whose job was lost, uploads never started.
    await knex.raw('create index phonebook_files_status_idx on phonebook_files (status, "lastModified")');

    await knex.schema.createTable('phonebook_file_chunks', (t) => {
      t.integer('fileId').notNullable().references('id').inTable('phonebook_files').onDelete('CASCADE');
      t.integer('seq').notNullable();
      t.binary('data').notNullable();
      t.primary(['fileId', 'seq']);
    });
    // Stored as is: an xlsx is compressed already, and compressing a CSV piece costs more time than the disk it saves for a day.
    await knex.raw('alter table phonebook_file_chunks alter column data set storage external');

    await knex.schema.createTable('phonebook_file_rejects', (t) => {
      t.integer('fileId').notNullable().references('id').inTable('phonebook_files').onDelete('CASCADE');
      // The row's number as the spreadsheet shows it.
      t.integer('rowNumber').notNullable();
      // [{key, params}]: every reason, translated when the file is made.
      t.jsonb('reasons').notNullable();
      // The row's cells as text, as they were in the file.
      t.jsonb('cells').notNullable();
      t.primary(['fileId', 'rowNumber']);
    });
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.dropTableIfExists('phonebook_file_rejects');
    await knex.schema.dropTableIfExists('phonebook_file_chunks');
    await knex.schema.dropTableIfExists('phonebook_files');
  },
};
