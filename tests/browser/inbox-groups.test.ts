import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { adminToken, login, USER_PASSWORD } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { fundedCustomer, ok, simulatorLine, waitForSend } from '../support/sending.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { InboxGroupsPage, InboxLiveMarkers, InboxPage } from './pages/inbox-page.js';

describe('browser: inbox groups and rules', function () {
  this.timeout(180_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));

  it('a rule files a reply into its group; it arrives live with a toast and the menu badge; filtered by group and marked unread', async () => {
    const admin = await adminToken(api);
    const { org, user } = await fundedCustomer(api, admin, 'InboxGroups', 'Leila');
    const token = (await login(api, user.userName, USER_PASSWORD)).accessToken;
    // Replies come back through the simulator gateway's inbound path, 1 s after the send.
    const line = await simulatorLine(api, { inboundEcho: true, deliveryDelayMs: 1000 }, { organizationId: org.id });

    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn(user.userName, USER_PASSWORD);
    const groups = new InboxGroupsPage(page, baseUrl);
    await groups.open();
    await groups.addGroup('سفارش‌ها');
    await groups.addKeywordRule('سفارش', 'خرید', 'سفارش‌ها');

    // Away from the inbox: the toast and the badge show anywhere in the panel.
    const live = new InboxLiveMarkers(page);
    expect(await live.badge().count(), 'no badge while nothing is unread').to.equal(0);
    const created = ok(await api.post('ScheduledMessages/Create', {
      senderNumberId: line.lineId, smsBody: 'echo خرید ۲ عدد', sendType: 'Bulk', receivers: ['09121236661', '09121236662'],
    }, { token }));
    // Two replies in one burst: one toast counting them.
    await live.toast('۲ پیام تازه').first().waitFor({ timeout: 20_000 });
    await live.badge().filter({ hasText: '۲' }).waitFor({ timeout: 20_000 });
    ok(await api.post('ScheduledMessages/Create', { senderNumberId: line.lineId, smsBody: 'echo سلام', sendType: 'Bulk', receivers: ['09121236663'] }, { token }));
    // One reply alone: its sender and text in the toast.
    await live.toast('سلام').first().waitFor({ timeout: 20_000 });
    await live.badge().filter({ hasText: '۳' }).waitFor({ timeout: 20_000 });

    const inbox = new InboxPage(page, baseUrl);
    await inbox.open();
    await inbox.row('989121236661').waitFor();
    expect(await inbox.groupOf('989121236661').innerText()).to.equal('سفارش‌ها');
    expect(await inbox.row('989121236661').getByTestId('inbox-row-encoding').innerText()).to.contain('فارسی');
    expect(await inbox.groupOf('989121236663').count()).to.equal(0);

    await inbox.filterByGroup('سفارش‌ها');
    await inbox.row('989121236663').waitFor({ state: 'detached' });
    // The filtered page has loaded when its rows are back.
    await inbox.row('989121236661').waitFor();
    await inbox.row('989121236662').waitFor();
    expect(await inbox.table.rows().count()).to.equal(2);

    // Read, then unread again: the badge follows.
    await inbox.select('989121236661');
    await inbox.markSelected();
    await inbox.waitForReadState('989121236661', true);
    await inbox.select('989121236661');
    await inbox.markSelectedUnread();
    await inbox.waitForReadState('989121236661', false);
    expect(ok(await api.get('Inbox/UnreadCount', { token })).unreadCount).to.equal(3);
    await waitForSend(api, token, created.id);
    expect(errors).to.deep.equal([]);
    await page.close();
  });
});
