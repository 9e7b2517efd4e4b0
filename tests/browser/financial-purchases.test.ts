import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { adminToken, createOrganization, createTree, createUser, login, unique, USER_PASSWORD, type Tree } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { LoginPage } from './pages/login-page.js';
import { PaymentsScreen } from './pages/financial-pages.js';
import { InvoiceScreen, PackagePurchaseScreen, PlanScreen } from './pages/financial-purchase-pages.js';

describe('browser: invoices, buying packages and plans', function () {
  this.timeout(180_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;
  let tree: Tree;
  let taxed: any;
  let taxedUser: { userName: string; token: string };
  const errors: string[] = [];

  const data = (res: { status: number; body: any }) => {
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return res.body.data;
  };
  const balanceOf = async (organizationId: number) => BigInt(data(await api.get(`Organizations/GetOrganizationCreditForAdmin?organizationId=${organizationId}`, { token: tree.resellerAdmin.token })).balance);
  const newPage = async (): Promise<Page> => {
    const page = await browser.newPage();
    page.on('pageerror', (e) => errors.push(String(e)));
    return page;
  };

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));

  before(async function () {
    tree = await createTree(api);
    const admin = await adminToken(api);
    // A VAT-paying buyer below the reseller, with credit; the reseller (the seller) has a bank account.
    taxed = await createOrganization(api, tree.resellerAdmin.token, { name: unique('Taxed buyer '), isTax: true });
    const userName = unique('taxadm');
    await createUser(api, tree.resellerAdmin.token, { userName, organizationId: taxed.id, isAdmin: true, firstName: 'Taxed' });
    taxedUser = { userName, token: (await login(api, userName, USER_PASSWORD)).accessToken };
    data(await api.post('AccountInformations/Create', { accountNo: '555-1', branch: 'Main', cardNo: '6037991234567811', iban: 'IR120170000000123456789011', owner: 'Reseller Co' }, { token: tree.resellerAdmin.token }));
    data(await api.post('Credits/ChargeOrganization', { organizationId: tree.reseller.id, amount: '1000000' }, { token: admin }));
    data(await api.post('Credits/ChargeOrganization', { organizationId: taxed.id, amount: '300000' }, { token: tree.resellerAdmin.token }));
  });
  afterEach(() => { expect(errors, 'page errors').to.deep.equal([]); });

  it('the invoice shows VAT and levy', async () => {
    const payment = data(await api.post('Payments/Create', { typePayment: 'Cash', amount: 110_000, billNumber: unique('INV') }, { token: taxedUser.token }));
    data(await api.post('Payments/ConfirmPayment', { id: payment.id }, { token: tree.resellerAdmin.token }));
    const page = await newPage();
    await new PanelSignIn(page, baseUrl).signIn(taxedUser.userName, USER_PASSWORD);
    const payments = new PaymentsScreen(page, baseUrl);
    await payments.open();
    const row = payments.table.rows().filter({ has: page.locator(`[data-testid="payment-row-id"][data-id="${payment.id}"]`) });
    await row.getByTestId('payment-invoice').click();
    const invoice = new InvoiceScreen(page);
    await invoice.waitFor();
    // VAT 10 % is inside the amount paid; the levy is per SMS part, so 0 for a credit charge, and shown.
    expect(await invoice.amount('price')).to.equal('100000');
    expect(await invoice.amount('vat')).to.equal('10000');
    expect(await invoice.amount('levy')).to.equal('0');
    expect(await invoice.amount('total')).to.equal('110000');
    expect(await invoice.root().innerText()).to.include('مالیات بر ارزش افزوده').and.include('عوارض');
    expect(await invoice.sellerName().innerText()).to.equal(tree.reseller.name);
    expect(await invoice.buyerName().innerText()).to.equal(taxed.name);
    expect(await invoice.iban().innerText()).to.equal('IR120170000000123456789011');
    // Printed, only the invoice shows: the layout chrome is hidden.
    await page.emulateMedia({ media: 'print' });
    expect(await invoice.root().isVisible()).to.equal(true);
    expect(await page.getByTestId('current-user').isVisible()).to.equal(false);
    expect(await page.getByTestId('invoice-print').isVisible()).to.equal(false);
    await page.close();
  });

  it('buys a package with a discount code', async () => {
    const title = unique('Pack ');
    const pkg = data(await api.post('Packages/Create', { title, expirationType: 3, expiration: 1, depositPrice: 50_000, chargeAmount: 65_000 }, { token: tree.resellerAdmin.token }));
    const code = unique('OFF');
    data(await api.post('Discounts/Create', { code, isPercentage: true, discountPercentageValue: 20 }, { token: tree.resellerAdmin.token }));
    const before = await balanceOf(taxed.id);
    const page = await newPage();
    await new PanelSignIn(page, baseUrl).signIn(taxedUser.userName, USER_PASSWORD);
    const packages = new PackagePurchaseScreen(page, baseUrl);
    await packages.open();
    await packages.startBuying(title);
    await packages.checkCode('NO-SUCH-CODE');
    await packages.dialog().getByText('کد تخفیف وارد شده صحیح نمی‌باشد').first().waitFor();
    expect(await packages.discount().count()).to.equal(0);
    await packages.checkCode(code);
    await packages.discount().waitFor();
    expect(await packages.discount().innerText()).to.include('کد تخفیف با موفقیت ثبت شد');
    expect(await packages.discount().locator('[data-value="10000"]').count()).to.equal(1);
    expect(await packages.discount().locator('[data-value="40000"]').count()).to.equal(1);
    await packages.submit();
    // Paid 40,000 (50,000 less 20 %), received 65,000.
    expect(await balanceOf(taxed.id)).to.equal(before - 40_000n + 65_000n);
    // The buyer lands on the invoice of the purchase; it is also in "My purchases".
    const invoice = new InvoiceScreen(page);
    await invoice.waitFor();
    expect(await invoice.amount('total')).to.equal('40000');
    expect(await invoice.lines().innerText()).to.include(title);
    await packages.open();
    const purchases = await packages.openPurchases();
    await purchases.row(title).getByTestId('purchase-invoice').click();
    await invoice.waitFor();
    expect(await invoice.amount('vat')).to.equal('3636');
    const bought = data(await api.get(`Packages/GetPurchases?organizationId=${taxed.id}`, { token: taxedUser.token })).items.find((p: any) => p.packageId === pkg.id);
    expect(bought).to.include({ discountCode: code, paidAmount: '40000' });
    await page.close();
  });

  it('buys a plan from the public plan page after signing in', async () => {
    const title = unique('Gold ');
    const plan = data(await api.post('Plans/Create', { title, planType: 'Yearly', planPrice: '70000', planInformation: 'Everything', modules: ['BulkSms', 'PhoneBook'] }, { token: tree.resellerAdmin.token }));
    const before = await balanceOf(taxed.id);
    const page = await newPage();
    const planScreen = new PlanScreen(page, baseUrl);
    // Anonymous: the guard sends the visitor to sign in and brings them back to the plan.
    await planScreen.goto(plan.id);
    await page.waitForURL(/\/account\/login/);
    await new LoginPage(page, baseUrl).signIn(taxedUser.userName, USER_PASSWORD);
    await page.waitForURL(new RegExp(`/plan/${plan.id}$`));
    await planScreen.title().waitFor();
    expect(await planScreen.title().innerText()).to.equal(title);
    await planScreen.buy();
    expect(await planScreen.currentCredit().getAttribute('data-value')).to.equal(String(before - 70_000n));
    expect(await balanceOf(taxed.id)).to.equal(before - 70_000n);
    const modules = data(await api.get(`Modules/GetOrganizationModules?organizationId=${taxed.id}`, { token: tree.resellerAdmin.token }));
    expect(JSON.stringify(modules)).to.include('BulkSms').and.include('PhoneBook');
    await planScreen.invoiceLink().click();
    const invoice = new InvoiceScreen(page);
    await invoice.waitFor();
    expect(await invoice.amount('total')).to.equal('70000');
    // An unknown plan: a friendly state, no error dialog (GetPlan's 404 is silent).
    await planScreen.goto(2_000_000_000);
    await planScreen.notFound().waitFor();
    expect(await page.getByRole('alertdialog').count()).to.equal(0);
    await page.close();
  });
});
