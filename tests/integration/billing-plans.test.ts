import 'reflect-metadata';
import { expect } from 'chai';
import { billingBackends, type BillingHarness } from '../support/billing-harness.js';
import { AppError } from '../../server/platform/http/errors.js';
import { PlansService } from '../../server/modules/billing/plans.service.js';
import { InvoicesService } from '../../server/modules/billing/invoices.service.js';
import { MainSettingsService } from '../../server/modules/billing/main-settings.service.js';
import type { OrganizationRow } from '../../server/modules/organizations/index.js';

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
  describe(`billing plans and modules on ${backend.name}`, function () {
    this.timeout(120_000);
    let h: BillingHarness;
    let plans: PlansService;
    let reseller: OrganizationRow;
    let planId: number;

    const entriesOf = async (organizationId: number) => h.knex('credit_ledger')
      .whereIn('accountId', h.knex('credit_accounts').select('id').where({ organizationId }).whereNull('userId'))
      .where({ referenceType: 'plan' }).orderBy('id').select('amount', 'typeCreditChange', 'currentCredit');
    const modulesOf = async (organizationId: number) => (await h.knex('organization_modules').where({ organizationId }).orderBy('moduleId')).map((m: any) => m.moduleId);

    before(async () => {
      h = await backend.open();
      plans = h.container.get(PlansService);
      reseller = await h.org(null, 'Reseller', { type: 'reseller' });
      const plan = (await plans.create(h.systemContext(reseller), { title: 'Gold', planType: 'Yearly', planPrice: '300000', extentionPrice: 120000, planInformation: 'Gold plan', modules: ['BulkSms', 'PhoneBook'] })) as any;
      planId = plan.id;
      expect(plan).to.include({ planPrice: '300000', extentionPrice: '120000' });
    });
    afterEach(async () => {
      const v = await h.billing.verify();
      expect(v.mismatches, 'ledger verify after the test').to.deep.equal([]);
      expect(v.brokenEntries).to.deep.equal([]);
    });
    after(async () => {
      if (h) await h.dispose();
    });

    it('buying pays planPrice exactly (BuyPanel) and grants the modules; a repeated requestId, also concurrent, changes nothing; then an extension (ExtendedPanel)', async () => {
      const buyer = await h.org(reseller, 'buyer');
      await h.fund(buyer.id, 500_000n);
      const results = (await Promise.all([1, 2, 3, 4, 5].map(() => plans.buy(h.systemContext(buyer), { planId, requestId: 'plan-1' })))) as any[];
      expect(results.filter((r) => r.applied)).to.have.length(1);
      expect(new Set(results.map((r) => r.purchase.id)).size).to.equal(1);
      expect(await h.account(buyer.id)).to.deep.include({ balance: 200_000n });
      expect(await modulesOf(buyer.id)).to.deep.equal(['BulkSms', 'PhoneBook']);
      const again = (await plans.buy(h.systemContext(buyer), { planId, requestId: 'plan-1' })) as any;
      expect(again.applied).to.equal(false);
      const ext = (await plans.buy(h.systemContext(buyer), { planId, requestId: 'plan-2' })) as any;
      expect(ext.purchase.kind).to.equal('extend');
      expect(ext.currentCredit).to.equal('80000');
      expect((await entriesOf(buyer.id)).map((e: any) => [String(e.amount), e.typeCreditChange, String(e.currentCredit)])).to.deep.equal([
        ['-300000', 'BuyPanel', '200000'], ['-120000', 'ExtendedPanel', '80000'],
      ]);
    });

    it('insufficient credit writes nothing: no entry, no purchase, no module', async () => {
      const buyer = await h.org(reseller, 'poor');
      await h.fund(buyer.id, 299_999n);
      const r = await refusal(plans.buy(h.systemContext(buyer), { planId, requestId: 'p' }));
      expect(r).to.deep.include({ status: 400, key: 'billing.OrganizationCreditNotEnough', fields: ['planId'] });
      expect(await h.account(buyer.id)).to.deep.include({ balance: 299_999n, held: 0n });
      expect(await entriesOf(buyer.id)).to.deep.equal([]);
      expect(await h.knex('plan_purchases').where({ organizationId: buyer.id })).to.deep.equal([]);
      expect(await modulesOf(buyer.id)).to.deep.equal([]);
    });

    it('a plan is bought only from below its owner; unknown modules and bad prices are refused', async () => {
      const other = await h.org(null, 'Other reseller', { type: 'reseller' });
      const outsider = await h.org(other, 'outsider');
      await h.fund(outsider.id, 1_000_000n);
      expect((await refusal(plans.buy(h.systemContext(outsider), { planId, requestId: 'x' }))).status).to.equal(404);
      expect((await refusal(plans.buy(h.systemContext(reseller), { planId, requestId: 'x' }))).status).to.equal(404);
      expect((await refusal(plans.create(h.systemContext(reseller), { title: 'Bad', planType: 'x', planPrice: 1, modules: ['Nope'] }))).fields).to.deep.equal(['modules[0]']);
      expect((await refusal(plans.create(h.systemContext(reseller), { title: 'Bad', planType: 'x', planPrice: -1 }))).fields).to.deep.equal(['planPrice']);
    });
  });
}

for (const backend of billingBackends()) {
  describe(`billing pre-invoices on ${backend.name}`, function () {
    this.timeout(120_000);
    let h: BillingHarness;

    before(async () => {
      h = await backend.open();
    });
    after(async () => {
      if (h) await h.dispose();
    });

    it('shows VAT on the price for a tax-paying organization, and refuses a pre-invoice past its day with a clear message', async () => {
      const invoices = h.container.get(InvoicesService);
      const reseller = await h.org(null, 'R', { type: 'reseller' });
      const org = await h.org(reseller, 'Taxed', { isTax: true });
      await h.container.get(MainSettingsService).update(h.systemContext(reseller), { Tax: '9' });
      const pre = (await invoices.createPreInvoice(h.systemContext(org), { kind: 'charge', amount: '100001' })) as any;
      // 9 % of 100,001 = 9,000.09 → rounded up to 9,001.
      expect(pre).to.include({ price: '100001', levy: '0', taxPercent: '9', tax: '9001', total: '109002' });
      expect(((await invoices.getPreInvoice(h.systemContext(org), pre.id)) as any).id).to.equal(pre.id);
      await h.knex('pre_invoices').where({ id: pre.id }).update({ createdAt: new Date(Date.now() - 86_400_001), expiresAt: new Date(Date.now() - 1) });
      const r = await refusal(invoices.getPreInvoice(h.systemContext(org), pre.id));
      expect(r).to.deep.include({ status: 400, key: 'billing.preInvoiceExpired', fields: ['id'] });
    });
  });
}
