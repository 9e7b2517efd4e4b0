import 'reflect-metadata';
import { expect } from 'chai';
import { billingBackends, type BillingHarness } from '../support/billing-harness.js';
import { TYPES } from '../../server/platform/tokens.js';
import type { Clock } from '../../server/platform/clock.js';
import { PackagesService } from '../../server/modules/billing/packages.service.js';
import type { OrganizationRow } from '../../server/modules/organizations/index.js';

const DAY = 24 * 60 * 60 * 1000;

for (const backend of billingBackends()) {
  describe(`billing package credit expiry on ${backend.name}`, function () {
    this.timeout(120_000);
    let h: BillingHarness;
    let packages: PackagesService;
    let reseller: OrganizationRow;
    let packageId: number;
    let offsetMs = 0;
    const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };
    let n = 0;

    /** A buyer with `funds`, that buys the package (deposit 10,000 → 30,000 credit, one day). */
    const buyer = async (funds: bigint) => {
      const org = await h.org(reseller, `Buyer ${++n}`);
      await h.fund(org.id, funds);
      const bought = (await packages.buy(h.systemContext(org), { packageId, requestId: `r${n}` })) as any;
      return { org, purchaseId: Number(bought.purchase.id) };
    };
    const spend = async (organizationId: number, amount: bigint) => h.uow.run(async (tx) => {
      const accountId = await h.billing.organizationAccountId(tx, organizationId);
      expect(await h.billing.debit(tx, { accountId, amount, typeCreditChange: 'SendSms', referenceType: 'test' })).to.not.equal(null);
    });
    const expiredIds = async () => (await packages.expireDue()).map((p) => Number(p.id));

    before(async () => {
      h = await backend.open();
      h.container.rebind<Clock>(TYPES.Clock).toConstantValue(clock);
      packages = h.container.get(PackagesService);
      reseller = await h.org(null, 'Reseller', { type: 'reseller' });
      const pkg = (await packages.create(h.systemContext(reseller), { title: 'Day pack', expirationType: 1, expiration: 1, depositPrice: '10000', chargeAmount: '30000' })) as any;
      packageId = pkg.id;
    });
    beforeEach(() => { offsetMs = 0; });
    afterEach(async () => {
      const v = await h.billing.verify();
      expect(v.mismatches).to.deep.equal([]);
      expect(v.brokenEntries).to.deep.equal([]);
    });
    after(async () => {
      if (h) await h.dispose();
    });

    it('takes back the unused package credit once, after expiresAt (package credit is spent first)', async () => {
      const { org, purchaseId } = await buyer(100_000n);
      await spend(org.id, 5_000n);
      expect((await h.account(org.id))?.balance).to.equal(115_000n);
      expect(await expiredIds()).to.not.include(purchaseId);
      offsetMs = 2 * DAY;
      expect(await expiredIds()).to.include(purchaseId);
      expect((await h.account(org.id))?.balance).to.equal(90_000n);
      const row = await h.knex('package_purchases').where({ id: purchaseId }).first();
      expect(String(row.expiredAmount)).to.equal('25000');
      const entries = await h.knex('credit_ledger').where({ referenceType: 'package-expiry', organizationId: org.id });
      expect(entries.map((e: any) => String(e.amount))).to.deep.equal(['-25000']);
      // Repeated and concurrent sweeps take nothing more.
      await Promise.all([packages.expireDue(), packages.expireDue()]);
      expect((await h.account(org.id))?.balance).to.equal(90_000n);
    });

    it('takes nothing when the package credit was used up, and never more than the available credit', async () => {
      const spentAll = await buyer(50_000n);
      await spend(spentAll.org.id, 35_000n);
      const short = await buyer(10_000n);
      // 30,000 of credit after the purchase; 22,000 of it spent, the rest (8,000) is all it has.
      await spend(short.org.id, 22_000n);
      offsetMs = 2 * DAY;
      const ids = await expiredIds();
      expect(ids).to.include.members([spentAll.purchaseId, short.purchaseId]);
      expect((await h.account(spentAll.org.id))?.balance).to.equal(35_000n);
      expect((await h.account(short.org.id))?.balance).to.equal(0n);
      const rows = await h.knex('package_purchases').whereIn('id', [spentAll.purchaseId, short.purchaseId]).orderBy('id');
      expect(rows.map((r: any) => String(r.expiredAmount))).to.deep.equal(['0', '8000']);
    });
  });
}
