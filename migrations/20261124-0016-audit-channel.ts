import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/** How each audited change arrived (panel, api, smpp, system): rows written before this were all the panel's or the scheduler's. */
export const auditChannel: Migration = {
  name: '20261124-0016-audit-channel',
  async up(knex: Knex): Promise<void> {
    await knex.raw(`alter table audits add column channel varchar(10) not null default 'panel'`);
  },
  async down(knex: Knex): Promise<void> {
    await knex.raw('alter table audits drop column channel');
  },
};
