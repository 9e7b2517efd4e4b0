import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * The spec's `p2PIsSendDuplicateNumber` on a send made from a P2P file: true when repeated numbers
 * of the file were kept (each row its own receiver and text), false when they were removed; null
 * for every other send (which also tells a file send from a `Create` with sendType P2P). Receivers
 * need nothing new: their key is (sendId, seq) and nothing is unique per number, so a kept
 * duplicate is simply another seq.
 */
export const messagingP2p: Migration = {
  name: '20261126-0031-messaging-p2p',
  async up(knex: Knex): Promise<void> {
    await knex.raw('alter table sends add column "p2PIsSendDuplicateNumber" boolean');
  },
  async down(knex: Knex): Promise<void> {
    await knex.raw('alter table sends drop column if exists "p2PIsSendDuplicateNumber"');
  },
};
