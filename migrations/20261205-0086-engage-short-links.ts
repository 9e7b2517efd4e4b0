import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * The spec's short link (shortUrl, mainUrl, urlType; issue 28, server/modules/engage/CONTEXT.md
 * "Short links").
 * - `short_links`: one row per code. `urlType` 'Public' (one link per send or made by hand: anyone
 *   may click) or 'Personal' (one per receiver of a send: who clicked is known). `sendId` and
 *   `receiver` (the receiver's mobile, 98… form) are null for a hand-made link. `code` is unique
 *   across the install: the redirect looks it up without knowing the organization.
 * - `short_link_clicks`: one row per answered redirect, drained from the web process's journal.
 *   `clickKey` is unique so a journal drained twice (a restart after a crash) counts each click
 *   once. `organizationId`, `sendId` and `receiver` are copied from the link so the outbox and the
 *   dashboard count without a join.
 */
export const engageShortLinks: Migration = {
  name: '20261205-0086-engage-short-links',
  async up(knex: Knex): Promise<void> {
    await knex.schema.createTable('short_links', (t) => {
      t.increments('id').primary();
      t.string('code', 16).notNullable().unique();
      t.text('mainUrl').notNullable();
      t.string('urlType', 10).notNullable();
      t.integer('organizationId').notNullable().references('id').inTable('organizations');
      t.integer('userId').references('id').inTable('users');
      t.integer('sendId');
      t.string('receiver', 20);
      t.string('title', 100);
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('deletedAt', { useTz: true });
    });
    await knex.raw('create index short_links_org_idx on short_links ("organizationId", id desc) where "deletedAt" is null');
    await knex.raw('create index short_links_send_idx on short_links ("sendId") where "sendId" is not null');
    await knex.schema.createTable('short_link_clicks', (t) => {
      t.bigIncrements('id').primary();
      t.string('clickKey', 40).notNullable().unique();
      t.integer('shortLinkId').notNullable();
      t.integer('organizationId').notNullable();
      t.integer('sendId');
      t.string('receiver', 20);
      t.timestamp('clickedAt', { useTz: true }).notNullable();
      t.string('device', 10).notNullable();
      t.string('userAgent', 300);
    });
    await knex.raw('create index short_link_clicks_link_idx on short_link_clicks ("shortLinkId", "clickedAt")');
    await knex.raw('create index short_link_clicks_send_idx on short_link_clicks ("sendId", "clickedAt") where "sendId" is not null');
    await knex.raw('create index short_link_clicks_org_idx on short_link_clicks ("organizationId", "clickedAt")');
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.dropTableIfExists('short_link_clicks');
    await knex.schema.dropTableIfExists('short_links');
  },
};
