import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * Opt-outs by text message (issue 24, first slice; server/modules/inbox/CONTEXT.md "Opt-out"):
 * one row per (organization, mobile) that texted an opt-out word to a line of that organization.
 * Compose reads it like the blacklist. The line and the inbox message are kept for the list page
 * (set null if they go: the opt-out itself must stay).
 */
export const inboxOptOuts: Migration = {
  name: '20261129-0037-inbox-opt-outs',
  async up(knex: Knex): Promise<void> {
    await knex.schema.createTable('opt_outs', (t) => {
      t.increments('id');
      t.integer('organizationId').notNullable().references('id').inTable('organizations');
      t.string('mobile', 40).notNullable();
      t.integer('privateNumberId').references('id').inTable('private_numbers').onDelete('SET NULL');
      t.bigInteger('inboxMessageId').references('id').inTable('inbox_messages').onDelete('SET NULL');
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.unique(['organizationId', 'mobile']);
    });
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.dropTable('opt_outs');
  },
};
