import 'reflect-metadata';
import { expect } from 'chai';
import { billingBackends, type BillingHarness } from '../support/billing-harness.js';
import { AppError } from '../../server/platform/http/errors.js';
import { PackagesService, DiscountsService, discountAmountOf, expiryOf } from '../../server/modules/billing/index.js';
import { MainSettingsService } from '../../server/modules/billing/main-settings.service.js';
import { afterCommit, savepoint } from '../../server/platform/unit-of-work.js';
import type { OrganizationRow } from '../../server/modules/organizations/index.js';

/** The AppError a call threw: status, key and the fields it names. */
async function refusal(p: Promise<unknown>): Promise<{ status: number; key: string; fields: string[] }> {
  try {
    await p;
  } catch (err) {
    if (err instanceof AppError) return { status: err.status, key: err.key, fields: err.validationErrors.map((v) => v.propertyName) };
    throw err;
  }
  throw new Error('expected a refusal');
}

for (const backend of billingBackends()) {
  describe(`billing packages and discounts on ${backend.name}`, function () {
    this.timeout(120_000);
    let h: BillingHarness;
    let packages: PackagesService;
    let discounts: DiscountsService;
    let reseller: OrganizationRow;
    let n = 0;
    const uniq = (p: string) => `${p}${++n}`;

    const entriesOf = async (organizationId: number) => h.knex('credit_ledger')
      .whereIn('accountId', h.knex('credit_accounts').select('id').where({ organizationId }).whereNull('userId'))
      .orderBy('id').select('amount', 'typeCreditChange', 'typeTransaction', 'currentCredit', 'referenceType', 'referenceId', 'idempotencyKey');
    const createPackage = (values: Record<string, unknown> = {}) => packages.create(h.systemContext(reseller), {
      title: uniq('Pack '), expirationType: 1, expiration: 30, depositPrice: '40000', chargeAmount: '50000', ...values,
    }) as Promise<{ id: number }>;

    before(async () => {
      h = await backend.open();
      packages = h.container.get(PackagesService);
      discounts = h.container.get(DiscountsService);
      reseller = await h.org(null, 'Reseller', { type: 'reseller' });
    });
    afterEach(async () => {
      const v = await h.billing.verify();
      expect(v.mismatches, 'ledger verify after the test').to.deep.equal([]);
      expect(v.brokenEntries).to.deep.equal([]);
    });
    after(async () => {
      if (h) await h.dispose();
    });

    it('a purchase pays depositPrice and receives chargeAmount in one transaction, with its expiry; a repeated requestId changes nothing', async () => {
      const pkg = await createPackage();
      const buyer = await h.org(reseller, 'buyer');
      await h.fund(buyer.id, 100_000n);
      const started = Date.now();
      const out = await packages.buy(h.systemContext(buyer), { packageId: pkg.id, requestId: 'buy-1' }) as any;
      expect(out.applied).to.equal(true);
      expect(out.currentCredit).to.equal('110000');
      expect(out.purchase).to.include({ packageId: pkg.id, organizationId: buyer.id, depositPrice: '40000', discountAmount: '0', paidAmount: '40000', chargeAmount: '50000' });
      const expires = new Date(out.purchase.expiresAt).getTime();
      expect(expires).to.be.within(started + 30 * 86_400_000 - 5_000, Date.now() + 30 * 86_400_000 + 5_000);
      expect(await h.account(buyer.id)).to.deep.include({ balance: 110_000n, held: 0n });
      const entries = (await entriesOf(buyer.id)).slice(1);
      expect(entries.map((e: any) => [String(e.amount), e.typeCreditChange, e.typeTransaction, String(e.currentCredit), e.referenceType, e.referenceId])).to.deep.equal([
        ['-40000', 'Manage', 'Decrease', '60000', 'package', String(pkg.id)],
        ['50000', 'Manage', 'Increase', '110000', 'package', String(pkg.id)],
      ]);

      // The same requestId again, also concurrently: the first purchase, applied false, nothing new.
      const repeats = await Promise.all([1, 2, 3].map(() => packages.buy(h.systemContext(buyer), { packageId: pkg.id, requestId: 'buy-1' }) as Promise<any>));
      expect(repeats.map((r) => [r.applied, r.purchase.id])).to.deep.equal([1, 2, 3].map(() => [false, out.purchase.id]));
      const concurrent = await Promise.all([1, 2, 3, 4, 5].map(() => packages.buy(h.systemContext(buyer), { packageId: pkg.id, requestId: 'buy-2' }) as Promise<any>));
      expect(concurrent.filter((r) => r.applied).length).to.equal(1);
      expect(await h.account(buyer.id)).to.deep.include({ balance: 120_000n });
      expect(await entriesOf(buyer.id)).to.have.length(5);
      // A requestId used for another package is a conflict.
      const other = await createPackage();
      expect(await refusal(packages.buy(h.systemContext(buyer), { packageId: other.id, requestId: 'buy-1' }))).to.include({ status: 409, key: 'billing.requestIdReused' });
    });

    it('a buyer short of depositPrice gets OrganizationCreditNotEnough and nothing is written', async () => {
      const pkg = await createPackage();
      const poor = await h.org(reseller, 'poor');
      await h.fund(poor.id, 39_999n);
      expect(await refusal(packages.buy(h.systemContext(poor), { packageId: pkg.id, requestId: 'poor-1' }))).to.deep.include({ status: 400, key: 'billing.OrganizationCreditNotEnough' });
      expect(await h.account(poor.id)).to.deep.include({ balance: 39_999n });
      expect(await entriesOf(poor.id)).to.have.length(1);
      expect(await h.knex('package_purchases').where({ organizationId: poor.id })).to.have.length(0);
      // Not above the buyer: its own package, or another tree's, is not found.
      const stranger = await h.org(null, 'stranger');
      await h.fund(stranger.id, 100_000n);
      expect(await refusal(packages.buy(h.systemContext(stranger), { packageId: pkg.id, requestId: 's-1' }))).to.include({ status: 404 });
      expect(await refusal(packages.buy(h.systemContext(reseller), { packageId: pkg.id, requestId: 's-2' }))).to.include({ status: 404 });
    });

    it('refuses chargeAmount not more than depositPrice, on create and update, and in the database', async () => {
      for (const [depositPrice, chargeAmount] of [['50000', '50000'], ['50000', '49999']]) {
        expect(await refusal(createPackage({ depositPrice, chargeAmount }))).to.deep.include({ status: 400, key: 'billing.packageChargeNotMore', fields: ['chargeAmount'] });
      }
      const pkg = await createPackage();
      expect(await refusal(packages.update(h.systemContext(reseller), { id: pkg.id, depositPrice: '50000' }))).to.deep.include({ status: 400, fields: ['chargeAmount'] });
      expect(await refusal(createPackage({ depositPrice: '-1' }))).to.deep.include({ status: 400, fields: ['depositPrice'] });
      const ok = await packages.update(h.systemContext(reseller), { id: pkg.id, depositPrice: '45000' }) as any;
      expect(ok).to.include({ depositPrice: '45000', chargeAmount: '50000' });
      let refused = false;
      try {
        await h.knex('packages').insert({ ownerOrganizationId: reseller.id, title: 'x', expirationType: 0, expiration: 1, depositPrice: 10, chargeAmount: 10 });
      } catch {
        refused = true;
      }
      expect(refused, 'the CHECK constraint refuses it too').to.equal(true);
      // A plain organization defines no packages.
      const plain = await h.org(reseller, 'plain');
      expect(await refusal(packages.create(h.systemContext(plain), { title: 'p', expirationType: 0, expiration: 1, depositPrice: 1, chargeAmount: 2 }))).to.include({ status: 403 });
    });

    it('a discount code with maximumUse 1 used by 5 concurrent purchases: exactly one gets it', async () => {
      const pkg = await createPackage();
      const code = uniq('ONCE');
      await discounts.create(h.systemContext(reseller), { code, isPercentage: true, discountPercentageValue: '25', maximumUse: 1 });
      const buyers = await Promise.all([1, 2, 3, 4, 5].map((i) => h.org(reseller, `race ${i}`)));
      for (const b of buyers) await h.fund(b.id, 100_000n);
      const results = await Promise.allSettled(buyers.map((b) => packages.buy(h.systemContext(b), { packageId: pkg.id, requestId: 'race', discountCode: code.toLowerCase() })));
      const won = results.filter((r): r is PromiseFulfilledResult<any> => r.status === 'fulfilled');
      expect(won.length, JSON.stringify(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok')))).to.equal(1);
      expect(won[0].value.purchase).to.include({ discountAmount: '10000', paidAmount: '30000', chargeAmount: '50000', discountCode: code });
      for (const r of results) if (r.status === 'rejected') expect((r.reason as AppError).key).to.equal('billing.discountNotCorrect');
      const balances = await Promise.all(buyers.map(async (b) => (await h.account(b.id))?.balance));
      expect(balances.filter((b) => b === 120_000n).length).to.equal(1);
      expect(balances.filter((b) => b === 100_000n).length).to.equal(4);
      expect((await h.knex('discounts').where({ code }).first()).usedCount).to.equal(1);
      expect(await h.knex('package_purchases').whereIn('organizationId', buyers.map((b) => b.id))).to.have.length(1);
    });

    it('discount rules: percent rounded down and capped, fixed capped at the amount; window, special organization and other trees are refused alike', async () => {
      expect(discountAmountOf({ isPercentage: true, discountPercentageValue: '12.5', discountValue: null, maximumAmount: null }, 999n)).to.equal(124n);
      expect(discountAmountOf({ isPercentage: true, discountPercentageValue: '50', discountValue: null, maximumAmount: '300' }, 10_000n)).to.equal(300n);
      expect(discountAmountOf({ isPercentage: false, discountPercentageValue: null, discountValue: '5000', maximumAmount: null }, 4_000n)).to.equal(4_000n);
      const special = await h.org(reseller, 'special');
      const other = await h.org(reseller, 'other');
      const ctxR = h.systemContext(reseller);
      const codes = { expired: uniq('OLD'), future: uniq('NEW'), special: uniq('SPEC'), off: uniq('OFF') };
      await discounts.create(ctxR, { code: codes.expired, isPercentage: false, discountValue: 100, startsAt: '2020-01-01T00:00:00Z', endsAt: '2021-01-01T00:00:00Z' });
      await discounts.create(ctxR, { code: codes.future, isPercentage: false, discountValue: 100, startsAt: '2099-01-01T00:00:00Z' });
      await discounts.create(ctxR, { code: codes.special, isPercentage: false, discountValue: 100, specialOrganizationId: special.id });
      await discounts.create(ctxR, { code: codes.off, isPercentage: false, discountValue: 100, isActive: false });
      for (const code of [codes.expired, codes.future, codes.special, codes.off, 'NOSUCHCODE']) {
        expect(await refusal(discounts.check(h.systemContext(other), { code, amount: '1000' }))).to.deep.include({ status: 400, key: 'billing.discountNotCorrect', fields: ['code'] });
      }
      expect(await discounts.check(h.systemContext(special), { code: codes.special, amount: '1000' })).to.include({ discountAmount: '100', payable: '900' });
      // The owner itself does not use its own codes.
      expect(await refusal(discounts.check(ctxR, { code: codes.special, amount: '1000' }))).to.include({ key: 'billing.discountNotCorrect' });
      expect(await refusal(discounts.create(ctxR, { code: codes.special.toLowerCase(), isPercentage: false, discountValue: 1 }))).to.deep.include({ fields: ['code'] });
      for (const value of ['0', '100.01', '12.345', 'abc']) {
        expect(await refusal(discounts.create(ctxR, { code: uniq('BAD'), isPercentage: true, discountPercentageValue: value })), value).to.deep.include({ status: 400, fields: ['discountPercentageValue'] });
      }
    });

    it('billing raises no low-credit notification of its own: the alerts job is the one low-credit alert (issue 25)', async () => {
      const settings = h.container.get(MainSettingsService);
      await settings.update(h.systemContext(reseller), { LowestCreditOfUser: '10000' });
      try {
        const org = await h.org(reseller, 'low');
        await h.tariff(reseller.parentId as number, reseller.id, { mci: 1 });
        await h.fund(reseller.id, 1_000_000n);
        await h.tariff(reseller.id, org.id, { mci: 1000 });
        const admin = await h.user(org.id, uniq('adm'));
        await h.knex('users').where({ id: admin }).update({ isAdmin: true });
        const accountId = await h.uow.run((tx) => h.billing.organizationAccountId(tx, org.id));
        await h.fund(org.id, 20_000n);
        await h.uow.run((tx) => h.billing.debit(tx, { accountId, amount: 11_000n, typeCreditChange: 'Manage', referenceType: 'test' })); // 9,000: crossed
        await h.billing.hold(null, { reference: uniq('low-hold'), organizationId: org.id, parts: { mci: 2 } });
        expect(await h.knex('notifications').where({ organizationId: org.id })).to.have.length(0);
      } finally {
        await settings.update(h.systemContext(reseller), { LowestCreditOfUser: '0' });
      }
    });

    it('after-commit hooks registered in a savepoint wait for the outer commit', async () => {
      const ran: string[] = [];
      await h.uow.run(async (tx) => {
        await savepoint(tx, async (sp) => { afterCommit(sp, () => ran.push('hook')); });
        ran.push('end of work');
      });
      expect(ran).to.deep.equal(['end of work', 'hook']);
    });

    it('expiry: hour, day, week and calendar month', () => {
      const from = new Date('2026-01-31T10:00:00Z');
      expect(expiryOf(from, 0, 5).toISOString()).to.equal('2026-01-31T15:00:00.000Z');
      expect(expiryOf(from, 1, 1).toISOString()).to.equal('2026-02-01T10:00:00.000Z');
      expect(expiryOf(from, 2, 2).toISOString()).to.equal('2026-02-14T10:00:00.000Z');
      expect(expiryOf(new Date('2026-03-15T00:00:00Z'), 3, 1).toISOString()).to.equal('2026-04-15T00:00:00.000Z');
      expect(expiryOf(from, 3, 1).toISOString()).to.equal('2026-02-28T10:00:00.000Z');
      expect(expiryOf(from, 3, 13).toISOString()).to.equal('2027-02-28T10:00:00.000Z');
    });
  });
}
