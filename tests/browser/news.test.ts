import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { createTree, USER_PASSWORD, type Tree } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { NewsPages } from './pages/news-pages.js';

describe('browser: news', function () {
  this.timeout(180_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;
  let tree: Tree;

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));

  it('a reseller writes a must-read news for its subtree; a sub-organization\'s user is held by the dialog until acknowledging (also after a reload), then sees it in latest news; a reload does not hold again', async () => {
    tree = await createTree(api);
    const errors: string[] = [];

    // The writer (Persian, the default): the end before the start is refused on its field, nothing saved.
    const writer = await browser.newPage();
    writer.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(writer, baseUrl).signIn(tree.resellerAdmin.userName, USER_PASSWORD);
    const news = new NewsPages(writer, baseUrl);
    await news.openManage();
    await news.startNew();
    expect(await writer.getByText('فقط به کسانی نشان داده می‌شود که پنل را با همین دامنه باز کرده‌اند').count(), 'the domain field says what it does').to.equal(1);
    await news.fill({ title: 'قطعی برنامه‌ریزی‌شده', text: 'امشب ساعت ۲ بامداد سامانه برای نگهداری یک ساعت در دسترس نیست.', forSubs: true, mustRead: true });
    await news.setEnd(new Date(Date.now() - 86_400_000));
    await news.save();
    await news.form().getByText('تاریخ پایان نمایش باید بعد از تاریخ شروع آن باشد.').first().waitFor();
    await news.setEnd(new Date(Date.now() + 3 * 86_400_000));
    await news.save();
    await writer.getByTestId('news-manage-page').waitFor();
    expect(await news.rowTitles().allInnerTexts()).to.deep.equal(['قطعی برنامه‌ریزی‌شده']);
    await writer.close();

    // The reader: a plain user of the sub-organization two levels below the reseller.
    const page = await browser.newPage();
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn(tree.subUser.userName, USER_PASSWORD);
    const reader = new NewsPages(page, baseUrl);
    const dialog = reader.mustReadDialog();
    await dialog.waitFor();
    expect(await dialog.getAttribute('role')).to.equal('alertdialog');
    expect(await dialog.getAttribute('aria-modal')).to.equal('true');
    expect(await dialog.innerText()).to.contain('امشب ساعت ۲ بامداد');
    // Escape does not close it, and the keyboard stays inside it.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await dialog.isVisible()).to.equal(true);
    expect(await dialog.evaluate((el) => el.contains(el.ownerDocument.activeElement))).to.equal(true);
    // A reload before acknowledging brings it back.
    await page.reload();
    await dialog.waitFor();
    // Acknowledged with the keyboard.
    await reader.acknowledgeButton().focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await reader.latestNews().getByText('قطعی برنامه‌ریزی‌شده').waitFor();

    await page.reload();
    await page.getByTestId('dashboard-page').waitFor();
    await reader.latestNews().getByText('قطعی برنامه‌ریزی‌شده').waitFor();
    await page.waitForTimeout(500);
    expect(await dialog.count(), 'acknowledged once: never shown again').to.equal(0);
    expect(errors).to.deep.equal([]);
    await page.close();
  });
});
