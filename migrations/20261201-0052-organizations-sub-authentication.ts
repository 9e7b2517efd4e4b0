import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * The send hold for unauthenticated organizations (issue 25; server/modules/documents/CONTEXT.md):
 * an organization asks every organization below it to be authenticated before it may send. Off
 * for every existing organization, so no installation's sending changes until someone turns it on.
 */
export const organizationsSubAuthentication: Migration = {
  name: '20261201-0052-organizations-sub-authentication',
  async up(knex: Knex): Promise<void> {
    await knex.schema.alterTable('organizations', (t) => {
      t.boolean('isRequireSubOrganizationAuthentication').notNullable().defaultTo(false);
    });
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.alterTable('organizations', (t) => {
      t.dropColumn('isRequireSubOrganizationAuthentication');
    });
  },
};
