import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * Contacts (issue 15): phonebooks of an organization, their contacts, and the organization's
 * custom fields. Sized for a million contacts per phonebook: a contact is found by
 * (phonebookId, cellphone) — the unique index that also dedupes imports and copies — and a
 * phonebook is read, paged and streamed to sends by (phonebookId, id), never by offset scans of
 * the whole table. Custom field values live in one jsonb column keyed by field id, so a new field
 * needs no table change and a deleted field's stale values are simply never read.
 */
export const contactsPhonebooks: Migration = {
  name: '20261125-0024-contacts-phonebooks',
  async up(knex: Knex): Promise<void> {
    await knex.schema.createTable('phonebooks', (t) => {
      t.increments('id').primary();
      t.integer('organizationId').notNullable().references('id').inTable('organizations');
      // The creator: a private phonebook is theirs (and their administrators').
      t.integer('userId').notNullable().references('id').inTable('users');
      t.string('title', 100).notNullable();
      t.boolean('isPublic').notNullable().defaultTo(false);
      t.boolean('isShowNumber').notNullable().defaultTo(true);
      // Exact: changed in the same transaction as the contacts, under the phonebook row's lock.
      t.integer('contactsCount').notNullable().defaultTo(0);
      // Spec fields owned by later features (whitemessage, customer-club devices); stored, not set here.
      t.integer('whiteMessageId');
      t.integer('deviceConnectionPort');
      t.boolean('isSendMessageAfterAddFromDevice').notNullable().defaultTo(false);
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('lastModified', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    await knex.raw('create index phonebooks_org_idx on phonebooks ("organizationId", id)');
    await knex.raw('create unique index phonebooks_owner_title_uq on phonebooks ("organizationId", "userId", lower(title))');

    await knex.schema.createTable('custom_fields', (t) => {
      t.increments('id').primary();
      t.integer('organizationId').notNullable().references('id').inTable('organizations');
      t.string('type', 10).notNullable();
      t.string('nameEn', 50).notNullable();
      t.string('nameFa', 50).notNullable();
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('lastModified', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    await knex.raw('create unique index custom_fields_name_uq on custom_fields ("organizationId", lower("nameEn"))');

    await knex.schema.createTable('contacts', (t) => {
      t.bigIncrements('id').primary();
      t.integer('phonebookId').notNullable().references('id').inTable('phonebooks').onDelete('CASCADE');
      // Normalised: 98XXXXXXXXXX, or an international number's digits.
      t.string('cellphone', 20).notNullable();
      t.string('firstName', 100);
      t.string('lastName', 100);
      t.string('email', 200);
      t.string('job', 100);
      t.date('birthdate');
      t.string('telephone', 20);
      t.string('address', 500);
      t.string('phonebookGroup', 100);
      t.string('createType', 20).notNullable().defaultTo('Manual');
      t.jsonb('fields').notNullable().defaultTo('{}');
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('lastModified', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    await knex.raw('create unique index contacts_phonebook_cellphone_uq on contacts ("phonebookId", cellphone)');
    await knex.raw('create index contacts_phonebook_id_idx on contacts ("phonebookId", id)');
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.dropTableIfExists('contacts');
    await knex.schema.dropTableIfExists('custom_fields');
    await knex.schema.dropTableIfExists('phonebooks');
  },
};
