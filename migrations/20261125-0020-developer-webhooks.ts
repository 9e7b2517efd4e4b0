import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * Webhooks (delivery reports of API sends, inbound messages) and the deliveries to make to them.
 * The secret is stored as given (not hashed): every delivery is signed with it (HMAC), so the
 * server must be able to read it back; it is returned only by Create and RotateSecret.
 * `api_sends` records which sends came through the REST API (written in the send's own
 * transaction), so the report path finds the sends a status webhook applies to by primary key.
 * `webhook_cursors` keeps how far a consumer read the inbox (see developer/CONTEXT.md).
 */
export const developerWebhooks: Migration = {
  name: '20261125-0020-developer-webhooks',
  async up(knex: Knex): Promise<void> {
    await knex.schema.createTable('webhooks', (t) => {
      t.increments('id').primary();
      t.integer('userId').notNullable().references('id').inTable('users');
      t.integer('organizationId').notNullable().references('id').inTable('organizations');
      t.string('url', 2000).notNullable();
      t.string('webhookType', 20).notNullable();
      t.smallint('tryCount').notNullable().defaultTo(5);
      t.string('encoding', 20).notNullable().defaultTo('utf-8');
      t.string('status', 10).notNullable().defaultTo('Active');
      t.string('secret', 100).notNullable();
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updatedAt', { useTz: true });
      t.timestamp('rotatedAt', { useTz: true });
    });
    await knex.raw('create index webhooks_user_idx on webhooks ("userId")');
    await knex.raw('create index webhooks_org_idx on webhooks ("organizationId")');

    await knex.schema.createTable('webhook_deliveries', (t) => {
      t.bigIncrements('id');
      t.integer('webhookId').notNullable().references('id').inTable('webhooks').onDelete('CASCADE');
      t.string('eventType', 20).notNullable();
      t.bigInteger('inboxId');
      t.jsonb('payload').notNullable();
      t.string('status', 10).notNullable().defaultTo('pending');
      t.smallint('attempts').notNullable().defaultTo(0);
      t.timestamp('nextAttemptAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.text('lastError');
      t.integer('lastStatusCode');
      t.integer('lastDurationMs');
      t.timestamp('lastAttemptAt', { useTz: true });
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('completedAt', { useTz: true });
    });
    // One delivery per inbound message per webhook, however often the cursor sweep reads it again.
    await knex.raw('create unique index webhook_deliveries_inbox_idx on webhook_deliveries ("webhookId", "inboxId") where "inboxId" is not null');
    // The worker's claim reads only due pending rows.
    await knex.raw(`create index webhook_deliveries_due_idx on webhook_deliveries ("nextAttemptAt") where status = 'pending'`);
    await knex.raw('create index webhook_deliveries_list_idx on webhook_deliveries ("webhookId", id desc)');

    await knex.schema.createTable('api_sends', (t) => {
      t.bigInteger('sendId').primary();
      t.integer('userId').notNullable();
      t.string('clientSendId', 100);
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });

    await knex.schema.createTable('webhook_cursors', (t) => {
      t.string('consumer', 50).primary();
      t.bigInteger('lastId').notNullable().defaultTo(0);
      t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.dropTableIfExists('webhook_cursors');
    await knex.schema.dropTableIfExists('api_sends');
    await knex.schema.dropTableIfExists('webhook_deliveries');
    await knex.schema.dropTableIfExists('webhooks');
  },
};
