import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * API tokens of the REST API v1. Only the SHA-256 (hex) of the secret is kept: a database read
 * cannot be replayed as a token. `prefix` is the first characters of the secret, shown in lists so
 * a customer can tell tokens apart without the secret ever being shown again.
 */
export const developerApiTokens: Migration = {
  name: '20261125-0018-developer-api-tokens',
  async up(knex: Knex): Promise<void> {
    await knex.schema.createTable('api_tokens', (t) => {
      t.increments('id').primary();
      t.integer('userId').notNullable().references('id').inTable('users');
      t.integer('organizationId').notNullable().references('id').inTable('organizations');
      t.string('title', 100).notNullable();
      t.string('prefix', 16).notNullable();
      t.string('tokenHash', 64).notNullable();
      t.string('ip', 45);
      t.string('status', 10).notNullable().defaultTo('Active');
      t.boolean('isCanSend').notNullable().defaultTo(true);
      t.boolean('isCanSendSmart').notNullable().defaultTo(false);
      t.boolean('isIgnoreCheckIp').notNullable().defaultTo(true);
      t.boolean('canUseSmartClass').notNullable().defaultTo(false);
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('rotatedAt', { useTz: true });
      t.timestamp('revokedAt', { useTz: true });
    });
    await knex.raw('create unique index api_tokens_hash_idx on api_tokens ("tokenHash")');
    await knex.raw('create index api_tokens_user_idx on api_tokens ("userId")');
    await knex.raw('create index api_tokens_org_idx on api_tokens ("organizationId")');
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.dropTableIfExists('api_tokens');
  },
};
