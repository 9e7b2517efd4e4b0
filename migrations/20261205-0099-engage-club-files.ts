import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * Club files (issue 28; engage/CONTEXT.md "Customer club"): an uploaded spreadsheet of purchases
 * (the spec's Smart club title and club file progress: smartSmsClubTitle, progressPercent,
 * failedReason, totalCount, status) read by a worker into the club's members.
 */
export const engageClubFiles: Migration = {
  name: '20261205-0099-engage-club-files',
  async up(knex: Knex): Promise<void> {
    await knex.schema.createTable('club_files', (t) => {
      t.increments('id').primary();
      t.integer('organizationId').notNullable().references('id').inTable('organizations');
      t.integer('userId').notNullable().references('id').inTable('users');
      t.string('smartSmsClubTitle', 200).notNullable();
      t.string('fileName', 300).notNullable();
      t.string('storedPath', 1000).notNullable();
      t.bigInteger('storedBytes').notNullable();
      t.string('status', 20).notNullable().defaultTo('Waiting');
      t.integer('totalCount').notNullable().defaultTo(0);
      t.integer('processedCount').notNullable().defaultTo(0);
      t.integer('addedCount').notNullable().defaultTo(0);
      t.integer('wrongCount').notNullable().defaultTo(0);
      t.integer('progressPercent').notNullable().defaultTo(0);
      t.string('failedReason', 500);
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('finishedAt', { useTz: true });
    });
    await knex.raw('create index club_files_org_idx on club_files ("organizationId", id desc)');
    await knex.raw('create unique index club_purchases_file_uq on club_purchases ("clubFileId", "purchaseId")');
  },
  async down(knex: Knex): Promise<void> {
    await knex.raw('drop index if exists club_purchases_file_uq');
    await knex.schema.dropTableIfExists('club_files');
  },
};
