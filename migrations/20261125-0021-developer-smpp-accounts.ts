import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * The built-in SMPP server: accounts that bind to it, the link between an SMPP message id and the
 * send it became, and the outbox of deliver_sm (receipts and inbound messages) waiting for a
 * bound receiver. See server/modules/developer/smpp-server/CONTEXT.md.
 */
export const developerSmppAccounts: Migration = {
  name: '20261125-0021-developer-smpp-accounts',
  async up(knex: Knex): Promise<void> {
    await knex.schema.createTable('smpp_accounts', (t) => {
      t.increments('id').primary();
      // SMPP 3.4: system_id is a C-string of at most 16 octets (15 characters).
      t.string('systemId', 15).notNullable();
      t.string('passwordHash', 128).notNullable();
      t.integer('userId').notNullable().references('id').inTable('users');
      t.integer('organizationId').notNullable().references('id').inTable('organizations');
      t.integer('apiTokenId').references('id').inTable('api_tokens');
      t.string('title', 100).notNullable().defaultTo('');
      t.jsonb('allowedIps').notNullable().defaultTo('[]');
      t.integer('maxBinds').notNullable().defaultTo(4);
      t.integer('windowSize').notNullable().defaultTo(100);
      t.integer('throughput').notNullable().defaultTo(100);
      t.integer('defaultLineId').references('id').inTable('private_numbers');
      t.string('status', 10).notNullable().defaultTo('Active');
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('deletedAt', { useTz: true });
    });
    // Unique among live accounts: a deleted account's system_id may be given again.
    await knex.raw('create unique index smpp_accounts_system_id_idx on smpp_accounts ("systemId") where "deletedAt" is null');
    await knex.raw('create index smpp_accounts_org_idx on smpp_accounts ("organizationId")');

    // A send made over SMPP, until its final state is known (then the row becomes outbox rows).
    await knex.schema.createTable('smpp_messages', (t) => {
      t.bigInteger('sendId').primary();
      t.integer('accountId').notNullable();
      // The ids the client got in submit_sm_resp, in part order (one per submit_sm).
      t.specificType('messageIds', 'text[]').notNullable();
      t.string('sourceAddr', 21).notNullable();
      t.string('destAddr', 21).notNullable();
      t.smallint('registeredDelivery').notNullable();
      t.string('textStart', 20).notNullable().defaultTo('');
      t.timestamp('submittedAt', { useTz: true }).notNullable();
    });

    // deliver_sm waiting for a bound receiver of the account: receipts and inbound messages.
    await knex.schema.createTable('smpp_outbox', (t) => {
      t.bigIncrements('id');
      t.integer('accountId').notNullable();
      t.string('kind', 8).notNullable();
      t.bigInteger('inboxId');
      t.string('messageId', 65);
      t.string('sourceAddr', 21).notNullable();
      t.string('destAddr', 21).notNullable();
      t.text('body').notNullable();
      t.smallint('messageState');
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('lockedUntil', { useTz: true });
      t.integer('attempts').notNullable().defaultTo(0);
    });
    await knex.raw('create index smpp_outbox_account_idx on smpp_outbox ("accountId", id)');
    await knex.raw('create index smpp_outbox_created_idx on smpp_outbox ("createdAt")');
    // An inbound message goes to an account once, however many processes read it.
    await knex.raw('create unique index smpp_outbox_inbox_idx on smpp_outbox ("accountId", "inboxId") where "inboxId" is not null');

    // How far the inbound feed read inbox_messages (one row).
    await knex.schema.createTable('smpp_inbound_cursor', (t) => {
      t.integer('id').primary();
      t.bigInteger('afterId').notNullable();
    });
    await knex('smpp_inbound_cursor').insert({ id: 1, afterId: 0 });
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.dropTableIfExists('smpp_inbound_cursor');
    await knex.schema.dropTableIfExists('smpp_outbox');
    await knex.schema.dropTableIfExists('smpp_messages');
    await knex.schema.dropTableIfExists('smpp_accounts');
  },
};
