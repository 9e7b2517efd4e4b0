import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { launchBrowser, onSharedBrowser, skipWithoutChromium } from '../support/browser.js';
import { adminToken, createTree, unique, USER_PASSWORD, type Tree } from '../support/fixtures.js';
import { ApiClient } from '../support/api-client.js';
import { INITIAL_ADMIN_PASSWORD, startTestServer, type TestServer } from '../support/test-server.js';
import { available, ok, simulatorLine, tariffBody } from '../support/sending.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { ChangePasswordPage, LoginPage } from './pages/login-page.js';
import { BulkSendPage } from './pages/sending-pages.js';
import { Shell } from './pages/shell.js';
import { FirstRunChecklistPanel, PreviewProblems } from './pages/first-run-pages.js';
import { AccessibilityCheck, describeViolations } from './pages/accessibility-pages.js';

const PERSIAN_DIGIT = /[۰-۹]/;
const LATIN_DIGIT = /[0-9]/;

/** No serious or critical axe finding, in the light and the dark theme. */
async function expectAccessible(check: AccessibilityCheck, where: string): Promise<void> {
  for (const dark of [false, true]) {
    await check.useDarkTheme(dark);
    expect(describeViolations(`${where}${dark ? ' (dark)' : ''}`, await check.seriousViolations())).to.equal('');
  }
  await check.useDarkTheme(false);
}

// Issue 14 item 1: the preview says why a send would fail, naming the organization and linking to the fix.
describe('browser: the send preview names what the chain lacks', function () {
  this.timeout(180_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;
  let tree: Tree;
  let line: { lineId: number; number: string };
  let resellerTariffId: number;

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));

  before(async () => {
    const superToken = await adminToken(api);
    tree = await createTree(api);
    line = await simulatorLine(api, {});
    // Tariffs for the reseller and the sub-organization, none for the organization between them.
    const sys = ok(await api.post('Tariffs/Create', tariffBody(unique('Chain sys '), 50), { token: superToken }));
    const res = ok(await api.post('Tariffs/Create', tariffBody(unique('Chain res '), 100), { token: tree.resellerAdmin.token }));
    resellerTariffId = res.id;
    ok(await api.post('Tariffs/AssignToOrganization', { organizationId: tree.reseller.id, tariffId: sys.id }, { token: superToken }));
    ok(await api.post('Tariffs/AssignToOrganization', { organizationId: tree.sub.id, tariffId: res.id }, { token: tree.resellerAdmin.token }));
    ok(await api.post('Credits/ChargeOrganization', { organizationId: tree.reseller.id, amount: 3_000_000 }, { token: superToken }));
    ok(await api.post('Credits/ChargeOrganization', { organizationId: tree.organization.id, amount: 2_000_000 }, { token: tree.resellerAdmin.token }));
    ok(await api.post('Credits/ChargeOrganization', { organizationId: tree.sub.id, amount: 1_000_000 }, { token: tree.orgAdmin.token }));
  });

  it('the sub-organization sees which organization above lacks a tariff, the confirm stays off with the reason', async () => {
    // bypassCSP: the panel's policy would refuse axe-core's injected script.
    const context = await browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    try {
      await new PanelSignIn(page, baseUrl).signIn(tree.subAdmin.userName, USER_PASSWORD);
      const compose = new BulkSendPage(page, baseUrl);
      await compose.open();
      await compose.compose(line.number, 'پیام آزمایش زنجیره', ['09121780001', '09121780002']);
      await compose.openPreview();
      const problems = new PreviewProblems(page);
      expect(await problems.items().count()).to.equal(1);
      // The dialog opens on the problems, so they are read (and reached) first.
      expect(await page.evaluate(`document.activeElement?.getAttribute('data-testid')`)).to.equal('calc-problems');
      const problem = problems.item('GroupPriceIsNull');
      expect(await problem.getAttribute('data-organization-id')).to.equal(String(tree.organization.id));
      expect(await problem.getByTestId('calc-problem-text').innerText()).to.contain(tree.organization.name).and.contain('تعرفه');
      // Tariffs come from above: no link for this administrator, a hint who can fix it.
      expect(await problems.fix('GroupPriceIsNull').count()).to.equal(0);
      await problems.ask('GroupPriceIsNull').waitFor();
      expect(await problems.confirm().isDisabled()).to.equal(true);
      expect(await problems.confirm().getAttribute('aria-describedby')).to.equal('send-preview-blocked');
      expect(await problems.blocked().innerText()).to.contain('غیرفعال');
      // The sub-organization's own price is still shown, in Persian digits.
      const price = await page.getByTestId('calc-price').innerText();
      expect(price).to.match(PERSIAN_DIGIT).and.not.match(LATIN_DIGIT);
      await expectAccessible(new AccessibilityCheck(page), 'preview with problems');
      expect(errors).to.deep.equal([]);
    } finally {
      await context.close();
    }
  });

  it('the administrator above gets links to the fix: the tariff, then the credit short by its amount; once fixed the send goes', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    try {
      await new PanelSignIn(page, baseUrl).signIn(tree.resellerAdmin.userName, USER_PASSWORD);
      const shell = new Shell(page);
      await shell.switcher().selectOption(String(tree.sub.id));
      const compose = new BulkSendPage(page, baseUrl);
      await compose.open();
      await compose.compose(line.number, 'پیام آزمایش زنجیره', ['09121780011', '09121780012']);
      await compose.openPreview();
      const problems = new PreviewProblems(page);
      const tariffLink = problems.fix('GroupPriceIsNull');
      expect(await tariffLink.getAttribute('href')).to.equal(`/financial/tariffs?organizationId=${tree.organization.id}`);
      expect(await tariffLink.innerText()).to.contain(tree.organization.name);
      await tariffLink.click();
      await page.waitForURL(/\/financial\/tariffs\?organizationId=\d+$/);
      // The link lands with that organization already picked in the assign form.
      const picked = page.getByTestId('tariff-assign-org');
      for (let i = 0; i < 50 && (await picked.inputValue()) !== tree.organization.name; i++) await page.waitForTimeout(100);
      expect(await picked.inputValue()).to.equal(tree.organization.name);
      // The link went back to the administrator's own organization (the one to fix is above the sub's slice).
      expect(await shell.switcher().inputValue()).not.to.equal(String(tree.sub.id));

      // The tariff set; the organization keeps 150 rials and this send needs 200 there.
      ok(await api.post('Tariffs/AssignToOrganization', { organizationId: tree.organization.id, tariffId: resellerTariffId }, { token: tree.resellerAdmin.token }));
      const { balance, held } = await available(api, tree.resellerAdmin.token, tree.organization.id);
      ok(await api.post('Credits/ChargeOrganization', { organizationId: tree.organization.id, amount: String(balance - held - 150n), isIncrement: false }, { token: tree.resellerAdmin.token }));
      await shell.switcher().selectOption(String(tree.sub.id));
      await compose.open();
      await compose.compose(line.number, 'پیام آزمایش زنجیره', ['09121780011', '09121780012']);
      await compose.openPreview();
      const credit = problems.item('AdminCreditNotEnough');
      expect(await credit.getAttribute('data-organization-id')).to.equal(String(tree.organization.id));
      expect(await credit.getByTestId('calc-problem-shortby-0').getAttribute('data-value')).to.equal('50');
      expect(await credit.getByTestId('calc-problem-shortby-0').innerText()).to.contain('۵۰');
      expect(await problems.fix('AdminCreditNotEnough').getAttribute('href')).to.equal(`/financial/credit?organizationId=${tree.organization.id}`);
      expect(await problems.confirm().isDisabled()).to.equal(true);
      // The credit link lands with the organization picked and its credit shown.
      await problems.fix('AdminCreditNotEnough').click();
      await page.getByTestId('credit-admin-name').filter({ hasText: tree.organization.name }).waitFor();

      ok(await api.post('Credits/ChargeOrganization', { organizationId: tree.organization.id, amount: 100_000 }, { token: tree.resellerAdmin.token }));
      await shell.switcher().selectOption(String(tree.sub.id));
      await compose.open();
      await compose.compose(line.number, 'پیام آزمایش زنجیره', ['09121780011', '09121780012']);
      const sendId = await compose.previewAndConfirm();
      expect(sendId).to.be.above(0);
      expect(errors).to.deep.equal([]);
    } finally {
      await page.close();
    }
  });
});

// Issue 14 item 1: a fresh installation's administrator is walked through the first steps.
describe('browser: the first-run checklist on a fresh server', function () {
  this.timeout(180_000);
  let server: TestServer;
  let browser: Browser;
  let api: ApiClient;

  before(async function () {
    skipWithoutChromium(this);
    server = await startTestServer();
    api = new ApiClient(server.url);
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('ticks each step from real data, sends a test message from the root at once, and can be dismissed when done', async () => {
    const context = await browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    try {
      const login = new LoginPage(page, server.url);
      await login.open();
      await login.signIn('admin', INITIAL_ADMIN_PASSWORD);
      const change = new ChangePasswordPage(page);
      await change.waitFor();
      await change.change(INITIAL_ADMIN_PASSWORD, 'Admin#Pass9');
      await new Shell(page).waitForDashboard();

      const checklist = new FirstRunChecklistPanel(page);
      await checklist.root().waitFor();
      // Only the seeded simulator is there.
      expect(await checklist.progress()).to.equal('۱ از ۵ گام انجام شده');
      expect(await checklist.isDone('senderAgent')).to.equal(true);
      for (const key of ['tariff', 'credit', 'customer', 'testMessage']) expect(await checklist.isDone(key), key).to.equal(false);
      expect(await checklist.link('tariff').getAttribute('href')).to.equal('/financial/tariffs');
      expect(await checklist.link('customer').getAttribute('href')).to.equal('/organizations');
      expect(await checklist.link('senderAgent').getAttribute('href')).to.equal('/infrastructure/sender-agents');
      expect(await page.getByTestId('first-run-dismiss').count(), 'not dismissible before every step is done').to.equal(0);
      const check = new AccessibilityCheck(page);
      await check.settled();
      await expectAccessible(check, 'first-run checklist');

      const dialog = await checklist.openTestMessage();
      await check.settled();
      await expectAccessible(check, 'test message dialog');
      expect(await dialog.line.value()).to.equal('10001000');
      expect(await dialog.text()).to.equal('پیامک آزمایشی پیک');
      await dialog.send('۰۹۱۲۱۲۳۴۵۶۷');
      await dialog.root().waitFor({ state: 'detached' });
      await checklist.waitDone('testMessage');
      expect(await page.getByTestId('first-run-test-sent').getAttribute('href')).to.match(/^\/outbox\/\d+$/);

      // The rest through the API; the list reads the real data again on the next visit.
      const admin = ok(await api.post('Account/Login', { userName: 'admin', password: 'Admin#Pass9' })).accessToken;
      const tariff = ok(await api.post('Tariffs/Create', tariffBody('First tariff', 100), { token: admin }));
      const customer = ok(await api.post('Organizations/Create', { name: 'First customer', type: 'reseller' }, { token: admin }));
      ok(await api.post('Tariffs/AssignToOrganization', { organizationId: customer.id, tariffId: tariff.id }, { token: admin }));
      ok(await api.post('Credits/ChargeOrganization', { organizationId: customer.id, amount: 100_000 }, { token: admin }));
      await page.reload();
      await checklist.root().waitFor();
      expect(await checklist.progress()).to.equal('۵ از ۵ گام انجام شده');
      await checklist.dismiss();
      await checklist.root().waitFor({ state: 'detached' });
      await page.reload();
      await new Shell(page).waitForDashboard();
      await page.getByTestId('dashboard-organization').waitFor();
      expect(await checklist.root().count(), 'dismissed for good').to.equal(0);

      // A customer's administrator never sees it.
      ok(await api.post('Users/Create', { userName: 'firstcustomer', password: USER_PASSWORD, changePasswordRequired: false, organizationId: customer.id, isAdmin: true, firstName: 'Customer' }, { token: admin }));
      const other = await browser.newPage();
      try {
        await new PanelSignIn(other, server.url).signIn('firstcustomer', USER_PASSWORD);
        await new Shell(other).waitForDashboard();
        await other.getByTestId('dashboard-organization').waitFor();
        expect(await other.getByTestId('first-run').count()).to.equal(0);
      } finally {
        await other.close();
      }
      expect(errors).to.deep.equal([]);
    } finally {
      await context.close();
    }
  });
});
