import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * Regional sends (issue 26, server/modules/targeting/CONTEXT.md "Regional sends"): a send whose
 * receivers the customer must never see (`sends.isHiddenReceivers`, read by every path that
 * answers a receiver's number) and the regional filters it was made with (`sends.regionalFilters`,
 * for the outbox advanced search's zone, guild and postal code); and the gray list: numbers an
 * organization's regional send took, not picked again for it until `expiresAt`.
 */
export const targetingRegionalSends: Migration = {
  name: '20261202-0059-targeting-regional-sends',
  async up(knex: Knex): Promise<void> {
    await knex.schema.alterTable('sends', (t) => {
      t.boolean('isHiddenReceivers').notNullable().defaultTo(false);
      t.jsonb('regionalFilters');
    });
    await knex.schema.createTable('targeting_gray_list', (t) => {
      t.integer('organizationId').notNullable();
      t.bigInteger('mobile').notNullable();
      t.timestamp('expiresAt', { useTz: true }).notNullable();
      t.primary(['organizationId', 'mobile']);
    });
    await knex.raw('create index targeting_gray_list_expires on targeting_gray_list ("expiresAt")');
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.dropTableIfExists('targeting_gray_list');
    await knex.schema.alterTable('sends', (t) => {
      t.dropColumn('regionalFilters');
      t.dropColumn('isHiddenReceivers');
    });
  },
};
