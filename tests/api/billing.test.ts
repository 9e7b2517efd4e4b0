import { expect } from 'chai';
import { adminToken, createOrganization, createTree, sharedApi, unique, type Tree } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { bad, ok } from '../support/envelope.js';

describe('Billing: credits, tariffs, payments, main settings, ledger', function () {
  this.timeout(90_000);
  let api: ApiClient;
  let superToken: string;
  let tree: Tree;
  let systemTariffId: number;
  let resellerTariffId: number;

  const credit = async (token: string, organizationId: number) => ok(await api.get(`Organizations/GetOrganizationCreditForAdmin?organizationId=${organizationId}`, { token }));
  const entryCount = async () => Number(ok(await api.get('Transactions/GetAll?pageSize=1', { token: superToken })).totalCount);
  const tariffBody = (title: string, mci: number | string) => ({
    title, category: 'Gold', internationalBenefitType: 'percent', internationalBenefitValue: 10,
    ranges: [{ fromCount: 0, toCount: null, prices: { mci, irancell: 120, rightel: 130, other: 140, international: 1000 } }],
  });

  before(async () => {
    api = await sharedApi();
    superToken = await adminToken(api);
    tree = await createTree(api);
    systemTariffId = ok(await api.post('Tariffs/Create', tariffBody('System base', 50), { token: superToken })).id;
    resellerTariffId = ok(await api.post('Tariffs/Create', tariffBody('Reseller retail', 100), { token: tree.resellerAdmin.token })).id;
    ok(await api.post('Tariffs/AssignToOrganization', { organizationId: tree.reseller.id, tariffId: systemTariffId }, { token: superToken }));
    for (const org of [tree.organization, tree.sub]) {
      ok(await api.post('Tariffs/AssignToOrganization', { organizationId: org.id, tariffId: resellerTariffId }, { token: tree.resellerAdmin.token }));
    }
  });

  after(async () => {
    const verify = ok(await api.get('Ledger/Verify', { token: superToken }));
    expect(verify.mismatches, 'ledger verify after the file').to.deep.equal([]);
    expect(verify.ok).to.equal(true);
  });

  describe('tariffs', () => {
    it('creates, reads, lists and assigns a tariff; groupPriceTitle follows the assignment', async () => {
      const read = ok(await api.get(`Tariffs/Get/${resellerTariffId}`, { token: tree.resellerAdmin.token }));
      expect(read.title).to.equal('Reseller retail');
      expect(read.ranges[0].prices.mci).to.equal('100');
      const list = ok(await api.get('Tariffs/GetAll', { token: tree.resellerAdmin.token }));
      expect(list.items.map((t: any) => t.id)).to.include(resellerTariffId).and.not.include(systemTariffId);
      const org = ok(await api.get(`Organizations/Get/${tree.organization.id}`, { token: tree.resellerAdmin.token }));
      expect(org.groupPriceTitle).to.equal('Reseller retail');
    });

    it('refuses overlapping ranges, negative prices and an assignment from below', async () => {
      bad(await api.post('Tariffs/Create', { title: 'Overlap', ranges: [{ fromCount: 0, toCount: 1000, prices: { mci: 1 } }, { fromCount: 500, toCount: null, prices: { mci: 1 } }] }, { token: tree.resellerAdmin.token }), 400, 'ranges[1]');
      bad(await api.post('Tariffs/Create', tariffBody('Negative', -1), { token: tree.resellerAdmin.token }), 400, 'ranges[0].prices.mci');
      bad(await api.post('Tariffs/Create', tariffBody('Fraction', 1.5), { token: tree.resellerAdmin.token }), 400, 'ranges[0].prices.mci');
      // A reseller's tariff cannot be set on the reseller itself, and the other tree's tariff is not visible.
      bad(await api.post('Tariffs/AssignToOrganization', { organizationId: tree.reseller.id, tariffId: resellerTariffId }, { token: tree.resellerAdmin.token }), 403);
      bad(await api.post('Tariffs/AssignToOrganization', { organizationId: tree.otherOrganization.id, tariffId: resellerTariffId }, { token: tree.otherAdmin.token }), 400, 'tariffId');
      bad(await api.get(`Tariffs/Get/${resellerTariffId}`, { token: tree.otherAdmin.token }), 404);
      // An organization administrator holds no tariff claim.
      bad(await api.get('Tariffs/GetAll', { token: tree.orgAdmin.token }), 403);
      // A tariff in use is not deleted.
      bad(await api.delete(`Tariffs/Delete/${resellerTariffId}`, { token: tree.resellerAdmin.token }), 400);
    });

    it('calculates price, levy and VAT separately, and answers GroupPriceIsNull without a tariff', async () => {
      ok(await api.post('MainSettings/Update', { Tax: '9', ResolutionOfParliament: 5 }, { token: superToken }));
      try {
        const calc = ok(await api.post('Tariffs/CalculatePrice', { organizationId: tree.organization.id, recipients: { mci: 10, irancell: 5, international: 1 }, parts: 2 }, { token: tree.orgAdmin.token }));
        // 20×100 + 10×120 + 2×(1000 + 10 %) = 5,400; levy 32 parts × 5. The organization is not
        // taxable: no VAT, and the rate answered is the one applied (0), not the main setting's 9.
        expect(calc).to.include({ price: '5400', levy: '160', levyPerPart: '5', taxPercent: '0', tax: '0', isTax: false, totalParts: 32, total: '5560' });
        // A taxable organization pays the main setting's rate on price + levy, rounded up: 9 % of 5,560 = 500.4 → 501.
        const taxed = await createOrganization(api, tree.resellerAdmin.token, { name: unique('Taxed calc '), isTax: true });
        ok(await api.post('Tariffs/AssignToOrganization', { organizationId: taxed.id, tariffId: resellerTariffId }, { token: tree.resellerAdmin.token }));
        const withTax = ok(await api.post('Tariffs/CalculatePrice', { organizationId: taxed.id, recipients: { mci: 10, irancell: 5, international: 1 }, parts: 2 }, { token: tree.resellerAdmin.token }));
        expect(withTax).to.include({ price: '5400', levy: '160', taxPercent: '9', tax: '501', isTax: true, total: '6061' });
        const none = bad(await api.post('Tariffs/CalculatePrice', { organizationId: tree.otherOrganization.id, recipients: { mci: 1 } }, { token: tree.otherAdmin.token }), 400);
        expect(none.data).to.deep.include({ failureCode: 'GroupPriceIsNull' });
        bad(await api.post('Tariffs/CalculatePrice', { organizationId: tree.otherOrganization.id, recipients: { mci: 1 } }, { token: tree.orgAdmin.token }), 404);
      } finally {
        ok(await api.post('MainSettings/Update', { Tax: '10', ResolutionOfParliament: 0 }, { token: superToken }));
      }
    });
  });

  describe('credits', () => {
    it('charges down the tree: from nowhere for the super admin, from the caller’s account below it', async () => {
      ok(await api.post('Credits/ChargeOrganization', { organizationId: tree.reseller.id, amount: 1_000_000, description: 'opening' }, { token: superToken }));
      expect(await credit(superToken, tree.reseller.id)).to.include({ balance: '1000000', credit: '1000000' });
      ok(await api.post('Credits/ChargeOrganization', { organizationId: tree.organization.id, amount: '300000' }, { token: tree.resellerAdmin.token }));
      expect((await credit(tree.resellerAdmin.token, tree.reseller.id)).balance).to.equal('700000');
      expect((await credit(tree.resellerAdmin.token, tree.organization.id)).balance).to.equal('300000');
      // Taking back: the sub-organization's credit returns to the caller.
      ok(await api.post('Credits/ChargeOrganization', { organizationId: tree.organization.id, amount: 100_000, isIncrement: false }, { token: tree.resellerAdmin.token }));
      expect((await credit(tree.resellerAdmin.token, tree.organization.id)).balance).to.equal('200000');
      expect((await credit(tree.resellerAdmin.token, tree.reseller.id)).balance).to.equal('800000');
      // Not more than the caller has, and not more than the sub-organization has.
      bad(await api.post('Credits/ChargeOrganization', { organizationId: tree.sub.id, amount: 200_001 }, { token: tree.orgAdmin.token }), 400, 'amount');
      bad(await api.post('Credits/ChargeOrganization', { organizationId: tree.organization.id, amount: 200_001, isIncrement: false }, { token: tree.resellerAdmin.token }), 400, 'amount');
      // Nobody charges their own organization.
      bad(await api.post('Credits/ChargeOrganization', { organizationId: tree.organization.id, amount: 1 }, { token: tree.orgAdmin.token }), 403);

      const entries = ok(await api.get(`Transactions/GetAll?organizationId=${tree.organization.id}`, { token: tree.orgAdmin.token }));
      expect(entries.items.map((e: any) => [e.typeCreditChange, e.typeTransaction, e.amount, e.currentCredit])).to.deep.equal([
        ['Manage', 'Decrease', '100000', '200000'], ['Manage', 'Increase', '300000', '300000'],
      ]);
      expect(entries.items[0].createdByUserName).to.equal(tree.resellerAdmin.userName);
      // The organization's administrator does not see the reseller's entries.
      const own = ok(await api.get('Transactions/GetAll?pageSize=100', { token: tree.orgAdmin.token }));
      expect(own.items.every((e: any) => e.organizationId !== tree.reseller.id)).to.equal(true);
    });

    it('refuses negative, fractional and oversized amounts with the property name and writes no entry', async () => {
      const before = await entryCount();
      for (const amount of [-5, 0, 1.5, 1e30, '99999999999999999999', '9223372036854775808', '12a', '-1', '1.0']) {
        bad(await api.post('Credits/ChargeOrganization', { organizationId: tree.organization.id, amount }, { token: tree.resellerAdmin.token }), 400, 'amount');
      }
      bad(await api.post('Payments/Create', { typePayment: 'Cash', amount: -1 }, { token: tree.subAdmin.token }), 400, 'amount');
      expect(await entryCount()).to.equal(before);
    });

    it('caps one amount at 10^15 rials: beyond it (near 2^63 included) 400 on the field naming the maximum, never a 500', async () => {
      const before = await entryCount();
      // The super admin creates credit from nowhere: a charge of 2^63-1 onto a funded account used to overflow the bigint column (500).
      for (const amount of ['9223372036854775807', '1000000000000001', 9007199254740991]) {
        const res = bad(await api.post('Credits/ChargeOrganization', { organizationId: tree.organization.id, amount }, { token: superToken }), 400, 'amount');
        expect(res.validationErrors![0].message).to.equal('Amount may be at most 1000000000000000 rials.');
      }
      const fa = bad(await api.post('Credits/ChargeOrganization', { organizationId: tree.organization.id, amount: '9223372036854775807' }, { token: superToken, culture: 'fa' }), 400, 'amount');
      expect(fa.validationErrors![0].message).to.equal('مبلغ حداکثر می‌تواند ۱۰۰۰۰۰۰۰۰۰۰۰۰۰۰۰ ریال باشد.');
      // A payment of that size is refused when it is registered, so it can never be confirmed.
      bad(await api.post('Payments/Create', { typePayment: 'Cash', amount: '9223372036854775807' }, { token: tree.subAdmin.token }), 400, 'amount');
      bad(await api.post('Credits/SetCreditLimit', { organizationId: tree.sub.id, creditLimit: '9223372036854775807' }, { token: tree.orgAdmin.token }), 400, 'creditLimit');
      expect(await entryCount()).to.equal(before);
      // The cap itself is a valid amount.
      ok(await api.post('Credits/ChargeOrganization', { organizationId: tree.otherOrganization.id, amount: '1000000000000000' }, { token: superToken }));
      ok(await api.post('Credits/ChargeOrganization', { organizationId: tree.otherOrganization.id, amount: '1000000000000000', isIncrement: false }, { token: superToken }));
    });

    it('answers 404 for organizations outside the caller’s tree', async () => {
      bad(await api.get(`Organizations/GetOrganizationCreditForAdmin?organizationId=${tree.organization.id}`, { token: tree.otherAdmin.token }), 404);
      bad(await api.post('Credits/ChargeOrganization', { organizationId: tree.otherOrganization.id, amount: 1 }, { token: tree.resellerAdmin.token }), 404);
      bad(await api.post('Credits/IncreaseUserCredit', { userId: tree.subUser.userId, amount: 1 }, { token: tree.otherAdmin.token }), 404);
    });

    it("moves a user's allowance, shows it in GetMyCredit (with Financial.View only) and never below zero", async () => {
      // The organization's balance is not shown to a user without Financial.View (the client's 403 of a credit path is silent).
      bad(await api.get('Credits/GetMyCredit', { token: tree.subUser.token }), 403);
      const viewer = ok(await api.post('Roles/Create', { title: unique('Credit viewer '), claims: ['Financial.View'], organizationId: tree.sub.id }, { token: tree.subAdmin.token }));
      ok(await api.post('Roles/AssignToUser', { userId: tree.subUser.userId, roleId: viewer.id }, { token: tree.subAdmin.token }));
      const before = ok(await api.get('Credits/GetMyCredit', { token: tree.subUser.token }));
      expect(before.user.hasAllowance).to.equal(false);
      ok(await api.post('Credits/IncreaseUserCredit', { userId: tree.subUser.userId, amount: 1000 }, { token: tree.subAdmin.token }));
      bad(await api.post('Credits/DecreaseUserCredit', { userId: tree.subUser.userId, amount: 1001 }, { token: tree.subAdmin.token }), 400, 'amount');
      ok(await api.post('Credits/DecreaseUserCredit', { userId: tree.subUser.userId, amount: 400 }, { token: tree.subAdmin.token }));
      const after = ok(await api.get('Credits/GetMyCredit', { token: tree.subUser.token }));
      expect(after.user).to.include({ hasAllowance: true, balance: '600', credit: '600' });
      expect(after.organization.organizationId).to.equal(tree.sub.id);
      // Nobody raises their own allowance; a plain user moves none.
      bad(await api.post('Credits/IncreaseUserCredit', { userId: tree.subAdmin.userId, amount: 1 }, { token: tree.subAdmin.token }), 403);
      bad(await api.post('Credits/IncreaseUserCredit', { userId: tree.subUser.userId, amount: 1 }, { token: tree.subUser.token }), 403);
    });
  });

  describe('postpaid', () => {
    it('a postpaid organization gets a credit limit from above; others are refused', async () => {
      const subOrg = ok(await api.post('Organizations/Create', { name: `Postpaid ${Date.now()}` }, { token: tree.subAdmin.token }));
      bad(await api.post('Credits/SetCreditLimit', { organizationId: subOrg.id, creditLimit: 5000 }, { token: tree.subAdmin.token }), 400, 'organizationId');
      ok(await api.post('Organizations/Update', { id: subOrg.id, isPostpaid: true }, { token: tree.subAdmin.token }));
      bad(await api.post('Credits/SetCreditLimit', { organizationId: subOrg.id, creditLimit: -1 }, { token: tree.subAdmin.token }), 400, 'creditLimit');
      ok(await api.post('Credits/SetCreditLimit', { organizationId: subOrg.id, creditLimit: '5000' }, { token: tree.subAdmin.token }));
      expect(await credit(tree.subAdmin.token, subOrg.id)).to.include({ isPostpaid: true, balance: '0', credit: '0', creditLimit: '5000', spendable: '5000' });
      // Nobody sets their own limit.
      bad(await api.post('Credits/SetCreditLimit', { organizationId: tree.sub.id, creditLimit: 1 }, { token: tree.subAdmin.token }), 403);
    });
  });

  describe('payments', () => {
    it('creates a payment as Checking; an administrator above confirms it once', async () => {
      const payment = ok(await api.post('Payments/Create', { typePayment: 'Cash', amount: 50_000, billNumber: 'B-1', description: 'cash at the office' }, { token: tree.subAdmin.token }));
      expect(payment).to.include({ typeStatus: 'Checking', amount: '50000', organizationId: tree.sub.id, receiverOrganizationId: tree.organization.id });
      // The payer's own administrator holds no confirm claim; the other tree does not see it.
      bad(await api.post('Payments/ConfirmPayment', { id: payment.id }, { token: tree.subAdmin.token }), 403);
      bad(await api.post('Payments/ConfirmPayment', { id: payment.id }, { token: tree.otherAdmin.token }), 404);
      const before = BigInt((await credit(tree.resellerAdmin.token, tree.sub.id)).balance);
      const both = await Promise.all([
        api.post('Payments/ConfirmPayment', { id: payment.id }, { token: tree.resellerAdmin.token }),
        api.post('Payments/ConfirmPayment', { id: payment.id }, { token: tree.resellerAdmin.token }),
      ]);
      expect(both.map((r) => ok(r).applied).sort()).to.deep.equal([false, true]);
      expect(BigInt((await credit(tree.resellerAdmin.token, tree.sub.id)).balance)).to.equal(before + 50_000n);
      const entries = ok(await api.get(`Transactions/GetAll?referenceType=payment&referenceId=${payment.id}`, { token: tree.subAdmin.token }));
      expect(entries.items.map((e: any) => [e.typeCreditChange, e.amount, e.paymentId])).to.deep.equal([['Fish', '50000', payment.id]]);
      const list = ok(await api.get('Payments/GetAll?typeStatus=Confirmed', { token: tree.subAdmin.token }));
      expect(list.items.map((p: any) => p.id)).to.include(payment.id);
      // The confirmation is audited once, in its transaction.
      const audits = ok(await api.get(`Audits/GetAll?className=Payment&referenceId=${payment.id}`, { token: tree.resellerAdmin.token }));
      expect(audits.items.map((a: any) => a.operationType).sort()).to.deep.equal(['ConfirmPayment', 'Create']);
    });

    it('refuses to confirm a rejected payment, and checks cheque fields', async () => {
      const payment = ok(await api.post('Payments/Create', { typePayment: 'Card', amount: 7_000 }, { token: tree.subAdmin.token }));
      ok(await api.post('Payments/RejectPayment', { id: payment.id, rejectionDescription: 'not received' }, { token: tree.resellerAdmin.token }));
      const before = (await credit(tree.resellerAdmin.token, tree.sub.id)).balance;
      bad(await api.post('Payments/ConfirmPayment', { id: payment.id }, { token: tree.resellerAdmin.token }), 400);
      expect((await credit(tree.resellerAdmin.token, tree.sub.id)).balance).to.equal(before);

      bad(await api.post('Payments/Create', { typePayment: 'Cheque', amount: 1000, dueDate: '2026-12-01', typeBank: 'Melli' }, { token: tree.subAdmin.token }), 400, 'sayadNumber');
      const cheque = ok(await api.post('Payments/Create', {
        typePayment: 'Cheque', amount: 1000, dueDate: '2026-12-01', typeBank: 'Melli', sayadNumber: '1234567890123456', serialNumber: 'S1', seriesNumber: 'A',
        branchCode: '0123', chequeAccountNumber: '0101', holderName: 'Sara Ahmadi', nationalCode: '0012345678',
      }, { token: tree.subAdmin.token }));
      expect(cheque).to.include({ typePayment: 'Cheque', sayadNumber: '1234567890123456', chequeAmount: '1000', typeStatus: 'Checking' });
      bad(await api.post('Payments/Create', { typePayment: 'OnLine', amount: 1000 }, { token: tree.subAdmin.token }), 400, 'typePayment');
    });
  });

  describe('main settings and the ledger check', () => {
    it('are for the super admin only', async () => {
      const all = ok(await api.get('MainSettings/GetAll', { token: superToken }));
      expect(all.items.map((i: any) => i.key)).to.include.members(['Tax', 'ResolutionOfParliament', 'LowestCreditOfUser']);
      bad(await api.get('MainSettings/GetAll', { token: tree.resellerAdmin.token }), 403);
      bad(await api.post('MainSettings/Update', { Tax: '200' }, { token: superToken }), 400, 'Tax');
      bad(await api.post('MainSettings/Update', { Unknown: '1' }, { token: superToken }), 400, 'Unknown');
      // A levy past the amount cap is refused where it is set, not at every send's price.
      bad(await api.post('MainSettings/Update', { ResolutionOfParliament: '10000000000000000' }, { token: superToken }), 400, 'ResolutionOfParliament');
      bad(await api.get('Ledger/Verify', { token: tree.resellerAdmin.token }), 403);
      const verify = ok(await api.get('Ledger/Verify', { token: superToken }));
      expect(verify).to.include({ ok: true });
      expect(verify.entries).to.be.greaterThan(0);
    });
  });
});
