import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * What guards a token beyond its secret: safe caller addresses (single IPs and `a.b.c.d-e`
 * ranges), rate rules (per caller address or per client id the caller names), and the log of every
 * REST API v1 call. The log has no foreign keys: it is written in batches off the request path and
 * must outlive nothing it names (tokens are revoked, never deleted).
 */
export const developerApiRules: Migration = {
  name: '20261125-0019-developer-api-rules',
  async up(knex: Knex): Promise<void> {
    await knex.schema.createTable('api_token_safe_ips', (t) => {
      t.increments('id').primary();
      t.integer('apiTokenId').notNullable().references('id').inTable('api_tokens').onDelete('CASCADE');
      t.string('ip', 50).notNullable();
      t.string('status', 20).notNullable().defaultTo('WatingForConfirm');
      t.integer('createdByUserId').notNullable();
      t.integer('decidedByUserId');
      t.timestamp('decidedAt', { useTz: true });
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.unique(['apiTokenId', 'ip']);
    });
    await knex.schema.createTable('api_token_rules', (t) => {
      t.increments('id').primary();
      t.integer('apiTokenId').notNullable().references('id').inTable('api_tokens').onDelete('CASCADE');
      t.string('ruleType', 10).notNullable();
      t.string('ip', 45);
      t.string('clientId', 100);
      t.string('endpoint', 100).notNullable().defaultTo('*');
      t.integer('limit').notNullable();
      t.integer('period').notNullable();
      t.string('periodType', 10).notNullable();
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    await knex.raw('create index api_token_rules_token_idx on api_token_rules ("apiTokenId")');
    await knex.schema.createTable('api_call_logs', (t) => {
      t.bigIncrements('id');
      t.integer('tokenId');
      t.integer('userId');
      t.integer('organizationId');
      t.string('tokenIp', 45).notNullable();
      t.string('clientId', 100);
      t.string('requestMethod', 10).notNullable();
      t.string('requestPath', 300).notNullable();
      t.smallint('status').notNullable();
      t.bigInteger('scheduledMessageId');
      t.text('requestBody');
      t.text('resultData');
      t.integer('durationMs').notNullable();
      t.timestamp('createdAt', { useTz: true }).notNullable();
    });
    await knex.raw('create index api_call_logs_token_idx on api_call_logs ("tokenId", id desc)');
    await knex.raw('create index api_call_logs_created_idx on api_call_logs ("createdAt")');
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.dropTableIfExists('api_call_logs');
    await knex.schema.dropTableIfExists('api_token_rules');
    await knex.schema.dropTableIfExists('api_token_safe_ips');
  },
};
