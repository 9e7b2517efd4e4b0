import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { adminToken, login, USER_PASSWORD } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { fundedCustomer, ok, simulatorLine, waitForSend } from '../support/sending.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { InboxPage } from './pages/inbox-page.js';
import { OptOutsPage } from './pages/opt-outs-page.js';
import { persianDigits } from './pages/digits.js';
import { sharedServer } from '../support/fixtures.js';
import { InboxService } from '../../server/modules/inbound/index.js';

describe('browser: inbox', function () {
  this.timeout(180_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));


  it('replies arrive on the open inbox without reloading; opening one and marking the selected ones read', async () => {
    const admin = await adminToken(api);
    const { org, user } = await fundedCustomer(api, admin, 'Inbox', 'Sara');
    const token = (await login(api, user.userName, USER_PASSWORD)).accessToken;
    // The line is the organization's, so the replies land in its inbox; they come 1 s after the send.
    const line = await simulatorLine(api, { inboundEcho: true, deliveryDelayMs: 1000 }, { organizationId: org.id });

    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn(user.userName, USER_PASSWORD);
    const inbox = new InboxPage(page, baseUrl);
    await inbox.open();
    await inbox.table.empty().waitFor();
    let navigations = 0;
    page.on('framenavigated', (f) => { if (f === page.mainFrame()) navigations++; });

    const created = ok(await api.post('ScheduledMessages/Create', {
      senderNumberId: line.lineId, smsBody: 'echo سلام، پاسخ من', sendType: 'Bulk', receivers: ['09121231111', '09121232222'],
    }, { token }));
    await inbox.row('989121231111').waitFor({ timeout: 20_000 });
    await inbox.row('989121232222').waitFor({ timeout: 20_000 });
    expect(navigations, 'no reload while the replies arrived').to.equal(0);
    expect(await inbox.readState('989121231111')).to.equal('false');
    expect(await inbox.row('989121231111').innerText()).to.contain('سلام، پاسخ من');

    // Opening a message shows it whole and reads it.
    await inbox.openMessage('989121231111');
    expect(await page.getByTestId('inbox-message-text').innerText()).to.equal('سلام، پاسخ من');
    await inbox.closeMessage();
    await inbox.waitForReadState('989121231111', true);
    expect(ok(await api.get('Inbox/UnreadCount', { token })).unreadCount).to.equal(1);

    // The unread filter, then marking the selected one read leaves nothing unread.
    await inbox.show('unread');
    await inbox.row('989121232222').waitFor();
    expect(await inbox.row('989121231111').count()).to.equal(0);
    await inbox.select('989121232222');
    await inbox.markSelected();
    await inbox.table.empty().waitFor();
    expect(ok(await api.get('Inbox/UnreadCount', { token })).unreadCount).to.equal(0);
    await waitForSend(api, token, created.id);
    expect(errors).to.deep.equal([]);
  });

  // A burst of messages while the list's answer is on its way: the pushes used to be written into
  // SWR's cache, which made SWR throw that answer away, and the inbox stayed empty (found on the outbox first).
  it('messages arriving while the list is still loading (a slow answer) all show, with what the answer had', async () => {
    const admin = await adminToken(api);
    const { org, user } = await fundedCustomer(api, admin, 'InboxSlow', 'Reza');
    const line = await simulatorLine(api, {}, { organizationId: org.id });
    const inboxService = (await sharedServer()).peyk.container.get(InboxService);
    const text = (from: string, body: string) => inboxService.receive(line.agentId, [{ from, to: line.number, text: body, at: new Date(), providerId: `slow-inbox-${from}-${Date.now()}` }]);
    await text('09121236600', 'پیام پیش از باز شدن صندوق');

    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn(user.userName, USER_PASSWORD);
    // The server answers at once; the answer reaches the page 2 s later, as over a slow network.
    let asked!: () => void;
    const firstAsked = new Promise<void>((resolve) => { asked = resolve; });
    await page.route((url) => /\/Inbox\/GetAll$/.test(url.pathname), async (route) => {
      const response = await route.fetch();
      asked();
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await route.fulfill({ response });
    });
    const inbox = new InboxPage(page, baseUrl);
    await inbox.open();
    await firstAsked;
    for (const n of ['1', '2', '3']) await text(`0912123660${n}`, `پیام زنده ${n}`);

    for (const n of ['0', '1', '2', '3']) await inbox.row(`98912123660${n}`).waitFor({ timeout: 10_000 });
    expect(await inbox.table.rows().count()).to.equal(4);
    expect(await inbox.row('989121236601').innerText()).to.contain('پیام زنده 1');
    // Marking one read while a (slow) fetch is under way shows at once and stays.
    await inbox.openMessage('989121236602');
    await inbox.closeMessage();
    await inbox.waitForReadState('989121236602', true);
    await page.waitForTimeout(2_500);
    expect(await inbox.readState('989121236602')).to.equal('true');
    expect(await inbox.unreadCount().innerText()).to.contain(persianDigits('3'));
    expect(errors).to.deep.equal([]);
    await page.close();
  });

  it('a message stored before the page\'s socket connected shows once it connects (no push reached it)', async () => {
    const admin = await adminToken(api);
    const { org, user } = await fundedCustomer(api, admin, 'InboxLate', 'Mina');
    const line = await simulatorLine(api, {}, { organizationId: org.id });
    const inboxService = (await sharedServer()).peyk.container.get(InboxService);
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn(user.userName, USER_PASSWORD);
    // The socket's connection waits (a slow network, a proxy) until the message is stored.
    let release!: () => void;
    const released = new Promise<void>((resolve) => { release = resolve; });
    await page.routeWebSocket(/socket\.io/, async (ws) => {
      await released;
      ws.connectToServer();
    });
    const inbox = new InboxPage(page, baseUrl);
    await inbox.open();
    await inbox.table.empty().waitFor();
    await inboxService.receive(line.agentId, [{ from: '09121236700', to: line.number, text: 'پیام پیش از اتصال', at: new Date(), providerId: `late-socket-${Date.now()}` }]);
    release();
    await inbox.row('989121236700').waitFor({ timeout: 10_000 });
    expect(errors).to.deep.equal([]);
    await page.close();
  });

  it('numbers that texted «لغو» or STOP are listed under the blacklist, in Persian and English; searched and removed', async () => {
    const admin = await adminToken(api);
    const { org, user } = await fundedCustomer(api, admin, 'OptOut', 'Nima');
    const token = (await login(api, user.userName, USER_PASSWORD)).accessToken;
    const line = await simulatorLine(api, { inboundEcho: true, deliveryDelayMs: 10 }, { organizationId: org.id });
    for (const [mobile, word] of [['09121234401', 'لغو'], ['09121234402', 'STOP']]) {
      await waitForSend(api, token, ok(await api.post('ScheduledMessages/Create', { senderNumberId: line.lineId, smsBody: `echo ${word}`, sendType: 'Bulk', receivers: [mobile] }, { token })).id);
    }
    for (let tries = 0; ok(await api.get('OptOuts/GetAll', { token })).totalCount < 2; tries++) {
      if (tries > 200) throw new Error('the opt-outs were not recorded');
      await new Promise((r) => setTimeout(r, 100));
    }

    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn(user.userName, USER_PASSWORD);
    const optOuts = new OptOutsPage(page, baseUrl);
    await optOuts.openFromBlacklist();
    expect(await optOuts.heading().innerText()).to.equal('شماره‌های لغو اشتراک');
    const first = optOuts.row(persianDigits('989121234401'));
    await first.waitFor();
    expect(await first.innerText()).to.contain('لغو').and.contain(persianDigits(line.number));
    await optOuts.row(persianDigits('989121234402')).waitFor();

    await optOuts.switchLanguage();
    await page.getByText('Opted-out numbers').first().waitFor();
    await optOuts.search('234402');
    await optOuts.row('989121234402').waitFor();
    expect(await optOuts.table.rows().count()).to.equal(1);
    expect(await optOuts.row('989121234402').innerText()).to.contain('STOP');
    await optOuts.remove('989121234402');
    await optOuts.table.empty().waitFor();
    expect(ok(await api.get('OptOuts/GetAll', { token })).items.map((o: any) => o.mobile)).to.deep.equal(['989121234401']);
    expect(errors).to.deep.equal([]);
    await page.close();
  });
});
