import { expect } from 'chai';
import { sharedServer, unique, type Tree } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { bad, expectLedgerClean, ok, sendingTree, waitForSend } from '../support/sending.js';
import { addDays, lastDays } from '../../server/shared/insight/dashboard-days.js';
import { InsightService } from '../../server/modules/insight/insight.service.js';
import { RollupRepository } from '../../server/modules/insight/rollup.repository.js';

/** Two parts in UCS-2 (more than 70 characters): parts must be receivers × parts, not receivers. */
const LONG_TEXT = 'سلام، این پیام برای آزمودن داشبورد است و باید دو بخش بشود تا شمارش بخش‌ها هم آزموده شود. ممنون';

/** The start of a Tehran day as a UTC instant (Iran has kept +03:30 all year since 2022). */
const tehranMidnight = (day: string) => new Date(`${day}T00:00:00+03:30`);

interface Expected {
  sends: number;
  messages: number;
  parts: number;
  sent: number;
  statuses: Record<string, { messages: number; parts: number }>;
}

/**
 * The dashboard's figures are read from a rollup kept by triggers (server/modules/insight): they
 * must equal what the outbox lists send by send, and what the ledger's entries add up to, for
 * every caller's slice of the tree.
 */
describe('Insight: dashboard and outbox daily statistics equal the outbox and the ledger', function () {
  this.timeout(180_000);
  let api: ApiClient;
  let tree: Tree;
  let line: { agentId: number; lineId: number; number: string };
  const range = lastDays(new Date());
  const query = `fromDate=${range.fromDate}&toDate=${range.toDate}`;

  const dashboard = async (token: string, extra = '') => ok(await api.get(`Dashboard/GetInformationsForDashboard?${query}${extra}`, { token }));

  /** What the outbox says for the caller's range: every send of it, with its receivers per status. */
  async function fromOutbox(token: string): Promise<Expected> {
    const from = tehranMidnight(range.fromDate).toISOString();
    const to = tehranMidnight(addDays(range.toDate, 1)).toISOString();
    const page = ok(await api.get(`OutBox/GetAll?pageSize=500&includeArchived=true&fromDate=${from}&toDate=${to}`, { token }));
    const out: Expected = { sends: page.totalCount, messages: 0, parts: 0, sent: 0, statuses: {} };
    for (const item of page.items) {
      const send = ok(await api.get(`OutBox/Get/${item.id}`, { token }));
      out.sent += send.sentCount;
      for (const [status, count] of Object.entries(send.deliveryStatusCounts as Record<string, number>)) {
        out.messages += count;
        out.parts += count * send.smsCount;
        const s = (out.statuses[status] ??= { messages: 0, parts: 0 });
        s.messages += count;
        s.parts += count * send.smsCount;
      }
    }
    return out;
  }

  /** The organization account's send charges and refunds over the range, from Transactions/GetAll. */
  async function fromLedger(token: string, organizationId: number): Promise<{ charged: bigint; givenBack: bigint }> {
    const from = tehranMidnight(range.fromDate).toISOString();
    const to = new Date(tehranMidnight(addDays(range.toDate, 1)).getTime() - 1).toISOString();
    const sum = async (type: string): Promise<bigint> => {
      const list = ok(await api.get(`Transactions/GetAll?organizationId=${organizationId}&typeCreditChange=${type}&fromDate=${from}&toDate=${to}&pageSize=500`, { token }));
      expect(list.totalCount).to.be.below(500);
      // The list shows amounts without sign, with isIncrement.
      return list.items.filter((e: any) => e.userId === null || e.userId === undefined).reduce((t: bigint, e: any) => t + (e.isIncrement ? 1n : -1n) * BigInt(e.amount), 0n);
    };
    return { charged: -(await sum('SendSms')), givenBack: await sum('GiveBackCostOfUnsuccessSent') };
  }

  function expectSame(answer: any, expected: Expected, label: string) {
    expect(answer.totals, `${label}: totals`).to.include({ sends: expected.sends, messages: expected.messages, parts: expected.parts, sent: expected.sent });
    const statuses: Record<string, { messages: number; parts: number }> = {};
    for (const day of answer.days) {
      for (const [status, v] of Object.entries(day.statuses as Record<string, { messages: number; parts: number }>)) {
        const s = (statuses[status] ??= { messages: 0, parts: 0 });
        s.messages += v.messages;
        s.parts += v.parts;
      }
    }
    expect(statuses, `${label}: per delivery status`).to.deep.equal(expected.statuses);
  }

  before(async () => {
    // Six in ten delivered: the rest are refunded under the line's deliveryBase policy (GiveBack entries).
    ({ api, tree, line } = await sendingTree({ deliveryRatio: 0.6, seed: 7 }));
    const sends = [
      { token: tree.subAdmin.token, body: { sendType: 'Bulk', smsBody: LONG_TEXT, receivers: ['09121510001', '09351510002', '09211510003', '09901510004', '09121510005', '09121510006'] } },
      { token: tree.subAdmin.token, body: { sendType: 'Bulk', smsBody: 'Short one', receivers: ['09121510007', '09121510008'] } },
      { token: tree.orgAdmin.token, body: { sendType: 'Bulk', smsBody: 'From the organization', receivers: ['09121510011', '09351510012', '09121510013'] } },
    ];
    const ids: { id: number; token: string }[] = [];
    for (const s of sends) ids.push({ id: ok(await api.post('ScheduledMessages/Create', { senderNumberId: line.lineId, ...s.body }, { token: s.token })).id, token: s.token });
    // A plain user's single send: only they (and the administrators above) see it.
    const sender = ok(await api.post('Roles/Create', { title: unique('Single sender '), claims: ['Sending.Single'], organizationId: tree.sub.id }, { token: tree.subAdmin.token }));
    ok(await api.post('Roles/AssignToUser', { userId: tree.subUser.userId, roleId: sender.id }, { token: tree.subAdmin.token }));
    ids.push({ id: ok(await api.post('ScheduledMessages/CreateFastScheduledMessage', { senderNumberId: line.lineId, smsBody: 'Mine', mobile: '09121510021' }, { token: tree.subUser.token })).id, token: tree.subAdmin.token });
    for (const s of ids) await waitForSend(api, s.token, s.id);
  });

  after(async () => {
    await expectLedgerClean(api);
  });

  it('answers every day of the default range (the last ten Tehran days) with the outbox\'s counts and the ledger\'s money', async () => {
    const answer = ok(await api.get('Dashboard/GetInformationsForDashboard', { token: tree.orgAdmin.token }));
    expect(answer).to.include({ fromDate: range.fromDate, toDate: range.toDate, scope: 'organization' });
    expect(answer.days.map((d: any) => d.date)).to.have.length(10);
    expect(answer.days[9].date).to.equal(range.toDate);
    expect(answer.organization).to.include({ id: tree.organization.id, name: tree.organization.name });

    // The organization's slice is itself and its sub-organization: 4 sends, 12 receivers.
    const expected = await fromOutbox(tree.orgAdmin.token);
    expect(expected).to.include({ sends: 4, messages: 12 });
    expectSame(answer, expected, 'organization administrator');
    expect(answer.totals.parts).to.equal(6 * 2 + 2 + 3 + 1);
    expect(answer.totals.sent).to.equal(12);
    expect(answer.totals.buckets.delivered + answer.totals.buckets.notDelivered).to.equal(12);
    expect(answer.totals.buckets.notDelivered, 'the simulator leaves some undelivered').to.be.above(0);

    const ledger = await fromLedger(tree.orgAdmin.token, tree.organization.id);
    expect(ledger.charged > 0n && ledger.givenBack > 0n).to.equal(true);
    expect(answer.credit).to.deep.equal({ charged: ledger.charged.toString(), givenBack: ledger.givenBack.toString(), used: (ledger.charged - ledger.givenBack).toString() });
    const daySum = answer.days.reduce((t: bigint, d: any) => t + BigInt(d.credit.used), 0n);
    expect(daySum.toString()).to.equal(answer.credit.used);

    expect(answer.operators.reduce((t: number, o: any) => t + o.messages, 0)).to.equal(12);
    expect(answer.operators.find((o: any) => o.operator === 'mci')).to.include({ messages: 9 });
    expect(answer.operators.find((o: any) => o.operator === 'irancell')).to.include({ messages: 2 });
    expect(answer.topLines).to.deep.equal([{ privateNumberId: line.lineId, senderNumber: line.number, messages: 12, parts: 18 }]);
    expect(answer.sendTypes).to.deep.equal([{ sendType: 'Bulk', messages: 11, parts: 17, sent: 11 }, { sendType: 'Single', messages: 1, parts: 1, sent: 1 }]);
  });

  it('scopes like the outbox: a sub-organization sees its own, a plain user only their sends, an administrator may pick an organization of their slice', async () => {
    const sub = await dashboard(tree.subAdmin.token);
    expectSame(sub, await fromOutbox(tree.subAdmin.token), 'sub-organization administrator');
    expect(sub.totals).to.include({ sends: 3, messages: 9 });
    const subLedger = await fromLedger(tree.subAdmin.token, tree.sub.id);
    expect(sub.credit.charged).to.equal(subLedger.charged.toString());
    expect(sub.credit.givenBack).to.equal(subLedger.givenBack.toString());

    const picked = await dashboard(tree.orgAdmin.token, `&organizationId=${tree.sub.id}`);
    expect(picked.organization.id).to.equal(tree.sub.id);
    expect(picked.totals).to.deep.equal(sub.totals);
    expect(picked.credit, 'the chosen organization\'s own account').to.deep.equal(sub.credit);

    const mine = await dashboard(tree.subUser.token);
    expect(mine.scope).to.equal('user');
    expect(mine.totals).to.include({ sends: 1, messages: 1, parts: 1 });
    expect(mine.credit, 'no Financial.View, no money').to.equal(null);
    expect(mine.organization.credit).to.equal(null);

    // Outside the slice: 404, as for any object of another tree.
    bad(await api.get(`Dashboard/GetInformationsForDashboard?organizationId=${tree.organization.id}`, { token: tree.subAdmin.token }), 404);
    bad(await api.get(`Dashboard/GetInformationsForDashboard?organizationId=${tree.sub.id}`, { token: tree.otherAdmin.token }), 404);
    bad(await api.get(`Dashboard/GetInformationsForDashboard?organizationId=${tree.organization.id}`, { token: tree.subUser.token }), 404);
    const other = await dashboard(tree.otherAdmin.token);
    expect(other.totals).to.include({ sends: 0, messages: 0 });
  });

  it('answers the outbox daily statistics per day with the same numbers (claim SmsReports.Outbox)', async () => {
    const stats = ok(await api.get(`OutBox/GetDailyStatistics?${query}`, { token: tree.orgAdmin.token }));
    const answer = await dashboard(tree.orgAdmin.token);
    expect(stats.items).to.have.length(10);
    for (const [i, item] of stats.items.entries()) {
      const day = answer.days[i];
      expect(item).to.include({ date: day.date, sends: day.sends, messages: day.messages, parts: day.parts, sent: day.sent, delivered: day.buckets.delivered, notDelivered: day.buckets.notDelivered });
      expect(item.statuses).to.deep.equal(day.statuses);
    }
    expect(stats.totals).to.deep.equal(answer.totals);
    bad(await api.get('OutBox/GetDailyStatistics', { token: tree.subUser.token }), 403);
  });

  it('keeps the numbers when receivers move to the archive and when the rollup folds its log', async () => {
    const before = await dashboard(tree.orgAdmin.token);
    const oldest = ok(await api.get('OutBox/GetAll?pageSize=1&status=Sent', { token: tree.subAdmin.token })).items[0]
      ?? ok(await api.get('OutBox/GetAll?pageSize=1&status=SentAndGiveBackCredit', { token: tree.subAdmin.token })).items[0];
    ok(await api.post('OutBox/Archive', { ids: [oldest.id] }, { token: tree.subAdmin.token }));
    await waitForSend(api, tree.subAdmin.token, oldest.id, (s) => s.status === 'Archived');
    expect((await dashboard(tree.orgAdmin.token)).totals).to.deep.equal(before.totals);

    const container = (await sharedServer()).peyk.container;
    await container.get(InsightService).fold();
    expect(await container.get(RollupRepository).pending()).to.be.at.most(1_000);
    const after = await dashboard(tree.orgAdmin.token);
    expect(after.totals).to.deep.equal(before.totals);
    expect(after.days).to.deep.equal(before.days);
    expectSame(after, await fromOutbox(tree.orgAdmin.token), 'after archive and fold');
  });

  it('refuses a bad day, an end before the start and a range over 90 days on the field', async () => {
    bad(await api.get('Dashboard/GetInformationsForDashboard?fromDate=2026-02-30', { token: tree.orgAdmin.token }), 400, 'fromDate');
    bad(await api.get('Dashboard/GetInformationsForDashboard?toDate=1405/09/01', { token: tree.orgAdmin.token }), 400, 'toDate');
    bad(await api.get('Dashboard/GetInformationsForDashboard?fromDate=2026-11-10&toDate=2026-11-09', { token: tree.orgAdmin.token }), 400, 'toDate');
    const long = bad(await api.get('OutBox/GetDailyStatistics?fromDate=2026-01-01&toDate=2026-04-01', { token: tree.orgAdmin.token, culture: 'en-US' }), 400, 'toDate');
    expect(long.validationErrors![0].message).to.equal('The report range is at most 90 days.');
    const ninety = ok(await api.get('OutBox/GetDailyStatistics?fromDate=2026-01-01&toDate=2026-03-31', { token: tree.orgAdmin.token }));
    expect(ninety.items).to.have.length(90);
  });
});
