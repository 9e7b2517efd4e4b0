import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * Self sign-up per white-label domain (issue 25; identity CONTEXT.md, "Self sign-up"): off for every
 * existing domain, so no reseller's tree starts taking strangers until its manager turns it on.
 */
export const customerDomainsSignUp: Migration = {
  name: '20261201-0058-customer-domains-sign-up',
  async up(knex: Knex): Promise<void> {
    await knex.schema.alterTable('customer_domains', (t) => {
      t.boolean('isSignUpEnabled').notNullable().defaultTo(false);
    });
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.alterTable('customer_domains', (t) => {
      t.dropColumn('isSignUpEnabled');
    });
  },
};
