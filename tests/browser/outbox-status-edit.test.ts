import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { adminToken, ADMIN_PASSWORD, login, USER_PASSWORD } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { fundedCustomer, ok, simulatorLine, waitForSend } from '../support/sending.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { OutboxDetailPage } from './pages/sending-pages.js';
import { StatusEditDialog } from './pages/outbox-pages.js';

describe('browser: outbox — the system administrator corrects a finished send\'s status', function () {
  this.timeout(180_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;
  let page: Page;
  let errors: string[];
  let sendId: number;
  let customerToken: string;
  let customerName: string;

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));

  before(async function () {
    const admin = await adminToken(api);
    const { user } = await fundedCustomer(api, admin, 'Status', 'Edit');
    customerName = user.userName;
    customerToken = (await login(api, user.userName, USER_PASSWORD)).accessToken;
    const line = await simulatorLine(api, { deliveryDelayMs: 10, deliveryRatio: 1 });
    const created = ok(await api.post('ScheduledMessages/Create', { senderNumberId: line.lineId, smsBody: 'To be corrected', sendType: 'Bulk', receivers: ['09121280001'] }, { token: customerToken }));
    sendId = (await waitForSend(api, customerToken, created.id)).id;
  });

  beforeEach(async () => {
    page = await browser.newPage();
    errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
  });
  afterEach(async () => { await page?.close(); });

  it('asks for the new status and a reason, saves, and the page shows the new status', async () => {
    await new PanelSignIn(page, baseUrl).signIn('admin', ADMIN_PASSWORD);
    const detail = new OutboxDetailPage(page, baseUrl);
    await detail.open(sendId);
    const dialog = new StatusEditDialog(page);
    await dialog.open();
    expect(await dialog.saveEmpty()).to.not.equal('');
    await dialog.edit('لیست سیاه', 'Operator blacklisted the number');
    await detail.waitForState({ status: 'BlackList' });
    expect(ok(await api.get(`OutBox/Get/${sendId}`, { token: customerToken })).status).to.equal('BlackList');
    expect(errors).to.deep.equal([]);
  });

  it('offers no status edit to the customer who made the send', async () => {
    await new PanelSignIn(page, baseUrl).signIn(customerName, USER_PASSWORD);
    await new OutboxDetailPage(page, baseUrl).open(sendId);
    expect(await page.getByTestId('outbox-status-edit-open').count()).to.equal(0);
    expect(errors).to.deep.equal([]);
  });
});
