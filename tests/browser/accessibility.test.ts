import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { adminToken, ADMIN_PASSWORD } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { LoginPage } from './pages/login-page.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { Shell } from './pages/shell.js';
import { AccessibilityCheck, describeViolations, MAIN_PAGES } from './pages/accessibility-pages.js';
import { SingleSendPage } from './pages/sending-pages.js';

// Issue 14 item 9: no axe-core violation of impact serious or critical on the main pages, in both
// languages; a skip link first and one <main id="content"> everywhere, signed in or out.
describe('browser: accessibility', function () {
  this.timeout(180_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;
  let context: BrowserContext;

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));
  before(async () => { await adminToken(api); }); // the first administrator is past the forced password change
  afterEach(async () => { await context?.close(); });

  async function pageIn(language: 'fa' | 'en'): Promise<Page> {
    // bypassCSP: the panel's policy (script-src 'self') would refuse axe-core's injected script.
    context = await browser.newContext({ locale: 'fa-IR', bypassCSP: true });
    const page = await context.newPage();
    if (language === 'en') {
      await new LoginPage(page, baseUrl).open();
      await new Shell(page).toggleLanguage();
      await page.waitForFunction(() => (globalThis as any).document.documentElement.lang === 'en-US');
    }
    return page;
  }

  for (const language of ['fa', 'en'] as const) {
    it(`sign-in (${language}) has no serious violation, a skip link first and its main landmark`, async () => {
      const page = await pageIn(language);
      const login = new LoginPage(page, baseUrl);
      await login.open();
      const check = new AccessibilityCheck(page);
      expect(describeViolations('sign-in', await check.seriousViolations())).to.equal('');
      expect(await check.mains().count()).to.equal(1);
      expect(await check.allMains().count()).to.equal(1);
      const first = await check.firstFocusable();
      expect(first.href).to.equal('#content');
      expect(first.visible, 'the skip link shows when focused').to.equal(true);
      expect(first.text).to.equal(language === 'fa' ? 'پرش به محتوا' : 'Skip to content');
      // The empty sign-in: the error is tied to the fields it is about.
      await page.getByTestId('login-submit').click();
      const error = page.getByTestId('login-error');
      await error.waitFor();
      const errorId = await error.getAttribute('id');
      expect(errorId).to.be.a('string');
      for (const field of ['login-username', 'login-password']) {
        expect(await page.getByTestId(field).getAttribute('aria-invalid')).to.equal('true');
        expect((await page.getByTestId(field).getAttribute('aria-describedby'))?.split(' ')).to.include(errorId);
      }
      expect(describeViolations('sign-in with its error', await check.seriousViolations())).to.equal('');
      // Once the user name is typed, only the password stays marked.
      await page.getByTestId('login-username').fill('someone');
      await page.getByTestId('login-submit').click();
      await page.waitForFunction(() => !(globalThis as any).document.querySelector('[data-testid="login-username"][aria-invalid]'));
      expect(await page.getByTestId('login-password').getAttribute('aria-invalid')).to.equal('true');
    });

    it(`the main pages (${language}) have no serious violation, a skip link first and one main landmark`, async () => {
      const page = await pageIn(language);
      await new PanelSignIn(page, baseUrl).signIn('admin', ADMIN_PASSWORD);
      const check = new AccessibilityCheck(page);
      const found: string[] = [];
      for (const target of MAIN_PAGES) {
        await check.open(baseUrl, target);
        found.push(describeViolations(`${target.name} (${language})`, await check.seriousViolations()));
        expect(await check.mains().count(), `${target.name}: one main#content`).to.equal(1);
        expect(await check.allMains().count(), `${target.name}: one main landmark`).to.equal(1);
      }
      expect(found.filter(Boolean).join('\n')).to.equal('');
      const first = await check.firstFocusable();
      expect(first.href, 'the skip link is the first focusable element').to.equal('#content');
      expect(first.visible).to.equal(true);
      await page.keyboard.press('Enter');
      expect(await check.focusedId(), 'the skip link moves focus to the content').to.equal('content');
    });
  }

  it('text fields, selects and text areas have borders of 3:1 or more in both themes (WCAG 1.4.11)', async () => {
    const page = await pageIn('fa');
    await new LoginPage(page, baseUrl).open();
    const check = new AccessibilityCheck(page);
    const low: string[] = [];
    const record = async (where: string) => {
      const fields = await check.fieldBorderContrasts();
      expect(fields.length, `${where}: fields found`).to.be.greaterThan(1);
      low.push(...fields.filter((f) => f.ratio < 3).map((f) => `${where}: ${f.field} ${f.ratio}:1`));
    };
    for (const dark of [false, true]) {
      await check.useDarkTheme(dark);
      await record(`sign-in${dark ? ' dark' : ''}`);
    }
    await new PanelSignIn(page, baseUrl).signIn('admin', ADMIN_PASSWORD);
    for (const target of MAIN_PAGES.filter((p) => ['send single', 'users', 'transactions'].includes(p.name))) {
      await check.open(baseUrl, target);
      for (const dark of [false, true]) {
        await check.useDarkTheme(dark);
        await record(`${target.name}${dark ? ' dark' : ''}`);
      }
    }
    expect(low.join('\n')).to.equal('');
  });

  it('a refused send ties each field error to its field, and the page with its errors has no serious violation', async () => {
    const page = await pageIn('fa');
    await new PanelSignIn(page, baseUrl).signIn('admin', ADMIN_PASSWORD);
    const compose = new SingleSendPage(page, baseUrl);
    await compose.open();
    await page.getByTestId('send-preview-open').click();
    const textError = page.getByTestId('send-text-error');
    await textError.waitFor();
    const text = page.getByTestId('send-text');
    expect(await text.getAttribute('aria-invalid')).to.equal('true');
    expect((await text.getAttribute('aria-describedby'))?.split(' ')).to.include(await textError.getAttribute('id'));
    const check = new AccessibilityCheck(page);
    await check.settled();
    expect(describeViolations('send single with errors', await check.seriousViolations())).to.equal('');
  });

  it('the main pages in the dark theme have no serious violation', async () => {
    const page = await pageIn('fa');
    await new LoginPage(page, baseUrl).open();
    const check = new AccessibilityCheck(page);
    await check.useDarkTheme(true);
    const found = [describeViolations('sign-in (dark)', await check.seriousViolations())];
    await new PanelSignIn(page, baseUrl).signIn('admin', ADMIN_PASSWORD);
    await page.getByTestId('theme-toggle').click();
    for (const target of MAIN_PAGES) {
      await check.open(baseUrl, target);
      expect(await check.isDark(), 'the stored theme applies').to.equal(true);
      found.push(describeViolations(`${target.name} (dark)`, await check.seriousViolations()));
    }
    expect(found.filter(Boolean).join('\n')).to.equal('');
  });
});
