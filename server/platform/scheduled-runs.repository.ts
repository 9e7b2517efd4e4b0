import type { Knex } from 'knex';
import { affectedRows } from './db.js';

/**
 * Leases of global job occurrences. The occurrence is the cron's planned instant (not the moment a
 * process woke up), so every process of the installation names the same occurrence the same way.
 */
export class ScheduledRunsRepository {
  constructor(private readonly knex: Knex) {}

  /** True when this call took the occurrence; a second taker (any process) gets false. */
  async take(job: string, occurrence: Date, owner: string, deadlineAt: Date): Promise<boolean> {
    const res = await this.knex.raw(
      'insert into scheduled_runs (job, "occurrence", owner, "deadlineAt") values (?, ?, ?, ?) on conflict (job, "occurrence") do nothing returning job',
      [job, occurrence, owner, deadlineAt],
    );
    return res.rows.length === 1;
  }

  /** Records how a taken occurrence ended: `done`, `failed` or `aborted` (past its deadline or at stop). */
  async finish(job: string, occurrence: Date, outcome: 'done' | 'failed' | 'aborted'): Promise<void> {
    await this.knex('scheduled_runs').where({ job, occurrence }).update({ finishedAt: this.knex.raw('clock_timestamp()'), outcome });
  }

  /** Drops leases of occurrences older than `before`; answers how many. */
  async prune(before: Date): Promise<number> {
    return affectedRows(await this.knex('scheduled_runs').where('occurrence', '<', before).del());
  }
}
