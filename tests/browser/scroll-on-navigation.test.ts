import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { adminToken, ADMIN_PASSWORD } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { PageScroll } from './pages/page-scroll.js';

describe('browser: a page opens at its top (issue 23 item 2)', function () {
  this.timeout(90_000);
  let browser: Browser;
  let baseUrl: string;
  let context: BrowserContext;
  let api: ApiClient;
  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));
  // The first sign-in changes the administrator's initial password; the browser signs in after it.
  before(async () => { await adminToken(api); });
  // A short window: the menu alone is taller than it, so every page of the panel scrolls.
  beforeEach(async () => { context = await browser.newContext({ locale: 'fa-IR', viewport: { width: 1366, height: 500 } }); });
  afterEach(async () => { await context?.close(); });

  async function signedIn(): Promise<Page> {
    const page = await context.newPage();
    await new PanelSignIn(page, baseUrl).signIn('admin', ADMIN_PASSWORD);
    return page;
  }

  it('a menu click opens the new page at the top, and back returns to where the old page was', async () => {
    const page = await signedIn();
    await page.getByTestId('dashboard-page').waitFor();
    const scroll = new PageScroll(page);
    const before = await scroll.toBottom();
    expect(before).to.be.greaterThan(100);
    const link = scroll.lastMenuLink();
    const target = await link.getAttribute('href');
    await link.click();
    await page.waitForURL((url) => url.pathname === target);
    await scroll.waitAt(0);
    expect(await scroll.scrollY()).to.equal(0);

    await page.goBack();
    await page.getByTestId('dashboard-page').waitFor();
    await scroll.waitRestored(before);
    expect(await scroll.scrollY()).to.be.greaterThan(100);
  });
});
