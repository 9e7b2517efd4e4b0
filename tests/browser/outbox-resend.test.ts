import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { ADMIN_PASSWORD, adminToken, login, USER_PASSWORD } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { fundedCustomer, ok, simulatorLine, waitForSend } from '../support/sending.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { OutboxDetailPage } from './pages/sending-pages.js';
import { ResendRulesDialog, ResendSection } from './pages/resend-pages.js';
import { DataTableControl } from './pages/data-table.js';
import { persianDigits } from './pages/digits.js';
import { Shell } from './pages/shell.js';

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

  // Issue 29 item 2: the spec's "direct or gradual" resend.
  it('resends gradually: refuses fewer than 1,000 receivers in the dialog, then makes a gradual send of 1,000', async () => {
    const lost = await simulatorLine(api, { deliveryDelayMs: 10, deliveryRatio: 0, expireRatio: 0, seed: 4 });
    const small = ok(await api.post('ScheduledMessages/Create', { senderNumberId: lost.lineId, smsBody: 'Few', sendType: 'Bulk', receivers: ['09121271001', '09121271002'] }, { token }));
    await waitForSend(api, token, small.id);
    const detail = new OutboxDetailPage(page, baseUrl);
    const resend = new ResendSection(page);
    await detail.open(small.id);
    await resend.open();
    await resend.choose(['HaveNotReceivedToPhone']);
    await page.getByTestId('resend-kind-gradual').check();
    expect(await page.getByTestId('resend-gradual-hint').innerText()).to.contain('۱۰۰۰');
    await resend.submit();
    await resend.errors().waitFor();
    expect(await resend.errors().innerText()).to.contain('دست‌کم به ۱۰۰۰ گیرنده');
    expect(ok(await api.get(`OutBox/GetResends/${small.id}`, { token })).resends, 'nothing sent').to.deep.equal([]);
    await page.keyboard.press('Escape');
    await resend.dialog().waitFor({ state: 'detached' });

    const many = Array.from({ length: 1000 }, (_, i) => `0912127${String(2000 + i)}`);
    const created = ok(await api.post('ScheduledMessages/Create', { senderNumberId: lost.lineId, smsBody: 'Many', sendType: 'Bulk', receiversText: many.join('\n') }, { token }));
    await waitForSend(api, token, created.id);
    await detail.open(created.id);
    await resend.open();
    await resend.choose(['HaveNotReceivedToPhone']);
    await page.getByTestId('resend-kind-gradual').check();
    await page.getByTestId('resend-gradual-step').fill('500');
    await page.getByTestId('resend-gradual-interval').fill('90');
    await resend.line.choose(good.number);
    await resend.submit();
    await page.waitForURL((url) => /\/outbox\/\d+$/.test(url.pathname) && !url.pathname.endsWith(`/${created.id}`));
    const newId = Number(new URL(page.url()).pathname.split('/').pop());
    const made = ok(await api.get(`OutBox/Get/${newId}`, { token }));
    expect(made).to.include({ isResend: true, resendOfSendId: created.id, sendSubType: 'Gradual', gradualStepCount: 500, gradualIntervalMinutes: 90, recipientCount: 1000 });
    // Step 1 would go out in 90 minutes: cancel it (the unsent half is given back).
    await waitForSend(api, token, newId, (s) => s.deliveredCount === 500);
    ok(await api.post(`OutBox/Cancel/${newId}`, {}, { token }));
    await waitForSend(api, token, newId);
    expect(errors).to.deep.equal([]);
  });

  // Issue 23 item 6: resending the same failed receivers a second time said nothing.
  it('warns, with when, that the receivers were already resent before resending them again (fa, then en)', async () => {
    const receivers = Array.from({ length: 6 }, (_, i) => `0912129${String(1000 + i)}`);
    const created = ok(await api.post('ScheduledMessages/Create', { senderNumberId: lossy.lineId, smsBody: 'Once more', sendType: 'Bulk', receivers }, { token }));
    const settled = await waitForSend(api, token, created.id);
    expect(settled.deliveryStatusCounts.HaveNotReceivedToPhone, 'some not delivered').to.be.greaterThan(0);
    const detail = new OutboxDetailPage(page, baseUrl);
    const resend = new ResendSection(page);
    await detail.open(created.id);
    await resend.open();
    expect(await resend.warning().count(), 'never resent: no warning').to.equal(0);
    await page.keyboard.press('Escape');
    await resend.dialog().waitFor({ state: 'detached' });

    const first = ok(await api.post('OutBox/ResendByDeliveryStatus', {
      id: created.id, deliveryStatuses: ['HaveNotReceivedToPhone'], senderNumberId: good.lineId, sendId: `again-${created.id}`,
    }, { token }));
    const made = await waitForSend(api, token, first.id);
    for (const language of ['fa', 'en'] as const) {
      await detail.open(created.id);
      await resend.open();
      await resend.warning().waitFor();
      const text = await resend.warning().innerText();
      expect(text).to.contain(language === 'fa' ? 'قبلاً دوباره فرستاده شده‌اند' : 'were already resent');
      expect(text).to.contain(language === 'fa' ? persianDigits(String(first.id)) : String(first.id));
      // When: the earlier resend's time, shown as the page's calendar shows times.
      const shown = await resend.warning().locator('time').first().getAttribute('datetime');
      expect(new Date(String(shown)).getTime()).to.equal(new Date(made.dateTimeSend).getTime());
      await page.keyboard.press('Escape');
      await resend.dialog().waitFor({ state: 'detached' });
      if (language === 'fa') {
        await new Shell(page).toggleLanguage();
        await page.waitForFunction(() => (globalThis as any).document.documentElement.lang === 'en-US');
      }
    }
    await new Shell(page).toggleLanguage();
    await page.waitForFunction(() => (globalThis as any).document.documentElement.lang !== 'en-US');
    expect(errors).to.deep.equal([]);
  });

  it('adds and deletes an automatic resend rule of a line from the lines page', async () => {
    const admin = await adminToken(api);
    const own = await simulatorLine(api, { deliveryDelayMs: 10 });
    const adminPage = await browser.newPage();
    adminPage.on('pageerror', (e) => errors.push(String(e)));
    try {
      await new PanelSignIn(adminPage, baseUrl).signIn('admin', ADMIN_PASSWORD);
      await adminPage.goto(`${baseUrl}/infrastructure/lines`);
      const table = new DataTableControl(adminPage, 'lines-table');
      const row = table.row(persianDigits(own.number));
      await row.waitFor();
      await row.getByTestId('line-resend-rules').click();
      const dialog = new ResendRulesDialog(adminPage);
      await dialog.root().waitFor();
      await dialog.add(['HaveNotReceivedToPhone', 'Expired'], [good.lineId]);
      await dialog.rules().first().waitFor();
      const saved = ok(await api.get(`AutomaticResends/GetAll?privateNumberId=${own.lineId}`, { token: admin })).items;
      expect(saved).to.have.length(1);
      expect(saved[0]).to.deep.include({ deliveryStatus: ['HaveNotReceivedToPhone', 'Expired'], targetPrivateNumbers: [good.lineId] });
      await dialog.rules().first().getByTestId('resend-rule-delete').click();
      await dialog.rules().first().waitFor({ state: 'detached' });
      expect(ok(await api.get(`AutomaticResends/GetAll?privateNumberId=${own.lineId}`, { token: admin })).items).to.deep.equal([]);
    } finally {
      await adminPage.close();
    }
    expect(errors).to.deep.equal([]);
  });
});
