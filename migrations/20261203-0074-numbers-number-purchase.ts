import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * Sender-number purchase and transfer (issue 27; server/modules/numbers/CONTEXT.md "Number purchase
 * and transfer"): a seller organization's prices by digit count and roundness, the lines it offers
 * for sale, buy requests (reserve → pay → a parent's review → assigned), and the history of every
 * transfer of a line from one user to another.
 */
export const numbersNumberPurchase: Migration = {
  name: '20261203-0074-numbers-number-purchase',
  async up(knex: Knex): Promise<void> {
    await knex.schema.alterTable('private_numbers', (t) => {
      // Offered to the organizations below the owner (search free numbers).
      t.boolean('isForSale').notNullable().defaultTo(false);
      // A bought line: refused for sending until its organization is authenticated.
      t.boolean('awaitingAuthentication').notNullable().defaultTo(false);
    });
    await knex.schema.createTable('number_prices', (t) => {
      t.increments('id');
      // The seller: prices apply to the lines this organization offers.
      t.integer('organizationId').notNullable().references('id').inTable('organizations');
      t.boolean('isRound').notNullable().defaultTo(false);
      t.integer('numberOfDigits').notNullable();
      // Days a reservation holds the number; 0 = no reservation (buy at once).
      t.integer('reservationPeriod').notNullable().defaultTo(0);
      t.bigInteger('numberPrice').notNullable();
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.unique(['organizationId', 'numberOfDigits', 'isRound']);
    });
    await knex.schema.createTable('number_buy_requests', (t) => {
      t.increments('id');
      t.integer('organizationId').notNullable().references('id').inTable('organizations');
      t.integer('userId').notNullable().references('id').inTable('users');
      t.integer('sellerOrganizationId').notNullable().references('id').inTable('organizations');
      t.integer('privateNumberId').notNullable().references('id').inTable('private_numbers');
      t.string('number', 20).notNullable();
      // Reserved → Registered (paid, waiting for review) → Assigned | Rejected; Reserved → Cancelled | Expired.
      t.string('stage', 20).notNullable();
      // The approval workflow's state (WatingForConfirm / Confirmed / Rejected).
      t.string('status', 30).notNullable();
      t.integer('decidedByUserId');
      t.timestamp('decidedAt', { useTz: true });
      t.string('rejectionDescription', 500);
      t.bigInteger('payAmount').notNullable();
      t.boolean('isAllowedSendLink').notNullable().defaultTo(false);
      t.boolean('isService').notNullable().defaultTo(false);
      t.timestamp('termsAcceptedAt', { useTz: true });
      t.timestamp('reservationDate', { useTz: true });
      t.timestamp('reservationExpiresAt', { useTz: true });
      t.timestamp('registrationDate', { useTz: true });
      t.timestamp('assignmentDate', { useTz: true });
      t.timestamp('cancellationDate', { useTz: true });
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['organizationId']);
    });
    // One live request per line: the last guard against two buyers of one number.
    await knex.raw(`create unique index number_buy_requests_live_line on number_buy_requests ("privateNumberId") where stage in ('Reserved', 'Registered')`);
    await knex.schema.createTable('private_number_transfers', (t) => {
      t.increments('id');
      t.integer('privateNumberId').notNullable().references('id').inTable('private_numbers');
      t.string('privateNumber', 20).notNullable();
      t.string('numberType', 30).notNullable();
      t.integer('preOwner').notNullable().references('id').inTable('users');
      t.integer('preOwnerOrganizationId').notNullable().references('id').inTable('organizations');
      t.integer('newOwner').notNullable().references('id').inTable('users');
      t.integer('newOwnerOrganizationId').notNullable().references('id').inTable('organizations');
      t.bigInteger('price').notNullable().defaultTo(0);
      t.timestamp('transferDateTime', { useTz: true }).notNullable();
      t.integer('createdByUserId');
      t.string('createdByUserName', 100);
      t.index(['privateNumberId']);
    });
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.dropTable('private_number_transfers');
    await knex.schema.dropTable('number_buy_requests');
    await knex.schema.dropTable('number_prices');
    await knex.schema.alterTable('private_numbers', (t) => {
      t.dropColumn('awaitingAuthentication');
      t.dropColumn('isForSale');
    });
  },
};
