import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * Periodic smart requests repeat (issue 26; server/modules/targeting/CONTEXT.md, "Periodic smart
 * requests"): each occurrence is its own `targeting_smart_requests` row under the periodic parent
 * (`parentId`, `occurrenceIndex` = the period step), submitted, held and settled like any request.
 * The unique pair is the second guard (after the parent's row lock) that two scheduler runs never
 * create the same occurrence. The parent keeps when the next one is due and why it stopped.
 */
export const targetingSmartOccurrences: Migration = {
  name: '20261202-0069-targeting-smart-occurrences',
  async up(knex: Knex): Promise<void> {
    await knex.schema.alterTable('targeting_smart_requests', (t) => {
      t.integer('parentId').references('id').inTable('targeting_smart_requests');
      t.integer('occurrenceIndex');
      t.timestamp('nextOccurrenceAt', { useTz: true });
      t.string('periodicStopReason', 40);
    });
    await knex.raw('create unique index targeting_smart_requests_occurrence on targeting_smart_requests ("parentId", "occurrenceIndex") where "parentId" is not null');
    await knex.raw(`create index targeting_smart_requests_periodic_due on targeting_smart_requests ("nextOccurrenceAt") where "parentId" is null and "requestKind" = 'Periodic' and stage = 'Queued'`);
  },
  async down(knex: Knex): Promise<void> {
    await knex.raw('drop index if exists targeting_smart_requests_periodic_due');
    await knex.raw('drop index if exists targeting_smart_requests_occurrence');
    await knex.schema.alterTable('targeting_smart_requests', (t) => {
      t.dropColumn('periodicStopReason');
      t.dropColumn('nextOccurrenceAt');
      t.dropColumn('occurrenceIndex');
      t.dropColumn('parentId');
    });
  },
};
