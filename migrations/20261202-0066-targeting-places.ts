import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * Places drawn on the map (issue 26; server/modules/targeting/CONTEXT.md, "Places"): personal places
 * of a user in an organization and public places by category, which system administrators keep and
 * everyone reads. One table: both carry the same geometry and are picked the same way on the smart
 * request page. The geometry is the house GeoArea (server/shared/targeting/geo-areas.ts) as jsonb.
 */
export const targetingPlaces: Migration = {
  name: '20261202-0066-targeting-places',
  async up(knex: Knex): Promise<void> {
    await knex.schema.createTable('targeting_places', (t) => {
      t.increments('id');
      t.boolean('isPublic').notNullable().defaultTo(false);
      // Personal places only (null for public ones).
      t.integer('organizationId').references('id').inTable('organizations');
      t.integer('userId').references('id').inTable('users');
      t.string('name', 200).notNullable();
      // Public places only: PLACE_CATEGORIES.
      t.string('category', 40);
      // Polygon, Circle or Rectangle (the GeoArea's type, kept as a column for listing and filters).
      t.string('geometryType', 20).notNullable();
      t.jsonb('coordinates').notNullable();
      t.string('parentName', 200);
      t.string('cityName', 100);
      t.string('provinceName', 100);
      t.boolean('isActive').notNullable().defaultTo(true);
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('lastModified', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('deletedAt', { useTz: true });
      t.integer('deletedBy').references('id').inTable('users');
    });
    await knex.raw('create index targeting_places_owner on targeting_places ("organizationId", "userId") where "deletedAt" is null and not "isPublic"');
    await knex.raw('create index targeting_places_public on targeting_places (category) where "deletedAt" is null and "isPublic"');
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.dropTableIfExists('targeting_places');
  },
};
