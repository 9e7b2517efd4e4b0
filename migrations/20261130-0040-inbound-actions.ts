import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * Inbound actions (issue 24; server/modules/inbound/CONTEXT.md "Actions"): what an inbound message
 * makes the server do outside the store transaction (a reply, a forward, a URL call). Written in the
 * transaction that stores the message, so a stored message's actions are never lost; `sourceKey`
 * (who asked, for which message) makes a repeat no second action; worked with a lease and retries.
 */
export const inboundActions: Migration = {
  name: '20261130-0040-inbound-actions',
  async up(knex: Knex): Promise<void> {
    await knex.schema.createTable('inbound_actions', (t) => {
      t.bigIncrements('id');
      t.integer('organizationId').references('id').inTable('organizations').onDelete('CASCADE');
      t.string('kind', 40).notNullable();
      t.string('sourceKey', 200).notNullable().unique();
      t.bigInteger('inboxMessageId').references('id').inTable('inbox_messages').onDelete('SET NULL');
      t.jsonb('payload').notNullable();
      // Waiting → Done | Failed; `attempts` counts claims, `nextAttemptAt` is also the claim's lease.
      t.string('status', 20).notNullable().defaultTo('Waiting');
      t.integer('attempts').notNullable().defaultTo(0);
      t.integer('maxAttempts').notNullable().defaultTo(5);
      t.timestamp('nextAttemptAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.text('lastError');
      t.jsonb('result');
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('finishedAt', { useTz: true });
    });
    await knex.raw(`create index inbound_actions_due on inbound_actions ("nextAttemptAt", id) where status = 'Waiting'`);
    await knex.raw('create index inbound_actions_message on inbound_actions ("inboxMessageId")');
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.dropTable('inbound_actions');
  },
};
