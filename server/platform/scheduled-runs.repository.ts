import type { Knex } from 'knex';

/**
 * Leases of global job occurrences. The occurrence is the cron's planned instant (not the moment a
 * process woke up), so every process of the installation names the same occurrence the same way.
 */
export class ScheduledRunsRepository {
  constructor(private readonly knex: Knex) {}

  /** True when this call took the occurrence; a second taker (any process) gets false. */
  async take(job: string, occurrence: Date, owner: string): Promise<boolean> {
    const res = await this.knex.raw(
      'insert into scheduled_runs (job, "occurrence", owner) values (?, ?, ?) on conflict (job, "occurrence") do nothing returning job',
      [job, occurrence, owner],
    );
    return res.rows.length === 1;
  }

  /** Drops leases of occurrences older than `before`; answers how many. */
  async prune(before: Date): Promise<number> {
    // Counted from `returning`: the PGlite driver does not answer a row count for a plain delete.
    const gone = await this.knex('scheduled_runs').where('occurrence', '<', before).del().returning('job');
    return gone.length;
  }
}
