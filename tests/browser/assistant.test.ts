import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { createTree, USER_PASSWORD, type Tree } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { AssistantPages } from './pages/assistant-pages.js';
import { AccessibilityCheck, describeViolations } from './pages/accessibility-pages.js';

// The spec's 5 rotating loading messages, as the Persian panel shows them (client assistant.i18n.ts).
const LOADING_FA = ['در حال خواندن پرسش شما…', 'در حال جستجو در پرسش‌های متداول…', 'در حال ورق زدن صفحه‌های راهنما…', 'در حال مقایسه نوشتارهای مختلف…', 'در حال آماده کردن پاسخ…'];

/** Records whether the intro splash is ever put into the page (from the first script on). */
async function watchSplash(page: Page): Promise<void> {
  await page.addInitScript(`window.splashSeen = false;
    new MutationObserver(() => { if (document.querySelector('[data-testid="intro-splash"]')) window.splashSeen = true; })
      .observe(document, { childList: true, subtree: true });`);
}
const splashSeen = (page: Page) => page.evaluate<boolean>('window.splashSeen');

describe('browser: chat assistant and documentation viewer', function () {
  this.timeout(180_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;
  let tree: Tree;

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));
  before(async () => { tree = await createTree(api); });

  it('an administrator writes an FAQ entry under Configuration; a user opens the widget with the keyboard, sees the rotating loading messages, and gets the answer to a differently spelled question', async () => {
    const errors: string[] = [];
    const admin = await browser.newPage();
    admin.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(admin, baseUrl).signIn(tree.resellerAdmin.userName, USER_PASSWORD);
    // The Configuration section's placeholder is replaced by the assistant's screen (one entry: the section's own link).
    await admin.getByTestId('main-menu').getByTestId('menu-section-Configuration').getByRole('link').click();
    const pages = new AssistantPages(admin, baseUrl);
    await admin.getByTestId('assistant-admin-page').waitFor();
    await pages.createBot();
    expect(await admin.getByTestId('assistant-semantic-unavailable').count(), 'the semantic switch says it does nothing here').to.equal(1);
    await pages.addFaq({ question: 'چگونه اعتبار پنل را افزایش دهم؟', answer: 'از منوی مالی، پرداخت آنلاین را باز کنید.', keywords: 'شارژ پنل، خرید اعتبار' });
    await pages.faqTable().getByText('چگونه اعتبار پنل را افزایش دهم؟').waitFor();
    await admin.close();

    const page = await browser.newPage();
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn(tree.subUser.userName, USER_PASSWORD);
    const chat = new AssistantPages(page, baseUrl);
    // Slow answers, so the loading messages can be seen rotating.
    await page.route('**/Assistant/Ask**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3_500));
      await route.continue();
    });
    await chat.toggle().focus();
    await page.keyboard.press('Enter');
    await chat.chat().waitFor();
    expect(await chat.input().evaluate((el) => el === el.ownerDocument.activeElement), 'the question field has the focus').to.equal(true);
    // Arabic yeh and kaf, no half-space: the entry was written in Persian letters.
    await page.keyboard.type('ميخواهم اعتبار پنل را افزايش دهم');
    await page.keyboard.press('Enter');
    const first = await chat.loading().innerText();
    expect(LOADING_FA).to.include(first);
    await page.waitForFunction((before) => {
      const el = (globalThis as any).document.querySelector('[data-testid="assistant-loading"]');
      return !!el && el.textContent !== before;
    }, first, { timeout: 3_000 });
    expect(LOADING_FA).to.include(await chat.loading().innerText());
    await chat.answers().first().waitFor();
    expect(await chat.answers().first().innerText()).to.contain('از منوی مالی، پرداخت آنلاین را باز کنید.');
    expect(await chat.loading().count()).to.equal(0);
    await page.unroute('**/Assistant/Ask**');

    // A question the help pages answer links to the section; the link opens the documentation viewer there.
    await chat.input().fill('چطور مخاطبان را از فایل اكسل وارد كنم');
    await page.keyboard.press('Enter');
    await chat.answers().nth(1).waitFor();
    await chat.answers().nth(1).getByRole('link', { name: 'باز کردن در مستندات' }).click();
    await page.getByTestId('documentation-article').waitFor();
    expect(new URL(page.url()).pathname).to.equal('/documentation/phonebooks');
    expect(await chat.article().locator('h1').innerText()).to.equal('دفترچه تلفن و مخاطبان');

    // Escape closes the chat and gives the focus back to its button.
    await page.goto(`${baseUrl}/`);
    await chat.toggle().click();
    await chat.chat().waitFor();
    await page.keyboard.press('Escape');
    await chat.chat().waitFor({ state: 'detached' });
    expect(await chat.toggle().evaluate((el) => el === el.ownerDocument.activeElement)).to.equal(true);
    expect(errors).to.deep.equal([]);
    await page.close();
  });

  it('the documentation viewer shows a page with its contents, searches with the same matcher, switches language, and opens without the intro splash', async () => {
    const page = await browser.newPage();
    await new PanelSignIn(page, baseUrl).signIn(tree.subUser.userName, USER_PASSWORD);
    await watchSplash(page);
    // The control: the panel's own addresses show the splash while starting.
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('current-user').waitFor();
    expect(await splashSeen(page)).to.equal(true);

    const docs = new AssistantPages(page, baseUrl);
    await docs.openDocumentation('/sending');
    expect(await splashSeen(page), 'no intro on the documentation viewer').to.equal(false);
    expect(await page.getByTestId('documentation-page').getAttribute('dir')).to.equal('rtl');
    expect(await docs.article().locator('h1').innerText()).to.equal('ارسال پیامک');
    expect(await docs.contents().getByRole('link').count()).to.be.at.least(12);
    await docs.search('وب هوك');
    await docs.hits().first().getByRole('link').click();
    await page.waitForURL(/\/documentation\/api#s\d+$/);
    expect(await docs.article().locator('h1').innerText()).to.equal('وب‌سرویس (REST API)');

    await page.getByTestId('documentation-language').click();
    await docs.article().locator('h1').getByText('REST API', { exact: true }).waitFor();
    expect(await page.getByTestId('documentation-page').getAttribute('dir')).to.equal('ltr');
    await page.getByTestId('documentation-back').click();
    await page.getByTestId('current-user').waitFor();
    await page.close();
  });

  it('the FAQ screen, the open chat with an answer and the documentation viewer have no serious accessibility violation', async () => {
    // bypassCSP: the panel's policy (script-src 'self') would refuse axe-core's injected script.
    const context = await browser.newContext({ locale: 'fa-IR', bypassCSP: true });
    const page = await context.newPage();
    const axe = new AccessibilityCheck(page);
    await new PanelSignIn(page, baseUrl).signIn(tree.orgAdmin.userName, USER_PASSWORD);
    const pages = new AssistantPages(page, baseUrl);
    await pages.openAdmin();
    await axe.settled();
    expect(describeViolations('assistant FAQ screen', await axe.seriousViolations())).to.equal('');
    await pages.toggle().click();
    await pages.input().fill('چطور پیامک انبوه بفرستم');
    await page.keyboard.press('Enter');
    await pages.answers().first().waitFor();
    expect(describeViolations('open chat', await axe.seriousViolations())).to.equal('');
    await pages.openDocumentation('/credit');
    await axe.settled();
    expect(describeViolations('documentation viewer', await axe.seriousViolations())).to.equal('');
    await context.close();
  });
});
