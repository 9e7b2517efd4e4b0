import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * One row per occurrence of a global scheduled job that some process took: the primary key is the
 * lease, so two processes firing the same occurrence cannot both insert it. Rows are pruned after a
 * day by the scheduler's own job; nothing reads them except people looking at what ran where.
 */
export const platformScheduledRuns: Migration = {
  // The file was numbered 0014 beside numbers-webhook-secret when it shipped; it became 0015 so that
  // every file number is unique. `name` is what knex_migrations recorded: changed, every existing
  // installation would run this again (and fail on the existing table). Never change it.
  name: '20261124-0014-platform-scheduled-runs',
  async up(knex: Knex): Promise<void> {
    await knex.raw(`create table scheduled_runs (
      job text not null,
      "occurrence" timestamptz not null,
      owner text not null,
      "takenAt" timestamptz not null default clock_timestamp(),
      primary key (job, "occurrence")
    )`);
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.dropTableIfExists('scheduled_runs');
  },
};
