import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { adminToken, USER_PASSWORD } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { fundedCustomer, ok, simulatorLine } from '../support/sending.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { OutboxDetailPage, SingleSendPage } from './pages/sending-pages.js';

describe('browser: sending', function () {
  this.timeout(180_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));


  it('a new user sends a Persian message to three numbers and watches the delivery statuses arrive without reloading', async () => {
    const admin = await adminToken(api);
    // A new customer organization with a tariff and credit, and its brand-new administrator.
    const { user } = await fundedCustomer(api, admin, 'Newbie', 'Sara');
    // Reports come 1.5 s after submission, so the page is open while they arrive.
    const line = await simulatorLine(api, { deliveryDelayMs: 1500, deliveryRatio: 1 });

    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn(user.userName, USER_PASSWORD);
    const compose = new SingleSendPage(page, baseUrl);
    await compose.open();
    await compose.compose(line.number, 'سلام! پیام آزمایشی پیک', ['09121230001', '۰۹۳۵۱۲۳۰۰۰۲', '+989211230003']);
    expect(await compose.counter().innerText()).to.match(/۱|1/);
    let navigations = 0;
    const sendId = await compose.previewAndConfirm();
    page.on('framenavigated', (f) => { if (f === page.mainFrame()) navigations++; });

    const detail = new OutboxDetailPage(page, baseUrl);
    await detail.waitForDeliveryStatus('SentAndReceivedbyPhone', 3, 30_000);
    expect(navigations, 'no reload while the statuses arrived').to.equal(0);
    expect(await detail.counterValue('deliveredCount')).to.equal(3);
    const send = ok(await api.get(`OutBox/Get/${sendId}`, { token: admin }));
    expect(send).to.include({ recipientCount: 3, deliveredCount: 3, smsEncoding: 'Persian' });
    expect(errors).to.deep.equal([]);
  });
});
