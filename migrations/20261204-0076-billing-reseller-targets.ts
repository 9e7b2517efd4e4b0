import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * Reseller pricing and targets (issue 27; server/modules/billing/CONTEXT.md "Resellers: margin,
 * settings, targets"): the spec's reseller fields, the targets its parent sets, and one row per
 * reward paid (its primary key is what makes a reward once-only under concurrent checks).
 * The margin itself is read from the hold lines: no table of its own.
 */
export const billingResellerTargets: Migration = {
  name: '20261204-0076-billing-reseller-targets',
  async up(knex: Knex): Promise<void> {
    await knex.schema.createTable('reseller_settings', (t) => {
      t.integer('organizationId').primary().references('id').inTable('organizations').onDelete('CASCADE');
      // Reference figures agreed with the parent; no money moves by them (see CONTEXT).
      t.bigInteger('pricePerSms');
      t.decimal('panelPercent', 5, 2);
      t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.integer('updatedBy');
    });

    await knex.schema.createTable('reseller_targets', (t) => {
      t.increments('id');
      t.integer('resellerId').notNullable().references('id').inTable('organizations').onDelete('CASCADE');
      // The organization that set it (the reseller's parent or one above): only its tree edits it.
      t.integer('ownerOrganizationId').notNullable().references('id').inTable('organizations');
      t.string('title', 200);
      // Monthly | Quarterly | Yearly: Jalali calendar periods in Tehran time, repeating.
      t.string('times', 12).notNullable();
      t.bigInteger('targetValue').notNullable();
      t.bigInteger('credit').notNullable();
      t.boolean('isActive').notNullable().defaultTo(true);
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.integer('createdBy');
      t.timestamp('deletedAt', { useTz: true });
      t.index(['resellerId']);
    });

    await knex.schema.createTable('reseller_target_rewards', (t) => {
      t.integer('targetId').notNullable().references('id').inTable('reseller_targets').onDelete('CASCADE');
      // 1405-09 (Monthly), 1405-Q3 (Quarterly), 1405 (Yearly).
      t.string('periodKey', 10).notNullable();
      t.integer('resellerId').notNullable();
      t.bigInteger('parts').notNullable();
      t.bigInteger('credit').notNullable();
      t.bigInteger('ledgerEntryId');
      t.timestamp('rewardedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.primary(['targetId', 'periodKey']);
    });
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.dropTableIfExists('reseller_target_rewards');
    await knex.schema.dropTableIfExists('reseller_targets');
    await knex.schema.dropTableIfExists('reseller_settings');
  },
};
