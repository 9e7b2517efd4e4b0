import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * Identity documents (KYC, issue 25; server/modules/documents/CONTEXT.md): one row per document of
 * an organization (`userId` null) or of a user, the spec's documentStatus and description, the
 * stored file's key under the data dir. One row per type and owner: a new upload replaces the file.
 */
export const organizationsDocuments: Migration = {
  name: '20261201-0050-organizations-documents',
  async up(knex: Knex): Promise<void> {
    await knex.schema.createTable('identity_documents', (t) => {
      t.increments('id');
      t.integer('organizationId').notNullable().references('id').inTable('organizations').onDelete('CASCADE');
      // Null: the organization's own document; otherwise this user's.
      t.integer('userId').references('id').inTable('users').onDelete('CASCADE');
      t.string('documentType', 40).notNullable();
      t.string('documentStatus', 20).notNullable().defaultTo('NotCheckedYet');
      t.text('description');
      t.string('fileKey', 80).notNullable();
      t.string('fileName', 200);
      t.string('contentType', 40).notNullable();
      t.integer('size').notNullable();
      t.integer('uploadedByUserId').notNullable().references('id').inTable('users');
      t.integer('decidedByUserId').references('id').inTable('users');
      t.timestamp('decidedAt', { useTz: true });
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('lastModified', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    await knex.raw('create unique index identity_documents_org_type on identity_documents ("organizationId", "documentType") where "userId" is null');
    await knex.raw('create unique index identity_documents_user_type on identity_documents ("userId", "documentType") where "userId" is not null');
    await knex.raw('create index identity_documents_status on identity_documents ("documentStatus", id)');
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.dropTableIfExists('identity_documents');
  },
};
