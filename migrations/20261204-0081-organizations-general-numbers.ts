import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * isShowGeneralNumbers starts to gate the public lines of the organizations above (issue 29;
 * organizations CONTEXT.md, decision of 2026-12-04). Until now every organization used them, so
 * every existing organization keeps them (the flag set) and a new one gets them by default; an
 * organization above switches them off.
 */
export const organizationsGeneralNumbers: Migration = {
  name: '20261204-0081-organizations-general-numbers',
  async up(knex: Knex): Promise<void> {
    await knex.schema.alterTable('organizations', (t) => { t.boolean('isShowGeneralNumbers').notNullable().defaultTo(true).alter(); });
    await knex('organizations').update({ isShowGeneralNumbers: true });
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.alterTable('organizations', (t) => { t.boolean('isShowGeneralNumbers').notNullable().defaultTo(false).alter(); });
  },
};
