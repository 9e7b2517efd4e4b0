import { createHmac } from 'node:crypto';
import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { adminToken, login, unique, USER_PASSWORD } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { fundedCustomer, ok } from '../support/sending.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { ClubMembersPage } from './pages/club-pages.js';

/** The panel shows numbers in Persian digits. */
const fa = (s: string) => s.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]);

describe('browser: the customer club members list', function () {
  this.timeout(180_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));

  it('a store\'s device posts purchases; the members appear with points and totals, searched by mobile and filtered by points, in Persian and English', async () => {
    const admin = await adminToken(api);
    const { user } = await fundedCustomer(api, admin, 'Club', 'Sara');
    const token = (await login(api, user.userName, USER_PASSWORD)).accessToken;
    const book = ok(await api.post('Phonebooks/Create', { title: unique('Club members ') }, { token })).id;
    const device = ok(await api.post('ClubDevices/Create', { deviceId: unique('POS-'), phonebookIdList: [book], rialsPerPoint: 10_000 }, { token }));
    // The customer is a top organization: the system administrator above it confirms its club request.
    ok(await api.post(`ClubDevices/Confirm/${device.id}`, {}, { token: admin }));
    const purchases = [['09121550001', 30_000], ['09121550002', 700_000], ['09121550003', 1_250_000], ['09121550003', 50_000]] as const;
    for (const [i, [mobile, amount]] of purchases.entries()) {
      const raw = JSON.stringify({ deviceId: device.deviceId, mobile, amount, purchaseId: `INV-${i}`, timestamp: Math.floor(Date.now() / 1000) });
      ok(await api.call('POST', `ClubDevices/Webhook/${device.id}`, { rawBody: raw, headers: { 'x-peyk-signature': createHmac('sha256', device.secret).update(raw).digest('hex') } }));
    }

    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn(user.userName, USER_PASSWORD);
    const members = new ClubMembersPage(page, baseUrl);
    await members.openFromMenu();
    await members.row(fa('989121550003')).waitFor();
    expect((await members.mobiles()).sort()).to.deep.equal([fa('989121550001'), fa('989121550002'), fa('989121550003')]);
    // 1,300,000 rials at 10,000 a point, over two purchases.
    expect(await members.points(fa('989121550003')).innerText()).to.equal(fa('130'));
    expect(await members.row(fa('989121550003')).getByTestId('club-member-purchases').innerText()).to.equal(fa('2'));
    expect(await page.locator('html').getAttribute('dir')).to.equal('rtl');

    await members.search('09121550002');
    await members.row(fa('989121550002')).waitFor();
    expect(await members.mobiles()).to.deep.equal([fa('989121550002')]);
    await members.search('');
    await members.filterPoints('50');
    // Polled through locators: a string predicate is evaluated with eval, which the panel's CSP refuses.
    const rows = page.getByTestId('club-member-mobile');
    for (let i = 0; i < 100 && (await rows.count()) !== 2; i++) await page.waitForTimeout(100);
    expect((await members.mobiles()).sort()).to.deep.equal([fa('989121550002'), fa('989121550003')]);
    expect(await members.sendLink().getAttribute('href')).to.equal('/club/send?minPoints=50');
    await members.filterPoints('1000');
    await members.table.empty().waitFor();

    await members.switchLanguage();
    await page.waitForFunction(() => (globalThis as any).document.documentElement.dir === 'ltr');
    expect(await members.heading().innerText()).to.equal('Club members');
    expect(await members.table.empty().innerText()).to.contain('No member matches these conditions.');
    expect(errors).to.deep.equal([]);
    await page.close();
  });
});
