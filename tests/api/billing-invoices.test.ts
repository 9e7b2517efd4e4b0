import { expect } from 'chai';
import { adminToken, createOrganization, createTree, createUser, login, sharedApi, unique, USER_PASSWORD, type Tree } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { bad, ok } from '../support/envelope.js';

describe('Billing: invoices of confirmed payments and purchases', function () {
  this.timeout(90_000);
  let api: ApiClient;
  let superToken: string;
  let tree: Tree;
  let taxed: any;
  let taxedToken: string;

  const invoicesOf = async (token: string, kind: string, referenceId: number) => ok(await api.get(`Invoices/GetAll?kind=${kind}&referenceId=${referenceId}`, { token })).items;

  before(async () => {
    api = await sharedApi();
    superToken = await adminToken(api);
    tree = await createTree(api);
    // A VAT-paying buyer below the reseller; the reseller (the seller) has a bank account.
    taxed = await createOrganization(api, tree.resellerAdmin.token, { name: unique('Taxed '), isTax: true, economicCode: '411111111111' });
    const userName = unique('tadmin');
    await createUser(api, tree.resellerAdmin.token, { userName, organizationId: taxed.id, isAdmin: true, firstName: 'Taxed' });
    taxedToken = (await login(api, userName, USER_PASSWORD)).accessToken;
    ok(await api.post('AccountInformations/Create', { accountNo: '987-654', branch: 'Invoice branch', cardNo: '6037991234567899', iban: 'IR120170000000123456789099', owner: 'Seller Co' }, { token: tree.resellerAdmin.token }));
    ok(await api.post('Credits/ChargeOrganization', { organizationId: tree.reseller.id, amount: 1_000_000 }, { token: superToken }));
    ok(await api.post('Credits/ChargeOrganization', { organizationId: taxed.id, amount: 200_000 }, { token: tree.resellerAdmin.token }));
  });

  after(async () => {
    const verify = ok(await api.get('Ledger/Verify', { token: superToken }));
    expect(verify.mismatches).to.deep.equal([]);
  });

  it('issues one invoice for a confirmed payment, however often (and concurrently) it is confirmed, with VAT and levy shown', async () => {
    const payment = ok(await api.post('Payments/Create', { typePayment: 'Cash', amount: 110_000 }, { token: taxedToken }));
    expect(await invoicesOf(taxedToken, 'payment', payment.id)).to.have.length(0);
    const confirms = await Promise.all([1, 2, 3].map(() => api.post('Payments/ConfirmPayment', { id: payment.id }, { token: tree.resellerAdmin.token })));
    const answers = confirms.map(ok);
    expect(answers.filter((a: any) => a.applied)).to.have.length(1);
    ok(await api.post('Payments/ConfirmPayment', { id: payment.id }, { token: tree.resellerAdmin.token }));
    const list = await invoicesOf(taxedToken, 'payment', payment.id);
    expect(list).to.have.length(1);
    const invoice = ok(await api.get(`Invoices/Get/${list[0].id}`, { token: taxedToken }));
    // VAT 10 % is inside the amount: 110,000 = 100,000 + 10,000; a credit charge has no levy (per SMS part).
    expect(invoice).to.include({ kind: 'payment', referenceId: payment.id, organizationId: taxed.id, amount: '110000', price: '100000', levy: '0', tax: '10000', taxPercent: '10', total: '110000' });
    expect(invoice.invoiceNumber).to.equal(String(invoice.id).padStart(8, '0'));
    expect(new Date(invoice.issuedAt).getTime()).to.be.greaterThan(0);
    expect(invoice.buyer).to.include({ id: taxed.id, name: taxed.name, economicCode: '411111111111' });
    expect(invoice.seller).to.include({ id: tree.reseller.id, name: tree.reseller.name });
    expect(invoice.seller.bankAccounts).to.deep.include({ accountNo: '987-654', branch: 'Invoice branch', cardNo: '6037991234567899', iban: 'IR120170000000123456789099', owner: 'Seller Co' });
    expect(invoice.lines).to.have.length(1);
    expect(answers.find((a: any) => a.applied).invoiceId).to.equal(invoice.id);
  });

  it('shows no VAT for a buyer that does not pay tax, and issues nothing for a rejected payment', async () => {
    const payment = ok(await api.post('Payments/Create', { typePayment: 'Card', amount: 5_000 }, { token: tree.subAdmin.token }));
    ok(await api.post('Payments/ConfirmPayment', { id: payment.id }, { token: tree.resellerAdmin.token }));
    const [invoice] = await invoicesOf(tree.subAdmin.token, 'payment', payment.id);
    expect(invoice).to.include({ price: '5000', levy: '0', tax: '0', taxPercent: '0', total: '5000' });
    expect(invoice.seller).to.include({ id: tree.organization.id });
    const rejected = ok(await api.post('Payments/Create', { typePayment: 'Cash', amount: 4_000 }, { token: tree.subAdmin.token }));
    ok(await api.post('Payments/RejectPayment', { id: rejected.id }, { token: tree.resellerAdmin.token }));
    expect(await invoicesOf(tree.subAdmin.token, 'payment', rejected.id)).to.have.length(0);
  });

  it('is tenant-scoped: the buyer and the organizations above see it, others get 404', async () => {
    const payment = ok(await api.post('Payments/Create', { typePayment: 'Cash', amount: 3_000 }, { token: tree.subAdmin.token }));
    const { invoiceId } = ok(await api.post('Payments/ConfirmPayment', { id: payment.id }, { token: tree.resellerAdmin.token }));
    expect(ok(await api.get(`Invoices/Get/${invoiceId}`, { token: tree.subAdmin.token })).id).to.equal(invoiceId);
    expect(ok(await api.get(`Invoices/Get/${invoiceId}`, { token: tree.resellerAdmin.token })).id).to.equal(invoiceId);
    bad(await api.get(`Invoices/Get/${invoiceId}`, { token: tree.otherAdmin.token }), 404);
    bad(await api.get(`Invoices/Get/${invoiceId}`, { token: taxedToken }), 404);
    expect((await invoicesOf(tree.otherAdmin.token, 'payment', payment.id))).to.have.length(0);
    const page = ok(await api.get('Invoices/GetAll?pageSize=1&pageIndex=0', { token: tree.subAdmin.token }));
    expect(page.items).to.have.length(1);
    expect(page.totalCount).to.be.greaterThan(1);
    bad(await api.get('Invoices/Get/2147483647', { token: tree.subAdmin.token }), 404);
  });

  it('issues the invoice of a package purchase (after its discount) and of a plan purchase, once per requestId', async () => {
    const pkg = ok(await api.post('Packages/Create', { title: 'Invoice pack', expirationType: 1, expiration: 30, depositPrice: 22_000, chargeAmount: 30_000 }, { token: tree.resellerAdmin.token }));
    const code = unique('INV');
    ok(await api.post('Discounts/Create', { code, isPercentage: false, discountValue: '2000' }, { token: tree.resellerAdmin.token }));
    const requestId = unique('req');
    const bought = ok(await api.post('Packages/Buy', { packageId: pkg.id, discountCode: code, requestId }, { token: taxedToken }));
    ok(await api.post('Packages/Buy', { packageId: pkg.id, discountCode: code, requestId }, { token: taxedToken }));
    const [invoice] = await invoicesOf(taxedToken, 'package', Number(bought.purchase.id));
    expect(invoice.id).to.equal(bought.invoiceId);
    expect(invoice).to.include({ amount: '20000', price: '18182', levy: '0', tax: '1818', total: '20000' });
    expect(invoice.lines.map((l: any) => l.amount)).to.deep.equal(['22000', '-2000']);
    expect(invoice.seller.id).to.equal(tree.reseller.id);

    const plan = ok(await api.post('Plans/Create', { title: 'Invoice plan', planType: 'Yearly', planPrice: '33000', modules: ['BulkSms'] }, { token: tree.resellerAdmin.token }));
    const planRequest = unique('preq');
    const planBought = ok(await api.post('Plans/Buy', { planId: plan.id, requestId: planRequest }, { token: taxedToken }));
    ok(await api.post('Plans/Buy', { planId: plan.id, requestId: planRequest }, { token: taxedToken }));
    const planInvoices = await invoicesOf(taxedToken, 'plan', Number(planBought.purchase.id));
    expect(planInvoices).to.have.length(1);
    expect(planInvoices[0]).to.include({ amount: '33000', price: '30000', tax: '3000', levy: '0' });
  });
});
