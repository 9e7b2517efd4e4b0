import { expect } from 'chai';
import { ApiClient } from '../support/api-client.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { bad, ok, standaloneLine, standaloneSender, waitForSend } from '../support/sending.js';
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
    let lineUser: string;
    const run = () => server.peyk.container.get(AlertRunner).run(clock.now());
    const signIn = async (userName: string, password: string): Promise<string> => ok(await api.post('Account/Login', { userName, password })).accessToken;
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
      // A line expiring as soon whose flag is off: never alerted (the exact outcomes below).
      const quietLine = (await standaloneLine(api, admin, '30009912', {}, { organizationId: a.organizationId })).lineId;
      await knex('private_numbers').where({ id: quietLine }).update({ expireTime: new Date(at.getTime() + 6 * DAY_MS), isSendPrivateNumberExpirationMessage: false });
      // A plain user the line is assigned to hears of its expiry too (and of nothing else).
      const user = ok(await api.post('Users/Create', { userName: `lineuser${a.organizationId}`, password: 'User#Pass1', changePasswordRequired: false, organizationId: a.organizationId, isAdmin: false, firstName: 'L' }, { token: admin }));
      ok(await api.post('PrivateNumbers/Assign', { privateNumberId: orgLine, userId: user.id, sendTypesList: ['Bulk'] }, { token: admin }));
      lineUser = await signIn(`lineuser${a.organizationId}`, 'User#Pass1');
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
      const users = ok(await api.get('Notifications/GetLatest?limit=50', { token: lineUser }));
      expect(users.items.map((n: any) => n.kind), 'the line\'s user is told of its expiry only').to.deep.equal(['AlertPrivateNumberExpiration']);
      expect(users.items[0].body).to.contain('30009911');
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

    it('a new payment and a paid online payment tell the receiving organization once each, when its flags ask (panel and a priced system-line SMS)', async () => {
      const knex = server.peyk.database.knex;
      // The payer: an organization below the alerted one (A receives and confirms its payments, owns the gateway).
      const payer = ok(await api.post('Organizations/Create', { name: 'Payer below' }, { token: a.token }));
      const payerUser = `payer${payer.id}`;
      ok(await api.post('Users/Create', { userName: payerUser, password: 'User#Pass1', changePasswordRequired: false, organizationId: payer.id, isAdmin: true, firstName: 'P' }, { token: a.token }));
      const payerToken = ok(await api.post('Account/Login', { userName: payerUser, password: 'User#Pass1' })).accessToken;
      const account = ok(await api.post('AccountInformations/Create', { accountNo: '1-2', branch: 'B', cardNo: '6037991234567890', iban: 'IR120170000000123456789012', owner: 'A Co' }, { token: a.token }));
      const gateway = ok(await api.post('PaymentGateways/Create', { typeIPG: 'Sandbox', title: 'Sandbox', configJson: { secret: 'sandbox-secret-0123456789' }, isGeneralUse: true, isFactorUse: false, accountInformationId: account.id }, { token: a.token }));
      const payOnline = async (amount: number) => {
        const started = ok(await api.post('Payments/CreateOnline', { amount, gatewayId: gateway.id }, { token: payerToken }));
        // Started "now" on the fake clock (the database stamped the real time), so the callback is within the timeout.
        await knex('payments').where({ id: started.payment.id }).update({ createdAt: at });
        const html = await (await fetch(new URL(started.redirectUrl, api.baseUrl))).text();
        const pay = (html.match(/id="pay" href="([^"]+)"/) as RegExpMatchArray)[1].replace(/&amp;/g, '&');
        expect(await (await fetch(new URL(pay, api.baseUrl))).text()).to.include('data-status="confirmed"');
        return started.payment.id as number;
      };
      const paymentRecords = async () => (await records()).filter((r) => r.alertType.startsWith('Create'));

      // Flags off: nothing is queued, nothing told.
      const quiet = ok(await api.post('Payments/Create', { typePayment: 'Cash', amount: 7_000 }, { token: payerToken }));
      await payOnline(3_000);
      expect(await paymentRecords()).to.deep.equal([]);
      expect(await run()).to.deep.equal({});

      // The receiving organization's own administrator turns its payment alerts on (its alert preferences).
      await knex('organizations').where({ id: a.organizationId }).update({ isSendAlertForCreatePayment: true, isSendAlertForCreateOnlinePayment: true });
      const cash = ok(await api.post('Payments/Create', { typePayment: 'Card', amount: 12_000 }, { token: payerToken }));
      const online = await payOnline(4_000);
      // A payment that failed validation stores nothing and queues nothing.
      bad(await api.post('Payments/Create', { typePayment: 'Cheque', amount: 1_000 }, { token: payerToken }), 400);
      expect((await paymentRecords()).map((r) => [r.alertType, r.subjectId, r.isSend])).to.deep.equal([
        ['CreateOnlinePayment', online, false], ['CreatePayment', cash.id, false],
      ]);
      // Two passes at once tell each payment once.
      const [one, two] = await Promise.all([run(), run()]);
      expect({ ...one, ...two }).to.deep.equal({
        [`${a.organizationId}:CreatePayment:${cash.id}`]: 'fired',
        [`${a.organizationId}:CreateOnlinePayment:${online}`]: 'fired',
      });
      expect(Object.keys(one).length + Object.keys(two).length).to.equal(2);
      expect(await run(), 'told once per payment').to.deep.equal({});

      const recs = await paymentRecords();
      expect(recs.map((r) => [r.alertType, r.isSend, r.sendCount])).to.deep.equal([['CreateOnlinePayment', true, 1], ['CreatePayment', true, 1]]);
      const panel = ok(await api.get('Notifications/GetLatest?limit=50', { token: a.token })).items.filter((n: any) => n.kind.startsWith('AlertCreate'));
      expect(panel.map((n: any) => [n.kind, n.importance]).sort()).to.deep.equal([['AlertCreateOnlinePayment', 'normal'], ['AlertCreatePayment', 'high']]);
      expect(panel.find((n: any) => n.kind === 'AlertCreatePayment').body).to.include('12000').and.include('Payer below').and.include('منتظر تأیید');
      expect(JSON.stringify(panel)).to.not.include(String(quiet.id) + ')');
      // The payer's administrators are not told about their own payment.
      expect(ok(await api.get('Notifications/GetLatest?limit=50', { token: payerToken })).items.filter((n: any) => n.kind.startsWith('AlertCreate'))).to.deep.equal([]);
      for (const r of recs) {
        const send = await waitForSend(api, admin, r.scheduledMessageId as number);
        expect(send.recipientCount).to.equal(1);
        expect(send.organizationId, 'in the system organization\'s outbox').to.not.equal(a.organizationId);
        expect(String(send.totalPrice)).to.match(/^\d+$/);
      }
      expect(ok(await api.get('Ledger/Verify', { token: admin })).mismatches).to.deep.equal([]);
      at = new Date(at.getTime() + 10 * DAY_MS);
      expect(await run(), 'never again, however long after').to.not.have.any.keys(`${a.organizationId}:CreatePayment:${cash.id}`, `${a.organizationId}:CreateOnlinePayment:${online}`);
      // Ten days on the fake clock outlive the sessions (and A's expiry): the tests after this one sign in again as the system's administrator.
      admin = await signIn('admin', 'Admin#Pass9');
    });

    it('the installation\'s LowestCreditOfUser alerts an organization without a LowCredit setting of its own, once per crossing (billing no longer tells on its own)', async () => {
      const low = ok(await api.post('Organizations/Create', { name: 'Low below' }, { token: admin }));
      const lowUser = `low${low.id}`;
      ok(await api.post('Users/Create', { userName: lowUser, password: 'User#Pass1', changePasswordRequired: false, organizationId: low.id, isAdmin: true, firstName: 'L' }, { token: admin }));
      let lowToken = await signIn(lowUser, 'User#Pass1');
      ok(await api.post('Credits/ChargeOrganization', { organizationId: low.id, amount: 3_000 }, { token: admin }));
      // A's own LowCredit setting (frequency 1 day) tells A on its own schedule: only this organization's outcomes are judged.
      // The scheduler's own pass (every minute, on the same offset clock) may judge a crossing between
      // two steps of this test; what changed in the record since the last step counts as judged then.
      const record = () => server.peyk.database.knex('credit_notifications').where({ organizationId: low.id, alertType: 'LowCredit', subjectId: 0 }).first();
      let seen = await record();
      const runLow = async () => {
        const mine = Object.fromEntries(Object.entries(await run()).filter(([k]) => k.startsWith(`${low.id}:`)));
        const now = await record();
        const byScheduler: Record<string, string> = {};
        if (now && Number(now.sendCount) > Number(seen?.sendCount ?? 0)) byScheduler[`${low.id}:LowCredit:0`] = 'fired';
        else if (seen?.isSend && now && !now.isSend) byScheduler[`${low.id}:LowCredit:0`] = 'rearmed';
        seen = now;
        return Object.keys(mine).length > 0 ? mine : byScheduler;
      };
      expect(await runLow(), 'threshold 0 by default: nobody crossed').to.deep.equal({});
      ok(await api.post('MainSettings/Update', { LowestCreditOfUser: '5000' }, { token: admin }));
      try {
        // A has a LowCredit setting of its own: only that decides for it (its credit is above 5,000 anyway).
        expect(await runLow()).to.deep.equal({ [`${low.id}:LowCredit:0`]: 'fired' });
        expect(await runLow()).to.deep.equal({});
        const systemRecords = await server.peyk.database.knex('credit_notifications as c').join('organizations as o', 'o.id', 'c.organizationId').where({ 'o.type': 'system', 'c.alertType': 'LowCredit' });
        expect(systemRecords, 'the system organization, never charged, is not warned').to.deep.equal([]);
        at = new Date(at.getTime() + 30 * DAY_MS);
        expect(await runLow(), 'once per crossing, not repeated').to.deep.equal({});
        [admin, lowToken] = [await signIn('admin', 'Admin#Pass9'), await signIn(lowUser, 'User#Pass1')];
        const told = ok(await api.get('Notifications/GetLatest?limit=50', { token: lowToken })).items.filter((n: any) => n.kind === 'AlertLowCredit');
        expect(told.map((n: any) => n.importance)).to.deep.equal(['high']);
        expect(told[0].body).to.include('5000');
        ok(await api.post('Credits/ChargeOrganization', { organizationId: low.id, amount: 2_000 }, { token: admin }));
        expect(await runLow(), 'at the threshold counts as recovered').to.deep.equal({ [`${low.id}:LowCredit:0`]: 'rearmed' });
        ok(await api.post('MainSettings/Update', { LowestCreditOfUser: '6000' }, { token: admin }));
        expect(await runLow(), 'crossed again').to.deep.equal({ [`${low.id}:LowCredit:0`]: 'fired' });
        // Its own setting (switched off) replaces the installation's alert.
        ok(await api.post('AlertSettings/Save', {
          notification: { enableSmsNotification: false, enablePanelNotification: true, mobiles: [] },
          alerts: [{ alertType: 'LowCredit', isEnableSendNotification: false, daysOfSendFrequencyPeriod: 1, importanceLevel: 'Low', creditThreshold: '100' }],
        }, { token: lowToken }));
        ok(await api.post('MainSettings/Update', { LowestCreditOfUser: '9000' }, { token: admin }));
        expect(await runLow()).to.deep.equal({});
        expect(ok(await api.get('Notifications/GetLatest?limit=50', { token: lowToken })).items.filter((n: any) => n.kind === 'AlertLowCredit')).to.have.length(2);
        expect(ok(await api.get('Notifications/GetLatest?limit=50', { token: lowToken })).items.filter((n: any) => n.kind === 'LowCredit'), 'billing\'s own alert is gone').to.deep.equal([]);
      } finally {
        ok(await api.post('MainSettings/Update', { LowestCreditOfUser: '0' }, { token: await signIn('admin', 'Admin#Pass9') }));
      }
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
