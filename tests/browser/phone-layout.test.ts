import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { ADMIN_PASSWORD, adminToken, createOrganization, unique, USER_PASSWORD } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { ok, sendingTree } from '../support/sending.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { Shell } from './pages/shell.js';
import { dialogFit, latinDigitTexts, measureOverflow, MobileMenu, PHONE_VIEWPORT, settle } from './pages/phone-layout.js';
import { UsersPage } from './pages/users-page.js';
import { OutboxDetailPage, SingleSendPage } from './pages/sending-pages.js';
import { OutboxListPage } from './pages/outbox-pages.js';

// Issue 14 item 7: every screen works on a 390 px phone. The test walks the whole menu through the
// phone menu, as the administrator and as an organization's administrator, in both languages, and
// reports every page that is wider than the screen (with the boxes that make it so) at once.
describe('browser: phones (390 px)', function () {
  this.timeout(600_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;
  let context: BrowserContext | undefined;
  let orgAdminName: string;
  let lineNumber: string;
  let sendId: number;

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));

  before(async () => {
    const { tree, line } = await sendingTree();
    orgAdminName = tree.orgAdmin.userName;
    lineNumber = line.number;
    const admin = await adminToken(api);
    // A long organization name: the switcher once grew to fit it and made every page 421 px wide.
    await createOrganization(api, admin, { name: unique('سازمان بازرگانی و خدمات فناوری اطلاعات پیک پارس شمال غرب '), type: 'reseller' });
    // Rows in the outbox, the transactions and the audit trail, so tables are measured with content.
    sendId = ok(await api.post('ScheduledMessages/Create', { senderNumberId: line.lineId, smsBody: 'سلام از گوشی', sendType: 'Bulk', receivers: ['09121110071', '09121110072'] }, { token: tree.orgAdmin.token })).id;
  });
  afterEach(async () => { await context?.close(); context = undefined; });

  async function phonePage(language: 'fa' | 'en'): Promise<Page> {
    context = await browser.newContext({ viewport: PHONE_VIEWPORT, locale: 'fa-IR', hasTouch: true, isMobile: true });
    const page = await context.newPage();
    if (language === 'en') {
      await page.goto(`${baseUrl}/account/login`);
      await new Shell(page).toggleLanguage();
      await page.locator('html[lang="en-US"]').waitFor({ state: 'attached' });
    }
    return page;
  }

  /** Visits every menu entry through the phone menu; returns one line per problem found. */
  async function walkMenu(page: Page, persian: boolean): Promise<{ visited: string[]; problems: string[] }> {
    const menu = new MobileMenu(page);
    const problems: string[] = [];
    const visited: string[] = [];
    expect(await menu.isOpen(), 'the menu starts closed on a phone').to.equal(false);
    const links = (await menu.links()).filter((l) => !l.newTab);
    expect(links.length, 'menu entries').to.be.greaterThan(5);
    for (const link of links) {
      try {
        await menu.choose(link.href);
      } catch (e) {
        // Reported, and the walk goes on by address so one broken page does not hide the others.
        problems.push(`${link.href}: the menu could not be used after ${visited.at(-1)} (${String(e).split('\n')[0]})`);
        await page.goto(`${baseUrl}${link.href}`);
      }
      await page.waitForURL((url) => url.pathname === link.href);
      visited.push(link.href);
      await page.getByTestId('main-menu').waitFor({ state: 'hidden', timeout: 5_000 })
        .catch(() => problems.push(`${link.href}: the menu stayed open after navigation`));
      await settle(page);
      const overflow = await measureOverflow(page);
      if (overflow.scrollWidth > overflow.clientWidth) {
        problems.push(`${link.href} (${link.text}): ${overflow.scrollWidth} px wide on a ${overflow.clientWidth} px screen; ${overflow.culprits.join(' | ')}`);
      }
      // Focus went on to the new page rather than to the hidden link.
      const focusedInMenu = await page.evaluate<boolean>(`!!document.activeElement?.closest('[data-testid="main-menu"]')`);
      if (focusedInMenu) problems.push(`${link.href}: focus stayed in the closed menu`);
      // Issue 14 item 8 on the same walk: the Persian panel writes its numbers in Persian digits.
      if (persian) for (const text of await latinDigitTexts(page)) problems.push(`${link.href}: Latin digits in "${text}"`);
    }
    return { visited, problems };
  }

  it('the administrator walks every menu entry in Persian: no page is wider than the screen, the menu closes after each, numbers are in Persian digits', async () => {
    const page = await phonePage('fa');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    // The sign-in page first: it is the phone user's first screen.
    await page.goto(`${baseUrl}/account/login`);
    await page.getByTestId('login-form').waitFor();
    const signIn = await measureOverflow(page);
    expect(signIn.scrollWidth, `sign-in: ${signIn.culprits.join(' | ')}`).to.be.at.most(signIn.clientWidth);
    await new PanelSignIn(page, baseUrl).signIn('admin', ADMIN_PASSWORD);
    await new Shell(page).switcher().waitFor();
    const { visited, problems } = await walkMenu(page, true);
    expect(visited).to.include.members(['/', '/organizations', '/users', '/outbox', '/sending/single', '/financial/transactions', '/audits']);
    expect(problems.join('\n')).to.equal('');
    expect(errors).to.deep.equal([]);
  });

  it("an organization's administrator walks every menu entry in English with the same result", async () => {
    const page = await phonePage('en');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn(orgAdminName, USER_PASSWORD);
    const { visited, problems } = await walkMenu(page, false);
    expect(visited).to.include.members(['/', '/outbox', '/sending/single']);
    // A page reached from a list rather than the menu: a send's detail with its receivers.
    await page.goto(`${baseUrl}/outbox/${sendId}`);
    await page.getByTestId('outbox-detail-page').waitFor();
    await settle(page);
    const detail = await measureOverflow(page);
    if (detail.scrollWidth > detail.clientWidth) problems.push(`/outbox/${sendId}: ${detail.scrollWidth} px; ${detail.culprits.join(' | ')}`);
    expect(problems.join('\n')).to.equal('');
    expect(errors).to.deep.equal([]);
  });

  // Issue 23 item 7: the outbox's filters filled the first screen and a send's progress was screens down.
  it("the outbox on a phone: filters wait behind a button, the list and a send's progress are on the first screen (fa, then en)", async () => {
    for (const language of ['fa', 'en'] as const) {
      const page = await phonePage(language);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      await new PanelSignIn(page, baseUrl).signIn(orgAdminName, USER_PASSWORD);
      const list = new OutboxListPage(page, baseUrl);
      await list.open();
      await settle(page);
      expect(await list.filters().isVisible(), `${language}: filters folded`).to.equal(false);
      expect(await list.filtersToggle().getAttribute('aria-expanded')).to.equal('false');
      const firstRow = await list.table.rows().first().boundingBox();
      expect(firstRow && firstRow.y + firstRow.height <= PHONE_VIEWPORT.height, `${language}: the first send is on the first screen (${firstRow?.y})`).to.equal(true);
      await list.filtersToggle().click();
      await list.filters().waitFor({ state: 'visible' });
      expect(await list.filtersToggle().getAttribute('aria-expanded')).to.equal('true');

      await new OutboxDetailPage(page, baseUrl).open(sendId);
      await settle(page);
      const progress = await page.getByTestId('outbox-progress').boundingBox();
      expect(progress && progress.y + progress.height <= PHONE_VIEWPORT.height, `${language}: the progress bar is on the first screen (${progress?.y})`).to.equal(true);
      const counters = await page.getByTestId('outbox-counter-deliveredCount').boundingBox();
      expect(counters && counters.y + counters.height <= PHONE_VIEWPORT.height, `${language}: the delivered count is on the first screen (${counters?.y})`).to.equal(true);
      expect(errors).to.deep.equal([]);
      await context?.close();
      context = undefined;
    }
  });

  it('Escape closes the phone menu and gives focus back to its button', async () => {
    const page = await phonePage('fa');
    await new PanelSignIn(page, baseUrl).signIn('admin', ADMIN_PASSWORD);
    const menu = new MobileMenu(page);
    await menu.toggle().focus();
    await page.keyboard.press('Enter');
    await menu.nav().waitFor({ state: 'visible' });
    expect(await menu.toggle().getAttribute('aria-expanded')).to.equal('true');
    expect(await page.evaluate<boolean>(`!!document.activeElement?.closest('[data-testid="main-menu"]')`), 'opening the menu takes focus into it').to.equal(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await menu.nav().waitFor({ state: 'hidden' });
    expect(await menu.toggle().getAttribute('aria-expanded')).to.equal('false');
    expect(await page.evaluate<string | null>(`document.activeElement?.getAttribute('data-testid') ?? null`)).to.equal('menu-toggle');
  });

  it('long dialogs fit the phone: full width, within the screen, the body scrolls to its last field and the buttons stay in view', async () => {
    const page = await phonePage('fa');
    await new PanelSignIn(page, baseUrl).signIn(orgAdminName, USER_PASSWORD);
    const dialogs: { open(): Promise<void>; testId: string; submit: string; long?: false }[] = [
      {
        testId: 'send-preview', submit: 'send-preview-confirm', long: false,
        open: async () => {
          const compose = new SingleSendPage(page, baseUrl);
          await compose.open();
          await compose.compose(lineNumber, 'پیام آزمایشی گوشی', ['09121110073']);
          await page.getByTestId('send-preview-open').click();
        },
      },
      {
        testId: 'organization-form-dialog', submit: 'organization-form-submit',
        open: async () => { await page.goto(`${baseUrl}/organizations`); await page.getByTestId('organization-create').click(); },
      },
      { testId: 'user-form-dialog', submit: 'user-form-submit', open: async () => { const users = new UsersPage(page, baseUrl); await users.open(); await users.openCreate(); } },
    ];
    for (const dialog of dialogs) {
      await dialog.open();
      await page.getByTestId(dialog.testId).waitFor();
      await settle(page);
      const fit = await dialogFit(page, dialog.testId);
      expect(fit.left, `${dialog.testId} left`).to.be.at.least(0);
      expect(fit.right, `${dialog.testId} right`).to.be.at.most(fit.screenWidth);
      expect(fit.right - fit.left, `${dialog.testId} takes the phone's width`).to.be.at.least(fit.screenWidth - 20);
      expect(fit.top, `${dialog.testId} top`).to.be.at.least(0);
      expect(fit.bottom, `${dialog.testId} bottom`).to.be.at.most(fit.screenHeight);
      if (dialog.long !== false) expect(fit.bodyScrolls, `${dialog.testId}: a long form scrolls inside the dialog`).to.equal(true);
      expect(fit.lastFieldVisible, `${dialog.testId}: the last field can be reached`).to.equal(true);
      const submit = await page.getByTestId(dialog.submit).boundingBox();
      expect(submit && submit.y >= 0 && submit.y + submit.height <= fit.screenHeight, `${dialog.testId}: its buttons are on the screen`).to.equal(true);
      const overflow = await measureOverflow(page);
      expect(overflow.scrollWidth, `${dialog.testId}: ${overflow.culprits.join(' | ')}`).to.be.at.most(overflow.clientWidth);
      await page.keyboard.press('Escape');
      await page.getByTestId(dialog.testId).waitFor({ state: 'detached' });
    }
  });
});
