import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * Resend (issue 15): a send made again for receivers of another send (`isResend`,
 * `resendOfSendId`, and for an automatic one the rule it came from), the original's
 * `countResendOther`, the spec's automatic resend rules per line, and one row per (send, rule)
 * that makes the automatic resend happen exactly once whatever the number of processes.
 */
export const messagingResend: Migration = {
  name: '20261125-0027-messaging-resend',
  async up(knex: Knex): Promise<void> {
    await knex.schema.createTable('resend_rules', (t) => {
      t.increments('id');
      t.integer('organizationId').notNullable().references('id').inTable('organizations');
      t.integer('createdByUserId').notNullable().references('id').inTable('users');
      t.integer('privateNumberId').notNullable().references('id').inTable('private_numbers');
      t.jsonb('deliveryStatus').notNullable();
      t.jsonb('targetPrivateNumbers').notNullable();
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('deletedAt', { useTz: true });
      t.index(['privateNumberId', 'organizationId']);
    });
    await knex.schema.alterTable('sends', (t) => {
      t.boolean('isResend').notNullable().defaultTo(false);
      t.integer('resendOfSendId').references('id').inTable('sends');
      t.integer('resendRuleId').references('id').inTable('resend_rules');
      t.integer('countResendOther').notNullable().defaultTo(0);
      t.index(['resendOfSendId']);
      // The automatic resend sweep: finished sends of one line.
      t.index(['privateNumberId', 'dateTimeEnd']);
    });
    // The automatic resend's once-only key: the resend send, or the refusal, of one rule for one send.
    await knex.schema.createTable('resend_runs', (t) => {
      t.integer('sendId').notNullable().references('id').inTable('sends');
      t.integer('ruleId').notNullable().references('id').inTable('resend_rules');
      t.integer('resendSendId').references('id').inTable('sends');
      t.string('failureCode', 60);
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.primary(['sendId', 'ruleId']);
    });
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.dropTableIfExists('resend_runs');
    await knex.schema.alterTable('sends', (t) => {
      t.dropIndex(['resendOfSendId']);
      t.dropIndex(['privateNumberId', 'dateTimeEnd']);
      t.dropColumn('countResendOther');
      t.dropColumn('resendRuleId');
      t.dropColumn('resendOfSendId');
      t.dropColumn('isResend');
    });
    await knex.schema.dropTableIfExists('resend_rules');
  },
};
