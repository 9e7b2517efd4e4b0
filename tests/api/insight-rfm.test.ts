import { expect } from 'chai';
import type { Knex } from 'knex';
import { ApiClient, type ApiResponse } from '../support/api-client.js';
import { INITIAL_ADMIN_PASSWORD, startTestServer, type TestServer } from '../support/test-server.js';
import { ADMIN_PASSWORD, USER_PASSWORD, unique } from '../support/fixtures.js';
import type { Clock } from '../../server/platform/clock.js';
import { TYPES } from '../../server/platform/tokens.js';
import { insightModule } from '../../server/modules/insight/index.js';

const backends = [
  { name: 'the embedded database', overrides: { databaseUrl: null, redisUrl: null } },
  ...(process.env.DATABASE_URL ? [{ name: 'PostgreSQL', overrides: {} }] : []),
];

/** The run's Tehran day is 2026-12-10 (11:30 there); the window is 2026-09-11 … 2026-12-09. */
const NOW = new Date('2026-12-10T08:00:00Z');

const STRATEGY = [
  { index: 'recency', range: 1, valueStartRange: '0', valueEndRange: '7', point: 5 },
  { index: 'recency', range: 2, valueStartRange: '8', valueEndRange: '30', point: 3 },
  { index: 'recency', range: 3, valueStartRange: '31', valueEndRange: null, point: 1 },
  { index: 'frequency', range: 1, valueStartRange: '1', valueEndRange: '2', point: 1 },
  { index: 'frequency', range: 2, valueStartRange: '3', valueEndRange: null, point: 4 },
  { index: 'monetary', range: 1, valueStartRange: '0', valueEndRange: '9999', point: 1 },
  { index: 'monetary', range: 2, valueStartRange: '10000', valueEndRange: null, point: 5 },
];

const ok = (res: ApiResponse) => {
  expect(res.status, JSON.stringify(res.body)).to.equal(200);
  return res.body.data;
};

/**
 * RFM (insight, "RFM"): the nightly job's figures and points for every customer of a reseller,
 * from the rollup's daily rows, the unfolded delta log and the ledger's daily rows, compared with
 * a fixture computed by hand; a customer without sends; the strategy's rules; tenancy; the export.
 * On both backends: the job's SQL runs on PGlite and PostgreSQL.
 */
for (const backend of backends) {
  describe(`RFM: the nightly job and Rfm/*, on ${backend.name}`, function () {
    this.timeout(180_000);
    let server: TestServer;
    let api: ApiClient;
    let knex: Knex;
    const clock: Clock = { now: () => NOW };
    let superToken: string;
    let resellerToken: string;
    let orgAdminToken: string;
    let otherToken: string;
    let reseller: { id: number };
    let a: { id: number };
    let b: { id: number };
    let c: { id: number };
    let x: { id: number };

    const signIn = async (userName: string, password: string): Promise<string> => ok(await api.post('Account/Login', { userName, password })).accessToken;
    const org = async (token: string, body: Record<string, unknown>, orgId?: number) => ok(await api.post('Organizations/Create', { name: unique('Org '), ...body }, { token, orgId }));
    const adminOf = async (token: string, organizationId: number): Promise<string> => {
      const userName = unique('rfm');
      ok(await api.post('Users/Create', { userName, organizationId, isAdmin: true, firstName: 'R', password: USER_PASSWORD, changePasswordRequired: false }, { token }));
      return signIn(userName, USER_PASSWORD);
    };
    const runJob = async () => {
      // Forget earlier runs of the day (the scheduler may have run the job on its own).
      await knex('rfm_runs').delete();
      const job = insightModule.jobs!(server.peyk.container).find((j) => j.name === 'insight.rfm-nightly');
      expect(job, 'the job is declared').to.not.equal(undefined);
      await job!.run(clock.now(), new AbortController().signal);
    };
    const day = async (organizationId: number, d: string, rows: [string, number, number][], sends: number) => {
      for (const [deliveryStatus, receivers, parts] of rows) {
        await knex('insight_daily_receivers').insert({ organizationId, day: d, userId: 1, privateNumberId: 1, sendType: 'Bulk', operator: 'mci', deliveryStatus, senderNumber: '3000', receivers, parts });
      }
      await knex('insight_daily_sends').insert({ organizationId, day: d, userId: 1, privateNumberId: 1, sendType: 'Bulk', senderNumber: '3000', sends });
    };
    const credit = async (organizationId: number, userId: number | null, d: string, typeCreditChange: string, amount: number) => {
      await knex('insight_daily_credit').insert({ accountId: 900_000 + organizationId + (userId ?? 0), day: d, typeCreditChange, organizationId, userId, amount, entries: 1 });
    };
    const results = async (token: string, query = '') => ok(await api.get(`Rfm/GetResults${query}`, { token }));
    const byId = (page: { items: { organizationId: number }[] }) => new Map(page.items.map((i) => [i.organizationId, i]));

    before(async () => {
      server = await startTestServer(backend.overrides, clock);
      api = new ApiClient(server.url);
      knex = server.peyk.container.get<Knex>(TYPES.Knex);
      const first = ok(await api.post('Account/Login', { userName: 'admin', password: INITIAL_ADMIN_PASSWORD }));
      ok(await api.post('Account/ChangePassword', { currentPassword: INITIAL_ADMIN_PASSWORD, newPassword: ADMIN_PASSWORD, confirmPassword: ADMIN_PASSWORD }, { token: first.accessToken }));
      superToken = await signIn('admin', ADMIN_PASSWORD);
      reseller = await org(superToken, { type: 'reseller' });
      const other = await org(superToken, { type: 'reseller' });
      resellerToken = await adminOf(superToken, reseller.id);
      otherToken = await adminOf(superToken, other.id);
      a = await org(resellerToken, {});
      c = await org(resellerToken, {});
      orgAdminToken = await adminOf(resellerToken, a.id);
      b = await org(orgAdminToken, {});
      x = await org(otherToken, {});

      // A: two days in the window, one before it and one today (neither counts).
      await day(a.id, '2026-12-01', [['SentAndReceivedbyPhone', 100, 200], ['NotSent', 20, 40]], 2);
      await day(a.id, '2026-11-20', [['SentAndReceivedbyPhone', 50, 50]], 1);
      await day(a.id, '2026-09-10', [['SentAndReceivedbyPhone', 1000, 1000]], 1);
      await day(a.id, '2026-12-10', [['SentAndReceivedbyPhone', 1000, 1000]], 1);
      // B, A's sub-organization (and a customer of the reseller itself): one folded day …
      await day(b.id, '2026-12-05', [['SentAndReceivedbyPhone', 10, 10]], 1);
      // … and a send the fold has not reached (or has: either way it counts once): 3 receivers × 2 parts.
      const [send] = await knex('sends').insert({
        organizationId: b.id, userId: 1, privateNumberId: 1, senderAgentId: 1, senderNumber: '3000', lineType: 'Bulk', sendType: 'Bulk', smsText: 'x', smsEncoding: 'ucs2', smsParts: 2,
        queueStatus: 'Extracted', status: 'IsBeingSent', dateTimeSend: '2026-12-05T10:00:00Z', refundPolicy: JSON.stringify({}), createdAt: '2026-12-05T10:00:00Z',
      }).returning('id');
      await knex.raw(`insert into send_recipients ("sendId", seq, "toNumber", operator, "sendStatus", "deliveryStatus")
        select ?, g, '98912' || lpad(g::text, 7, '0'), 'mci', 'Stored', 'SentAndReceivedbyPhone' from generate_series(0, 2) g`, [Number(send.id)]);
      // X belongs to the other reseller.
      await day(x.id, '2026-12-08', [['SentAndReceivedbyPhone', 7, 7]], 1);
      // A's own account: charges and a refund in the window; one before it; an allowance account's charge.
      await credit(a.id, null, '2026-12-01', 'SendSms', -15000);
      await credit(a.id, null, '2026-12-01', 'GiveBackCostOfUnsuccessSent', 2000);
      await credit(a.id, null, '2026-11-20', 'SendSms', -3000);
      await credit(a.id, null, '2026-09-10', 'SendSms', -7777);
      await credit(a.id, 55, '2026-12-01', 'SendSms', -999);
      ok(await api.post('Rfm/SavePointStrategy', { items: STRATEGY }, { token: resellerToken }));
    });
    after(async () => { await server?.stop(); });

    it('computes every customer\'s figures and points as the hand-computed fixture', async () => {
      await runJob();
      const page = await results(resellerToken, '?pageSize=100');
      expect(page.run).to.deep.include({ day: '2026-12-10', customers: 3, fromDate: '2026-09-11', toDate: '2026-12-09' });
      expect(page.totalCount).to.equal(3);
      const rows = byId(page);
      expect([...rows.keys()].sort((p, q) => p - q)).to.deep.equal([a.id, b.id, c.id].sort((p, q) => p - q));
      // A: its subtree's sends (B's included); days 11-20, 12-01, 12-05; the last 5 days before the run's day.
      expect(rows.get(a.id)).to.deep.include({
        totalPoint: 14, points: { recency: 5, frequency: 4, monetary: 5 },
        totalUsedCredit: '18000', realUsedCredit: '16000', usedCreditPerEachFrequency: '5333',
        totalSentCount: 183, realSentCount: 163, totalSentParts: 306, realSentParts: 266,
        sendSmsFrequency: 3, recentSendSms: 5,
      });
      expect(rows.get(b.id)).to.deep.include({
        totalPoint: 7, points: { recency: 5, frequency: 1, monetary: 1 },
        totalUsedCredit: '0', realUsedCredit: '0', usedCreditPerEachFrequency: '0',
        totalSentCount: 13, realSentCount: 13, totalSentParts: 16, realSentParts: 16,
        sendSmsFrequency: 1, recentSendSms: 5,
      });
      // Ranked best first.
      expect(page.items[0].organizationId).to.equal(a.id);
    });

    it('a customer without sends: zero figures, no recency, only the points a zero earns', async () => {
      await runJob();
      const rows = byId(await results(resellerToken, '?pageSize=100'));
      expect(rows.get(c.id)).to.deep.include({
        totalPoint: 1, points: { recency: 0, frequency: 0, monetary: 1 },
        totalUsedCredit: '0', realUsedCredit: '0', usedCreditPerEachFrequency: '0',
        totalSentCount: 0, realSentCount: 0, totalSentParts: 0, realSentParts: 0, sendSmsFrequency: 0, recentSendSms: null,
      });
      const none = await results(resellerToken, '?withoutSends=true');
      expect(none.items.map((i: { organizationId: number }) => i.organizationId)).to.deep.equal([c.id]);
    });

    it('a reseller without customers answers an empty ranking after the run; before any run, no run', async () => {
      const lone = await org(superToken, { type: 'reseller' });
      const token = await adminOf(superToken, lone.id);
      const before = await results(token);
      expect(before).to.deep.include({ run: null, totalCount: 0, items: [] });
      await runJob();
      const after = await results(token);
      expect(after.totalCount).to.equal(0);
      expect(after.run).to.deep.include({ customers: 0 });
    });

    it('runs each reseller once a Tehran day: a second run the same day changes nothing', async () => {
      await runJob();
      const first = await results(resellerToken, '?pageSize=100');
      await knex('insight_daily_sends').insert({ organizationId: c.id, day: '2026-12-09', userId: 1, privateNumberId: 1, sendType: 'Bulk', senderNumber: '3000', sends: 1 });
      const job = insightModule.jobs!(server.peyk.container).find((j) => j.name === 'insight.rfm-nightly')!;
      await job.run(clock.now(), new AbortController().signal);
      expect((await results(resellerToken, '?pageSize=100')).items).to.deep.equal(first.items);
      await knex('insight_daily_sends').where({ organizationId: c.id, day: '2026-12-09' }).delete();
    });

    it('filters by name and points, sorts by a figure, and keeps other resellers\' customers out', async () => {
      await runJob();
      const top = await results(resellerToken, '?minTotalPoint=7');
      expect(top.items.map((i: { organizationId: number }) => i.organizationId)).to.deep.equal([a.id, b.id]);
      const recent = await results(resellerToken, '?sort=recentSendSms');
      expect(recent.items.at(-1).organizationId).to.equal(c.id);
      const other = await results(otherToken);
      expect(other.items.map((i: { organizationId: number }) => i.organizationId)).to.deep.equal([x.id]);
      // Another tree's reseller: 404 as every object outside the slice; an organization is not a reseller.
      expect((await api.get(`Rfm/GetResults?resellerId=${reseller.id}`, { token: otherToken })).status).to.equal(404);
      const notReseller = await api.get(`Rfm/GetResults?resellerId=${a.id}`, { token: resellerToken });
      expect(notReseller.status).to.equal(400);
      expect(notReseller.body.validationErrors![0].propertyName).to.equal('resellerId');
      // The claim is a reseller's: an ordinary organization's administrator has none.
      expect((await api.get('Rfm/GetResults', { token: orgAdminToken })).status).to.equal(403);
    });

    it('refuses overlapping ranges and gaps in the numbering, on the field, in both languages', async () => {
      const overlap = [...STRATEGY.slice(0, 2), { index: 'recency', range: 3, valueStartRange: '30', valueEndRange: null, point: 1 }];
      const res = await api.post('Rfm/SavePointStrategy', { items: overlap }, { token: resellerToken, culture: 'fa-IR' });
      expect(res.status).to.equal(400);
      expect(res.body.validationErrors![0].propertyName).to.equal('items[2].valueStartRange');
      expect(res.body.validationErrors![0].message).to.match(/هم‌پوشانی/);
      const gap = await api.post('Rfm/SavePointStrategy', { items: [{ index: 'frequency', range: 2, valueStartRange: '1', valueEndRange: null, point: 1 }] }, { token: resellerToken });
      expect(gap.status).to.equal(400);
      expect(gap.body.validationErrors![0].propertyName).to.equal('items[0].range');
      const kept = ok(await api.get('Rfm/GetPointStrategy', { token: resellerToken }));
      expect(kept.items).to.have.length(STRATEGY.length);
      expect(kept.windowDays).to.equal(90);
    });

    it('exports the ranking as .xlsx', async () => {
      const res = await fetch(`${server.url}/api/Rfm/ExportResults`, { headers: { authorization: `Bearer ${resellerToken}` } });
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-type')).to.match(/spreadsheetml/);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.subarray(0, 2).toString()).to.equal('PK');
    });
  });
}
