import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { adminToken, login, unique, USER_PASSWORD } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { bad, fundedCustomer, ok } from '../support/sending.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { ApiTokenPages } from './pages/developer-pages.js';

describe('browser: API token safe IPs, rules and call log', function () {
  this.timeout(180_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));

  it('adds a safe IP and a rule on the token page; the call log fills after v1 calls', async () => {
    const admin = await adminToken(api);
    const { user } = await fundedCustomer(api, admin, 'Rules', 'Reza');
    const session = (await login(api, user.userName, USER_PASSWORD)).accessToken;
    const title = unique('Shop key ');
    const key = ok(await api.post('ApiTokens/Create', { title, isIgnoreCheckIp: false }, { token: session })).token as string;

    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn(user.userName, USER_PASSWORD);
    const pages = new ApiTokenPages(page, baseUrl);
    await pages.openList();
    await pages.openDetails(title);

    // Safe IPs: the empty state, the spec's range message, then the caller's own range (confirmed: an administrator adds it).
    await pages.safeIps.empty().waitFor();
    await page.getByTestId('safe-ip-input').fill('127.0.0.9-3');
    await page.getByTestId('safe-ip-add').click();
    await page.getByTestId('safe-ip-errors').getByText('انتهای بازه IP باید از رقم آخر IP بزرگ‌تر باشد.').first().waitFor();
    await pages.addSafeIp('127.0.0.1-9');
    expect(await pages.safeIps.row('127.0.0.1-9').getByTestId('safe-ip-status').innerText()).to.equal('تأییدشده');

    // A rule, reached by keyboard from the first tab.
    await pages.tab('safeIps').focus();
    await page.keyboard.press('ArrowLeft'); // right-to-left: the next tab is on the left
    expect(await pages.tab('ipRules').getAttribute('aria-selected')).to.equal('true');
    await pages.ipRules.empty().waitFor();
    await pages.addIpRule({ endpoint: 'credit', limit: 1, period: 1 });

    const call = () => api.get('v1/credit', { headers: { 'x-api-key': key } });
    ok(await call());
    bad(await call(), 429);

    await pages.tab('logs').click();
    await pages.waitForLogRows(2);
    expect(await pages.logStatuses()).to.deep.equal(['429', '200']);
    expect(await pages.logs.rows().first().innerText()).to.contain('/v1/credit');
    // The status filter narrows the table.
    await page.getByTestId('logs-status').fill('429');
    await page.getByTestId('logs-apply').click();
    // The old rows go (the table reloads), then the filtered one comes.
    await pages.logs.rows().nth(1).waitFor({ state: 'detached' });
    await pages.logs.rows().first().waitFor();
    expect(await pages.logStatuses()).to.deep.equal(['429']);
    expect(errors).to.deep.equal([]);
    await page.close();
  });
});
