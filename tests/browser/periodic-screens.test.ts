import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { adminToken, USER_PASSWORD } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { fundedCustomer, ok, simulatorLine } from '../support/sending.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { BulkSendPage } from './pages/sending-pages.js';

describe('browser: periodic sends', function () {
  this.timeout(180_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));


  it('registers a periodic send from the bulk screen (Friday unchecked), lists it and cancels it', async () => {
    const admin = await adminToken(api);
    const { user } = await fundedCustomer(api, admin, 'Periodic', 'Reza');
    const line = await simulatorLine(api, {});

    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn(user.userName, USER_PASSWORD);
    const compose = new BulkSendPage(page, baseUrl);
    await compose.open();
    await compose.compose(line.number, 'صبح بخیر', ['09121230001', '09351230002']);
    await page.getByTestId('send-kind-periodic').check();
    // All seven days are checked by default, Saturday first.
    for (let d = 0; d < 7; d++) expect(await page.getByTestId(`send-periodic-day-${d}`).isChecked()).to.equal(true);
    await page.getByTestId('send-periodic-day-6').uncheck();
    await compose.openPreview();
    await page.getByTestId('send-preview-confirm').click();
    await page.waitForURL(/\/sending\/periodic$/);
    const row = page.getByTestId('periodic-row-status').first();
    await row.waitFor();
    expect(await row.getAttribute('data-status')).to.equal('Active');

    const token = ok(await api.post('Account/Login', { userName: user.userName, password: USER_PASSWORD })).accessToken;
    const [definition] = ok(await api.get('ScheduledMessages/GetPeriodicSends?pageSize=5', { token })).items;
    expect(definition).to.include({ periodType: 'Daily', period: 1, sendHour: 9, recipientCount: 2, status: 'Active' });
    expect(definition.daysOfWeek).to.deep.equal([0, 1, 2, 3, 4, 5]);

    await page.getByTestId('periodic-cancel').first().click();
    await page.getByTestId('periodic-cancel-dialog-confirm').click();
    await page.locator('[data-testid="periodic-row-status"][data-status="Canceled"]').first().waitFor();
    expect(ok(await api.get('ScheduledMessages/GetPeriodicSends?pageSize=5', { token })).items[0].status).to.equal('Canceled');
    expect(errors).to.deep.equal([]);
  });
});
