import { expect } from 'chai';
import ExcelJS from 'exceljs';
import type { Knex } from 'knex';
import { ApiClient, type ApiResponse } from '../support/api-client.js';
import { INITIAL_ADMIN_PASSWORD, startTestServer, type TestServer } from '../support/test-server.js';
import { ADMIN_PASSWORD, USER_PASSWORD, unique } from '../support/fixtures.js';
import type { Clock } from '../../server/platform/clock.js';
import { TYPES } from '../../server/platform/tokens.js';
import { insightReportClaims } from '../../migrations/20261204-0078-insight-report-claims.js';

const backends = [
  { name: 'the embedded database', overrides: { databaseUrl: null, redisUrl: null } },
  ...(process.env.DATABASE_URL ? [{ name: 'PostgreSQL', overrides: {} }] : []),
];

/** Tehran day 2026-12-10 (19 Azar 1405); the fixture's days are the two before it and one in Aban. */
const NOW = new Date('2026-12-10T08:00:00Z');
const RANGE = '?fromDate=2026-12-08&toDate=2026-12-09';

const ok = (res: ApiResponse) => {
  expect(res.status, JSON.stringify(res.body)).to.equal(200);
  return res.body.data;
};

type Figures = { sends: number; messages: number; parts: number; sent: number; delivered: number; failed: number; pending: number; credit: unknown };
const pick = (f: Figures) => ({ sends: f.sends, messages: f.messages, parts: f.parts, sent: f.sent, delivered: f.delivered, failed: f.failed, pending: f.pending, credit: f.credit });

/**
 * Reports (insight, "Reports"): a user's, an organization's and a tree's figures per Tehran day and
 * Jalali month, from folded daily rows, one send the fold may not have reached, and the ledger's daily
 * rows, against figures computed by hand; tenancy; the range's refusals; the .xlsx read back.
 */
for (const backend of backends) {
  describe(`Reports/*, on ${backend.name}`, function () {
    this.timeout(180_000);
    let server: TestServer;
    let api: ApiClient;
    let knex: Knex;
    const clock: Clock = { now: () => NOW };
    let superToken: string;
    let resellerToken: string;
    let aToken: string;
    let otherToken: string;
    let aAdminId: number;
    let reseller: { id: number; name: string };
    let a: { id: number; name: string };
    let b: { id: number };
    let c: { id: number; name: string };
    let x: { id: number };

    const signIn = async (userName: string, password: string): Promise<string> => ok(await api.post('Account/Login', { userName, password })).accessToken;
    const org = async (token: string, body: Record<string, unknown>) => ok(await api.post('Organizations/Create', { name: unique('Org '), ...body }, { token }));
    const adminOf = async (token: string, organizationId: number): Promise<{ token: string; id: number }> => {
      const userName = unique('rep');
      const user = ok(await api.post('Users/Create', { userName, organizationId, isAdmin: true, firstName: 'R', password: USER_PASSWORD, changePasswordRequired: false }, { token }));
      return { token: await signIn(userName, USER_PASSWORD), id: Number(user.id) };
    };
    const day = async (organizationId: number, userId: number, d: string, operator: string, rows: [string, number, number][], sends: number) => {
      for (const [deliveryStatus, receivers, parts] of rows) {
        await knex('insight_daily_receivers').insert({ organizationId, day: d, userId, privateNumberId: 1, sendType: 'Bulk', operator, deliveryStatus, senderNumber: '3000', receivers, parts });
      }
      await knex('insight_daily_sends').insert({ organizationId, day: d, userId, privateNumberId: 1, sendType: 'Bulk', senderNumber: '3000', sends });
    };
    let accountIds = 800_000;
    const credit = async (organizationId: number, userId: number | null, d: string, typeCreditChange: string, amount: number) => {
      accountIds += 1;
      await knex('insight_daily_credit').insert({ accountId: accountIds, day: d, typeCreditChange, organizationId, userId, amount, entries: 1 });
    };

    before(async () => {
      server = await startTestServer(backend.overrides, clock);
      api = new ApiClient(server.url);
      knex = server.peyk.container.get<Knex>(TYPES.Knex);
      const first = ok(await api.post('Account/Login', { userName: 'admin', password: INITIAL_ADMIN_PASSWORD }));
      ok(await api.post('Account/ChangePassword', { currentPassword: INITIAL_ADMIN_PASSWORD, newPassword: ADMIN_PASSWORD, confirmPassword: ADMIN_PASSWORD }, { token: first.accessToken }));
      superToken = await signIn('admin', ADMIN_PASSWORD);
      reseller = await org(superToken, { type: 'reseller' });
      const other = await org(superToken, { type: 'reseller' });
      resellerToken = (await adminOf(superToken, reseller.id)).token;
      otherToken = (await adminOf(superToken, other.id)).token;
      a = await org(resellerToken, {});
      c = await org(resellerToken, {});
      const aAdmin = await adminOf(resellerToken, a.id);
      aToken = aAdmin.token;
      aAdminId = aAdmin.id;
      b = await org(aToken, {});
      x = await org(otherToken, {});

      // A (its administrator's sends): two days in Azar and one in Aban.
      await day(a.id, aAdminId, '2026-12-08', 'mci', [['SentAndReceivedbyPhone', 100, 200], ['NotSent', 20, 40]], 2);
      await day(a.id, aAdminId, '2026-12-09', 'mtn', [['WaitingForSend', 5, 5]], 1);
      await day(a.id, aAdminId, '2026-11-21', 'mci', [['SentAndReceivedbyPhone', 40, 40]], 1);
      // B, under A: a folded day and a send the fold may not have reached (3 receivers × 2 parts, undelivered).
      await day(b.id, 1, '2026-12-09', 'mci', [['SentAndReceivedbyPhone', 10, 10]], 1);
      const [send] = await knex('sends').insert({
        organizationId: b.id, userId: 1, privateNumberId: 1, senderAgentId: 1, senderNumber: '3000', lineType: 'Bulk', sendType: 'Bulk', smsText: 'x', smsEncoding: 'ucs2', smsParts: 2,
        queueStatus: 'Extracted', status: 'IsBeingSent', dateTimeSend: '2026-12-09T10:00:00Z', refundPolicy: JSON.stringify({}), createdAt: '2026-12-09T10:00:00Z',
      }).returning('id');
      await knex.raw(`insert into send_recipients ("sendId", seq, "toNumber", operator, "sendStatus", "deliveryStatus")
        select ?, g, '98912' || lpad(g::text, 7, '0'), 'mci', 'Stored', 'HaveNotReceivedToPhone' from generate_series(0, 2) g`, [Number(send.id)]);
      // C, A's sibling; X under the other reseller.
      await day(c.id, 1, '2026-12-08', 'mci', [['SentAndReceivedbyPhone', 7, 7]], 1);
      await day(x.id, 1, '2026-12-08', 'mci', [['SentAndReceivedbyPhone', 50, 50]], 1);
      // Own accounts: A charged and refunded; B, C and the reseller charged; A's administrator's allowance.
      await credit(a.id, null, '2026-12-08', 'SendSms', -15000);
      await credit(a.id, null, '2026-12-08', 'GiveBackCostOfUnsuccessSent', 2000);
      await credit(a.id, null, '2026-12-09', 'SendSms', -500);
      await credit(b.id, null, '2026-12-09', 'SendSms', -300);
      await credit(c.id, null, '2026-12-08', 'SendSms', -100);
      await credit(reseller.id, null, '2026-12-08', 'SendSms', -9000);
      await credit(a.id, aAdminId, '2026-12-09', 'SendSms', -77);
    });
    after(async () => { await server?.stop(); });

    const A_DAY1 = { sends: 2, messages: 120, parts: 240, sent: 100, delivered: 100, failed: 20, pending: 0, credit: { charged: '15000', givenBack: '2000', used: '13000' } };
    const A_DAY2 = { sends: 3, messages: 18, parts: 21, sent: 13, delivered: 10, failed: 3, pending: 5, credit: { charged: '500', givenBack: '0', used: '500' } };
    const A_TOTAL = { sends: 5, messages: 138, parts: 261, sent: 113, delivered: 110, failed: 23, pending: 5, credit: { charged: '15500', givenBack: '2000', used: '13500' } };

    it('an organization report: the organization and below it per day, with its own account\'s money, as computed by hand', async () => {
      const report = ok(await api.get(`Reports/GetOrganizationReport${RANGE}`, { token: aToken }));
      expect(report.subject).to.deep.include({ kind: 'organization', organizationId: a.id, userId: null });
      expect(report.periods.map((p: { period: string }) => p.period)).to.deep.equal(['2026-12-08', '2026-12-09']);
      expect(pick(report.periods[0])).to.deep.equal(A_DAY1);
      expect(pick(report.periods[1])).to.deep.equal(A_DAY2);
      expect(pick(report.totals)).to.deep.equal(A_TOTAL);
      expect(report.operators).to.deep.equal([{ operator: 'mci', messages: 133, parts: 256 }, { operator: 'mtn', messages: 5, parts: 5 }]);
      expect(report.sendTypes).to.deep.equal([{ sendType: 'Bulk', messages: 138, parts: 261, sent: 113 }]);
      expect(report.organizations).to.equal(null);
      // The reseller may pick A (its descendant) and reads the same.
      const picked = ok(await api.get(`Reports/GetOrganizationReport${RANGE}&organizationId=${a.id}`, { token: resellerToken }));
      expect(pick(picked.totals)).to.deep.equal(A_TOTAL);
    });

    it('groups by Jalali month, cutting the first and last month at the range', async () => {
      const report = ok(await api.get('Reports/GetOrganizationReport?fromDate=2026-11-20&toDate=2026-12-09&grouping=month', { token: aToken }));
      expect(report.periods.map((p: { period: string; fromDate: string; toDate: string }) => [p.period, p.fromDate, p.toDate]))
        .to.deep.equal([['1405-08', '2026-11-20', '2026-11-21'], ['1405-09', '2026-11-22', '2026-12-09']]);
      expect(report.periods[0]).to.deep.include({ sends: 1, messages: 40, parts: 40 });
      expect(pick(report.periods[1])).to.deep.equal(A_TOTAL);
      expect(report.totals).to.deep.include({ sends: 6, messages: 178 });
    });

    it('a user report: the user\'s own sends and allowance account; an administrator may pick a user of its slice', async () => {
      const own = ok(await api.get(`Reports/GetUserReport${RANGE}`, { token: aToken }));
      expect(own.subject).to.deep.include({ kind: 'user', userId: aAdminId, organizationId: a.id });
      expect(pick(own.totals)).to.deep.equal({ sends: 3, messages: 125, parts: 245, sent: 100, delivered: 100, failed: 20, pending: 5, credit: { charged: '77', givenBack: '0', used: '77' } });
      const picked = ok(await api.get(`Reports/GetUserReport${RANGE}&userId=${aAdminId}`, { token: resellerToken }));
      expect(pick(picked.totals)).to.deep.equal(pick(own.totals));
    });

    it('a tree report: one row for the root\'s own sends and one per child with its subtree; the totals add up', async () => {
      const report = ok(await api.get(`Reports/GetTreeReport${RANGE}`, { token: resellerToken }));
      expect(report.subject).to.deep.include({ kind: 'tree', organizationId: reseller.id });
      const rows = new Map(report.organizations.map((r: { organizationId: number }) => [r.organizationId, r]));
      expect(report.organizations[0]).to.deep.include({ organizationId: reseller.id, own: true, sends: 0, credit: null });
      expect(pick(rows.get(a.id) as Figures)).to.deep.equal(A_TOTAL);
      expect(pick(rows.get(c.id) as Figures)).to.deep.equal({ sends: 1, messages: 7, parts: 7, sent: 7, delivered: 7, failed: 0, pending: 0, credit: { charged: '100', givenBack: '0', used: '100' } });
      expect(rows.has(b.id), 'B is inside A\'s row').to.equal(false);
      expect(pick(report.totals)).to.deep.equal({ sends: 6, messages: 145, parts: 268, sent: 120, delivered: 117, failed: 23, pending: 5, credit: { charged: '9000', givenBack: '0', used: '9000' } });
      // The super admin's tree: the whole system, each reseller a row.
      const all = ok(await api.get(`Reports/GetTreeReport${RANGE}`, { token: superToken }));
      const allRows = new Map(all.organizations.map((r: { organizationId: number }) => [r.organizationId, r]));
      expect((allRows.get(reseller.id) as Figures).messages).to.equal(145);
      expect(all.totals.messages).to.be.at.least(195);
    });

    it('keeps other trees out: 404 for their organizations and users, 403 for the tree without its claim', async () => {
      expect((await api.get(`Reports/GetOrganizationReport?organizationId=${a.id}`, { token: otherToken })).status).to.equal(404);
      expect((await api.get(`Reports/GetTreeReport?organizationId=${reseller.id}`, { token: otherToken })).status).to.equal(404);
      expect((await api.get(`Reports/GetUserReport?userId=${aAdminId}`, { token: otherToken })).status).to.equal(404);
      expect((await api.get(`Reports/ExportOrganizationReport?organizationId=${a.id}`, { token: otherToken })).status).to.equal(404);
      expect((await api.get(`Reports/GetOrganizationReport?organizationId=${c.id}`, { token: aToken })).status).to.equal(404);
      // The other reseller's tree holds X only.
      const theirs = ok(await api.get(`Reports/GetTreeReport${RANGE}`, { token: otherToken }));
      expect(theirs.totals.messages).to.equal(50);
      // An ordinary organization's administrator holds no tree report (a reseller's claim).
      expect((await api.get('Reports/GetTreeReport', { token: aToken })).status).to.equal(403);
    });

    it('a plain user: without the claim 403; with it, only their own sends (another user 404, the organization report 403)', async () => {
      const userName = unique('plain');
      const plain = ok(await api.post('Users/Create', { userName, organizationId: a.id, isAdmin: false, firstName: 'P', password: USER_PASSWORD, changePasswordRequired: false }, { token: aToken }));
      const token = await signIn(userName, USER_PASSWORD);
      expect((await api.get('Reports/GetUserReport', { token })).status).to.equal(403);
      const role = ok(await api.post('Roles/Create', { title: unique('Reports '), claims: ['SmsReports.Reports'], organizationId: a.id }, { token: aToken }));
      ok(await api.post('Roles/AssignToUser', { userId: plain.id, roleId: role.id }, { token: aToken }));
      const again = await signIn(userName, USER_PASSWORD);
      const own = ok(await api.get(`Reports/GetUserReport${RANGE}`, { token: again }));
      expect(own.subject).to.deep.include({ userId: Number(plain.id) });
      expect(own.totals).to.deep.include({ sends: 0, messages: 0 });
      expect((await api.get(`Reports/GetUserReport?userId=${aAdminId}`, { token: again })).status).to.equal(404);
      expect((await api.get('Reports/GetOrganizationReport', { token: again })).status).to.equal(403);
    });

    it('refuses a bad range on its field, in the spec\'s shape and both languages', async () => {
      const long = await api.get('Reports/GetOrganizationReport?fromDate=2026-01-01&toDate=2027-01-10', { token: aToken, culture: 'fa-IR' });
      expect(long.status).to.equal(400);
      expect(long.body.validationErrors![0].propertyName).to.equal('toDate');
      expect(long.body.validationErrors![0].message).to.match(/۳۶۶|366/);
      const backwards = await api.get('Reports/GetUserReport?fromDate=2026-12-09&toDate=2026-12-01', { token: aToken });
      expect(backwards.status).to.equal(400);
      expect(backwards.body.validationErrors![0].propertyName).to.equal('toDate');
      const bad = await api.get('Reports/GetTreeReport?fromDate=2026-13-01', { token: resellerToken });
      expect(bad.status).to.equal(400);
      expect(bad.body.validationErrors![0].propertyName).to.equal('fromDate');
      const grouping = await api.get('Reports/GetOrganizationReport?grouping=week', { token: aToken });
      expect(grouping.status).to.equal(400);
      expect(grouping.body.validationErrors![0].propertyName).to.equal('grouping');
      // A whole year is allowed.
      ok(await api.get('Reports/GetOrganizationReport?fromDate=2025-12-10&toDate=2026-12-10&grouping=month', { token: aToken }));
    });

    it('exports the tree report as .xlsx: Persian titles, Jalali days, the rows of the answer', async () => {
      const res = await fetch(`${server.url}/api/Reports/ExportTreeReport${RANGE}&culture=fa-IR`, { headers: { authorization: `Bearer ${resellerToken}` } });
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-type')).to.match(/spreadsheetml/);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
      const [periods, organizations, operators] = workbook.worksheets;
      expect(periods.getRow(1).getCell(1).value).to.equal('دوره');
      expect(periods.getRow(2).getCell(1).value).to.equal('1405/09/17');
      expect(periods.getRow(2).getCell(5).value).to.equal(127);
      expect(periods.getRow(3).getCell(1).value).to.equal('1405/09/18');
      expect(periods.getRow(4).getCell(1).value).to.equal('جمع');
      expect(periods.getRow(4).getCell(5).value).to.equal(145);
      // Money as exact integer text: the reseller's account charged 9000.
      expect(periods.getRow(4).getCell(13).value).to.equal('9000');
      const names = organizations.getColumn(1).values.slice(2);
      expect(names).to.include(a.name).and.to.include(c.name);
      expect(operators.getRow(2).getCell(1).value).to.equal('mci');
      // English: Jalali month names in Latin.
      const en = await fetch(`${server.url}/api/Reports/ExportOrganizationReport${RANGE}&grouping=month&culture=en-US`, { headers: { authorization: `Bearer ${aToken}` } });
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(Buffer.from(await en.arrayBuffer()) as unknown as ArrayBuffer);
      expect(book.worksheets[0].getRow(1).getCell(1).value).to.equal('Period');
      expect(book.worksheets[0].getRow(2).getCell(1).value).to.equal('Azar 1405');
      expect(book.worksheets[0].getRow(2).getCell(5).value).to.equal(138);
    });
    it('the migration gives the new claims to role templates that open the outbox or the RFM ranking, and only to them', async () => {
      const role = async (claims: string[], isTemplate: boolean) => {
        const [row] = await knex('roles').insert({ organizationId: reseller.id, title: unique('T '), claims: JSON.stringify(claims), isTemplate }).returning('id');
        return Number(row.id);
      };
      const outbox = await role(['SmsReports.Outbox'], true);
      const rfm = await role(['SmsReports.Rfm', 'SmsReports.Outbox'], true);
      const neither = await role(['Sending.Single'], true);
      const plainRole = await role(['SmsReports.Outbox'], false);
      await insightReportClaims.up(knex);
      await insightReportClaims.up(knex); // twice: nothing is added twice
      const claimsOf = async (id: number) => {
        const row = await knex('roles').where({ id }).first('claims');
        return (typeof row.claims === 'string' ? JSON.parse(row.claims) : row.claims) as string[];
      };
      expect(await claimsOf(outbox)).to.deep.equal(['SmsReports.Outbox', 'SmsReports.Reports']);
      expect(await claimsOf(rfm)).to.deep.equal(['SmsReports.Rfm', 'SmsReports.Outbox', 'SmsReports.Reports', 'SmsReports.TreeReport']);
      expect(await claimsOf(neither)).to.deep.equal(['Sending.Single']);
      expect(await claimsOf(plainRole)).to.deep.equal(['SmsReports.Outbox']);
      await insightReportClaims.down(knex);
      expect(await claimsOf(rfm)).to.deep.equal(['SmsReports.Rfm', 'SmsReports.Outbox']);
      await knex('roles').whereIn('id', [outbox, rfm, neither, plainRole]).delete();
    });
  });
}
