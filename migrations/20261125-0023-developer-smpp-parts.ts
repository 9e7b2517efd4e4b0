import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * Parts of a long SMPP message (UDH or SAR) kept until the message is whole: each part is stored
 * before the client is told ESME_ROK, so a part the client believes accepted survives a crash and
 * completes with the parts that come after it, in whichever process they arrive.
 */
export const developerSmppParts: Migration = {
  name: '20261125-0023-developer-smpp-parts',
  async up(knex: Knex): Promise<void> {
    await knex.schema.createTable('smpp_parts', (t) => {
      t.integer('accountId').notNullable();
      // source, destination, reference and total of the concatenation: one long message.
      t.string('key', 120).notNullable();
      t.smallint('seq').notNullable();
      t.smallint('total').notNullable();
      t.text('text').notNullable();
      t.string('messageId', 65).notNullable();
      t.string('sourceAddr', 21).notNullable();
      t.string('destAddr', 21).notNullable();
      t.smallint('registeredDelivery').notNullable().defaultTo(0);
      t.boolean('flash').notNullable().defaultTo(false);
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.primary(['accountId', 'key', 'seq']);
    });
    await knex.raw('create index smpp_parts_created_idx on smpp_parts ("createdAt")');
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.dropTableIfExists('smpp_parts');
  },
};
