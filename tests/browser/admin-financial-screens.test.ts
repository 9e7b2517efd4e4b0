import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import type { Knex } from 'knex';
import { onSharedBrowser } from '../support/browser.js';
import { ADMIN_PASSWORD, adminToken, createOrganization, createTree, createUser, login, sharedServer, unique, USER_PASSWORD, type Tree } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { TYPES } from '../../server/platform/tokens.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { InvoiceScreen } from './pages/financial-purchase-pages.js';
import { MainSettingsScreen, ModulesScreen, PlansScreen, PreInvoiceScreen } from './pages/admin-financial-pages.js';

// Issue 27 part 3: the main settings, plans and modules screens and the pre-invoice page, each
// through a real round trip with the server.
describe('browser: main settings, plans, modules and pre-invoices', function () {
  this.timeout(180_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;
  let tree: Tree;
  let admin: string;
  let taxed: any;
  let taxedUser: { userName: string; token: string };
  const errors: string[] = [];
  const pages: Page[] = [];

  const data = (res: { status: number; body: any }) => {
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return res.body.data;
  };
  const setting = async (key: string) => (data(await api.get('MainSettings/GetAll', { token: admin })).items as { key: string; value: string }[]).find((i) => i.key === key)?.value;
  const newPage = async (): Promise<Page> => {
    const page = await browser.newPage();
    page.on('pageerror', (e) => errors.push(String(e)));
    pages.push(page);
    return page;
  };

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));

  before(async () => {
    tree = await createTree(api);
    admin = await adminToken(api);
    data(await api.post('MainSettings/Update', { Tax: '10', ResolutionOfParliament: '0' }, { token: admin }));
    taxed = await createOrganization(api, tree.resellerAdmin.token, { name: unique('Taxed pre '), isTax: true });
    const userName = unique('preadm');
    await createUser(api, tree.resellerAdmin.token, { userName, organizationId: taxed.id, isAdmin: true, firstName: 'Pre' });
    taxedUser = { userName, token: (await login(api, userName, USER_PASSWORD)).accessToken };
    data(await api.post('Credits/ChargeOrganization', { organizationId: tree.reseller.id, amount: '1000000' }, { token: admin }));
    data(await api.post('Credits/ChargeOrganization', { organizationId: taxed.id, amount: '300000' }, { token: tree.resellerAdmin.token }));
  });
  afterEach(async () => {
    for (const p of pages.splice(0)) await p.close();
    expect(errors.splice(0), 'page errors').to.deep.equal([]);
  });
  after(async () => {
    if (admin) await api.post('MainSettings/Update', { Tax: '10', MaxSmsParts: null }, { token: admin });
  });

  it('main settings: grouped with what each does, stored-only keys said so; a refused value is shown on its field; a saved one applies', async () => {
    const page = await newPage();
    await new PanelSignIn(page, baseUrl).signIn('admin', ADMIN_PASSWORD);
    const screen = new MainSettingsScreen(page, baseUrl);
    await screen.open();
    for (const group of ['sending', 'money', 'queue', 'texts', 'network']) await screen.group(group).waitFor();
    expect(await screen.group('money').locator('[data-testid="setting-Tax"]').count()).to.equal(1);
    expect(await screen.group('network').locator('[data-testid="setting-OutboundAllowedRanges"]').count()).to.equal(1);
    // Nothing on the server reads RemoteQueueIp: its help says so; Tax is read and says nothing of it.
    expect(await screen.hint('RemoteQueueIp')).to.include('فقط ذخیره می‌شود');
    expect(await screen.hint('Tax')).to.not.include('فقط ذخیره می‌شود');
    expect(await screen.field('Tax').inputValue()).to.equal('10');

    // A refused value: the server's message under the Tax field, nothing stored.
    await screen.set('Tax', '150');
    expect(await screen.unsaved().innerText()).to.include('۱');
    expect(await screen.save()).to.include('مالیات بر ارزش افزوده');
    await page.locator('[id="setting-Tax-error"]').waitFor();
    expect(await screen.error('Tax')).to.include('مالیات باید درصدی بین ۰ و ۱۰۰');
    expect(await screen.field('Tax').getAttribute('aria-invalid')).to.equal('true');
    expect(await setting('Tax')).to.equal('10');

    // Discarding goes back to what is stored.
    await screen.discard();
    expect(await screen.field('Tax').inputValue()).to.equal('10');

    // Two changes saved together; the VAT rate applies to the next quote at once.
    await screen.set('Tax', '9.5');
    await screen.set('MaxSmsParts', '7');
    const listed = await screen.save();
    expect(listed).to.include('مالیات بر ارزش افزوده').and.include('حداکثر بخش هر پیامک');
    await page.getByText('تنظیمات ذخیره شد').first().waitFor();
    expect(await screen.unsaved().innerText()).to.include('تغییری ذخیره‌نشده‌ای نیست');
    expect(await setting('Tax')).to.equal('9.5');
    expect(await setting('MaxSmsParts')).to.equal('7');
    const quote = data(await api.post('Invoices/CreatePreInvoice', { kind: 'charge', amount: '100000' }, { token: taxedUser.token }));
    expect(quote).to.include({ taxPercent: '9.5', tax: '9500', total: '109500' });
    data(await api.post('MainSettings/Update', { Tax: '10', MaxSmsParts: null }, { token: admin }));

    // Leaving with unsaved changes asks first; staying keeps them, discarding lets the link go.
    await screen.open();
    await screen.set('MaxSmsParts', '6');
    const home = page.getByTestId('main-menu').locator('a[href="/"]').first();
    await home.click();
    await screen.leaveDialog().waitFor();
    await page.getByTestId('main-settings-leave-cancel').click();
    expect(new URL(page.url()).pathname).to.equal('/infrastructure/main-settings');
    expect(await screen.field('MaxSmsParts').inputValue()).to.equal('6');
    await screen.discard();
    await home.click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await setting('MaxSmsParts')).to.equal('8');
  });

  it('plans and modules: a reseller makes a plan, the module on sale is locked below, assigned by hand it is held, taken back locked again', async () => {
    const page = await newPage();
    await new PanelSignIn(page, baseUrl).signIn(tree.resellerAdmin.userName, USER_PASSWORD);
    const plans = new PlansScreen(page, baseUrl);
    await plans.open();
    await plans.table.empty().waitFor();
    const title = unique('Bronze ');
    await plans.create({ title, planType: 'سالانه', planPrice: '۶۰۰۰۰', information: 'ارسال انبوه برای یک سال', modules: ['BulkSms'] });
    await plans.submit();
    await plans.table.row(title).waitFor();
    const made = (data(await api.get('Plans/GetAll', { token: tree.resellerAdmin.token })).items as any[]).find((p) => p.title === title);
    expect(made).to.include({ planType: 'سالانه', planPrice: '60000', extentionPrice: null, planInformation: 'ارسال انبوه برای یک سال', isActive: true });
    expect(made.modules).to.deep.equal(['BulkSms']);

    // Editing: the public address to send customers, and a new price.
    await plans.edit(title);
    expect(await plans.publicLink().inputValue()).to.equal(`${baseUrl}/plan/${made.id}`);
    await plans.dialog().getByTestId('plan-planPrice').fill('80000');
    await plans.dialog().getByTestId('plan-extentionPrice').fill('30000');
    await plans.submit();
    expect(data(await api.get(`Plans/GetPlan/${made.id}`, { token: tree.resellerAdmin.token }))).to.include({ planPrice: '80000', extentionPrice: '30000' });

    // The organization below has not bought it: BulkSms is locked for it.
    const modules = new ModulesScreen(page, baseUrl);
    await modules.open();
    expect(await modules.explanation().innerText()).to.include('قفل');
    await modules.pick(tree.organization.name);
    await modules.waitForState('ارسال انبوه', 'locked');
    expect(await modules.state('ارسال هوشمند')).to.equal('free');
    const claimsOf = async () => data(await api.get('Users/GetCurrentUser', { token: tree.orgAdmin.token })).claims as string[];
    expect(await claimsOf()).to.not.include('Sending.Bulk');

    await modules.assign('ارسال انبوه');
    const held = (data(await api.get(`Modules/GetOrganizationModuleStates?organizationId=${tree.organization.id}`, { token: tree.resellerAdmin.token })) as any[]).find((m) => m.moduleId === 'BulkSms');
    expect(held).to.include({ state: 'held', planId: null });
    expect(await claimsOf()).to.include('Sending.Bulk');

    await modules.unassign('ارسال انبوه');
    await modules.waitForState('ارسال انبوه', 'locked');
    expect(await claimsOf()).to.not.include('Sending.Bulk');

    // Deleted, the plan sells nothing: the module is free again.
    await plans.open();
    await plans.delete(title);
    expect((data(await api.get('Plans/GetAll', { token: tree.resellerAdmin.token })).items as any[]).map((p) => p.id)).to.not.include(made.id);
    await modules.open();
    await modules.pick(tree.organization.name);
    await modules.waitForState('ارسال انبوه', 'free');
  });

  it('pre-invoice: issued from the packages list, printable with VAT and a Jalali valid-until; buying proceeds to the invoice; an expired one shows the server\'s message', async () => {
    const title = unique('PrePack ');
    const pkg = data(await api.post('Packages/Create', { title, expirationType: 3, expiration: 1, depositPrice: 50_000, chargeAmount: 60_000 }, { token: tree.resellerAdmin.token }));
    const balance = async () => BigInt(data(await api.get(`Organizations/GetOrganizationCreditForAdmin?organizationId=${taxed.id}`, { token: tree.resellerAdmin.token })).balance);
    const before = await balance();
    const page = await newPage();
    await new PanelSignIn(page, baseUrl).signIn(taxedUser.userName, USER_PASSWORD);
    await page.goto(`${baseUrl}/financial/packages`);
    await page.getByTestId('packages-table-row').filter({ hasText: title }).getByTestId('package-pre-invoice').click();
    const pre = new PreInvoiceScreen(page, baseUrl);
    await pre.waitFor();
    expect(page.url()).to.match(/\/financial\/pre-invoices\/\d+$/);
    expect(await pre.amount('price')).to.equal('50000');
    expect(await pre.amount('levy')).to.equal('0');
    expect(await pre.amount('vat')).to.equal('5000');
    expect(await pre.amount('total')).to.equal('55000');
    // Valid until: the Jalali calendar in Persian digits (a 14xx year), never an ISO date.
    const until = await pre.validUntil().innerText();
    expect(until).to.match(/۱۴[۰-۹]{2}\/[۰-۹]{2}\/[۰-۹]{2}/);
    expect(until).to.not.match(/[0-9]/);
    const id = Number(page.url().split('/').pop());
    const stored = data(await api.get(`Invoices/GetPreInvoice/${id}`, { token: taxedUser.token }));
    expect(stored).to.include({ kind: 'package', referenceId: pkg.id, total: '55000' });
    // Printed, only the pre-invoice shows.
    await page.emulateMedia({ media: 'print' });
    expect(await pre.root().isVisible()).to.equal(true);
    expect(await page.getByTestId('current-user').isVisible()).to.equal(false);
    expect(await page.getByTestId('pre-invoice-print').isVisible()).to.equal(false);
    await page.emulateMedia({ media: 'screen' });

    // Proceeding buys the package from credit and opens its invoice.
    await pre.buy();
    const invoice = new InvoiceScreen(page);
    await invoice.waitFor();
    expect(await invoice.amount('total')).to.equal('50000');
    expect(await balance()).to.equal(before - 50_000n + 60_000n);

    // From the public plan page: a quote of the plan, then bought from it.
    const plan = data(await api.post('Plans/Create', { title: unique('PrePlan '), planType: 'Yearly', planPrice: '70000', modules: ['Receive'] }, { token: tree.resellerAdmin.token }));
    await page.goto(`${baseUrl}/plan/${plan.id}`);
    await page.getByTestId('plan-pre-invoice').click();
    await pre.waitFor();
    expect(await pre.amount('total')).to.equal('77000');
    await pre.buy();
    await invoice.waitFor();
    expect(await invoice.amount('total')).to.equal('70000');
    expect(await balance()).to.equal(before - 50_000n + 60_000n - 70_000n);
    data(await api.delete(`Plans/Delete/${plan.id}`, { token: tree.resellerAdmin.token }));

    // A charge quote from the online payment page's amount.
    const charge = data(await api.post('Invoices/CreatePreInvoice', { kind: 'charge', amount: '120000' }, { token: taxedUser.token }));
    await pre.goto(charge.id);
    await pre.waitFor();
    expect(await pre.proceed().getAttribute('href')).to.equal('/financial/online-payment?amount=120000');

    // Past its day the server refuses it; the page shows the server's sentence.
    const server = await sharedServer();
    await server.peyk.container.get<Knex>(TYPES.Knex)('pre_invoices').where({ id: charge.id }).update({ expiresAt: new Date(Date.now() - 60_000) });
    await page.reload();
    await pre.refused().waitFor();
    expect(await pre.refused().innerText()).to.include('اعتبار این پیش‌فاکتور (یک روز) به پایان رسیده است');
    expect(await page.getByTestId('pre-invoice').count()).to.equal(0);
  });
});
