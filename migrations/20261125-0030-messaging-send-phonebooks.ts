import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * The phonebooks a send was made from (phonebook and dynamic sends), so the outbox advanced search
 * can filter by the spec's `phonebookIds`. Null for every other kind of send. No index: the search
 * reaches sends through the organization + send-time index first and tests this on each.
 */
export const messagingSendPhonebooks: Migration = {
  name: '20261125-0030-messaging-send-phonebooks',
  async up(knex: Knex): Promise<void> {
    await knex.raw('alter table sends add column "phonebookIds" integer[]');
  },
  async down(knex: Knex): Promise<void> {
    await knex.raw('alter table sends drop column if exists "phonebookIds"');
  },
};
