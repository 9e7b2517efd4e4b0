import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * White-label domains (issue 25; server/modules/organizations/CONTEXT.md, "Domains"): one row per
 * host name an organization (a reseller, or the system administrator for anyone) brands. The spec's
 * Domain fields; the logo and login images are keys of files kept under the data dir
 * (`platform/upload/kept-files.ts`). Host names are stored lower-case, so a plain unique index
 * keeps them unique.
 */
export const organizationsCustomerDomains: Migration = {
  name: '20261201-0051-organizations-customer-domains',
  async up(knex: Knex): Promise<void> {
    await knex.schema.createTable('customer_domains', (t) => {
      t.increments('id');
      t.integer('organizationId').notNullable().references('id').inTable('organizations').onDelete('CASCADE');
      t.string('resellerDomain', 253).notNullable().unique();
      t.string('resellerIdentityDomain', 253).unique();
      t.string('desktop', 20).notNullable().defaultTo('Default');
      t.string('loginTheme', 20).notNullable().defaultTo('Default');
      t.string('dashboardMode', 20).notNullable().defaultTo('Default');
      t.string('loginPageMode', 20).notNullable().defaultTo('Right');
      t.string('primaryColor', 7).notNullable();
      t.string('secondaryColor', 7).notNullable();
      t.string('resellerLink', 500);
      t.string('enamad', 500);
      t.string('agentLogoKey', 80);
      t.jsonb('loginImageKeys').notNullable().defaultTo('[]');
      t.integer('createdBy').references('id').inTable('users').onDelete('SET NULL');
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('lastModified', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    await knex.raw('create index customer_domains_organization on customer_domains ("organizationId")');
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.dropTableIfExists('customer_domains');
  },
};
