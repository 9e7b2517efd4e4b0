import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/** Background jobs of the in-process queue adapter (server/platform/queue-db.ts). */
export const platformJobs: Migration = {
  name: '20261122-0002-platform-jobs',
  async up(knex: Knex): Promise<void> {
    await knex.schema.createTable('jobs', (t) => {
      t.uuid('id').primary();
      t.string('queue', 200).notNullable();
      // The caller's job id, or a copy of id when the caller gave none.
      t.string('jobId', 200).notNullable();
      t.jsonb('data');
      t.string('status', 20).notNullable(); // waiting | active | succeeded | failed
      t.integer('attempts').notNullable().defaultTo(0);
      t.integer('maxAttempts').notNullable().defaultTo(1);
      t.timestamp('runAt', { useTz: true }).notNullable();
      // Set on claim; a worker's writes are guarded by its token, so a job taken over after its
      // lock expired cannot be finished twice.
      t.timestamp('lockedUntil', { useTz: true });
      t.uuid('lockToken');
      t.text('lastError');
      t.jsonb('progress');
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('finishedAt', { useTz: true });
    });
    // One unfinished job per (queue, jobId): the dedupe of JobOptions.jobId.
    await knex.raw(`create unique index jobs_unfinished_job_id_uq on jobs (queue, "jobId") where status in ('waiting', 'active')`);
    await knex.raw(`create index jobs_claim_idx on jobs (queue, status, "runAt")`);
    await knex.raw(`create index jobs_finished_at_idx on jobs ("finishedAt") where "finishedAt" is not null`);
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.dropTable('jobs');
  },
};
