import 'reflect-metadata';
import { expect } from 'chai';
import pino from 'pino';
import { testDatabases } from '../support/databases.js';
import { Scheduler, type ScheduledJob } from '../../server/platform/scheduler.js';
import { ScheduledRunsRepository } from '../../server/platform/scheduled-runs.repository.js';
import { systemClock } from '../../server/platform/clock.js';
import type { Database } from '../../server/platform/db.js';
import { startTestServer } from '../support/test-server.js';

const logger = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

for (const backend of testDatabases()) {
  describe(`scheduler on ${backend.name}`, function () {
    this.timeout(30_000);
    let db: Database;
    let dispose: () => Promise<void>;
    const made: Scheduler[] = [];
    const scheduler = (jobs: ScheduledJob[]) => {
      const s = new Scheduler(jobs, { logger, clock: systemClock, runs: new ScheduledRunsRepository(db.knex) });
      made.push(s);
      return s;
    };

    before(async () => ({ db, dispose } = await backend.open()));
    afterEach(async () => { for (const s of made.splice(0)) await s.stop(); });
    after(async () => { await dispose(); });

    it('a global occurrence runs in one of two processes sharing the database; a local one runs in each', async () => {
      let global = 0;
      let local = 0;
      const g: ScheduledJob = { name: 'test.global-once', schedule: '0 0 1 1 *', scope: 'global', run: async () => { global++; } };
      const l: ScheduledJob = { name: 'test.local-each', schedule: '0 0 1 1 *', scope: 'local', run: async () => { local++; } };
      const [a, b] = [scheduler([g, l]), scheduler([g, l])];
      const at = new Date('2026-11-24T10:00:05Z');
      const took = await Promise.all([a.fire(g, at), b.fire(g, at), a.fire(l, at), b.fire(l, at)]);
      expect(took.slice(0, 2).filter(Boolean), 'one taker').to.have.length(1);
      expect(global).to.equal(1);
      expect(local).to.equal(2);
      expect(await b.fire(g, at), 'the same occurrence again').to.equal(false);
      expect(await b.fire(g, new Date(at.getTime() + 5_000)), 'the next occurrence').to.equal(true);
      expect(global).to.equal(2);
    });

    it('on the cron: each second runs once across two schedulers, and stop() ends every timer', async () => {
      const seconds: number[] = [];
      const locals = { a: 0, b: 0 };
      const g: ScheduledJob = { name: 'test.every-second', schedule: '* * * * * *', scope: 'global', run: async (now) => { seconds.push(Math.round(now.getTime() / 1000)); } };
      const a = scheduler([g, { name: 'test.local', schedule: '* * * * * *', scope: 'local', run: async () => { locals.a++; } }]);
      const b = scheduler([g, { name: 'test.local', schedule: '* * * * * *', scope: 'local', run: async () => { locals.b++; } }]);
      a.start();
      b.start();
      await sleep(3_300);
      expect(seconds.length).to.be.within(2, 4);
      expect(new Set(seconds).size, `no second twice: ${seconds.join(',')}`).to.equal(seconds.length);
      expect(locals.a).to.be.at.least(2);
      expect(locals.b).to.be.at.least(2);
      await a.stop();
      await b.stop();
      const after = { runs: seconds.length, a: locals.a, b: locals.b };
      await sleep(1_500);
      expect({ runs: seconds.length, a: locals.a, b: locals.b }, 'nothing fires after stop').to.deep.equal(after);
    });

    it('stop() waits for a run in progress, and a failed run does not stop the job', async () => {
      let finished = false;
      let calls = 0;
      const slow: ScheduledJob = { name: 'test.slow', schedule: '0 0 1 1 *', scope: 'local', run: async () => { await sleep(300); finished = true; } };
      const failing: ScheduledJob = { name: 'test.failing', schedule: '0 0 1 1 *', scope: 'global', run: async () => { calls++; throw new Error('boom'); } };
      const s = scheduler([slow, failing]);
      expect(await s.fire(failing, new Date('2026-11-24T10:00:00Z'))).to.equal(false);
      expect(await s.fire(failing, new Date('2026-11-24T10:01:00Z'))).to.equal(false);
      expect(calls).to.equal(2);
      void s.fire(slow, new Date());
      await s.stop();
      expect(finished).to.equal(true);
      expect(await s.fire(slow, new Date()), 'stopped: nothing runs').to.equal(false);
    });

    it('the watchdog logs a run longer than its period, aborts it past its deadline, and stop() leaves a deaf run behind', async () => {
      const log = pino({ level: 'silent' });
      const warned: unknown[] = [];
      const errors: unknown[] = [];
      log.warn = ((o: unknown) => { warned.push(o); }) as typeof log.warn;
      log.error = ((o: unknown) => { errors.push(o); }) as typeof log.error;
      let abortedWith: unknown = null;
      const hang: ScheduledJob = {
        name: 'test.hang', schedule: '* * * * * *', scope: 'global',
        run: (_now, signal) => new Promise(() => { signal.addEventListener('abort', () => { abortedWith = signal.reason; }); }),
      };
      const s = new Scheduler([hang], { logger: log, clock: systemClock, runs: new ScheduledRunsRepository(db.knex), minDeadlineMs: 1_500, stopWaitMs: 300 });
      made.push(s);
      const at = new Date('2026-11-24T11:00:00Z');
      void s.fire(hang, at);
      await sleep(100);
      expect(s.oldestRunning()?.name).to.equal('test.hang');
      s.watch(Date.now() + 1_100);
      expect(warned, 'longer than its one-second period').to.have.length(1);
      expect(warned[0]).to.include({ job: 'test.hang' });
      expect(abortedWith, 'not yet at the deadline').to.equal(null);
      s.watch(Date.now() + 1_600);
      expect(String(abortedWith)).to.match(/deadline/);
      expect(errors.some((e) => (e as { job?: string }).job === 'test.hang'), 'logged by name').to.equal(true);
      const lease = await db.knex('scheduled_runs').where({ job: 'test.hang' }).first();
      expect(lease.deadlineAt, 'the lease carries its deadline').to.be.instanceOf(Date);
      expect(new Date(lease.deadlineAt).getTime() - at.getTime()).to.equal(1_500);
      const t0 = Date.now();
      await s.stop();
      expect(Date.now() - t0, 'stop() does not wait for a run that ignores its signal').to.be.below(2_000);
    });

    it('a run that ends records its outcome on the lease; an aborted loop stops at its signal', async () => {
      let turns = 0;
      const loop: ScheduledJob = {
        name: 'test.loop', schedule: '0 * * * * *', scope: 'global',
        run: async (_now, signal) => { while (!signal.aborted) { turns++; await sleep(20); } },
      };
      const ok: ScheduledJob = { name: 'test.ok', schedule: '0 * * * * *', scope: 'global', run: async () => undefined };
      const s = scheduler([loop, ok]);
      expect(await s.fire(ok, new Date('2026-11-24T12:00:00Z'))).to.equal(true);
      const done = await db.knex('scheduled_runs').where({ job: 'test.ok' }).first();
      expect(done.outcome).to.equal('done');
      expect(done.finishedAt).to.be.instanceOf(Date);
      const running = s.fire(loop, new Date('2026-11-24T12:00:00Z'));
      await sleep(100);
      await s.stop();
      await running;
      expect(turns).to.be.above(0);
      const aborted = await db.knex('scheduled_runs').where({ job: 'test.loop' }).first();
      expect(aborted.outcome).to.equal('aborted');
    });

    it('refuses a job name declared twice and prunes old leases', async () => {
      const j: ScheduledJob = { name: 'test.twice', schedule: '0 0 1 1 *', scope: 'local', run: async () => undefined };
      expect(() => new Scheduler([j, j], { logger, clock: systemClock, runs: new ScheduledRunsRepository(db.knex) })).to.throw(/declared twice/);
      const runs = new ScheduledRunsRepository(db.knex);
      expect(await runs.take('test.prune', new Date('2020-01-01T00:00:00Z'), 'x', new Date('2020-01-01T00:01:00Z'))).to.equal(true);
      expect(await runs.prune(new Date('2021-01-01T00:00:00Z'))).to.be.at.least(1);
      expect(await runs.take('test.prune', new Date('2020-01-01T00:00:00Z'), 'x', new Date('2020-01-01T00:01:00Z')), 'pruned: free again').to.equal(true);
    });
  });
}

describe('scheduled jobs by role', function () {
  this.timeout(60_000);

  it('a web-only process runs no job; role all runs the modules\' sweeps', async () => {
    const web = await startTestServer({ role: 'web' });
    try {
      expect(web.peyk.scheduler).to.equal(null);
    } finally {
      await web.stop();
    }
    const all = await startTestServer({ role: 'all' });
    try {
      expect(all.peyk.scheduler?.jobNames()).to.include.members([
        'messaging.retry-failed-extract', 'messaging.apply-parked-reports', 'messaging.resume-stale', 'messaging.abandon-stale-edits',
        'messaging.resume-stuck-archives', 'messaging.close-overdue-reports', 'billing.expire-abandoned-payments', 'billing.expire-packages',
        'platform.prune-scheduled-runs',
      ]);
    } finally {
      await all.stop();
    }
  });
});
