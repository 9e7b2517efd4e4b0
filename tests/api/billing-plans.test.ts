import { expect } from 'chai';
import { adminToken, createTree, sharedApi, type Tree } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { bad, ok } from '../support/envelope.js';

describe('Billing: plans, modules and pre-invoices', function () {
  this.timeout(90_000);
  let api: ApiClient;
  let superToken: string;
  let tree: Tree;
  let planId: number;

  const credit = async (organizationId: number) => ok(await api.get(`Organizations/GetOrganizationCreditForAdmin?organizationId=${organizationId}`, { token: tree.resellerAdmin.token }));

  before(async () => {
    api = await sharedApi();
    superToken = await adminToken(api);
    tree = await createTree(api);
    planId = ok(await api.post('Plans/Create', { title: 'Silver', planType: 'Yearly', planPrice: '70000', extentionPrice: '30000', planInformation: 'Bulk and phone book', modules: ['BulkSms', 'PhoneBook'] }, { token: tree.resellerAdmin.token })).id;
  });

  after(async () => {
    const verify = ok(await api.get('Ledger/Verify', { token: superToken }));
    expect(verify.mismatches).to.deep.equal([]);
  });

  it('lists the module catalogue; plans are managed by the system or a reseller and read by the buyer', async () => {
    const modules = ok(await api.get('Modules/GetAll', { token: tree.subUser.token }));
    expect(modules.items.map((m: any) => m.id)).to.include.members(['BulkSms', 'PhoneBook']);
    bad(await api.post('Plans/Create', { title: 'x', planType: 'y', planPrice: 1 }, { token: tree.orgAdmin.token }), 403);
    bad(await api.post('Plans/Create', { title: 'x', planType: 'y', planPrice: 1.5 }, { token: tree.resellerAdmin.token }), 400, 'planPrice');
    const plan = ok(await api.get(`Plans/GetPlan/${planId}`, { token: tree.subAdmin.token }));
    expect(plan).to.include({ title: 'Silver', planPrice: '70000', extentionPrice: '30000' });
    bad(await api.get(`Plans/GetPlan/${planId}`, { token: tree.otherAdmin.token }), 404);
    bad(await api.get(`Plans/GetPlan/${planId}`), 401);
    const buyable = ok(await api.get('Plans/GetAll?forPurchase=true', { token: tree.subAdmin.token }));
    expect(buyable.items.map((p: any) => p.id)).to.include(planId);
  });

  const claims = async (token: string) => ok(await api.get('Users/GetCurrentUser', { token })).claims as string[];
  const bulk = (token: string) => api.post('ScheduledMessages/CreateScheduledMessageBulk', {}, { token });

  it('a module on sale above an organization and not bought: its claims leave the principal (so the menu) and its API answers 403', async () => {
    // Silver (BulkSms, PhoneBook) is on sale by the reseller; the organizations below it have not bought it.
    for (const token of [tree.orgAdmin.token, tree.subAdmin.token]) {
      const held = await claims(token);
      for (const gated of ['Sending.Bulk', 'Phonebook.Manage', 'Sending.Phonebook']) expect(held, gated).to.not.include(gated);
      // Modules not on sale stay open.
      expect(held).to.include.members(['Sending.Single', 'SmsReports.Inbox', 'Financial.View', 'Financial.Payments']);
      bad(await bulk(token), 403);
    }
    // The seller, another tree and the super admin keep everything.
    for (const token of [tree.resellerAdmin.token, tree.otherAdmin.token, superToken]) expect(await claims(token)).to.include.members(['Sending.Bulk', 'Phonebook.Manage']);
    bad(await bulk(tree.resellerAdmin.token), 400);
  });

  const states = async (organizationId: number, token: string) => Object.fromEntries(
    (ok(await api.get(`Modules/GetOrganizationModuleStates?organizationId=${organizationId}`, { token })) as any[]).map((m) => [m.moduleId, m]));

  it('names each module\'s state for an organization: locked while on sale above and not bought, free when no plan offers it', async () => {
    const org = await states(tree.organization.id, tree.resellerAdmin.token);
    expect(Object.keys(org)).to.have.members(['BulkSms', 'SmartSms', 'PhoneBook', 'GeneralPhoneBook', 'Receive', 'Webservice', 'Reseller']);
    expect(org.BulkSms).to.include({ state: 'locked', planId: null, createdAt: null, fa: 'ارسال انبوه', en: 'Bulk SMS' });
    expect(org.BulkSms.offeredByPlanIds).to.deep.equal([planId]);
    expect(org.SmartSms).to.include({ state: 'free' });
    expect(org.SmartSms.offeredByPlanIds).to.deep.equal([]);
    // The seller itself: nothing above it offers these, so they are open.
    expect((await states(tree.reseller.id, tree.resellerAdmin.token)).BulkSms.state).to.equal('free');
    bad(await api.get(`Modules/GetOrganizationModuleStates?organizationId=${tree.organization.id}`, { token: tree.otherAdmin.token }), 404);
  });

  it('buys a plan from credit: exact, idempotent by requestId, modules assigned; short credit writes nothing', async () => {
    const short = bad(await api.post('Plans/Buy', { planId, requestId: 'short-1' }, { token: tree.orgAdmin.token }), 400, 'planId');
    expect(short.isSucceed).to.equal(false);
    expect((await credit(tree.organization.id)).balance).to.equal('0');
    ok(await api.post('Credits/ChargeOrganization', { organizationId: tree.organization.id, amount: 100_000 }, { token: superToken }));
    const [a, b] = await Promise.all([1, 2].map(() => api.post('Plans/Buy', { planId, requestId: 'buy-1' }, { token: tree.orgAdmin.token })));
    expect([ok(a).applied, ok(b).applied].sort()).to.deep.equal([false, true]);
    expect((await credit(tree.organization.id)).balance).to.equal('30000');
    const mods = ok(await api.get(`Modules/GetOrganizationModules?organizationId=${tree.organization.id}`, { token: tree.orgAdmin.token }));
    expect(mods.map((m: any) => m.moduleId)).to.deep.equal(['BulkSms', 'PhoneBook']);
    const tx = ok(await api.get(`Transactions/GetAll?organizationId=${tree.organization.id}&referenceType=plan`, { token: tree.orgAdmin.token }));
    expect(tx.items.map((e: any) => [e.typeCreditChange, e.typeTransaction, e.amount])).to.deep.equal([['BuyPanel', 'Decrease', '70000']]);
    const audit = ok(await api.get(`Audits/GetAll?className=Plan&referenceId=${planId}&operationType=BuyPlan`, { token: superToken }));
    expect(audit.totalCount).to.equal(1);
  });

  it('after the purchase the buyer holds the plan\'s modules and the organization below inherits them', async () => {
    const org = await states(tree.organization.id, tree.resellerAdmin.token);
    expect(org.BulkSms).to.include({ state: 'held', planId });
    expect(org.BulkSms.createdAt).to.be.a('string');
    expect(org.PhoneBook.state).to.equal('held');
    const sub = await states(tree.sub.id, tree.orgAdmin.token);
    expect(sub.BulkSms).to.include({ state: 'inherited', planId: null });
    expect(sub.SmartSms.state).to.equal('free');
  });

  it('a bought module opens at once for the buyer and the organizations below it; taken back or off sale, it follows', async () => {
    for (const token of [tree.orgAdmin.token, tree.subAdmin.token]) {
      expect(await claims(token)).to.include.members(['Sending.Bulk', 'Phonebook.Manage', 'Sending.Phonebook']);
      bad(await bulk(token), 400); // past the claim: the body is judged now
    }
    ok(await api.post('Modules/AssignToOrganization', { organizationId: tree.organization.id, moduleId: 'BulkSms', assigned: false }, { token: tree.resellerAdmin.token }));
    expect(await claims(tree.orgAdmin.token)).to.not.include('Sending.Bulk');
    expect(await claims(tree.orgAdmin.token)).to.include('Phonebook.Manage');
    bad(await bulk(tree.orgAdmin.token), 403);
    // A plan taken off sale gates nothing.
    ok(await api.post('Plans/Update', { id: planId, isActive: false }, { token: tree.resellerAdmin.token }));
    expect(await claims(tree.orgAdmin.token)).to.include('Sending.Bulk');
    ok(await api.post('Plans/Update', { id: planId, isActive: true }, { token: tree.resellerAdmin.token }));
    expect(await claims(tree.orgAdmin.token)).to.not.include('Sending.Bulk');
    ok(await api.post('Modules/AssignToOrganization', { organizationId: tree.organization.id, moduleId: 'BulkSms' }, { token: tree.resellerAdmin.token }));
    expect(await claims(tree.orgAdmin.token)).to.include('Sending.Bulk');
  });

  it('creates a pre-invoice with the lines, levy and VAT separately, valid one day', async () => {
    const pre = ok(await api.post('Invoices/CreatePreInvoice', { kind: 'plan', id: planId }, { token: tree.orgAdmin.token }));
    expect(pre.lines).to.deep.equal([{ title: 'Plan Silver', quantity: 1, unitPrice: '70000', amount: '70000' }]);
    expect(pre).to.include({ price: '70000', levy: '0' });
    expect(BigInt(pre.total)).to.equal(70000n + BigInt(pre.tax));
    expect(new Date(pre.expiresAt).getTime() - new Date(pre.createdAt).getTime()).to.equal(86_400_000);
    expect(ok(await api.get(`Invoices/GetPreInvoice/${pre.id}`, { token: tree.orgAdmin.token })).total).to.equal(pre.total);
    bad(await api.get(`Invoices/GetPreInvoice/${pre.id}`, { token: tree.otherAdmin.token }), 404);
    const charge = ok(await api.post('Invoices/CreatePreInvoice', { kind: 'charge', amount: '250000' }, { token: tree.orgAdmin.token }));
    expect(charge.price).to.equal('250000');
    bad(await api.post('Invoices/CreatePreInvoice', { kind: 'charge', amount: -3 }, { token: tree.orgAdmin.token }), 400, 'amount');
    bad(await api.post('Invoices/CreatePreInvoice', { kind: 'plan', id: planId }, { token: tree.otherAdmin.token }), 404);
  });
});
