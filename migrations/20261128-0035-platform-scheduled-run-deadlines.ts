import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * A global occurrence's lease carries a deadline (the job's period after the occurrence, at least a
 * minute): past it the holder's run is aborted and logged, so a run that cannot end is seen and
 * never stands in for later occurrences. `finishedAt` tells a run that ended from one that died.
 */
export const platformScheduledRunDeadlines: Migration = {
  name: '20261128-0035-platform-scheduled-run-deadlines',
  async up(knex: Knex): Promise<void> {
    await knex.raw('alter table scheduled_runs add column "deadlineAt" timestamptz, add column "finishedAt" timestamptz, add column outcome text');
  },
  async down(knex: Knex): Promise<void> {
    await knex.raw('alter table scheduled_runs drop column "deadlineAt", drop column "finishedAt", drop column outcome');
  },
};
