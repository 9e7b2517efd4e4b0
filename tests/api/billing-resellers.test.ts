import { expect } from 'chai';
import type { Knex } from 'knex';
import { ApiClient, type ApiResponse } from '../support/api-client.js';
import { INITIAL_ADMIN_PASSWORD, startTestServer, type TestServer } from '../support/test-server.js';
import { ADMIN_PASSWORD, USER_PASSWORD, unique } from '../support/fixtures.js';
import { TYPES } from '../../server/platform/tokens.js';
import { BillingService, billingModule } from '../../server/modules/billing/index.js';
import { periodOf } from '../../server/modules/billing/reseller-periods.js';
import { ResellerTargetsRepository } from '../../server/modules/billing/reseller-targets.repository.js';
import sinon from 'sinon';

const backends = [
  { name: 'the embedded database', overrides: { databaseUrl: null, redisUrl: null } },
  ...(process.env.DATABASE_URL ? [{ name: 'PostgreSQL', overrides: {} }] : []),
];

const ok = (res: ApiResponse) => {
  expect(res.status, JSON.stringify(res.body)).to.equal(200);
  return res.body.data;
};
const fieldOf = (res: ApiResponse, status = 400) => {
  expect(res.status, JSON.stringify(res.body)).to.equal(status);
  expect(res.body.message).to.be.a('string').and.not.equal('');
  return res.body.validationErrors![0].propertyName;
};

/**
 * Reseller margin, settings and targets (billing CONTEXT, "Resellers"): the margin equals a hand
 * computation over two tariff levels, a refund, a released hold and the reseller's own send;
 * tenancy; target progress; a target's reward credited once under 50 parallel sends and
 * concurrent job runs; validation errors in the spec's shape. On both backends.
 */
for (const backend of backends) {
  describe(`Reseller margin and targets (Resellers/*), on ${backend.name}`, function () {
    this.timeout(180_000);
    let server: TestServer;
    let api: ApiClient;
    let knex: Knex;
    let billing: BillingService;
    let superToken: string;
    let resellerToken: string;
    let otherToken: string;
    let customerToken: string;
    let reseller: { id: number };
    let other: { id: number };
    let a: { id: number };
    let b: { id: number };
    let seq = 7_000_000;

    const signIn = async (userName: string, password: string): Promise<string> => ok(await api.post('Account/Login', { userName, password })).accessToken;
    const org = async (token: string, body: Record<string, unknown>) => ok(await api.post('Organizations/Create', { name: unique('Org '), ...body }, { token }));
    const adminOf = async (token: string, organizationId: number): Promise<string> => {
      const userName = unique('rs');
      ok(await api.post('Users/Create', { userName, organizationId, isAdmin: true, firstName: 'R', password: USER_PASSWORD, changePasswordRequired: false }, { token }));
      return signIn(userName, USER_PASSWORD);
    };
    /** A tariff of `ownerId` at `mci` rials per part, assigned to `organizationId`; no VAT for it. */
    const tariff = async (ownerId: number, organizationId: number, mci: number) => {
      const [row] = await knex('tariffs').insert({
        ownerOrganizationId: ownerId, title: unique('T'),
        ranges: JSON.stringify([{ lineType: 'default', fromCount: 0, toCount: null, prices: { mci: String(mci), irancell: String(mci), rightel: String(mci), other: String(mci), international: String(mci) } }]),
      }).returning('id');
      await knex('organization_tariffs').insert({ organizationId, tariffId: (row as { id: number }).id }).onConflict('organizationId').merge();
      await knex('organizations').where({ id: organizationId }).update({ isTax: false });
    };
    const fund = async (organizationId: number, amount: number) => ok(await api.post('Credits/ChargeOrganization', { organizationId, amount }, { token: superToken }));
    const hold = (organizationId: number, mci: number) => billing.hold(null, { reference: `send:${++seq}`, organizationId, parts: { mci } });
    const runJob = async (now = new Date()) => {
      const job = billingModule.jobs!(server.peyk.container).find((j) => j.name === 'billing.reseller-target-rewards');
      expect(job, 'the job is declared').to.not.equal(undefined);
      return job!.run(now, new AbortController().signal);
    };
    const balanceOf = async (organizationId: number) => {
      const row = await knex('credit_accounts').where({ organizationId }).whereNull('userId').first();
      return { balance: BigInt(row.balance), held: BigInt(row.held) };
    };

    before(async () => {
      server = await startTestServer(backend.overrides);
      api = new ApiClient(server.url);
      knex = server.peyk.container.get<Knex>(TYPES.Knex);
      billing = server.peyk.container.get(BillingService);
      await knex.raw("update main_settings set value = '0' where key = 'ResolutionOfParliament'");
      const first = ok(await api.post('Account/Login', { userName: 'admin', password: INITIAL_ADMIN_PASSWORD }));
      ok(await api.post('Account/ChangePassword', { currentPassword: INITIAL_ADMIN_PASSWORD, newPassword: ADMIN_PASSWORD, confirmPassword: ADMIN_PASSWORD }, { token: first.accessToken }));
      superToken = await signIn('admin', ADMIN_PASSWORD);
      reseller = await org(superToken, { type: 'reseller' });
      other = await org(superToken, { type: 'reseller' });
      resellerToken = await adminOf(superToken, reseller.id);
      otherToken = await adminOf(superToken, other.id);
      a = await org(resellerToken, {});
      b = await org(resellerToken, {});
      customerToken = await adminOf(resellerToken, a.id);
      // Two tariff levels: the reseller pays 100 a part to the system; its customers pay 150 (A) and 200 (B).
      await tariff(1, reseller.id, 100);
      await tariff(reseller.id, a.id, 150);
      await tariff(reseller.id, b.id, 200);
      for (const id of [reseller.id, a.id, b.id]) await fund(id, 1_000_000);
    });
    after(async () => { await server?.stop(); });

    it('answers each send\'s and each period\'s margin as computed by hand, net of refunds, without released holds or the reseller\'s own sends', async () => {
      await hold(a.id, 10); // A 1500, reseller 1000
      const bSend = await hold(b.id, 5); // B 1000, reseller 500 …
      await billing.refund(null, bSend.reference, { mci: 2 }, 'final'); // … less 2 parts: B 600, reseller 300
      await billing.settle(null, bSend.reference);
      const released = await hold(a.id, 3);
      await billing.release(null, released.reference);
      await hold(reseller.id, 4); // its own send: no customer, no margin

      const margin = ok(await api.get('Resellers/GetMargin', { token: resellerToken }));
      expect(margin.totals).to.deep.equal({ sends: 2, parts: 13, customerPaid: '2100', resellerCost: '1300', margin: '800' });
      expect(margin.totalCount).to.equal(2);
      const [bRow, aRow] = margin.items;
      expect(bRow).to.deep.include({ sendId: Number(bSend.reference.slice(5)), status: 'settled', customerOrganizationId: b.id, parts: 3, customerPaid: '600', resellerCost: '300', margin: '300' });
      expect(aRow).to.deep.include({ status: 'held', customerOrganizationId: a.id, parts: 10, customerPaid: '1500', resellerCost: '1000', margin: '500' });
      expect(margin.periods).to.have.length(1);
      expect(margin.periods[0]).to.deep.include({ sends: 2, parts: 13, margin: '800' });
      const month = ok(await api.get('Resellers/GetMargin?groupBy=month', { token: resellerToken }));
      expect(month.periods[0].period).to.equal(periodOf('Monthly', new Date()).key);
      expect(month.periods[0].margin).to.equal('800');
      // One customer, and one page of one.
      const onlyA = ok(await api.get(`Resellers/GetMargin?customerOrganizationId=${a.id}&pageSize=1`, { token: resellerToken }));
      expect(onlyA.totals).to.deep.include({ sends: 1, margin: '500' });
      const page2 = ok(await api.get('Resellers/GetMargin?pageSize=1&pageIndex=1', { token: resellerToken }));
      expect(page2.items.map((i: { customerOrganizationId: number }) => i.customerOrganizationId)).to.deep.equal([a.id]);
      // The system administrator picks the reseller and sees the same figures.
      expect(ok(await api.get(`Resellers/GetMargin?resellerId=${reseller.id}`, { token: superToken })).totals.margin).to.equal('800');
      // A range before the sends: empty.
      const empty = ok(await api.get('Resellers/GetMargin?fromDate=2020-01-01&toDate=2020-01-31', { token: resellerToken }));
      expect(empty).to.deep.include({ totalCount: 0, items: [], periods: [] });
    });

    it('keeps each reseller to itself: another reseller 404, an ordinary organization 403, a non-reseller 400 on resellerId', async () => {
      expect((await api.get(`Resellers/GetMargin?resellerId=${reseller.id}`, { token: otherToken })).status).to.equal(404);
      expect((await api.get(`Resellers/GetTargets?resellerId=${reseller.id}`, { token: otherToken })).status).to.equal(404);
      expect((await api.get('Resellers/GetMargin', { token: customerToken })).status).to.equal(403);
      expect(fieldOf(await api.get(`Resellers/GetMargin?resellerId=${a.id}`, { token: resellerToken }))).to.equal('resellerId');
      expect(fieldOf(await api.get('Resellers/GetMargin', { token: superToken }))).to.equal('resellerId');
      const otherMargin = ok(await api.get('Resellers/GetMargin', { token: otherToken }));
      expect(otherMargin.totalCount).to.equal(0);
    });

    it('refuses bad input on the field, in the spec\'s shape', async () => {
      expect(fieldOf(await api.get('Resellers/GetMargin?fromDate=2026-02-30', { token: resellerToken }))).to.equal('fromDate');
      expect(fieldOf(await api.get('Resellers/GetMargin?fromDate=2026-03-01&toDate=2026-02-01', { token: resellerToken }))).to.equal('toDate');
      expect(fieldOf(await api.get('Resellers/GetMargin?fromDate=2020-01-01&toDate=2026-01-01', { token: resellerToken }))).to.equal('toDate');
      const base = { resellerId: reseller.id, times: 'Monthly', targetValue: 10, credit: 1000 };
      expect(fieldOf(await api.post('Resellers/CreateTarget', { ...base, targetValue: 0 }, { token: superToken }))).to.equal('targetValue');
      expect(fieldOf(await api.post('Resellers/CreateTarget', { ...base, times: 'Weekly' }, { token: superToken }))).to.equal('times');
      expect(fieldOf(await api.post('Resellers/CreateTarget', { ...base, credit: '1.5' }, { token: superToken }))).to.equal('credit');
      expect(fieldOf(await api.post('Resellers/CreateTarget', { ...base, credit: '10000000000000000' }, { token: superToken }))).to.equal('credit');
      expect(fieldOf(await api.post('Resellers/UpdateSettings', { resellerId: reseller.id, panelPercent: 100.5 }, { token: superToken }))).to.equal('panelPercent');
      expect(fieldOf(await api.post('Resellers/UpdateSettings', { resellerId: reseller.id, panelPercent: '12.345' }, { token: superToken }))).to.equal('panelPercent');
      const fa = await api.post('Resellers/UpdateSettings', { resellerId: reseller.id, panelPercent: '12.345' }, { token: superToken, culture: 'fa-IR' });
      expect(fa.status).to.equal(400);
      expect(fa.body.message).to.match(/[\u0600-\u06FF]/);
    });

    it('the parent sets the reseller\'s settings; the reseller reads them and cannot change them', async () => {
      const saved = ok(await api.post('Resellers/UpdateSettings', { resellerId: reseller.id, pricePerSms: '120', panelPercent: 12.5 }, { token: superToken }));
      expect(saved).to.deep.include({ resellerId: reseller.id, pricePerSms: '120', panelPercent: '12.50', canManage: true });
      const seen = ok(await api.get('Resellers/GetSettings', { token: resellerToken }));
      expect(seen).to.deep.include({ pricePerSms: '120', panelPercent: '12.50', canManage: false });
      expect((await api.post('Resellers/UpdateSettings', { resellerId: reseller.id, pricePerSms: 1 }, { token: resellerToken })).status).to.equal(403);
    });

    it('shows each target\'s progress in the running period; only an organization above edits or deletes it', async () => {
      const created = ok(await api.post('Resellers/CreateTarget', { resellerId: reseller.id, title: 'Monthly 30', times: 'Monthly', targetValue: 30, credit: 7000 }, { token: superToken }));
      // The subtree's parts this month: A 10, B 5 - 2 refunded, the reseller's own 4 (the released hold counts nothing).
      expect(created).to.deep.include({ times: 'Monthly', targetValue: 30, credit: '7000', sentParts: 17, percent: 56, rewarded: false, rewardedAt: null });
      expect(created.period.key).to.equal(periodOf('Monthly', new Date()).key);
      const yearly = ok(await api.post('Resellers/CreateTarget', { resellerId: reseller.id, times: 'Yearly', targetValue: 1000, credit: '5' }, { token: superToken }));
      expect(yearly).to.deep.include({ sentParts: 17, percent: 1 });
      const list = ok(await api.get('Resellers/GetTargets', { token: resellerToken }));
      expect(list).to.deep.include({ resellerId: reseller.id, canManage: false });
      expect(list.items.map((i: { id: number }) => i.id)).to.deep.equal([created.id, yearly.id]);
      expect((await api.post('Resellers/CreateTarget', { resellerId: reseller.id, times: 'Monthly', targetValue: 1, credit: 1 }, { token: resellerToken })).status).to.equal(403);
      expect((await api.post('Resellers/UpdateTarget', { id: created.id, times: 'Monthly', targetValue: 1, credit: 1 }, { token: resellerToken })).status).to.equal(403);
      expect((await api.delete(`Resellers/DeleteTarget/${created.id}`, { token: otherToken })).status).to.equal(404);
      const updated = ok(await api.post('Resellers/UpdateTarget', { id: created.id, title: 'Monthly 40', times: 'Monthly', targetValue: 40, credit: 7000, isActive: false }, { token: superToken }));
      expect(updated).to.deep.include({ title: 'Monthly 40', targetValue: 40, isActive: false, percent: 42 });
      ok(await api.delete(`Resellers/DeleteTarget/${yearly.id}`, { token: superToken }));
      expect(ok(await api.get('Resellers/GetTargets', { token: resellerToken })).items.map((i: { id: number }) => i.id)).to.deep.equal([created.id]);
      // Not reached, or inactive: the job pays nothing.
      await runJob();
      expect(await knex('reseller_target_rewards').where({ targetId: created.id })).to.have.length(0);
    });

    it('credits a reached target\'s reward once, under 50 parallel sends and concurrent job runs; the balance is exact', async () => {
      const r2 = await org(superToken, { type: 'reseller' });
      const r2Token = await adminOf(superToken, r2.id);
      const c2 = await org(r2Token, {});
      await tariff(1, r2.id, 100);
      await tariff(r2.id, c2.id, 130);
      await fund(r2.id, 1_000_000);
      await fund(c2.id, 1_000_000);
      const target = ok(await api.post('Resellers/CreateTarget', { resellerId: r2.id, times: 'Monthly', targetValue: 50, credit: 12_345 }, { token: superToken }));
      const before = await balanceOf(r2.id);
      // 50 one-part sends, with job runs racing them; then five runs at once.
      await Promise.all([...Array.from({ length: 50 }, () => hold(c2.id, 1)), ...Array.from({ length: 5 }, () => runJob())]);
      await Promise.all(Array.from({ length: 5 }, () => runJob()));
      const key = `reseller-target:${target.id}:${periodOf('Monthly', new Date()).key}`;
      const entries = await knex('credit_ledger').where({ idempotencyKey: key });
      expect(entries).to.have.length(1);
      expect(entries[0]).to.deep.include({ typeCreditChange: 'Manage', typeTransaction: 'Increase', referenceType: 'reseller-target', referenceId: String(target.id) });
      expect(BigInt(entries[0].amount)).to.equal(12_345n);
      expect(await knex('reseller_target_rewards').where({ targetId: target.id })).to.have.length(1);
      const after = await balanceOf(r2.id);
      expect(after.balance - before.balance).to.equal(12_345n);
      expect(after.held - before.held).to.equal(5_000n);
      const seen = ok(await api.get('Resellers/GetTargets', { token: r2Token }));
      expect(seen.items[0]).to.deep.include({ sentParts: 50, percent: 100, rewarded: true });
      expect(seen.items[0].rewards).to.have.length(1);
      expect(ok(await api.get('Ledger/Verify', { token: superToken })).ok).to.equal(true);
      // The job runs every minute: a period already rewarded is not summed again.
      const account = await knex('credit_accounts').where({ organizationId: r2.id }).whereNull('userId').first();
      const sums = sinon.spy(ResellerTargetsRepository.prototype, 'sentParts');
      try {
        await runJob();
        expect(sums.getCalls().filter((c) => c.args[0] === Number(account.id))).to.have.length(0);
      } finally {
        sums.restore();
      }
    });

    it('rewards a period reached in its last minute on the next period\'s first run, not a target set after it; folds days into Jalali months', async () => {
      const r3 = await org(superToken, { type: 'reseller' });
      const r3Token = await adminOf(superToken, r3.id);
      const c3 = await org(r3Token, {});
      await tariff(1, r3.id, 100);
      await tariff(r3.id, c3.id, 130);
      await fund(r3.id, 1_000_000);
      await fund(c3.id, 1_000_000);
      const early = ok(await api.post('Resellers/CreateTarget', { resellerId: r3.id, times: 'Monthly', targetValue: 5, credit: 1000 }, { token: superToken }));
      const late = ok(await api.post('Resellers/CreateTarget', { resellerId: r3.id, times: 'Monthly', targetValue: 5, credit: 1000 }, { token: superToken }));
      await knex('reseller_targets').where({ id: early.id }).update({ createdAt: '2026-01-01T00:00:00Z' });
      await knex('reseller_targets').where({ id: late.id }).update({ createdAt: '2026-11-21T20:30:30Z' });
      // 1405-08 ends at 2026-11-21T20:30Z (Tehran midnight): 5 parts in its last minute, 2 just after.
      const last = await hold(c3.id, 5);
      const next = await hold(c3.id, 2);
      await knex('credit_holds').where({ reference: last.reference }).update({ createdAt: '2026-11-21T20:29:00Z' });
      await knex('credit_holds').where({ reference: next.reference }).update({ createdAt: '2026-11-21T20:31:00Z' });
      await runJob(new Date('2026-11-21T20:31:30Z'));
      await runJob(new Date('2026-11-21T20:32:30Z'));
      const rewards = await knex('reseller_target_rewards').whereIn('targetId', [early.id, late.id]);
      expect(rewards.map((r: { targetId: number; periodKey: string }) => [r.targetId, r.periodKey])).to.deep.equal([[early.id, '1405-08']]);
      expect(await knex('credit_ledger').where({ idempotencyKey: `reseller-target:${early.id}:1405-08` })).to.have.length(1);

      const days = ok(await api.get('Resellers/GetMargin?fromDate=2026-11-20&toDate=2026-11-23', { token: r3Token }));
      expect(days.periods.map((p: { period: string; parts: number; margin: string }) => [p.period, p.parts, p.margin])).to.deep.equal([['2026-11-21', 5, '150'], ['2026-11-22', 2, '60']]);
      const months = ok(await api.get('Resellers/GetMargin?fromDate=2026-11-20&toDate=2026-11-23&groupBy=month', { token: r3Token }));
      expect(months.periods.map((p: { period: string; sends: number; margin: string }) => [p.period, p.sends, p.margin])).to.deep.equal([['1405-08', 1, '150'], ['1405-09', 1, '60']]);
      expect(months.totals).to.deep.equal({ sends: 2, parts: 7, customerPaid: '910', resellerCost: '700', margin: '210' });
    });
  });
}
