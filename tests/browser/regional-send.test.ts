import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { ADMIN_PASSWORD, adminToken, unique } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { importBankRows } from '../support/number-bank.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { RegionalSendPage } from './pages/regional-send-page.js';

describe('browser: a regional send', function () {
  this.timeout(180_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));

  it('picks a province and an operator, sees the available count and the price, sends, and the outbox shows only masked numbers', async () => {
    const admin = await adminToken(api);
    const province = unique('استان منطقه‌ای ');
    const seed = 1_000_000 + Math.floor(Math.random() * 8_000_000);
    const lines = ['mobile,stateName,genderType'];
    for (let i = 0; i < 8; i++) lines.push(`0912${seed + i},${province},Woman`);
    for (let i = 8; i < 12; i++) lines.push(`0935${seed + i},${province},Man`);
    await importBankRows(api, admin, lines, 'regional.csv');

    const errors: string[] = [];
    const page = await browser.newPage();
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn('admin', ADMIN_PASSWORD);
    const regional = new RegionalSendPage(page, baseUrl);
    await regional.open();
    await regional.chooseFirstLine();
    await regional.setText('سلام از ارسال منطقه‌ای');
    await regional.pickProvince(province);
    await regional.pickOperator('MCI');
    await page.locator('[data-testid="regional-available"][data-total="8"]').waitFor();
    await regional.setCount(5);
    await regional.preview();
    await regional.price().waitFor();
    expect(await regional.price().innerText()).to.contain('۵');
    await regional.send();
    await page.waitForURL(/\/outbox\/\d+/);
    // The line is not automatic, so the send waits for confirmation, held from its counts: its
    // receivers are picked when sending starts, and the page says so instead of "no rows".
    await page.getByText('گیرندگان این ارسال منطقه‌ای هنگام شروع ارسال از بانک شماره انتخاب می‌شوند', { exact: false }).waitFor();
    const sendId = Number(/\/outbox\/(\d+)/.exec(page.url())?.[1]);
    const confirmed = await api.post(`SendQueue/Confirm/${sendId}`, {}, { token: admin });
    expect(confirmed.status, JSON.stringify(confirmed.body)).to.equal(200);
    await regional.receiverNumbers().nth(4).waitFor();
    const shown = await regional.receiverNumbers().allInnerTexts();
    expect(shown).to.have.length(5);
    for (const n of shown) expect(n).to.contain('***');
    // No search by number is offered on a hidden send (the server refuses it).
    expect(await page.getByTestId('outbox-to-number').count()).to.equal(0);
    const body = await page.locator('body').innerText();
    const persian = (v: string) => v.replace(/[0-9]/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]);
    for (let i = 0; i < 12; i++) {
      expect(body).to.not.contain(String(seed + i));
      expect(body).to.not.contain(persian(String(seed + i)));
    }
    expect(errors).to.deep.equal([]);
    await page.close();
  });
});
