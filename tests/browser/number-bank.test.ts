import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { ADMIN_PASSWORD, adminToken, unique } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { NumberBankPage } from './pages/number-bank-page.js';

describe('browser: the number bank', function () {
  this.timeout(180_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));

  it('the system administrator imports a CSV, watches it complete, and opens the zone tree to the new province\'s counts per operator', async () => {
    await adminToken(api);
    const province = unique('استان آزمون ');
    const seed = 1_000_000 + Math.floor(Math.random() * 8_000_000);
    const lines = ['mobile,stateName,cityName,genderType'];
    for (let i = 0; i < 30; i++) lines.push(`0912${seed + i},${province},شهر الف,Woman`);
    for (let i = 30; i < 40; i++) lines.push(`0935${seed + i},${province},شهر الف,Man`);
    lines.push('not-a-number,x,,');

    const errors: string[] = [];
    const page = await browser.newPage();
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn('admin', ADMIN_PASSWORD);
    const bank = new NumberBankPage(page, baseUrl);
    await bank.open();
    await bank.importFile('bank.csv', Buffer.from(lines.join('\n')), 'text/csv');
    await bank.importRows().first().and(page.locator('[data-status="Completed"]')).waitFor({ timeout: 60_000 });
    expect(await bank.importRows().first().innerText()).to.contain('افزوده ۴۰، به‌روز ۰، رد شده ۱');
    expect(await bank.progress().first().getAttribute('data-value')).to.equal('100');

    await bank.zoneRow(province).waitFor();
    const row = bank.zoneRow(province);
    expect(await row.getAttribute('data-total')).to.equal('40');
    expect(await row.innerText()).to.contain('۳۰');
    await bank.expand(province);
    await bank.zoneRow('شهر الف').first().waitFor();
    expect(errors).to.deep.equal([]);
    await page.close();
  });
});
