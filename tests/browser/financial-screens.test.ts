import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { adminToken, createTree, unique, USER_PASSWORD, type Tree } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { CreditScreen, DashboardScreen, PaymentsScreen, TariffsScreen, TransactionsScreen } from './pages/financial-pages.js';

const toPersian = (s: string) => s.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]);

describe('browser: financial screens', function () {
  this.timeout(180_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;
  let tree: Tree;

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));

  before(async function () {
    tree = await createTree(api);
    // Money from the top: the super admin charges the reseller (payments need no tariff).
    const admin = await adminToken(api);
    const charged = await api.post('Credits/ChargeOrganization', { organizationId: tree.reseller.id, amount: '1000000', description: 'browser test' }, { token: admin });
    expect(charged.status).to.equal(200);
  });

  it('a sub-organization records a cash payment, the parent admin confirms it, and the balance shows it', async () => {
    const errors: string[] = [];
    const billNumber = unique('B');
    // 1. The sub-organization's administrator records a cash payment, amount typed in Persian digits.
    const payerPage: Page = await browser.newPage();
    payerPage.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(payerPage, baseUrl).signIn(tree.orgAdmin.userName, USER_PASSWORD);
    const payerPayments = new PaymentsScreen(payerPage, baseUrl);
    await payerPayments.open();
    await payerPayments.createCash({ billNumber, description: 'پرداخت نقدی', amount: '۱۲۳۴۵۰' });
    await payerPayments.status(tree.organization.name).first().waitFor();
    expect(await payerPayments.status(tree.organization.name).first().getAttribute('data-status')).to.equal('Checking');
    // The payer has no confirm button for its own payment.
    expect(await payerPayments.row(tree.organization.name).getByTestId('payment-confirm').count()).to.equal(0);
    const list = (await api.get('Payments/GetAll?typeStatus=Checking', { token: tree.orgAdmin.token })).body.data.items as any[];
    const created = list.find((p) => p.billNumber === billNumber);
    expect(created).to.include({ typePayment: 'Cash', amount: '123450', organizationId: tree.organization.id });

    // 2. The parent organization's administrator confirms it through the prompt.
    const adminPage: Page = await browser.newPage();
    adminPage.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(adminPage, baseUrl).signIn(tree.resellerAdmin.userName, USER_PASSWORD);
    const adminPayments = new PaymentsScreen(adminPage, baseUrl);
    await adminPayments.open();
    await adminPayments.row(tree.organization.name).first().waitFor();
    await adminPayments.confirm(tree.organization.name);
    await adminPayments.row(tree.organization.name).locator('[data-status="Confirmed"]').waitFor();
    const confirmed = (await api.get(`Organizations/GetOrganizationCreditForAdmin?organizationId=${tree.organization.id}`, { token: tree.resellerAdmin.token })).body.data;
    expect(confirmed.balance).to.equal('123450');
    // The administrator sees it on the credit screen too.
    const adminCredit = new CreditScreen(adminPage, baseUrl);
    await adminCredit.open();
    const subBalance = await adminCredit.showOrganization(tree.organization.name);
    await subBalance.waitFor();
    expect(await subBalance.getAttribute('data-value')).to.equal('123450');

    // 3. The sub-organization's balance on its credit screen and dashboard: rials and toman, Persian digits.
    const credit = new CreditScreen(payerPage, baseUrl);
    await credit.open();
    await credit.balance().waitFor();
    expect(await credit.balance().getAttribute('data-value')).to.equal('123450');
    const text = await credit.balance().innerText();
    expect(text).to.include(toPersian('123,450'));
    expect(text).to.include(toPersian('12,345'));
    expect(await credit.available().getAttribute('data-value')).to.equal('123450');
    const dashboard = new DashboardScreen(payerPage, baseUrl);
    await dashboard.open();
    await dashboard.balance().waitFor();
    expect(await dashboard.balance().getAttribute('data-value')).to.equal('123450');
    expect(await dashboard.balance().innerText()).to.include(toPersian('123,450'));
    expect(errors).to.deep.equal([]);
    await payerPage.close();
    await adminPage.close();
  });

  it('the reseller admin edits a tariff, assigns it, calculates a price, and finds the payment in the transactions', async () => {
    const errors: string[] = [];
    const page: Page = await browser.newPage();
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn(tree.resellerAdmin.userName, USER_PASSWORD);
    const tariffs = new TariffsScreen(page, baseUrl);
    await tariffs.open();
    const title = unique('Tariff ');
    await tariffs.create(title, { mci: '۲۵۰', irancell: '260', other: '300' });
    await page.getByTestId('tariffs-table-row').filter({ hasText: title }).waitFor();
    await tariffs.assign(tree.organization.name, title);
    await tariffs.current().filter({ hasText: title }).waitFor();
    const result = await tariffs.calculate(tree.organization.name, '۲', { mci: '۱۰' });
    expect(result.price).to.equal('5000');
    expect(BigInt(result.total as string)).to.equal(BigInt(result.price as string) + BigInt(result.levy as string) + BigInt(result.vat as string));

    const transactions = new TransactionsScreen(page, baseUrl);
    await transactions.open();
    await transactions.filter({ organization: tree.organization.name, referenceType: 'payment' });
    await transactions.table.rows().first().waitFor();
    expect(await transactions.table.rows().count()).to.equal(1);
    expect(await transactions.table.rows().first().innerText()).to.include(toPersian('123,450'));
    for (const path of ['packages', 'discounts']) {
      await page.goto(`${baseUrl}/financial/${path}`);
      await page.getByTestId(`${path}-page`).waitFor();
    }
    expect(errors).to.deep.equal([]);
    await page.close();
  });
});
