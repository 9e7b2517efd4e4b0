import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * Inbox groups and inbox rules (issue 24, server/modules/inbound/CONTEXT.md "Inbox groups and
 * rules"): the spec's inbox group (a name) per organization, a rule that files a new message into a
 * group by line, sender and/or keyword and may forward it (a URL, an email, a mobile). A message
 * keeps its group until the group goes (set null); a rule goes with its organization.
 */
export const inboundInboxGroups: Migration = {
  name: '20261130-0041-inbound-inbox-groups',
  async up(knex: Knex): Promise<void> {
    await knex.schema.createTable('inbox_groups', (t) => {
      t.increments('id');
      t.integer('organizationId').notNullable().references('id').inTable('organizations').onDelete('CASCADE');
      t.string('name', 100).notNullable();
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.unique(['organizationId', 'name']);
    });
    await knex.schema.createTable('inbox_rules', (t) => {
      t.increments('id');
      t.integer('organizationId').notNullable().references('id').inTable('organizations').onDelete('CASCADE');
      // Whose send a forward to a mobile is (priced to them, as the user who wrote the rule).
      t.integer('userId').notNullable().references('id').inTable('users').onDelete('CASCADE');
      t.string('title', 100).notNullable();
      t.integer('priority').notNullable().defaultTo(0);
      t.boolean('isActive').notNullable().defaultTo(true);
      t.integer('privateNumberId').references('id').inTable('private_numbers').onDelete('CASCADE');
      t.string('senderMobile', 40);
      t.string('keywordType', 12);
      t.string('keyword', 100);
      t.integer('inboxGroupId').references('id').inTable('inbox_groups').onDelete('SET NULL');
      t.string('forwardUrl', 500);
      t.string('forwardEmail', 254);
      t.string('forwardMobile', 20);
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['organizationId', 'priority', 'id']);
    });
    await knex.schema.alterTable('inbox_messages', (t) => {
      t.integer('inboxGroupId').references('id').inTable('inbox_groups').onDelete('SET NULL');
      t.index(['inboxGroupId', 'id']);
    });
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.alterTable('inbox_messages', (t) => {
      t.dropIndex(['inboxGroupId', 'id']);
      t.dropColumn('inboxGroupId');
    });
    await knex.schema.dropTable('inbox_rules');
    await knex.schema.dropTable('inbox_groups');
  },
};
