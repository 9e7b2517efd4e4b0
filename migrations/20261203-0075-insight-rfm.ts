import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * RFM (issue 27; server/modules/insight/CONTEXT.md "RFM"): a reseller's point strategy (ranges of
 * recency, frequency and monetary values and the points each earns) and the nightly results per
 * customer, computed from the rollup and the ledger's daily rows.
 */
export const insightRfm: Migration = {
  name: '20261203-0075-insight-rfm',
  async up(knex: Knex): Promise<void> {
    await knex.schema.createTable('rfm_point_strategies', (t) => {
      t.increments('id');
      // The reseller (or the system organization) whose customers these points rank.
      t.integer('organizationId').notNullable().references('id').inTable('organizations').onDelete('CASCADE');
      // recency | frequency | monetary: which figure the range reads.
      t.string('index', 20).notNullable();
      // The range's place among its index's ranges (1, 2, ...), as the screen lists them.
      t.integer('range').notNullable();
      // Inclusive bounds; numeric so a monetary range of rials never overflows. End null: no upper bound.
      t.decimal('valueStartRange', 38, 0).notNullable();
      t.decimal('valueEndRange', 38, 0);
      t.integer('point').notNullable();
      t.unique(['organizationId', 'index', 'range']);
    });

    await knex.schema.createTable('rfm_results', (t) => {
      t.integer('resellerId').notNullable().references('id').inTable('organizations').onDelete('CASCADE');
      t.integer('organizationId').notNullable().references('id').inTable('organizations').onDelete('CASCADE');
      // The Tehran day of the run; the window is the 90 days before it.
      t.date('day').notNullable();
      t.timestamp('computedAt', { useTz: true }).notNullable();
      t.integer('totalPoint').notNullable();
      t.integer('recencyPoint').notNullable();
      t.integer('frequencyPoint').notNullable();
      t.integer('monetaryPoint').notNullable();
      t.decimal('totalUsedCredit', 38, 0).notNullable();
      t.decimal('realUsedCredit', 38, 0).notNullable();
      t.bigInteger('totalSentCount').notNullable();
      t.bigInteger('realSentCount').notNullable();
      t.bigInteger('totalSentParts').notNullable();
      t.bigInteger('realSentParts').notNullable();
      t.integer('sendSmsFrequency').notNullable();
      // Days since the last day with a send; null: no send in the window.
      t.integer('recentSendSms');
      t.decimal('usedCreditPerEachFrequency', 38, 0).notNullable();
      t.primary(['resellerId', 'organizationId']);
    });
    // One row per reseller: the day its results were last computed (the hourly job computes a
    // reseller once per Tehran day, so a missed night is made up by the next run).
    await knex.schema.createTable('rfm_runs', (t) => {
      t.integer('resellerId').primary().references('id').inTable('organizations').onDelete('CASCADE');
      t.date('day').notNullable();
      t.timestamp('computedAt', { useTz: true }).notNullable();
      t.integer('customers').notNullable();
    });
    await knex.raw('create index rfm_results_rank on rfm_results ("resellerId", "totalPoint" desc, "organizationId")');
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.dropTableIfExists('rfm_runs');
    await knex.schema.dropTableIfExists('rfm_results');
    await knex.schema.dropTableIfExists('rfm_point_strategies');
  },
};
