import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * Final invoices of confirmed payments and of package and plan purchases, and the expiry state
 * of package purchases. Buyer and seller are
 * copied at issue time: an invoice is a record of the sale and must not change when an
 * organization is renamed or its bank account is edited later.
 */
export const billingInvoices: Migration = {
  name: '20261122-0007-billing-invoices',
  async up(knex: Knex): Promise<void> {
    await knex.schema.createTable('invoices', (t) => {
      t.increments('id');
      t.string('kind', 10).notNullable(); // payment | package | plan
      t.integer('referenceId').notNullable(); // payment id, package purchase id or plan purchase id
      t.integer('organizationId').notNullable().references('id').inTable('organizations'); // buyer
      t.integer('userId');
      t.integer('sellerOrganizationId').references('id').inTable('organizations');
      t.jsonb('buyer').notNullable();
      t.jsonb('seller').notNullable();
      t.jsonb('lines').notNullable();
      t.bigInteger('amount').notNullable(); // what the buyer paid, VAT and levy included
      t.bigInteger('price').notNullable();
      t.bigInteger('levy').notNullable();
      t.string('taxPercent', 10).notNullable();
      t.bigInteger('tax').notNullable();
      t.bigInteger('total').notNullable();
      t.timestamp('issuedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      // One invoice per confirmed payment or purchase, however often the confirmation repeats.
      t.unique(['kind', 'referenceId']);
      t.index(['organizationId']);
    });
    // Package credit expiry: when the unused part of a purchase was taken back, and how much.
    await knex.schema.alterTable('package_purchases', (t) => {
      t.timestamp('expiredAt', { useTz: true });
      t.bigInteger('expiredAmount');
      t.bigInteger('expiryEntryId');
      t.index(['expiresAt']);
    });
    await knex.raw(`alter table invoices add constraint invoices_sum check ("price" + "levy" + "tax" = "total" and "total" = "amount" and "price" >= 0 and "levy" >= 0 and "tax" >= 0)`);
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.dropTableIfExists('invoices');
    await knex.schema.alterTable('package_purchases', (t) => {
      t.dropIndex(['expiresAt']);
      t.dropColumns('expiredAt', 'expiredAmount', 'expiryEntryId');
    });
  },
};
