import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * isShowGeneralNumbers and isShowGeneralAccount start to gate what the organizations above share:
 * their public lines and their general-use payment gateways (issue 29; organizations CONTEXT.md,
 * decision of 2026-12-04). Until now every organization used both, so every existing organization
 * keeps them (the flags set) and a new one gets them by default; an organization above switches
 * them off.
 */
const SHARED = ['isShowGeneralNumbers', 'isShowGeneralAccount'] as const;

export const organizationsSharedFromAbove: Migration = {
  name: '20261204-0081-organizations-shared-from-above',
  async up(knex: Knex): Promise<void> {
    await knex.schema.alterTable('organizations', (t) => { for (const f of SHARED) t.boolean(f).notNullable().defaultTo(true).alter(); });
    await knex('organizations').update({ isShowGeneralNumbers: true, isShowGeneralAccount: true });
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.alterTable('organizations', (t) => { for (const f of SHARED) t.boolean(f).notNullable().defaultTo(false).alter(); });
  },
};
