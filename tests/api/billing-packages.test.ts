import { expect } from 'chai';
import { adminToken, createTree, sharedApi, unique, type Tree } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { bad, ok } from '../support/envelope.js';

describe('Billing: packages, buying one, discount codes', function () {
  this.timeout(90_000);
  let api: ApiClient;
  let superToken: string;
  let tree: Tree;
  let packageId: number;
  const codes = { welcome: unique('WELCOME'), special: unique('SPECIAL'), expired: unique('EXPIRED'), spent: unique('SPENT') };

  const credit = async (token: string, organizationId: number) => ok(await api.get(`Organizations/GetOrganizationCreditForAdmin?organizationId=${organizationId}`, { token }));
  const entryCount = async () => Number(ok(await api.get('Transactions/GetAll?pageSize=1', { token: superToken })).totalCount);
  const packageBody = { title: 'Spring 10k', expirationType: 2, expiration: 4, depositPrice: 10_000, chargeAmount: '12000' };

  before(async () => {
    api = await sharedApi();
    superToken = await adminToken(api);
    tree = await createTree(api);
    packageId = ok(await api.post('Packages/Create', packageBody, { token: tree.resellerAdmin.token })).id;
    ok(await api.post('Credits/ChargeOrganization', { organizationId: tree.reseller.id, amount: 100_000 }, { token: superToken }));
    ok(await api.post('Credits/ChargeOrganization', { organizationId: tree.organization.id, amount: 20_000 }, { token: tree.resellerAdmin.token }));
  });

  after(async () => {
    const verify = ok(await api.get('Ledger/Verify', { token: superToken }));
    expect(verify.mismatches, 'ledger verify after the file').to.deep.equal([]);
    expect(verify.ok).to.equal(true);
  });

  describe('packages', () => {
    it('creates, reads, lists (managed and for purchase) and updates; audited', async () => {
      const read = ok(await api.get(`Packages/Get/${packageId}`, { token: tree.resellerAdmin.token }));
      expect(read).to.include({ title: 'Spring 10k', expirationType: 2, expirationTypeName: 'week', expiration: 4, depositPrice: '10000', chargeAmount: '12000', ownerOrganizationId: tree.reseller.id });
      expect(ok(await api.get('Packages/GetAll', { token: tree.resellerAdmin.token })).items.map((p: any) => p.id)).to.include(packageId);
      // Buyers below see it to buy; the other tree neither sees nor buys it.
      expect(ok(await api.get('Packages/GetAll?forPurchase=true', { token: tree.orgAdmin.token })).items.map((p: any) => p.id)).to.include(packageId);
      expect(ok(await api.get(`Packages/Get/${packageId}`, { token: tree.subAdmin.token })).id).to.equal(packageId);
      expect(ok(await api.get('Packages/GetAll?forPurchase=true', { token: tree.otherAdmin.token })).items.map((p: any) => p.id)).to.not.include(packageId);
      bad(await api.get(`Packages/Get/${packageId}`, { token: tree.otherAdmin.token }), 404);
      bad(await api.post('Packages/Update', { id: packageId, title: 'x' }, { token: tree.otherAdmin.token }), 404);
      bad(await api.delete(`Packages/Delete/${packageId}`, { token: tree.otherAdmin.token }), 404);
      const updated = ok(await api.post('Packages/Update', { id: packageId, description: 'four weeks' }, { token: tree.resellerAdmin.token }));
      expect(updated).to.include({ description: 'four weeks', chargeAmount: '12000' });
      const audits = ok(await api.get(`Audits/GetAll?className=Package&referenceId=${packageId}`, { token: tree.resellerAdmin.token }));
      expect(audits.items.map((a: any) => a.operationType).sort()).to.deep.equal(['Create', 'Update']);
    });

    it('refuses a charge not more than the payment, bad amounts and expirations, and organizations that sell nothing', async () => {
      const refused = bad(await api.post('Packages/Create', { ...packageBody, chargeAmount: 10_000 }, { token: tree.resellerAdmin.token }), 400, 'chargeAmount');
      expect(refused.validationErrors?.[0].message).to.equal('The charge amount must be more than the amount paid.');
      bad(await api.post('Packages/Update', { id: packageId, depositPrice: '12000' }, { token: tree.resellerAdmin.token }), 400, 'chargeAmount');
      for (const depositPrice of [-1, 0, 1.5, '1.0', '9223372036854775808', 1e30]) {
        bad(await api.post('Packages/Create', { ...packageBody, depositPrice }, { token: tree.resellerAdmin.token }), 400, 'depositPrice');
      }
      bad(await api.post('Packages/Create', { ...packageBody, expirationType: 4 }, { token: tree.resellerAdmin.token }), 400, 'expirationType');
      bad(await api.post('Packages/Create', { ...packageBody, expiration: 0 }, { token: tree.resellerAdmin.token }), 400, 'expiration');
      // An organization administrator holds no pricing claim.
      bad(await api.post('Packages/Create', packageBody, { token: tree.orgAdmin.token }), 403);
      expect(ok(await api.get(`Packages/Get/${packageId}`, { token: tree.resellerAdmin.token })).depositPrice).to.equal('10000');
    });
  });

  describe('discount codes', () => {
    it('creates codes; refuses duplicates and bad values', async () => {
      const welcome = ok(await api.post('Discounts/Create', { code: codes.welcome, title: 'Welcome', isPercentage: true, discountPercentageValue: 10, maximumAmount: 500, maximumUse: 10 }, { token: tree.resellerAdmin.token }));
      expect(welcome).to.include({ code: codes.welcome, discountType: 'percentage', discountPercentageValue: '10', maximumAmount: '500', maximumUse: 10, usedCount: 0 });
      ok(await api.post('Discounts/Create', { code: codes.special, isPercentage: false, discountValue: '3000', specialOrganizationId: tree.sub.id }, { token: tree.resellerAdmin.token }));
      ok(await api.post('Discounts/Create', { code: codes.expired, isPercentage: false, discountValue: 100, startsAt: '2020-01-01T00:00:00Z', endsAt: '2021-01-01T00:00:00Z' }, { token: tree.resellerAdmin.token }));
      ok(await api.post('Discounts/Create', { code: codes.spent, isPercentage: false, discountValue: 100, maximumUse: 1 }, { token: tree.resellerAdmin.token }));
      bad(await api.post('Discounts/Create', { code: codes.welcome.toLowerCase(), isPercentage: false, discountValue: 1 }, { token: tree.resellerAdmin.token }), 400, 'code');
      bad(await api.post('Discounts/Create', { code: unique('P'), isPercentage: true, discountPercentageValue: 150 }, { token: tree.resellerAdmin.token }), 400, 'discountPercentageValue');
      bad(await api.post('Discounts/Create', { code: unique('P'), isPercentage: true, discountPercentageValue: 12.345 }, { token: tree.resellerAdmin.token }), 400, 'discountPercentageValue');
      bad(await api.post('Discounts/Create', { code: unique('P'), isPercentage: true }, { token: tree.resellerAdmin.token }), 400, 'discountPercentageValue');
      bad(await api.post('Discounts/Create', { code: unique('F'), isPercentage: false, discountValue: -5 }, { token: tree.resellerAdmin.token }), 400, 'discountValue');
      bad(await api.post('Discounts/Create', { code: unique('F'), isPercentage: false, discountValue: 1.5 }, { token: tree.resellerAdmin.token }), 400, 'discountValue');
      bad(await api.post('Discounts/Create', { code: unique('F'), isPercentage: false, discountValue: 1, specialOrganizationId: tree.otherOrganization.id }, { token: tree.resellerAdmin.token }), 400, 'specialOrganizationId');
      bad(await api.post('Discounts/Create', { code: unique('F'), isPercentage: false, discountValue: 1 }, { token: tree.orgAdmin.token }), 403);
      // Managed in the owner's tree only.
      bad(await api.get(`Discounts/Get/${welcome.id}`, { token: tree.otherAdmin.token }), 404);
      bad(await api.post('Discounts/Update', { id: welcome.id, maximumUse: 1 }, { token: tree.otherAdmin.token }), 404);
      bad(await api.delete(`Discounts/Delete/${welcome.id}`, { token: tree.otherAdmin.token }), 404);
      bad(await api.post('Discounts/Update', { id: welcome.id, endsAt: '2000-01-01T00:00:00Z', startsAt: '2001-01-01T00:00:00Z' }, { token: tree.resellerAdmin.token }), 400, 'endsAt');
      expect(ok(await api.get('Discounts/GetAll', { token: tree.resellerAdmin.token })).items.map((d: any) => d.code)).to.include.members([codes.welcome, codes.special]);
    });

    it("Check answers the discount, or the spec's message for a wrong, expired, foreign or other organization's code", async () => {
      const res = await api.post('Discounts/Check', { code: codes.welcome, amount: 10_000 }, { token: tree.orgAdmin.token });
      const checked = ok(res);
      expect(checked).to.include({ amount: '10000', discountAmount: '500', payable: '9500', discountType: 'percentage' });
      expect(res.body.message).to.equal('The discount code was registered and applied.');
      for (const [code, token] of [
        ['NOPE-NOT-A-CODE', tree.orgAdmin.token], [codes.expired, tree.orgAdmin.token], [codes.special, tree.orgAdmin.token], [codes.welcome, tree.otherAdmin.token],
      ] as const) {
        const wrong = bad(await api.post('Discounts/Check', { code, amount: 10_000 }, { token }), 400, 'code');
        expect(wrong.message).to.equal('The entered discount code is not correct');
      }
      const fa = bad(await api.post('Discounts/Check', { code: 'NOPE-NOT-A-CODE', amount: 10_000 }, { token: tree.orgAdmin.token, culture: 'fa-IR' }), 400, 'code');
      expect(fa.message).to.equal('کد تخفیف وارد شده صحیح نمی‌باشد.');
      expect(ok(await api.post('Discounts/Check', { code: codes.special, amount: 2_000 }, { token: tree.subAdmin.token }))).to.include({ discountAmount: '2000', payable: '0' });
      for (const amount of [-1, 0, 1.5, '12a']) bad(await api.post('Discounts/Check', { code: codes.welcome, amount }, { token: tree.orgAdmin.token }), 400, 'amount');
    });
  });

  describe('buying a package', () => {
    it('pays the deposit less the discount and receives the charge, once per requestId; entries name the package', async () => {
      const before = BigInt((await credit(tree.orgAdmin.token, tree.organization.id)).balance);
      const requestId = unique('buy-');
      const res = await api.post('Packages/Buy', { packageId, requestId, discountCode: codes.welcome }, { token: tree.orgAdmin.token });
      const bought = ok(res);
      expect(res.body.message).to.equal('Your purchase was successful');
      expect(bought.applied).to.equal(true);
      expect(bought.purchase).to.include({ packageId, organizationId: tree.organization.id, depositPrice: '10000', discountAmount: '500', paidAmount: '9500', chargeAmount: '12000', discountCode: codes.welcome });
      expect(BigInt((await credit(tree.orgAdmin.token, tree.organization.id)).balance)).to.equal(before - 9_500n + 12_000n);
      const again = ok(await api.post('Packages/Buy', { packageId, requestId, discountCode: codes.welcome }, { token: tree.orgAdmin.token }));
      expect(again).to.deep.include({ applied: false });
      expect(again.purchase.id).to.equal(bought.purchase.id);
      expect(BigInt((await credit(tree.orgAdmin.token, tree.organization.id)).balance)).to.equal(before + 2_500n);

      const entries = ok(await api.get(`Transactions/GetAll?referenceType=package&referenceId=${packageId}`, { token: tree.orgAdmin.token }));
      expect(entries.items.map((e: any) => [e.typeTransaction, e.amount, e.packageId, e.packageTitle])).to.deep.equal([
        ['Increase', '12000', packageId, 'Spring 10k'], ['Decrease', '9500', packageId, 'Spring 10k'],
      ]);
      expect(ok(await api.get(`Discounts/Get/${ok(await api.get('Discounts/GetAll', { token: tree.resellerAdmin.token })).items.find((d: any) => d.code === codes.welcome).id}`, { token: tree.resellerAdmin.token })).usedCount).to.equal(1);
      const audits = ok(await api.get(`Audits/GetAll?className=Package&referenceId=${packageId}`, { token: tree.orgAdmin.token }));
      expect(audits.items.map((a: any) => a.operationType)).to.include('BuyPackage');
      const purchases = ok(await api.get('Packages/GetPurchases', { token: tree.orgAdmin.token }));
      expect(purchases.items.map((p: any) => p.id)).to.include(bought.purchase.id);
    });

    it('refuses bad input, foreign packages and used-up codes without writing anything', async () => {
      ok(await api.post('Packages/Buy', { packageId, requestId: unique('spend-'), discountCode: codes.spent }, { token: tree.orgAdmin.token }));
      const entries = await entryCount();
      const balance = (await credit(tree.orgAdmin.token, tree.organization.id)).balance;
      const spent = bad(await api.post('Packages/Buy', { packageId, requestId: unique('r-'), discountCode: codes.spent }, { token: tree.orgAdmin.token }), 400, 'discountCode');
      expect(spent.message).to.equal('The entered discount code is not correct');
      bad(await api.post('Packages/Buy', { packageId, requestId: unique('r-'), discountCode: 'NOPE-NOT-A-CODE' }, { token: tree.orgAdmin.token }), 400, 'discountCode');
      bad(await api.post('Packages/Buy', { packageId, requestId: unique('r-'), discountCode: codes.expired }, { token: tree.orgAdmin.token }), 400, 'discountCode');
      bad(await api.post('Packages/Buy', { packageId, requestId: unique('r-'), discountCode: codes.special }, { token: tree.orgAdmin.token }), 400, 'discountCode');
      bad(await api.post('Packages/Buy', { packageId, requestId: 'has spaces' }, { token: tree.orgAdmin.token }), 400, 'requestId');
      bad(await api.post('Packages/Buy', { packageId: -1, requestId: unique('r-') }, { token: tree.orgAdmin.token }), 400, 'packageId');
      bad(await api.post('Packages/Buy', { packageId }, { token: tree.orgAdmin.token }), 400, 'requestId');
      bad(await api.post('Packages/Buy', { packageId, requestId: unique('r-') }, { token: tree.otherAdmin.token }), 404);
      // The seller does not buy its own package; a sub-organization without credit is short.
      bad(await api.post('Packages/Buy', { packageId, requestId: unique('r-') }, { token: tree.resellerAdmin.token }), 404);
      bad(await api.post('Packages/Buy', { packageId, requestId: unique('r-') }, { token: tree.subAdmin.token }), 400, 'packageId');
      expect(await entryCount()).to.equal(entries);
      expect((await credit(tree.orgAdmin.token, tree.organization.id)).balance).to.equal(balance);
    });

    it('a used code cannot get a maximumUse below its uses; a deleted code is not correct any more', async () => {
      const spent = ok(await api.get(`Discounts/GetAll?search=${codes.spent}`, { token: tree.resellerAdmin.token })).items[0];
      expect(spent.usedCount).to.equal(1);
      const welcome = ok(await api.get(`Discounts/GetAll?search=${codes.welcome}`, { token: tree.resellerAdmin.token })).items[0];
      ok(await api.post('Packages/Buy', { packageId, requestId: unique('again-'), discountCode: codes.welcome }, { token: tree.orgAdmin.token }));
      bad(await api.post('Discounts/Update', { id: welcome.id, maximumUse: 1 }, { token: tree.resellerAdmin.token }), 400, 'maximumUse');
      ok(await api.delete(`Discounts/Delete/${welcome.id}`, { token: tree.resellerAdmin.token }));
      bad(await api.post('Discounts/Check', { code: codes.welcome, amount: 10_000 }, { token: tree.orgAdmin.token }), 400, 'code');
    });

    it('a deleted package is not bought any more', async () => {
      const doomed = ok(await api.post('Packages/Create', { ...packageBody, title: 'Doomed' }, { token: tree.resellerAdmin.token }));
      ok(await api.delete(`Packages/Delete/${doomed.id}`, { token: tree.resellerAdmin.token }));
      bad(await api.post('Packages/Buy', { packageId: doomed.id, requestId: unique('r-') }, { token: tree.orgAdmin.token }), 404);
      bad(await api.get(`Packages/Get/${doomed.id}`, { token: tree.resellerAdmin.token }), 404);
    });
  });
});
