import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * Saved patterns (`CreateFastPatternScheduledMessageByPhonebook`): a title and a dynamic template
 * (the dynamic send's `{field}` placeholders), confirmed by an administrator before a send may use
 * it. Deleted patterns are kept (`deletedAt`) so audit rows and the sends made from them still name one.
 */
export const messagingPatterns: Migration = {
  name: '20261126-0032-messaging-patterns',
  async up(knex: Knex): Promise<void> {
    await knex.schema.createTable('message_patterns', (t) => {
      t.increments('id').primary();
      t.integer('organizationId').notNullable().references('id').inTable('organizations');
      t.integer('userId').notNullable().references('id').inTable('users');
      t.string('title', 100).notNullable();
      t.text('smsText').notNullable();
      t.string('status', 20).notNullable().defaultTo('WatingForConfirm');
      t.integer('decidedByUserId');
      t.timestamp('decidedAt', { useTz: true });
      t.boolean('confirmedAbove').notNullable().defaultTo(false);
      t.string('rejectReason', 500);
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('lastModified', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('deletedAt', { useTz: true });
    });
    await knex.raw('create index message_patterns_org_idx on message_patterns ("organizationId", id desc) where "deletedAt" is null');
    await knex.raw('alter table sends add column "patternId" integer');
  },
  async down(knex: Knex): Promise<void> {
    await knex.raw('alter table sends drop column if exists "patternId"');
    await knex.schema.dropTableIfExists('message_patterns');
  },
};
