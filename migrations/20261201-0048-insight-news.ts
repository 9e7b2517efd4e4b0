import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * News (issue 25; server/modules/insight/CONTEXT.md "News"): written by an administrator or a
 * reseller for its own organization or its whole subtree, shown inside a date window, and a
 * must-read news acknowledged once per user.
 */
export const insightNews: Migration = {
  name: '20261201-0048-insight-news',
  async up(knex: Knex): Promise<void> {
    await knex.schema.createTable('news', (t) => {
      t.increments('id');
      // The organization the news is written for (the author's active organization).
      t.integer('organizationId').notNullable().references('id').inTable('organizations').onDelete('CASCADE');
      t.integer('userId').notNullable().references('id').inTable('users');
      t.string('title', 200).notNullable();
      t.text('text').notNullable();
      t.boolean('displayForAllSubOrganizations').notNullable().defaultTo(false);
      // Stored only: white-label domains do not exist yet (the form says so).
      t.string('customerDomainName', 253);
      t.timestamp('startDate', { useTz: true }).notNullable();
      t.timestamp('endDate', { useTz: true }).notNullable();
      t.boolean('isRequiredToSeen').notNullable().defaultTo(false);
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('lastModified', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('deletedAt', { useTz: true });
    });
    await knex.raw('create index news_org_window on news ("organizationId", "endDate") where "deletedAt" is null');

    await knex.schema.createTable('news_acknowledgements', (t) => {
      t.integer('newsId').notNullable().references('id').inTable('news').onDelete('CASCADE');
      t.integer('userId').notNullable().references('id').inTable('users').onDelete('CASCADE');
      t.timestamp('acknowledgedAt', { useTz: true }).notNullable();
      t.primary(['newsId', 'userId']);
    });
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.dropTableIfExists('news_acknowledgements');
    await knex.schema.dropTableIfExists('news');
  },
};
