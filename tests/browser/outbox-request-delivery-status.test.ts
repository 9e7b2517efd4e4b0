import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { adminToken, login, USER_PASSWORD } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { fundedCustomer, ok, simulatorLine, waitForSend } from '../support/sending.js';
import { FakeHttpProvider } from '../support/fake-http-provider.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { OutboxDetailPage } from './pages/sending-pages.js';
import { DeliveryStatusRequestPanel } from './pages/outbox-pages.js';

describe('browser: outbox — requesting the latest delivery status from the operator', function () {
  this.timeout(180_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;
  let page: Page;
  let errors: string[];
  let customerName: string;
  let customerToken: string;
  let askable: number;
  const provider = new FakeHttpProvider();

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));

  /** A send whose receivers were all handed to the operator. */
  const handedOut = async (lineId: number, receivers: string[]) => {
    const created = ok(await api.post('ScheduledMessages/Create', { senderNumberId: lineId, smsBody: 'Where is it', sendType: 'Bulk', receivers }, { token: customerToken }));
    return (await waitForSend(api, customerToken, created.id, (s) => s.sentCount === receivers.length)).id as number;
  };

  before(async function () {
    const admin = await adminToken(api);
    const { user } = await fundedCustomer(api, admin, 'Status', 'Request');
    customerName = user.userName;
    customerToken = (await login(api, user.userName, USER_PASSWORD)).accessToken;
    // An operator that sends no receipts: only the request tells what became of the messages.
    const silent = await simulatorLine(api, { receiptDelivery: 'none', deliveryRatio: 1, deliveryDelayMs: 0 });
    askable = await handedOut(silent.lineId, ['09121290001', '09121290002']);
  });

  beforeEach(async () => {
    page = await browser.newPage();
    errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
  });
  afterEach(async () => { await page?.close(); });
  after(async () => { await provider.stop(); });

  it('asks the operator, shows the result in Persian, moves the receivers, and waits out the window', async () => {
    await new PanelSignIn(page, baseUrl).signIn(customerName, USER_PASSWORD);
    const detail = new OutboxDetailPage(page, baseUrl);
    await detail.open(askable);
    const panel = new DeliveryStatusRequestPanel(page);
    expect(await panel.root().getAttribute('data-supported')).to.equal('true');
    expect(await panel.help()).to.contain('۱۰ دقیقه');
    const result = await panel.request();
    expect(result).to.include({ asked: 2, final: 2 });
    expect(result.text).to.contain('۲ گیرنده پرسیده شد');
    expect(result.text).to.not.match(/[0-9]/);
    await detail.waitForState({ status: 'Sent' });
    expect(await panel.button().isDisabled()).to.equal(true);
    expect(await panel.nextText()).to.contain('درخواست بعدی از');
    expect(ok(await api.get(`OutBox/Get/${askable}`, { token: customerToken })).deliveryStatusCounts).to.deep.equal({ SentAndReceivedbyPhone: 2 });
    expect(errors).to.deep.equal([]);
  });

  it('explains that a line whose operator cannot be asked does not support it', async () => {
    const admin = await adminToken(api);
    await provider.start();
    // An HTTP provider whose template has no status URL by provider id.
    const agent = ok(await api.post('SenderAgents/Create', {
      title: 'No status URL (browser)', pluginName: 'http', maxPerSecond: 100, isActive: true, isSendActive: true, isActiveAllTime: true,
      options: {
        apiKey: FakeHttpProvider.API_KEY, recipientFormat: 'zero', idempotentSubmit: true, reports: 'none',
        request: { method: 'GET', url: `${provider.baseUrl}/single`, bodyType: 'query', body: { key: '{apiKey}', to: '{to}', from: '{from}', text: '{text}', ref: '{id}' } },
        response: { successPath: 'ok', successValues: [true], idPath: 'result.id' },
      },
    }, { token: admin }));
    const number = `3000${String(Date.now()).slice(-7)}`;
    const line = ok(await api.post('PrivateNumbers/Create', {
      number, useForm: 'OneNumber', numberType: 'Public', typePrivateNumber: 'Bulk', smsSenderAgentId: agent.id,
      isPublic: true, isActive: true, isSendSingle: true, isSendBulk: true, isSendP2P: true, isGeneralBlackList: true, deliveryBase: true,
    }, { token: admin }));
    const id = await handedOut(line.id, ['09121290003']);
    await new PanelSignIn(page, baseUrl).signIn(customerName, USER_PASSWORD);
    await new OutboxDetailPage(page, baseUrl).open(id);
    const panel = new DeliveryStatusRequestPanel(page);
    expect(await panel.root().getAttribute('data-supported')).to.equal('false');
    expect(await panel.button().isDisabled()).to.equal(true);
    expect(await panel.help()).to.contain('پشتیبانی نمی‌کند');
    expect(errors).to.deep.equal([]);
  });
});
