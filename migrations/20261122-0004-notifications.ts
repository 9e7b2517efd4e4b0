import type { Knex } from 'knex';

export const notificationsTable = {
  name: '20261122-0004-notifications',
  async up(knex: Knex): Promise<void> {
    await knex.schema.createTable('notifications', (t) => {
      t.bigIncrements('id');
      t.integer('userId').notNullable().references('id').inTable('users');
      t.integer('organizationId').notNullable();
      t.string('kind', 60).notNullable();
      t.string('title', 200).notNullable();
      t.string('body', 2000).notNullable();
      t.string('importance', 20).notNullable().defaultTo('normal');
      t.boolean('isRead').notNullable().defaultTo(false);
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('readAt', { useTz: true });
      t.index(['userId', 'isRead', 'id']);
    });
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.dropTableIfExists('notifications');
  },
};
