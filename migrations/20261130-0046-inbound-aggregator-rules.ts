import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * Aggregator rules (issue 24; server/modules/inbound/CONTEXT.md "Aggregator rules"): on a line shared
 * by several organizations, an inbound text matching `regex` (and, when set, from the operator
 * `smsAggregator`) belongs to `organizationId` instead of the line's owner. Managed by
 * `ownerOrganizationId` (the line's manager who made the rule) and those above it.
 */
export const inboundAggregatorRules: Migration = {
  name: '20261130-0046-inbound-aggregator-rules',
  async up(knex: Knex): Promise<void> {
    await knex.schema.createTable('aggregator_rules', (t) => {
      t.increments('id');
      t.integer('ownerOrganizationId').notNullable().references('id').inTable('organizations').onDelete('CASCADE');
      t.integer('privateNumberId').notNullable().references('id').inTable('private_numbers').onDelete('CASCADE');
      t.integer('organizationId').notNullable().references('id').inTable('organizations').onDelete('CASCADE');
      t.string('regex', 200).notNullable();
      t.string('smsAggregator', 20);
      t.boolean('isActive').notNullable().defaultTo(true);
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    await knex.raw('create index aggregator_rules_line on aggregator_rules ("privateNumberId", id) where "isActive"');
    await knex.raw('create index aggregator_rules_owner on aggregator_rules ("ownerOrganizationId", id)');
    // Which rule routed a message: shown in the inbox detail and kept when the rule goes.
    await knex.schema.alterTable('inbox_messages', (t) => {
      t.integer('aggregatorRuleId').references('id').inTable('aggregator_rules').onDelete('SET NULL');
    });
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.alterTable('inbox_messages', (t) => t.dropColumn('aggregatorRuleId'));
    await knex.schema.dropTable('aggregator_rules');
  },
};
