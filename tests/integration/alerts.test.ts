import { expect } from 'chai';
import { ApiClient } from '../support/api-client.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { ok, standaloneLine, standaloneSender, waitForSend } from '../support/sending.js';
import type { Clock } from '../../server/platform/clock.js';
import { AlertRunner } from '../../server/modules/alerts/index.js';

const DAY_MS = 86_400_000;
const backends = [
  { name: 'the embedded database', overrides: { databaseUrl: null, redisUrl: null } },
  ...(process.env.DATABASE_URL ? [{ name: 'PostgreSQL', overrides: {} }] : []),
];

/**
 * The alert pass (issue 25): low credit, organization expiry and line expiry each fire ONCE per
 * crossing — a panel notification to the organization's administrators and one priced send from
 * the system line to the configured mobiles (in the system organization's outbox, the ledger
 * exact, the alerted organization's credit untouched) — not again on the next run, again after the
 * frequency period, and again after the condition was over (re-armed) and crossed anew.
 */
for (const backend of backends) {
  describe(`alerts fire once per crossing, on ${backend.name}`, function () {
    this.timeout(180_000);
    let server: TestServer;
    let api: ApiClient;
    let at = new Date('2026-12-02T08:00:00Z');
    const clock: Clock = { now: () => at };
    let admin: string;
    let a: { token: string; organizationId: number };
    let orgLine: number;
    const run = () => server.peyk.container.get(AlertRunner).run(clock.now());
    const settings = (threshold: string) => ({
      notification: { enableSmsNotification: true, enablePanelNotification: true, mobiles: ['0912 111 0001'] },
      alerts: [
        { alertType: 'LowCredit', isEnableSendNotification: true, daysOfSendFrequencyPeriod: 1, importanceLevel: 'High', creditThreshold: threshold },
        { alertType: 'OrganizationExpiration', isEnableSendNotification: true, daysOfSendFrequencyPeriod: 1, importanceLevel: 'Normal', fromDays: 10, toDays: 2 },
        { alertType: 'PrivateNumberExpiration', isEnableSendNotification: true, daysOfSendFrequencyPeriod: 3, importanceLevel: 'Low', fromDays: 10, toDays: 4 },
      ],
    });
    const records = async () => (await server.peyk.database.knex('credit_notifications').where({ organizationId: a.organizationId }).orderBy(['alertType', 'subjectId']))
      .map((r: any) => ({ alertType: r.alertType, subjectId: Number(r.subjectId), isSend: Boolean(r.isSend), sendCount: Number(r.sendCount), scheduledMessageId: r.scheduledMessageId === null ? null : Number(r.scheduledMessageId) }));

    before(async () => {
      server = await startTestServer(backend.overrides, clock);
      api = new ApiClient(server.url);
      const sender = await standaloneSender(api, 'Alerted');
      admin = sender.admin;
      a = { token: sender.token, organizationId: sender.organizationId };
      // The system organization's line the alert SMS go out from.
      await standaloneLine(api, admin, '30009900', { deliveryDelayMs: 10 });
      orgLine = (await standaloneLine(api, admin, '30009911', {}, { organizationId: a.organizationId })).lineId;
      const knex = server.peyk.database.knex;
      await knex('organizations').where({ id: a.organizationId }).update({ expireTime: new Date(at.getTime() + 5 * DAY_MS), isSendOrganizationExpirationAlertMessage: true });
      await knex('private_numbers').where({ id: orgLine }).update({ expireTime: new Date(at.getTime() + 6 * DAY_MS), isSendPrivateNumberExpirationMessage: true });
    });
    after(async () => { await server?.stop(); });

    it('fires each alert once: panel notifications and one priced send from the system line, the ledger exact', async () => {
      ok(await api.post('AlertSettings/Save', settings('2000000'), { token: a.token }));
      const first = await run();
      expect(first).to.deep.equal({
        [`${a.organizationId}:LowCredit:0`]: 'fired',
        [`${a.organizationId}:OrganizationExpiration:0`]: 'fired',
        [`${a.organizationId}:PrivateNumberExpiration:${orgLine}`]: 'fired',
      });
      expect(await run(), 'the next run tells nobody again').to.deep.equal({});
      const recs = await records();
      expect(recs.map((r) => [r.alertType, r.isSend, r.sendCount])).to.deep.equal([
        ['LowCredit', true, 1], ['OrganizationExpiration', true, 1], ['PrivateNumberExpiration', true, 1],
      ]);
      const latest = ok(await api.get('Notifications/GetLatest?limit=50', { token: a.token }));
      expect(latest.items.map((n: any) => n.kind).sort()).to.deep.equal(['AlertLowCredit', 'AlertOrganizationExpiration', 'AlertPrivateNumberExpiration']);
      expect(latest.items.find((n: any) => n.kind === 'AlertLowCredit').importance).to.equal('high');
      for (const r of recs) {
        expect(r.scheduledMessageId, `${r.alertType} has its send`).to.be.a('number');
        const send = await waitForSend(api, admin, r.scheduledMessageId as number);
        expect(send.recipientCount).to.equal(1);
        // The system organization's oldest public line: the seeded one (10001000) when the install seeded it.
        expect(['10001000', '30009900'], 'sent from a system line').to.include(send.senderNumber);
        expect(send.organizationId, 'in the system organization\'s outbox').to.not.equal(a.organizationId);
        expect(String(send.totalPrice)).to.match(/^\d+$/);
      }
      const verify = ok(await api.get('Ledger/Verify', { token: admin }));
      expect(verify.mismatches).to.deep.equal([]);
      const credit = ok(await api.get(`Organizations/GetOrganizationCreditForAdmin?organizationId=${a.organizationId}`, { token: admin }));
      expect(String(credit.balance ?? credit.credit), 'the alerted organization pays nothing').to.equal('1000000');
    });

    it('fires again after the frequency period, and after re-arming on the next crossing', async () => {
      at = new Date(at.getTime() + DAY_MS + 60_000);
      // Credit and the organization's expiry: frequency 1 day passed; the line's is 3 days.
      expect(await run()).to.deep.equal({ [`${a.organizationId}:LowCredit:0`]: 'fired', [`${a.organizationId}:OrganizationExpiration:0`]: 'fired' });
      expect(await run()).to.deep.equal({});
      // Credit back above the threshold: re-armed, told nothing.
      ok(await api.post('Credits/ChargeOrganization', { organizationId: a.organizationId, amount: 1_500_000 }, { token: admin }));
      expect(await run()).to.deep.equal({ [`${a.organizationId}:LowCredit:0`]: 'rearmed' });
      expect(await run()).to.deep.equal({});
      // A higher threshold: crossed again, told again at once (before the frequency period).
      ok(await api.post('AlertSettings/Save', settings('5000000'), { token: a.token }));
      expect(await run()).to.deep.equal({ [`${a.organizationId}:LowCredit:0`]: 'fired' });
      const low = (await records()).find((r) => r.alertType === 'LowCredit')!;
      expect(low.sendCount).to.equal(3);
      // The organization's expiry moved away (renewed): re-armed; its flag off: no alert at all.
      const knex = server.peyk.database.knex;
      await knex('organizations').where({ id: a.organizationId }).update({ expireTime: new Date(at.getTime() + 40 * DAY_MS) });
      expect(await run()).to.deep.equal({ [`${a.organizationId}:OrganizationExpiration:0`]: 'rearmed' });
      await knex('organizations').where({ id: a.organizationId }).update({ expireTime: new Date(at.getTime() + 5 * DAY_MS), isSendOrganizationExpirationAlertMessage: false });
      expect(await run(), 'isSendOrganizationExpirationAlertMessage off gates the expiry alert').to.deep.equal({});
      await waitForSend(api, admin, low.scheduledMessageId as number);
      expect(ok(await api.get('Ledger/Verify', { token: admin })).mismatches).to.deep.equal([]);
    });

    it('the scheduler declares the global job and it ends', async () => {
      const scheduler = server.peyk.scheduler!;
      const job = scheduler.declaredJobs().find((j) => j.name === 'alerts.send-alerts')!;
      expect(job.scope).to.equal('global');
      const [occurrence] = scheduler.occurrences(job, at, new Date(at.getTime() + DAY_MS));
      at = occurrence;
      expect(await scheduler.fire(job, occurrence)).to.equal(true);
    });
  });
}
