import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { adminToken, USER_PASSWORD } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { fundedCustomer, ok, simulatorLine } from '../support/sending.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { BulkSendPage } from './pages/sending-pages.js';
import { SelectControl } from './pages/select-control.js';

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

  it('registers an hourly periodic send: the form asks for the capped number of submissions, the list shows the new period', async () => {
    const admin = await adminToken(api);
    const { user } = await fundedCustomer(api, admin, 'Hourly', 'Sara');
    const line = await simulatorLine(api, {});

    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn(user.userName, USER_PASSWORD);
    const compose = new BulkSendPage(page, baseUrl);
    await compose.open();
    await compose.compose(line.number, 'هر دو ساعت', ['09121230011', '09351230012']);
    await page.getByTestId('send-kind-periodic').check();
    await new SelectControl(page, page, 'send-periodic-type').choose('ساعتی', 'ساع');
    // The help text says what Hour does, with Persian digits (at most ۵۰۰ submissions).
    const hint = await page.getByTestId('send-periodic-frequent-hint').textContent();
    expect(hint).to.contain('۵۰۰');
    await page.getByTestId('send-periodic-every').fill('2');
    // Without a number of submissions the form refuses before the preview.
    await page.getByTestId('send-preview-open').click();
    await page.locator('[id="send-periodic-max-error"]').waitFor();
    await page.getByTestId('send-periodic-max').fill('5');
    await compose.openPreview();
    await page.getByTestId('send-preview-confirm').click();
    await page.waitForURL(/\/sending\/periodic$/);
    const pattern = page.getByTestId('periodic-row-pattern').first();
    await pattern.waitFor();
    expect(await pattern.textContent()).to.contain('ساعتی');

    const token = ok(await api.post('Account/Login', { userName: user.userName, password: USER_PASSWORD })).accessToken;
    const [definition] = ok(await api.get('ScheduledMessages/GetPeriodicSends?pageSize=5', { token })).items;
    expect(definition).to.include({ periodType: 'Hour', period: 2, maxOccurrences: 5, sendHour: 9, recipientCount: 2, status: 'Active', gradualStepCount: null });
    ok(await api.post('ScheduledMessages/CancelPeriodicSend', { id: definition.id }, { token }));
    expect(errors).to.deep.equal([]);
  });
});
