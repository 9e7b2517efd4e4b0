import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, skipWithoutChromium } from '../support/browser.js';
import { ApiClient } from '../support/api-client.js';
import { INITIAL_ADMIN_PASSWORD, startTestServer, type TestServer } from '../support/test-server.js';
import { USER_PASSWORD } from '../support/fixtures.js';
import { ok } from '../support/sending.js';
import { ChangePasswordPage, LoginPage } from './pages/login-page.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { Shell } from './pages/shell.js';
import { FirstRunChecklistPanel } from './pages/first-run-pages.js';
import { OrganizationsPage } from './pages/organizations-page.js';
import { CreditScreen, TariffsScreen, TransactionsScreen } from './pages/financial-pages.js';
import { UsersPage } from './pages/users-page.js';
import { SelectControl } from './pages/select-control.js';
import { ImpersonationBanner } from './pages/impersonation-banner.js';
import { SingleSendPage } from './pages/sending-pages.js';
import { ScreenAudit } from './pages/day-one-pages.js';

const ADMIN_NEW_PASSWORD = 'Admin#Pass9';
const SEEDED_LINE = '10001000';

/**
 * Issue 14's "done when": a reseller's operator on day one, in Persian, on a desktop (1366 px) and
 * on a phone (390 px): sign in, the checklist, a customer with a tariff and credit chosen through
 * pickers, impersonate its administrator, send, read the transactions. Every screen on the way has
 * no horizontal overflow, no raw code or id, Persian digits, and no serious axe-core violation.
 */
describe('browser: the day-one walk (Persian, desktop and phone)', function () {
  this.timeout(300_000);
  let server: TestServer;
  let browser: Browser;
  let api: ApiClient;
  let context: BrowserContext | undefined;
  let firstSignIn = true;

  before(async function () {
    skipWithoutChromium(this);
    server = await startTestServer();
    api = new ApiClient(server.url);
    browser = await launchBrowser();
  });

  afterEach(async () => { await context?.close(); });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const screen of [{ name: 'desktop', width: 1366, height: 900 }, { name: 'phone', width: 390, height: 844 }]) {
    it(`walks the first day at ${screen.width} px with no overflow, no raw code and no serious violation`, async () => {
      context = await browser.newContext({ viewport: { width: screen.width, height: screen.height }, locale: 'fa-IR', bypassCSP: true });
      const page: Page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      const audit = new ScreenAudit(page);
      const found: string[] = [];
      const look = async (where: string) => { found.push(...(await audit.problems(`${screen.name} ${where}`))); };
      // Names in Persian letters only: the digit check must catch the panel's digits, not ours.
      const tag = `${screen.name === 'desktop' ? 'دسکتاپ' : 'تلفن'} ${[...String(Date.now()).slice(-4)].map((d) => 'ابپتثجچحخد'[Number(d)]).join('')}`;

      // 1. Sign in; the very first time the administrator chooses a new password.
      if (firstSignIn) {
        const login = new LoginPage(page, server.url);
        await login.open();
        await look('sign-in');
        await login.signIn('admin', INITIAL_ADMIN_PASSWORD);
        const change = new ChangePasswordPage(page);
        await change.waitFor();
        await change.change(INITIAL_ADMIN_PASSWORD, ADMIN_NEW_PASSWORD);
        firstSignIn = false;
      } else {
        await new PanelSignIn(page, server.url).signIn('admin', ADMIN_NEW_PASSWORD);
      }
      await new Shell(page).waitForDashboard();

      // 2. The checklist says what is left.
      const checklist = new FirstRunChecklistPanel(page);
      await checklist.root().waitFor();
      await look('dashboard with checklist');

      // 3. A tariff.
      const tariffs = new TariffsScreen(page, server.url);
      await tariffs.open();
      const tariffTitle = `تعرفه ${tag}`;
      await tariffs.create(tariffTitle, { mci: '۱۵۰', irancell: '۱۶۰', other: '۱۸۰' });
      await look('tariffs');

      // 4. The customer, its tariff picked in the form.
      const organizations = new OrganizationsPage(page, server.url);
      await organizations.open();
      const customer = `مشتری ${tag}`;
      await page.getByTestId('organization-create').click();
      await organizations.fillForm({ name: customer });
      await organizations.picker('tariff').choose(tariffTitle, tariffTitle.slice(0, 8));
      await look('organization form');
      await organizations.saveForm();
      await organizations.row(customer).waitFor();
      await look('organizations');

      // 5. Credit for it, picked by name and confirmed.
      const credit = new CreditScreen(page, server.url);
      await credit.open();
      await credit.showOrganization(customer);
      await credit.startCharge('2000000', `شارژ ${tag}`);
      await look('charge confirmation');
      await credit.confirmCharge();
      await look('credit');

      // 6. Its administrator (must change the password at first sign-in).
      const users = new UsersPage(page, server.url);
      await users.open();
      await users.openCreate();
      const userName = `day1${screen.width}`;
      await new SelectControl(page, users.form(), 'user-organizationId').choose(customer);
      await users.fill({ userName, password: USER_PASSWORD, firstName: 'سارا', lastName: 'احمدی' });
      await users.setFlag('isAdmin', true);
      await look('user form');
      await users.submitAndClose();
      await users.row(userName).waitFor();
      await look('users');

      // 7. Impersonate: no forced password change, the banner with the way back.
      await users.impersonate(userName);
      const banner = new ImpersonationBanner(page);
      await banner.waitShown();
      await new Shell(page).waitForDashboard();
      await look('impersonated dashboard');

      // 8. Send one message from the root's public simulator line.
      const send = new SingleSendPage(page, server.url);
      await send.open();
      await send.compose(SEEDED_LINE, `سلام از روز نخست ${tag}`, ['09121234567']);
      await send.openPreview();
      await look('send preview');
      await page.getByTestId('send-preview-confirm').click();
      await page.waitForURL(/\/outbox\/\d+$/);
      const sendId = Number(/\/outbox\/(\d+)$/.exec(page.url())![1]);
      await page.locator('[data-testid="outbox-detail-page"][data-send-id]').waitFor();
      await look('outbox detail');

      // 9. The transactions read in words: the charge and, once settled, the send's cost.
      const transactions = new TransactionsScreen(page, server.url);
      const deadline = Date.now() + 30_000;
      for (;;) {
        await transactions.open();
        await transactions.table.rows().first().waitFor();
        if (await transactions.table.row('هزینه ارسال پیامک').count() > 0) break;
        if (Date.now() > deadline) throw new Error('the send never reached the transactions');
        await page.waitForTimeout(500);
      }
      await transactions.table.row(`شارژ ${tag}`).waitFor();
      await look('transactions');

      await banner.backToMyAccount();
      await new Shell(page).waitForDashboard();

      // The walk changed the real data: the customer's balance went down by the send's cost only.
      const admin = ok(await api.post('Account/Login', { userName: 'admin', password: ADMIN_NEW_PASSWORD })).accessToken;
      const org = (ok(await api.get(`Organizations/GetAll?search=${encodeURIComponent(customer)}`, { token: admin })).items as Array<{ id: number; name: string }>).find((o) => o.name === customer);
      const balance = async () => Number(ok(await api.get(`Organizations/GetOrganizationCreditForAdmin?organizationId=${org!.id}`, { token: admin })).balance);
      // Settled means its hold became charges: wait for that rather than for the balance to move. The
      // seeded simulator reports 5% of messages undelivered, and its line gives those back in full.
      const sendNow = async () => ok(await api.get(`OutBox/Get/${sendId}`, { token: admin })) as { queueStatus: string; status: string };
      const settled = Date.now() + 90_000;
      while ((await sendNow()).queueStatus !== 'Completed' && Date.now() < settled) await page.waitForTimeout(250);
      const outcome = await sendNow();
      expect(outcome.queueStatus).to.equal('Completed');
      if (['SentAndGiveBackCredit', 'ErrorInSending'].includes(outcome.status)) expect(await balance()).to.equal(2_000_000);
      else expect(await balance()).to.be.below(2_000_000).and.above(1_990_000);

      expect(found.join('\n')).to.equal('');
      expect(errors).to.deep.equal([]);
    });
  }
});
