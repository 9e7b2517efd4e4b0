import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { adminToken, login, USER_PASSWORD } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { fundedCustomer, ok, simulatorLine } from '../support/sending.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { ShortLinksPages } from './pages/short-links-pages.js';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

describe('browser: short links', function () {
  this.timeout(180_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));

  it('makes a link from the Services menu, refuses a bad address in Persian, and shows its click by device and Jalali day', async () => {
    const admin = await adminToken(api);
    const { user } = await fundedCustomer(api, admin, 'Links', 'Sara');
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn(user.userName, USER_PASSWORD);
    const screens = new ShortLinksPages(page, baseUrl);
    await screens.openList();
    await screens.emptyCreate().click();
    await screens.create('ftp://example.com/x');
    await screens.errors().waitFor();
    expect(await screens.errors().innerText()).to.contain('نشانی اصلی باید یک نشانی کامل http یا https باشد');
    await page.getByTestId('short-link-main-url').fill('https://example.com/spring');
    await page.getByTestId('short-link-title').fill('حراج بهار');
    await page.getByTestId('short-link-save').click();
    const row = screens.links.row('https://example.com/spring');
    await row.waitFor();
    const shortUrl = await row.getByTestId('short-link-row-url').innerText();
    expect(shortUrl).to.match(/\/l\/[0-9A-Za-z]{8}$/);
    expect(await row.getByTestId('short-link-row-url').getAttribute('dir')).to.equal('ltr');

    const res = await fetch(shortUrl, { redirect: 'manual', headers: { 'user-agent': IPHONE } });
    expect(res.status).to.equal(302);
    await row.getByTestId('short-link-row-url').click();
    await page.getByTestId('short-link-detail-page').waitFor();
    await screens.waitForClicks(1);
    expect(await page.getByTestId('short-link-summary-devices').innerText()).to.contain('تلفن همراه');
    // The day in Persian digits and the Jalali calendar (14xx/…).
    expect(await page.getByTestId('short-link-summary-days').innerText()).to.match(/۱۴۰[۰-۹]\/[۰-۹]{2}\/[۰-۹]{2}/u);
    expect(errors).to.deep.equal([]);
  });

  it('offers shortening on the send form and shows who clicked a personal link on the outbox send', async () => {
    const admin = await adminToken(api);
    const { org, user } = await fundedCustomer(api, admin, 'Clicks', 'Reza');
    ok(await api.post('Organizations/Update', { id: org.id, isAllowLink: true }, { token: admin }));
    const token = (await login(api, user.userName, USER_PASSWORD)).accessToken;
    const line = await simulatorLine(api, {});
    const send = ok(await api.post('ScheduledMessages/Create', {
      senderNumberId: line.lineId, smsBody: 'Offer https://shop.example.com/x', sendType: 'Bulk', receivers: ['09121310001', '09121310002'], shortLinkMode: 'PerReceiver',
    }, { token }));
    const recipients = ok(await api.get(`OutBox/GetRecipients?id=${send.id}&pageSize=10`, { token })).items;
    const link = /(http\S+\/l\/[0-9A-Za-z]{8})$/.exec(recipients[0].smsText)![1];
    expect((await fetch(link, { redirect: 'manual', headers: { 'user-agent': IPHONE } })).status).to.equal(302);

    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn(user.userName, USER_PASSWORD);
    await page.goto(`${baseUrl}/sending/bulk`);
    await page.getByTestId('send-short-links').waitFor();
    expect(await page.getByTestId('send-short-links-PerReceiver').isVisible()).to.equal(true);
    expect(await page.getByTestId('send-short-links').innerText()).to.contain('لینک شخصی برای هر گیرنده');

    const screens = new ShortLinksPages(page, baseUrl);
    await page.goto(`${baseUrl}/outbox/${send.id}`);
    await page.getByTestId('outbox-detail-page').waitFor();
    for (let i = 0; i < 40; i++) {
      const total = screens.summaryTotal('outbox-clicks-summary');
      if ((await total.count()) > 0 && (await total.getAttribute('data-value')) === '1') break;
      await page.waitForTimeout(500);
      await page.reload();
    }
    const section = page.getByTestId('outbox-short-link-clicks');
    await section.waitFor();
    const receiver = recipients[0].toNumber.replace(/\d/g, (d: string) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]);
    expect(await page.getByTestId('outbox-clicks-table').innerText()).to.contain(receiver);
    expect(await page.getByTestId('outbox-clicks-table').innerText()).to.contain('تلفن همراه');
    expect(errors).to.deep.equal([]);
  });
});
