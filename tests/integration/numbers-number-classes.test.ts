import { expect } from 'chai';
import { startTestServer, INITIAL_ADMIN_PASSWORD, type TestServer } from '../support/test-server.js';
import { ApiClient } from '../support/api-client.js';
import { ADMIN_PASSWORD, login } from '../support/fixtures.js';
import { ok } from '../support/envelope.js';
import type { Clock } from '../../server/platform/clock.js';
import { NumberClassesService } from '../../server/modules/numbers/number-classes.service.js';

const backends = [
  { name: 'the embedded database', overrides: { databaseUrl: null, redisUrl: null } },
  ...(process.env.DATABASE_URL ? [{ name: 'PostgreSQL', overrides: {} }] : []),
];

/** More lines than one page of the check (500), so the job pages and still ends. */
const BULK_LINES = 1_234;

for (const backend of backends) {
  describe(`numbers: the daily number-class job, on ${backend.name}`, function () {
    this.timeout(300_000);
    let server: TestServer;
    let api: ApiClient;
    let token: string;
    let at = new Date('2026-11-30T10:00:00Z');
    const clock: Clock = { now: () => at };

    /** Fires the job at its next occurrence after the clock, as the scheduler would. */
    const runJob = async () => {
      const scheduler = server.peyk.scheduler!;
      const job = scheduler.declaredJobs().find((j) => j.name === 'numbers.check-number-classes');
      expect(job, 'numbers declares the job').to.not.equal(undefined);
      expect(job!.scope).to.equal('global');
      const [occurrence] = scheduler.occurrences(job!, new Date(at.getTime() + 1000), new Date(at.getTime() + 2 * 86_400_000));
      at = occurrence;
      const t0 = Date.now();
      expect(await scheduler.fire(job!, occurrence), 'the job ran and ended').to.equal(true);
      return { occurrence, ms: Date.now() - t0 };
    };
    const classOf = async (lineId: number) => ok(await api.get(`PrivateNumbers/Get/${lineId}`, { token })).numberClass;

    before(async () => {
      server = await startTestServer(backend.overrides, clock);
      api = new ApiClient(server.url);
      const first = await login(api, 'admin', INITIAL_ADMIN_PASSWORD);
      ok(await api.post('Account/ChangePassword', { currentPassword: INITIAL_ADMIN_PASSWORD, newPassword: ADMIN_PASSWORD, confirmPassword: ADMIN_PASSWORD }, { token: first.accessToken }));
      token = (await login(api, 'admin', ADMIN_PASSWORD)).accessToken;
    });
    after(async () => { await server?.stop(); });

    it('checks every line daily and ends; a line changes class when the list changes; a deleted class leaves the lines at their next check', async () => {
      const agentId = ok(await api.post('SenderAgents/Create', { title: 'Classes', pluginName: 'simulator' }, { token })).id;
      const newLine = async (number: string) => ok(await api.post('PrivateNumbers/Create', {
        number, useForm: 'OneNumber', numberType: 'Private', typePrivateNumber: 'Bulk', smsSenderAgentId: agentId, isSendBulk: true,
      }, { token })).id as number;
      const ad = await newLine('30001234');
      const service = await newLine('50002100');
      const knex = server.peyk.database.knex;
      await knex.raw(
        `insert into private_numbers ("organizationId", number, "smsSenderAgentId")
         select "organizationId", '7' || lpad(g::text, 7, '0'), "smsSenderAgentId" from private_numbers, generate_series(1, ?::integer) g where id = ?`,
        [BULK_LINES, ad],
      );
      const advertising = ok(await api.post('NumberClasses/Create', { title: 'تبلیغاتی', operatorClasses: { MCI: 'A', Irancell: 'Promo' }, patterns: ['3000', '7'] }, { token }));

      const firstRun = await runJob();
      expect(await classOf(ad)).to.deep.equal({
        checkTime: firstRun.occurrence.toISOString(),
        classes: [
          { operator: 'MCI', numberClassId: advertising.id, title: 'تبلیغاتی', operatorClass: 'A' },
          { operator: 'Irancell', numberClassId: advertising.id, title: 'تبلیغاتی', operatorClass: 'Promo' },
        ],
      });
      expect(await classOf(service)).to.deep.equal({ checkTime: firstRun.occurrence.toISOString(), classes: [] });
      const [{ n: checked }] = (await knex.raw(`select count(*)::int as n from private_number_class_checks where "checkTime" = ?`, [firstRun.occurrence.toISOString()])).rows as { n: number }[];
      const [{ n: live }] = (await knex.raw(`select count(*)::int as n from private_numbers where "deletedAt" is null`)).rows as { n: number }[];
      expect(checked, 'every live line was checked, past one page').to.equal(live);
      expect(live).to.be.greaterThan(BULK_LINES);

      // The administrator moves 5000… to a service class and narrows the advertising list.
      const svc = ok(await api.post('NumberClasses/Create', { title: 'خدماتی', operatorClasses: { MCI: 'S', Rightel: 'Service' }, patterns: ['50002000-50002999'] }, { token }));
      ok(await api.post('NumberClasses/Update', { id: advertising.id, title: 'تبلیغاتی', operatorClasses: { MCI: 'A' }, patterns: ['7'] }, { token }));
      // Until the next check the lines show what the last one found, with its time.
      expect((await classOf(ad)).checkTime).to.equal(firstRun.occurrence.toISOString());

      const second = await runJob();
      expect(second.occurrence.getTime()).to.be.greaterThan(firstRun.occurrence.getTime());
      expect(await classOf(ad)).to.deep.equal({ checkTime: second.occurrence.toISOString(), classes: [] });
      expect((await classOf(service)).classes).to.deep.equal([
        { operator: 'MCI', numberClassId: svc.id, title: 'خدماتی', operatorClass: 'S' },
        { operator: 'Rightel', numberClassId: svc.id, title: 'خدماتی', operatorClass: 'Service' },
      ]);

      // A deleted class stays on the lines until their next check, then is gone.
      ok(await api.delete(`NumberClasses/Delete/${svc.id}`, { token }));
      expect((await classOf(service)).classes).to.have.length(2);
      await runJob();
      expect((await classOf(service)).classes).to.deep.equal([]);
    });

    it('a job aborted by its signal stops between pages', async () => {
      const classes = server.peyk.container.get(NumberClassesService);
      const controller = new AbortController();
      controller.abort(new Error('deadline'));
      let failed: unknown = null;
      try { await classes.checkAll(new Date(), controller.signal); } catch (err) { failed = err; }
      expect((failed as Error)?.message).to.equal('deadline');
    });
  });
}
