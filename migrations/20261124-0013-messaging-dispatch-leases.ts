import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * One owner at a time for each range of a send's receivers (a dispatch job's unit). The fence only
 * ever grows, so a worker that lost its lease (it stalled past the expiry and another took over)
 * can never pass the check its writes make, even if the row was re-acquired many times since.
 */
export const messagingDispatchLeases: Migration = {
  name: '20261124-0013-messaging-dispatch-leases',
  async up(knex: Knex): Promise<void> {
    await knex.raw(`create table dispatch_leases (
      "sendId" bigint not null,
      "fromSeq" integer not null,
      "toSeq" integer not null,
      fence bigint not null,
      owner text not null,
      "expiresAt" timestamptz not null,
      primary key ("sendId", "fromSeq")
    )`);
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.dropTableIfExists('dispatch_leases');
  },
};
