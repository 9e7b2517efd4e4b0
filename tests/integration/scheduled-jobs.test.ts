import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/test-server.js';
import type { Clock } from '../../server/platform/clock.js';
import { CALL_LOG_KEEP_DAYS } from '../../server/modules/developer/api-call-log.service.js';

const DAY_MS = 86_400_000;
/** A job that does not end within this (on a loaded two-core machine) is treated as hung. */
const BOUND_MS = 30_000;

const backends = [
  { name: 'the embedded database', overrides: { databaseUrl: null, redisUrl: null } },
  ...(process.env.DATABASE_URL ? [{ name: 'PostgreSQL', overrides: {} }] : []),
];

for (const backend of backends) {
  describe(`every declared scheduled job ends, on ${backend.name}`, function () {
    this.timeout(300_000);
    let server: TestServer;
    let at = new Date('2026-11-28T10:41:00Z');
    const clock: Clock = { now: () => at };

    before(async () => {
      server = await startTestServer(backend.overrides, clock);
      const knex = server.peyk.database.knex;
      // Enough expired call-log rows for the hourly sweep to take three turns of 5,000.
      const old = new Date(at.getTime() - (CALL_LOG_KEEP_DAYS + 1) * DAY_MS);
      await knex.raw(
        `insert into api_call_logs ("tokenIp", "requestMethod", "requestPath", status, "durationMs", "createdAt")
         select '127.0.0.1', 'POST', '/api/v1/messages/send', 200, 3, ?::timestamptz - (g * interval '1 second') from generate_series(1, 12345) g`,
        [old.toISOString()],
      );
      await knex.raw(`insert into api_call_logs ("tokenIp", "requestMethod", "requestPath", status, "durationMs", "createdAt") values ('127.0.0.1', 'GET', '/api/v1/credit', 200, 1, ?)`, [at.toISOString()]);
      // Leases older than a day, for the scheduler's own prune.
      await knex.raw(`insert into scheduled_runs (job, "occurrence", owner) select 'test.old', ?::timestamptz - (g * interval '1 minute'), 'x' from generate_series(1, 50) g`, [new Date(at.getTime() - 2 * DAY_MS).toISOString()]);
    });
    after(async () => { await server?.stop(); });

    it('fires each job once at its next occurrence; each finishes within the bound and does its work', async () => {
      const scheduler = server.peyk.scheduler!;
      const jobs = scheduler.declaredJobs();
      expect(jobs.map((j) => j.name)).to.include.members(['developer.sweep-call-logs', 'platform.prune-scheduled-runs', 'messaging.resume-stale', 'engage.run-occasions', 'engage.resume-club-files']);
      const took: Record<string, number> = {};
      for (const job of jobs) {
        const [occurrence] = scheduler.occurrences(job, at, new Date(at.getTime() + 2 * DAY_MS));
        at = occurrence;
        const t0 = Date.now();
        let timer: NodeJS.Timeout | undefined;
        const ran = await Promise.race([
          scheduler.fire(job, occurrence),
          new Promise<'hung'>((resolve) => { timer = setTimeout(() => resolve('hung'), BOUND_MS); }),
        ]);
        clearTimeout(timer);
        took[job.name] = Date.now() - t0;
        expect(ran, `${job.name} did not end within ${BOUND_MS} ms`).to.not.equal('hung');
        expect(ran, `${job.name} failed or was not taken at ${occurrence.toISOString()}`).to.equal(true);
      }
      const knex = server.peyk.database.knex;
      const [{ n: left }] = (await knex.raw(`select count(*)::int as n from api_call_logs`)).rows as { n: number }[];
      expect(left, 'the expired call-log rows are gone, the fresh one stays').to.equal(1);
      const [{ n: leases }] = (await knex.raw(`select count(*)::int as n from scheduled_runs where job = 'test.old'`)).rows as { n: number }[];
      expect(leases, 'old leases pruned').to.equal(0);
      const outcomes = (await knex('scheduled_runs').whereNot('job', 'test.old').select('job', 'outcome')) as { job: string; outcome: string }[];
      expect(outcomes.filter((o) => o.outcome !== 'done'), 'every global occurrence recorded as done').to.deep.equal([]);
    });
  });
}
