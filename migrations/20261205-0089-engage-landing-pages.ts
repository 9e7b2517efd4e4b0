import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * Landing pages (issue 28, engage; server/modules/engage/CONTEXT.md "Landing pages").
 * - `landing_page_sites`: the public name an organization publishes its pages under
 *   (`landing-page/{organizationName}`); organization names are neither unique nor URL-safe, so the
 *   address is chosen once, lower-case, unique across the platform.
 * - `landing_pages`: title, slug (unique per organization among live pages), language fa|en,
 *   theme, `blocks` (jsonb, an ordered list checked by the route's schema), published flag.
 * - `landing_page_images`: images uploaded through the upload intake (kept files, folder
 *   `landing-page-images`), owned by an organization; served only while a published page of that
 *   organization names them in a block.
 * - `landing_page_visits`: one row per page per Tehran day (`YYYY-MM-DD` text: both database
 *   clients answer it the same), counted by an upsert.
 */
export const engageLandingPages: Migration = {
  name: '20261205-0089-engage-landing-pages',
  async up(knex: Knex): Promise<void> {
    await knex.schema.createTable('landing_page_sites', (t) => {
      t.integer('organizationId').primary().references('id').inTable('organizations');
      t.string('organizationName', 50).notNullable();
      t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    await knex.raw('create unique index landing_page_sites_name_idx on landing_page_sites (lower("organizationName"))');

    await knex.schema.createTable('landing_pages', (t) => {
      t.increments('id').primary();
      t.integer('organizationId').notNullable().references('id').inTable('organizations');
      t.integer('userId').notNullable().references('id').inTable('users');
      t.string('title', 200).notNullable();
      t.string('slug', 50).notNullable();
      t.string('language', 2).notNullable().defaultTo('fa');
      t.string('theme', 20).notNullable().defaultTo('default');
      t.jsonb('blocks').notNullable().defaultTo('[]');
      t.boolean('isPublished').notNullable().defaultTo(false);
      t.timestamp('publishedAt', { useTz: true });
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('deletedAt', { useTz: true });
    });
    await knex.raw('create unique index landing_pages_slug_idx on landing_pages ("organizationId", lower(slug)) where "deletedAt" is null');
    await knex.raw('create index landing_pages_published_idx on landing_pages ("organizationId", id) where "deletedAt" is null and "isPublished"');

    await knex.schema.createTable('landing_page_images', (t) => {
      t.uuid('key').primary();
      t.integer('organizationId').notNullable().references('id').inTable('organizations');
      t.integer('userId').notNullable().references('id').inTable('users');
      t.integer('width').notNullable();
      t.integer('height').notNullable();
      t.integer('sizeBytes').notNullable();
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });

    await knex.schema.createTable('landing_page_visits', (t) => {
      t.integer('landingPageId').notNullable().references('id').inTable('landing_pages');
      t.string('day', 10).notNullable();
      t.integer('visits').notNullable().defaultTo(0);
      t.primary(['landingPageId', 'day']);
    });
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.dropTableIfExists('landing_page_visits');
    await knex.schema.dropTableIfExists('landing_page_images');
    await knex.schema.dropTableIfExists('landing_pages');
    await knex.schema.dropTableIfExists('landing_page_sites');
  },
};
