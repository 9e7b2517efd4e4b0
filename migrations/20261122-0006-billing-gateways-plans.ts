import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * Bank account information and online payment gateways (system or reseller owned), and the
 * online state of a payment (gateway, authority, verification).
 */
export const billingGatewaysPlans: Migration = {
  name: '20261122-0006-billing-gateways-plans',
  async up(knex: Knex): Promise<void> {
    await knex.schema.createTable('account_informations', (t) => {
      t.increments('id');
      t.integer('organizationId').notNullable().references('id').inTable('organizations');
      t.string('accountNo', 40);
      t.string('branch', 100);
      t.string('cardNo', 20);
      t.string('iban', 34);
      t.string('owner', 200);
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('deletedAt', { useTz: true });
      t.index(['organizationId']);
    });
    await knex.schema.createTable('payment_gateways', (t) => {
      t.increments('id');
      // The system or a reseller organization; payers are the organizations strictly below it.
      t.integer('organizationId').notNullable().references('id').inTable('organizations');
      t.integer('accountInformationId').references('id').inTable('account_informations');
      t.string('typeIPG', 30).notNullable(); // provider type, e.g. Sandbox
      t.string('title', 200).notNullable();
      t.jsonb('configJson').notNullable().defaultTo('{}'); // provider settings, secrets included (never answered)
      t.boolean('isGeneralUse').notNullable().defaultTo(true);
      t.boolean('isFactorUse').notNullable().defaultTo(false);
      t.boolean('isActive').notNullable().defaultTo(true);
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('deletedAt', { useTz: true });
      t.index(['organizationId']);
    });
    await knex.schema.createTable('plans', (t) => {
      t.increments('id');
      t.integer('ownerOrganizationId').notNullable().references('id').inTable('organizations');
      t.string('title', 200).notNullable();
      t.string('planType', 30).notNullable();
      t.bigInteger('planPrice').notNullable();
      t.bigInteger('extentionPrice'); // null: the plan cannot be extended
      t.text('planInformation');
      t.jsonb('modules').notNullable().defaultTo('[]'); // module ids of the fixed catalogue
      t.boolean('isActive').notNullable().defaultTo(true);
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('deletedAt', { useTz: true });
      t.index(['ownerOrganizationId']);
    });
    await knex.raw(`alter table plans add constraint plans_prices check ("planPrice" > 0 and ("extentionPrice" is null or "extentionPrice" > 0))`);
    await knex.schema.createTable('plan_purchases', (t) => {
      t.increments('id');
      t.integer('planId').notNullable().references('id').inTable('plans');
      t.integer('organizationId').notNullable().references('id').inTable('organizations');
      t.integer('userId');
      t.string('requestId', 100).notNullable();
      t.string('kind', 10).notNullable(); // buy | extend
      t.string('planTitle', 200).notNullable();
      t.bigInteger('amount').notNullable();
      t.bigInteger('ledgerEntryId');
      t.string('createdByUserName', 100);
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.unique(['organizationId', 'requestId']);
    });
    await knex.schema.createTable('organization_modules', (t) => {
      t.increments('id');
      t.string('moduleId', 40).notNullable();
      t.integer('organizationId').notNullable().references('id').inTable('organizations');
      t.integer('planId').references('id').inTable('plans');
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.unique(['organizationId', 'moduleId']);
    });
    await knex.schema.createTable('pre_invoices', (t) => {
      t.increments('id');
      t.integer('organizationId').notNullable().references('id').inTable('organizations');
      t.integer('userId');
      t.string('kind', 10).notNullable(); // package | plan | charge
      t.integer('referenceId'); // package or plan id
      t.jsonb('lines').notNullable();
      t.bigInteger('price').notNullable();
      t.bigInteger('levy').notNullable();
      t.string('taxPercent', 10).notNullable();
      t.bigInteger('tax').notNullable();
      t.bigInteger('total').notNullable();
      t.timestamp('createdAt', { useTz: true }).notNullable();
      t.timestamp('expiresAt', { useTz: true }).notNullable();
      t.index(['organizationId']);
    });
    await knex.schema.alterTable('payments', (t) => {
      t.integer('gatewayId').references('id').inTable('payment_gateways');
      t.string('authority', 64).unique();
      t.string('gatewayReferenceId', 100);
      t.timestamp('verifiedAt', { useTz: true });
    });
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.alterTable('payments', (t) => {
      t.dropColumn('verifiedAt');
      t.dropColumn('gatewayReferenceId');
      t.dropColumn('authority');
      t.dropColumn('gatewayId');
    });
    for (const table of ['pre_invoices', 'organization_modules', 'plan_purchases', 'plans', 'payment_gateways', 'account_informations']) await knex.schema.dropTableIfExists(table);
  },
};
