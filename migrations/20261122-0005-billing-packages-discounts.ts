import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * Packages (credit bought with credit at a bonus), discount codes, package purchases, and the
 * low-credit crossing state of an account. Amounts are integer rials in `bigint` columns.
 */
export const billingPackagesDiscounts: Migration = {
  name: '20261122-0005-billing-packages-discounts',
  async up(knex: Knex): Promise<void> {
    await knex.schema.createTable('packages', (t) => {
      t.increments('id');
      // The system or a reseller organization; buyers are the organizations strictly below it.
      t.integer('ownerOrganizationId').notNullable().references('id').inTable('organizations');
      t.string('title', 200).notNullable();
      t.smallint('expirationType').notNullable(); // 0 hour, 1 day, 2 week, 3 month
      t.integer('expiration').notNullable(); // how many of expirationType
      t.bigInteger('depositPrice').notNullable(); // what the buyer pays
      t.bigInteger('chargeAmount').notNullable(); // the credit the buyer receives
      t.boolean('isActive').notNullable().defaultTo(true);
      t.string('description', 1000);
      t.integer('createdBy');
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('deletedAt', { useTz: true });
      t.index(['ownerOrganizationId']);
    });
    await knex.raw(`alter table packages add constraint packages_amounts check ("depositPrice" > 0 and "chargeAmount" > "depositPrice")`);
    await knex.raw(`alter table packages add constraint packages_expiration check ("expirationType" between 0 and 3 and expiration > 0)`);

    await knex.schema.createTable('discounts', (t) => {
      t.increments('id');
      t.integer('ownerOrganizationId').notNullable().references('id').inTable('organizations');
      t.string('code', 50).notNullable();
      t.string('title', 200);
      t.boolean('isPercentage').notNullable();
      t.decimal('discountPercentageValue', 5, 2); // percent, up to two decimals (isPercentage)
      t.bigInteger('discountValue'); // rials (fixed)
      t.bigInteger('maximumAmount'); // cap of one use's discount, rials (null: none)
      t.integer('maximumUse'); // null: unlimited
      t.integer('usedCount').notNullable().defaultTo(0);
      t.integer('specialOrganizationId').references('id').inTable('organizations'); // only this organization may use it
      t.timestamp('startsAt', { useTz: true });
      t.timestamp('endsAt', { useTz: true });
      t.boolean('isActive').notNullable().defaultTo(true);
      t.integer('createdBy');
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('deletedAt', { useTz: true });
      t.index(['ownerOrganizationId']);
    });
    await knex.raw('create unique index discounts_code_uq on discounts (lower(code)) where "deletedAt" is null');
    await knex.raw(`alter table discounts add constraint discounts_uses check ("usedCount" >= 0 and ("maximumUse" is null or "usedCount" <= "maximumUse"))`);
    await knex.raw(`alter table discounts add constraint discounts_value check (
      ("isPercentage" and "discountPercentageValue" > 0 and "discountPercentageValue" <= 100) or (not "isPercentage" and "discountValue" > 0))`);

    await knex.schema.createTable('package_purchases', (t) => {
      t.bigIncrements('id');
      t.integer('packageId').notNullable().references('id').inTable('packages');
      t.integer('organizationId').notNullable().references('id').inTable('organizations'); // buyer
      t.integer('userId');
      t.string('requestId', 100).notNullable(); // the client's idempotency key, unique per buyer
      t.string('packageTitle', 200).notNullable();
      t.bigInteger('depositPrice').notNullable();
      t.integer('discountId').references('id').inTable('discounts');
      t.string('discountCode', 50);
      t.bigInteger('discountAmount').notNullable().defaultTo(0);
      t.bigInteger('paidAmount').notNullable(); // depositPrice - discountAmount
      t.bigInteger('chargeAmount').notNullable();
      t.timestamp('expiresAt', { useTz: true }).notNullable();
      t.bigInteger('payEntryId');
      t.bigInteger('chargeEntryId');
      t.string('createdByUserName', 200);
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.unique(['organizationId', 'requestId']);
      t.index(['packageId']);
    });

    // Set when the account's available credit crossed below LowestCreditOfUser and its
    // administrators were told; cleared when the credit is back at or above it.
    await knex.schema.alterTable('credit_accounts', (t) => {
      t.timestamp('lowCreditNotifiedAt', { useTz: true });
    });
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.alterTable('credit_accounts', (t) => t.dropColumn('lowCreditNotifiedAt'));
    for (const table of ['package_purchases', 'discounts', 'packages']) await knex.schema.dropTableIfExists(table);
  },
};
