import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/** Inbound (mobile-originated) messages handed over by gateway plugins: the inbox. */
export const inboxMessages: Migration = {
  name: '20261122-0010-inbox',
  async up(knex: Knex): Promise<void> {
    await knex.schema.createTable('inbox_messages', (t) => {
      t.bigIncrements('id');
      t.integer('senderAgentId').notNullable().references('id').inTable('sender_agents');
      // Null when no live line of the agent has the number the message was sent to.
      t.integer('privateNumberId').references('id').inTable('private_numbers');
      t.integer('organizationId').references('id').inTable('organizations');
      t.string('receiverNumber', 40).notNullable();
      t.string('senderMobile', 40).notNullable();
      t.text('smsText').notNullable();
      t.string('encoding', 4).notNullable();
      t.integer('smsParts').notNullable();
      // The gateway's id of the message, or one derived from its content when it gives none.
      t.string('providerId', 200).notNullable();
      t.boolean('isRead').notNullable().defaultTo(false);
      t.timestamp('dateTimeReceive', { useTz: true }).notNullable();
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.unique(['senderAgentId', 'providerId']);
      t.index(['organizationId', 'id']);
      t.index(['privateNumberId', 'id']);
    });
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.dropTableIfExists('inbox_messages');
  },
};
