import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, skipWithoutChromium } from '../support/browser.js';
import { ApiClient } from '../support/api-client.js';
import { INITIAL_ADMIN_PASSWORD, startTestServer, type TestServer } from '../support/test-server.js';
import { createUser, USER_PASSWORD } from '../support/fixtures.js';
import { ok, tariffBody, waitForSend } from '../support/sending.js';
import { xlsxBuffer } from '../support/spreadsheets.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { LoginPage } from './pages/login-page.js';
import { Shell } from './pages/shell.js';
import { BulkSendPage, SingleSendPage } from './pages/sending-pages.js';
import { P2PSendPage } from './pages/p2p-send-page.js';
import { PatternSendPage, PatternsPage } from './pages/patterns-pages.js';
import { OccasionsPages } from './pages/occasions-pages.js';
import { LineFormDialog } from './pages/line-form.js';
import { NoLineNoticeControl } from './pages/no-line-notice.js';
import { AccessibilityCheck, describeViolations } from './pages/accessibility-pages.js';
import { OccasionRunner } from '../../server/modules/engage/occasion-runner.service.js';
import { fromJalali } from '../../server/modules/engage/occasion-dates.js';
import { tehranTime } from '../../server/modules/messaging/index.js';
import { dayString } from '../../server/shared/dates/calendar-days.js';

const ADMIN_PASSWORD = 'Admin#Pass9';
const SEEDED_LINE = '10001000';

/**
 * Issue 23 item 1, "no dead ends on a fresh install": on a server nobody configured, the system
 * administrator does only what the first-run checklist asks (a tariff, a customer organization with
 * its administrator and credit, a test message), and that customer then sends every kind the panel
 * offers from the seeded simulator line, with no other change by anyone. The checklist's steps are
 * done through the API (their screens have their own tests); the sends are the walk.
 */
describe('browser: a fresh install, only the first-run checklist done, lets a customer send every kind', function () {
  this.timeout(300_000);
  let server: TestServer;
  let browser: Browser;
  let api: ApiClient;
  let admin: string;
  let customer: { userName: string };
  let token: string;
  let book: string;
  let seededLineId: number;
  let customerOrgId: number;

  before(async function () {
    skipWithoutChromium(this);
    server = await startTestServer();
    api = new ApiClient(server.url);
    browser = await launchBrowser();
    const first = ok(await api.post('Account/Login', { userName: 'admin', password: INITIAL_ADMIN_PASSWORD }));
    ok(await api.post('Account/ChangePassword', { currentPassword: INITIAL_ADMIN_PASSWORD, newPassword: ADMIN_PASSWORD, confirmPassword: ADMIN_PASSWORD }, { token: first.accessToken }));
    admin = ok(await api.post('Account/Login', { userName: 'admin', password: ADMIN_PASSWORD })).accessToken;

    // The checklist, step by step: the test message from the root on the seeded line, a tariff, the
    // customer with that tariff, its credit, and its administrator.
    const [seeded] = ok(await api.get('PrivateNumbers/GetMyNumbers?sendType=Single', { token: admin }));
    expect(seeded.number).to.equal(SEEDED_LINE);
    seededLineId = seeded.id;
    const test = ok(await api.post('ScheduledMessages/CreateFastScheduledMessage', { senderNumberId: seeded.id, smsBody: 'Peyk test message', mobile: '09121234567' }, { token: admin }));
    await waitForSend(api, admin, test.id, (s) => s.sentCount > 0);
    const tariff = ok(await api.post('Tariffs/Create', tariffBody('Retail', 100), { token: admin }));
    const org = ok(await api.post('Organizations/Create', { name: 'Fresh customer', type: 'reseller' }, { token: admin }));
    ok(await api.post('Tariffs/AssignToOrganization', { organizationId: org.id, tariffId: tariff.id }, { token: admin }));
    ok(await api.post('Credits/ChargeOrganization', { organizationId: org.id, amount: 1_000_000 }, { token: admin }));
    customer = await createUser(api, admin, { userName: 'freshcustomer', organizationId: org.id, isAdmin: true, firstName: 'Sara' });
    customerOrgId = org.id;
    expect(ok(await api.get('FirstRun/GetChecklist', { token: admin })).allDone).to.equal(true);

    // The customer's own contacts (what a phonebook, dynamic, pattern or occasion send is sent to):
    // Mehri's birthday is Mehr 1.
    token = ok(await api.post('Account/Login', { userName: customer.userName, password: USER_PASSWORD })).accessToken;
    book = 'Customers';
    const bookId = ok(await api.post('Phonebooks/Create', { title: book }, { token })).id;
    ok(await api.post('Contacts/Create', { phonebookId: bookId, cellphone: '09121260001', firstName: 'مهری', birthdate: dayString(fromJalali({ jy: 1380, jm: 7, jd: 1 })) }, { token }));
    ok(await api.post('Contacts/Create', { phonebookId: bookId, cellphone: '09121260002', firstName: 'رضا' }, { token }));
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** The outbox shows the send the screen just made; answers its stored type. */
  const inOutbox = async (page: Page, sendId: number): Promise<string> => {
    await page.locator(`[data-testid="outbox-detail-page"][data-send-id="${sendId}"]`).waitFor();
    return ok(await api.get(`OutBox/Get/${sendId}`, { token })).sendType;
  };

  it('the customer sends single, bulk, phonebook, dynamic, P2P, pattern and occasion messages from the seeded line, each reaching the outbox (fa)', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    const notice = new NoLineNoticeControl(page);
    try {
      await new PanelSignIn(page, server.url).signIn(customer.userName, USER_PASSWORD);
      const sent: Record<string, string> = {};

      const single = new SingleSendPage(page, server.url);
      await single.open();
      await single.compose(SEEDED_LINE, 'سلام، پیام تکی', ['09121260001']);
      expect(await notice.root().count()).to.equal(0);
      let id = await single.previewAndConfirm();
      sent.single = await inOutbox(page, id);

      const bulk = new BulkSendPage(page, server.url);
      await bulk.open();
      await bulk.compose(SEEDED_LINE, 'سلام، پیام گروهی', ['09121260001', '09121260002']);
      id = await bulk.previewAndConfirm();
      sent.bulk = await inOutbox(page, id);

      await bulk.open();
      await bulk.phonebooks([book]);
      await bulk.line.choose(SEEDED_LINE);
      await page.getByTestId('send-text').fill('سلام به دفترچه');
      expect(await notice.root().count()).to.equal(0);
      id = await bulk.previewAndConfirm();
      sent.phonebook = await inOutbox(page, id);

      await bulk.open();
      await bulk.phonebooks([book], { dynamic: true });
      await bulk.line.choose(SEEDED_LINE);
      await page.getByTestId('send-text').fill('سلام {firstName}');
      expect(await notice.root().count()).to.equal(0);
      id = await bulk.previewAndConfirm();
      sent.dynamic = await inOutbox(page, id);

      const p2p = new P2PSendPage(page, server.url);
      await p2p.open();
      await p2p.upload('debts.xlsx', await xlsxBuffer([['mobile', 'name'], ['09121260001', 'مهری'], ['09121260002', 'رضا']]));
      await p2p.line.choose(SEEDED_LINE);
      await p2p.chooseKind('template');
      await p2p.template().fill('سلام {name}');
      await p2p.openPreview();
      id = await p2p.confirm();
      sent.p2p = await inOutbox(page, id);

      // A pattern: in the spec an administrator confirms it; the customer's administrator's own
      // pattern is confirmed at once, so nobody above has anything to do.
      const patternTitle = 'خوش‌آمد';
      ok(await api.post('Patterns/Create', { title: patternTitle, smsText: 'خوش آمدی {firstName}' }, { token }));
      const patterns = new PatternsPage(page, server.url);
      await patterns.open();
      await patterns.row(patternTitle).waitFor();
      expect(await patterns.status(patternTitle)).to.equal('Confirmed');
      await patterns.send(patternTitle);
      const patternSend = new PatternSendPage(page);
      await patternSend.line.choose(SEEDED_LINE);
      await patternSend.phonebook(book);
      await patternSend.openPreview();
      id = await patternSend.confirm();
      sent.pattern = await inOutbox(page, id);

      // An occasion: made on its form, sent by the daily run (on a fake clock, as the scheduler calls
      // it) the day before Mehri's birthday.
      const occasions = new OccasionsPages(page, server.url);
      await occasions.openOccasions();
      await occasions.emptyCreate().click();
      await page.getByTestId('occasion-form').waitFor();
      await page.getByTestId('occasion-title').fill('تبریک تولد');
      await occasions.line.choose(SEEDED_LINE);
      expect(await notice.root().count()).to.equal(0);
      await occasions.phonebook.choose(book);
      await page.getByTestId('occasion-days-before').fill('۱');
      await page.getByTestId('occasion-template-title').fill('تولد');
      await page.getByTestId('occasion-text').fill('تولدت مبارک {firstName}');
      await occasions.save();
      await occasions.occasions.row('تبریک تولد').waitFor();
      const [occasion] = ok(await api.get('OccasionScheduledMessages/GetAll', { token })).items;
      const outcome = await server.peyk.container.get(OccasionRunner).runDue(tehranTime(fromJalali({ jy: 1406, jm: 6, jd: 31 }), 9, 1));
      expect(outcome[occasion.id]).to.equal('sent');
      id = ok(await api.get(`OccasionScheduledMessages/Get/${occasion.id}`, { token })).runs[0].sendId;
      await page.goto(`${server.url}/outbox/${id}`);
      sent.occasion = await inOutbox(page, id);

      expect(sent).to.deep.equal({ single: 'Single', bulk: 'Bulk', phonebook: 'PhoneBook', dynamic: 'Dynamic', p2p: 'P2P', pattern: 'Dynamic', occasion: 'Dynamic' });
      expect(errors).to.deep.equal([]);
    } finally {
      await page.close();
    }
  });

  it('with the occasion capability switched off, the customer is told to ask the administrator, and the administrator follows the notice to the line and switches it on (en)', async () => {
    ok(await api.post('PrivateNumbers/Update', { id: seededLineId, isSendOccasionPhonebook: false }, { token: admin }));
    const contexts: BrowserContext[] = [];
    const errors: string[] = [];
    /** A page of its own browser context, the panel switched to English. */
    const englishPage = async (): Promise<Page> => {
      // bypassCSP: the panel's policy would refuse axe-core's injected script.
      const context = await browser.newContext({ locale: 'fa-IR', bypassCSP: true });
      contexts.push(context);
      const page = await context.newPage();
      page.on('pageerror', (e) => errors.push(String(e)));
      await new LoginPage(page, server.url).open();
      await new Shell(page).toggleLanguage();
      await page.waitForFunction(() => (globalThis as any).document.documentElement.lang === 'en-US');
      return page;
    };
    try {
      // A user of the customer (who may not manage lines): the notice above the form, before any
      // text, names the capability and who can switch it on.
      const clerk = await createUser(api, token, { userName: 'freshclerk', organizationId: customerOrgId, isAdmin: false, firstName: 'Reza' });
      let page = await englishPage();
      let notice = new NoLineNoticeControl(page);
      await new PanelSignIn(page, server.url).signIn(clerk.userName, USER_PASSWORD);
      await page.goto(`${server.url}/sending/occasions/new`);
      await notice.root().waitFor();
      expect(await notice.mayFix()).to.equal('false');
      expect(await notice.text()).to.equal('None of the lines you may send from allows "Dynamic send" and "Occasion send". Ask your administrator to switch it on for your line or to give you such a line.');
      expect(await notice.lineLinks().count()).to.equal(0);

      // The administrator: the flag by its label and a link to the line's form, the switch in focus.
      page = await englishPage();
      notice = new NoLineNoticeControl(page);
      await new PanelSignIn(page, server.url).signIn('admin', ADMIN_PASSWORD);
      await page.goto(`${server.url}/sending/occasions/new`);
      await notice.root().waitFor();
      expect(await notice.mayFix()).to.equal('true');
      expect(await notice.text()).to.contain('"Occasion send"').and.contain('Switch it on in the line\'s form');
      expect(await notice.lineLinks().allInnerTexts()).to.deep.equal([`Edit line ${SEEDED_LINE}`]);
      expect(describeViolations('no-line notice (en)', await new AccessibilityCheck(page).seriousViolations())).to.equal('');
      await notice.lineLinks().first().click();
      const form = new LineFormDialog(page, server.url);
      await form.root().waitFor();
      expect(page.url()).to.contain(`/infrastructure/lines?edit=${seededLineId}&flag=isSendOccasionPhonebook`);
      const box = form.switchBox('isSendOccasionPhonebook');
      for (let i = 0; i < 50 && !(await box.evaluate((el) => el.ownerDocument.activeElement === el)); i++) await page.waitForTimeout(100);
      expect(await box.evaluate((el) => el.ownerDocument.activeElement === el)).to.equal(true);
      await box.check();
      await page.getByTestId('line-save').click();
      await form.root().waitFor({ state: 'hidden' });

      // The occasion screen has its line again.
      await page.goto(`${server.url}/sending/occasions/new`);
      await new OccasionsPages(page, server.url).line.choose(SEEDED_LINE);
      expect(await notice.root().count()).to.equal(0);
      expect(ok(await api.get(`PrivateNumbers/Get/${seededLineId}`, { token: admin })).isSendOccasionPhonebook).to.equal(true);
      expect(errors).to.deep.equal([]);
    } finally {
      for (const context of contexts) await context.close();
    }
  });
});
