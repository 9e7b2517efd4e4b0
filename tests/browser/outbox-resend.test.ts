import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { adminToken, login, USER_PASSWORD } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { fundedCustomer, ok, simulatorLine, waitForSend } from '../support/sending.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { OutboxDetailPage } from './pages/sending-pages.js';
import { ResendSection } from './pages/resend-pages.js';

describe('browser: outbox — resend by delivery status', function () {
  this.timeout(180_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;
  let user: { userName: string };
  let token: string;
  let lossy: { lineId: number; number: string };
  let good: { lineId: number; number: string };
  let page: Page;
  let errors: string[];

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));

  before(async () => {
    const admin = await adminToken(api);
    ({ user } = await fundedCustomer(api, admin, 'Resender', 'Reza'));
    token = (await login(api, user.userName, USER_PASSWORD)).accessToken;
    lossy = await simulatorLine(api, { deliveryDelayMs: 10, deliveryRatio: 0.5, expireRatio: 0.5, seed: 9 });
    good = await simulatorLine(api, { deliveryDelayMs: 10, deliveryRatio: 1 });
  });

  beforeEach(async () => {
    page = await browser.newPage();
    errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn(user.userName, USER_PASSWORD);
  });
  afterEach(async () => { await page?.close(); });

  it('resends the undelivered receivers on another line and links the two sends both ways', async () => {
    const receivers = Array.from({ length: 10 }, (_, i) => `0912128${String(1000 + i)}`);
    const created = ok(await api.post('ScheduledMessages/Create', { senderNumberId: lossy.lineId, smsBody: 'Try again', sendType: 'Bulk', receivers }, { token }));
    const settled = await waitForSend(api, token, created.id);
    const undelivered = settled.deliveryStatusCounts.HaveNotReceivedToPhone as number;
    expect(undelivered, 'some not delivered').to.be.greaterThan(0);

    const detail = new OutboxDetailPage(page, baseUrl);
    await detail.open(created.id);
    const resend = new ResendSection(page);
    await resend.open();
    // Nothing chosen: the spec's message, nothing sent.
    await resend.choose([]);
    await resend.submit();
    await resend.errors().waitFor();
    expect(await resend.errors().innerText()).to.contain('دست‌کم یک وضعیت تحویل');

    await resend.choose(['HaveNotReceivedToPhone']);
    expect(Number(await resend.count().getAttribute('data-value'))).to.equal(undelivered);
    await resend.line.choose(good.number);
    await resend.submit();
    // The new send opens: linked to the original, with only the chosen receivers.
    await page.waitForURL((url) => /\/outbox\/\d+$/.test(url.pathname) && !url.pathname.endsWith(`/${created.id}`));
    const newId = Number(new URL(page.url()).pathname.split('/').pop());
    await resend.resendOf().waitFor();
    expect(await resend.resendOf().locator('a').getAttribute('href')).to.equal(`/outbox/${created.id}`);
    const made = await waitForSend(api, token, newId);
    expect(made).to.include({ isResend: true, resendOfSendId: created.id, recipientCount: undelivered, senderNumber: good.number });
    await detail.waitForState({ queueStatus: 'Completed' });

    await detail.open(created.id);
    await resend.resendLinks().first().waitFor();
    expect(await resend.resendLinks().evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-id'))))).to.deep.equal([newId]);
    expect(errors).to.deep.equal([]);
  });
});
