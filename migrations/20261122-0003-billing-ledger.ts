import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * Money: credit accounts, the append-only ledger, holds of sends, main settings, tariffs and their
 * assignment, payments with cheque fields. Every amount is integer rials in a `bigint` column.
 */
export const billingLedger: Migration = {
  name: '20261122-0003-billing-ledger',
  async up(knex: Knex): Promise<void> {
    // One account per organization (userId null) and one allowance account per user that has one.
    // balance = sum of the account's ledger entries; held = sum of its open holds.
    await knex.schema.createTable('credit_accounts', (t) => {
      t.increments('id');
      t.integer('organizationId').notNullable().references('id').inTable('organizations');
      t.integer('userId').references('id').inTable('users');
      t.bigInteger('balance').notNullable().defaultTo(0);
      t.bigInteger('held').notNullable().defaultTo(0);
      // How far below zero a postpaid organization may go (used only while the organization is postpaid).
      t.bigInteger('creditLimit').notNullable().defaultTo(0);
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    await knex.raw('create unique index credit_accounts_org_uq on credit_accounts ("organizationId") where "userId" is null');
    await knex.raw('create unique index credit_accounts_user_uq on credit_accounts ("userId") where "userId" is not null');
    await knex.raw('alter table credit_accounts add constraint credit_accounts_held_nonneg check (held >= 0)');
    await knex.raw('alter table credit_accounts add constraint credit_accounts_limit_nonneg check ("creditLimit" >= 0)');

    await knex.schema.createTable('credit_ledger', (t) => {
      t.bigIncrements('id');
      t.integer('accountId').notNullable().references('id').inTable('credit_accounts');
      t.integer('organizationId').notNullable();
      t.integer('userId');
      // Signed: positive for Increase, negative for Decrease (isIncrement and typeTransaction say the same).
      t.bigInteger('amount').notNullable();
      t.string('typeCreditChange', 40).notNullable();
      t.string('typeTransaction', 10).notNullable();
      t.bigInteger('currentCredit').notNullable();
      t.string('referenceType', 30);
      t.string('referenceId', 100);
      t.string('idempotencyKey', 200).unique();
      t.string('description', 500);
      t.integer('createdByUserId');
      t.string('createdByUserName', 200);
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['accountId', 'id']);
      t.index(['organizationId', 'id']);
      t.index(['referenceType', 'referenceId']);
    });
    await knex.raw(`alter table credit_ledger add constraint credit_ledger_sign check (("typeTransaction" = 'Increase' and amount > 0) or ("typeTransaction" = 'Decrease' and amount < 0))`);
    // Append-only: the database itself refuses to change or remove an entry.
    await knex.raw(`create or replace function credit_ledger_append_only() returns trigger language plpgsql as $$
      begin raise exception 'credit_ledger is append-only'; end $$`);
    await knex.raw('create trigger credit_ledger_no_update before update or delete on credit_ledger for each row execute function credit_ledger_append_only()');

    // A send's hold: one header per reference, one line per account of the chain. An account's held
    // amount is the sum of (amount - refunded) over the lines of its open holds.
    await knex.schema.createTable('credit_holds', (t) => {
      t.bigIncrements('id');
      t.string('reference', 100).notNullable().unique();
      t.integer('organizationId').notNullable();
      t.integer('userId');
      t.string('status', 10).notNullable(); // held | settled | released
      t.jsonb('parts').notNullable(); // parts per operator as held
      // Refunds applied, by the caller's refund key: {key: parts per operator}.
      t.jsonb('refunds').notNullable().defaultTo('{}');
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('finishedAt', { useTz: true });
    });
    await knex.schema.createTable('credit_hold_lines', (t) => {
      t.bigInteger('holdId').notNullable().references('id').inTable('credit_holds');
      t.integer('accountId').notNullable().references('id').inTable('credit_accounts');
      t.integer('organizationId').notNullable();
      t.integer('userId');
      // Role in the chain: user | organization | ancestor.
      t.string('role', 12).notNullable();
      t.integer('tariffId');
      t.bigInteger('amount').notNullable();
      // Price per part per operator at this account's tariff, kept so refunds use the price that was held.
      t.jsonb('rates').notNullable();
      t.bigInteger('refunded').notNullable().defaultTo(0);
      t.primary(['holdId', 'accountId']);
      t.index(['accountId']);
    });

    await knex.schema.createTable('main_settings', (t) => {
      t.string('key', 60).primary();
      t.text('value');
      t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.integer('updatedBy');
    });

    await knex.schema.createTable('tariffs', (t) => {
      t.increments('id');
      t.integer('ownerOrganizationId').notNullable().references('id').inTable('organizations');
      t.string('title', 200).notNullable();
      t.string('category', 200);
      t.string('internationalBenefitType', 10); // percent | fixed | null
      t.bigInteger('internationalBenefitValue').notNullable().defaultTo(0);
      // [{lineType, fromCount, toCount, prices: {mci, irancell, rightel, other, international}, smartPercent: {...}}]
      t.jsonb('ranges').notNullable().defaultTo('[]');
      t.integer('createdBy');
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('deletedAt', { useTz: true });
      t.index(['ownerOrganizationId']);
    });
    await knex.schema.createTable('organization_tariffs', (t) => {
      t.integer('organizationId').primary().references('id').inTable('organizations');
      t.integer('tariffId').notNullable().references('id').inTable('tariffs');
      t.integer('assignedBy');
      t.timestamp('assignedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['tariffId']);
    });

    await knex.schema.createTable('payments', (t) => {
      t.increments('id');
      t.integer('organizationId').notNullable().references('id').inTable('organizations'); // payer
      t.integer('receiverOrganizationId').references('id').inTable('organizations');
      t.string('typePayment', 10).notNullable(); // Cash | Cheque | Card | Account | OnLine
      t.string('typeStatus', 15).notNullable(); // Confirmed | Rejected | Checking | Lending | WatingForPay
      t.bigInteger('amount').notNullable();
      t.timestamp('paymentDate', { useTz: true });
      t.string('paymentTime', 5);
      t.string('billNumber', 100);
      t.string('referenceId', 100);
      t.string('orderId', 100);
      t.string('description', 1000);
      // Cheque fields (typePayment Cheque).
      t.string('branchCode', 20);
      t.string('chequeAccountNumber', 40);
      t.date('dueDate');
      t.string('holderName', 200);
      t.boolean('isPassed').notNullable().defaultTo(false);
      t.string('nationalCode', 20);
      t.string('sayadNumber', 16);
      t.string('serialNumber', 40);
      t.string('seriesNumber', 40);
      t.string('typeBank', 40);
      t.string('chequeImageAddress', 500);
      t.integer('createdByUserId');
      t.string('createdByUserName', 200);
      t.integer('decidedByUserId');
      t.string('decidedByUserName', 200);
      t.timestamp('decidedAt', { useTz: true });
      t.string('rejectionDescription', 1000);
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['organizationId']);
      t.index(['typeStatus']);
    });
    await knex.raw('alter table payments add constraint payments_amount_positive check (amount > 0)');
  },
  async down(knex: Knex): Promise<void> {
    for (const table of ['payments', 'organization_tariffs', 'tariffs', 'main_settings', 'credit_hold_lines', 'credit_holds', 'credit_ledger', 'credit_accounts']) {
      await knex.schema.dropTableIfExists(table);
    }
    await knex.raw('drop function if exists credit_ledger_append_only()');
  },
};
