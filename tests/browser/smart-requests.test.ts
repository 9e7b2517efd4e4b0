import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { adminToken, login, unique, USER_PASSWORD } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { fundedCustomer, ok } from '../support/sending.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { SmartRequestsPage } from './pages/smart-requests-page.js';

describe('browser: a smart request drawn on the map (BTS simulator)', function () {
  this.timeout(240_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));

  it('draws a polygon in Tehran, sees the audience per operator and the price, sends, and watches the status and the sent count; the found locations show on the map', async () => {
    const admin = await adminToken(api);
    const { user } = await fundedCustomer(api, admin, 'Smart', 'Sara');
    ok(await api.post('Users/Update', { id: user.id, isCanSendSmartWithoutConfirmation: true }, { token: admin }));
    const token = (await login(api, user.userName, USER_PASSWORD)).accessToken;
    // A saved place brings the map to central Tehran (the simulator's densest population).
    const center = unique('مرکز تهران ');
    ok(await api.post('Places/Create', { name: center, coordinates: { type: 'Circle', center: [51.389, 35.6892], radiusMeters: 6_000 } }, { token }));

    const errors: string[] = [];
    const page = await browser.newPage();
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn(user.userName, USER_PASSWORD);
    const smart = new SmartRequestsPage(page, baseUrl);
    await smart.open();
    expect(await smart.map().getAttribute('dir')).to.equal('ltr');
    await smart.addPlace(center);
    await page.locator('[data-testid="smart-areas-count"][data-count="1"]').waitFor();
    await page.waitForTimeout(500);
    await smart.clearAreas();
    await smart.drawPolygon([[0.35, 0.35], [0.65, 0.35], [0.65, 0.65], [0.35, 0.65]]);
    await page.locator('[data-testid="smart-areas-count"][data-count="1"]').waitFor();

    const name = unique('افتتاح فروشگاه ');
    await smart.fill({ name, operator: 'MCI', count: 5, text: 'به فروشگاه ما خوش آمدید' });
    const estimate = await smart.estimate();
    expect(Number(await estimate.getAttribute('data-sendable'))).to.equal(5);
    expect(Number(await page.getByTestId('smart-estimate-price').getAttribute('data-value'))).to.be.greaterThan(0);
    expect(await page.getByTestId('smart-estimate-MCI').innerText()).to.contain('همراه اول');

    await smart.send();
    const row = smart.row(name);
    await row.waitFor();
    await page.locator(`[data-testid="smart-request-row"][data-stage="Ended"]`).filter({ hasText: name }).waitFor({ timeout: 90_000 });
    expect(Number(await row.getAttribute('data-sent'))).to.be.greaterThan(0);
    expect(await row.getAttribute('data-status')).to.equal('Done');
    expect(await row.innerText()).to.contain('انجام شد');

    const detail = await smart.showOnMap(name);
    expect(Number(await detail.getAttribute('data-locations'))).to.be.greaterThan(0);
    await page.getByTestId('smart-locations-map').locator('path.leaflet-interactive').first().waitFor();
    expect(errors).to.deep.equal([]);
    await page.close();
  });

  it("a periodic request (made through the API) shows its rule, occurrences and totals under its detail", async () => {
    const admin = await adminToken(api);
    const { user } = await fundedCustomer(api, admin, 'Periodic', 'Pari');
    ok(await api.post('Users/Update', { id: user.id, isCanSendSmartWithoutConfirmation: true }, { token: admin }));
    const token = (await login(api, user.userName, USER_PASSWORD)).accessToken;
    const name = unique('هر روز ');
    const start = new Date(Date.now() + 60_000);
    ok(await api.post('SmartSmsRecipients/CreatePeriodicSmartSmsRecipient', {
      requestName: name, text: 'سلام', operator: 'MCI', areas: [{ type: 'Circle', center: [51.389, 35.6892], radiusMeters: 6_000 }],
      residenceState: true, sendCountType: 'Count', countToSend: 3, startDatetime: start.toISOString(), endDatetime: new Date(start.getTime() + 4 * 60_000).toISOString(),
      periodicSmartSms: { periodType: 'Daily', repeatCount: 2 },
    }, { token }));

    const errors: string[] = [];
    const page = await browser.newPage();
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn(user.userName, USER_PASSWORD);
    const smart = new SmartRequestsPage(page, baseUrl);
    await smart.open();
    await smart.row(name).waitFor();
    await smart.showOnMap(name);
    const occurrences = page.locator('[data-testid="smart-occurrences"][data-count="1"]');
    await occurrences.waitFor();
    expect(await occurrences.innerText()).to.contain('هر روز').and.contain('۲ بار');
    expect(await page.getByTestId('smart-occurrence-totals').innerText()).to.contain('۱ نوبت');
    expect(errors).to.deep.equal([]);
    await page.close();
  });
});
