import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * Safe-lists (the spec's Whitemessage request; server/modules/inbound/CONTEXT.md "Safe-list"): a
 * line and a phonebook that people join and leave by texting a word, approved by an administrator
 * above. `safe_list_members` keeps when each number joined and was last answered, for the daily and
 * monthly add limits and `repeatTextDay`; the membership itself is the phonebook's contacts.
 */
export const inboundSafeLists: Migration = {
  name: '20261130-0044-inbound-safe-lists',
  async up(knex: Knex): Promise<void> {
    await knex.schema.createTable('safe_lists', (t) => {
      t.increments('id').primary();
      t.integer('organizationId').notNullable().references('id').inTable('organizations');
      t.integer('userId').notNullable().references('id').inTable('users');
      t.integer('privateNumberId').references('id').inTable('private_numbers').onDelete('SET NULL');
      t.integer('phonebookId').references('id').inTable('phonebooks').onDelete('SET NULL');
      t.string('enterSms', 50).notNullable();
      t.string('exitSms', 50).notNullable();
      t.string('returnText', 1000).notNullable();
      t.string('cancelText', 1000);
      t.boolean('isSendCancelText').notNullable().defaultTo(false);
      t.integer('dailyAddLimit');
      t.integer('monthlyAddLimit');
      t.integer('repeatTextDay').notNullable().defaultTo(1);
      t.string('status', 20).notNullable().defaultTo('WatingForConfirm');
      t.integer('decidedByUserId');
      t.timestamp('decidedAt', { useTz: true });
      t.string('rejectComment', 500);
      t.integer('overLimitCount').notNullable().defaultTo(0);
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('lastModified', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('deletedAt', { useTz: true });
    });
    await knex.raw('create index safe_lists_org_idx on safe_lists ("organizationId", id desc) where "deletedAt" is null');
    await knex.raw('create index safe_lists_line_idx on safe_lists ("privateNumberId") where "deletedAt" is null');
    await knex.schema.createTable('safe_list_members', (t) => {
      t.bigIncrements('id').primary();
      t.integer('safeListId').notNullable().references('id').inTable('safe_lists').onDelete('CASCADE');
      t.string('mobile', 40).notNullable();
      t.timestamp('joinedAt', { useTz: true });
      t.timestamp('leftAt', { useTz: true });
      t.timestamp('lastReturnTextAt', { useTz: true });
      t.unique(['safeListId', 'mobile']);
      t.index(['safeListId', 'joinedAt']);
    });
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.dropTableIfExists('safe_list_members');
    await knex.schema.dropTableIfExists('safe_lists');
  },
};
