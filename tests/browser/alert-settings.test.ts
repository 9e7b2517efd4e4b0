import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { adminToken, sharedServer, USER_PASSWORD } from '../support/fixtures.js';
import { fundedCustomer } from '../support/sending.js';
import type { ApiClient } from '../support/api-client.js';
import { AlertRunner } from '../../server/modules/alerts/index.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { AlertSettingsPage } from './pages/alert-settings-page.js';

describe('browser: alert and notification settings', function () {
  this.timeout(180_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));

  it('an organization administrator sets a low-credit threshold and mobiles (fa), is refused out-of-range values under the fields, sees them after a reload, and the alert pass puts the panel notification in the bell', async () => {
    const { org, user } = await fundedCustomer(api, await adminToken(api), 'Alertsb', 'Sara');
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn(user.userName, USER_PASSWORD);
    const settings = new AlertSettingsPage(page, baseUrl);
    await settings.open();

    // Out of range: a zero threshold, expiry days not more than the send frequency — each under its field, nothing stored.
    await settings.smsToggle().check();
    await settings.mobiles().fill('09121110001\n0912');
    await settings.enabled('LowCredit').check();
    await settings.threshold().fill('0');
    await settings.fromDays('OrganizationExpiration').fill('1');
    await settings.save();
    await page.locator('[id="alert-LowCredit-threshold-error"]').waitFor();
    expect(await settings.errorUnder(settings.threshold())).to.equal('حد اعتبار (ریال) را بزرگ‌تر از صفر وارد کنید.');
    expect(await settings.errorUnder(settings.fromDays('OrganizationExpiration'))).to.contain('باید بیشتر از دوره تکرار ارسال');
    expect(await settings.threshold().getAttribute('aria-invalid')).to.equal('true');
    expect(await page.locator('[id="alerts-mobiles-error"]').innerText()).to.equal('شماره موبایل «0912» معتبر نیست.');
    expect(await settings.mobiles().getAttribute('aria-invalid')).to.equal('true');

    // Corrected (Persian digits are read too): saved.
    await settings.mobiles().fill('09121110001\n۰۹۱۲۱۱۱۰۰۰۲');
    await settings.threshold().fill('۲۰۰۰۰۰۰');
    await settings.fromDays('OrganizationExpiration').fill('7');
    // From this save the organization is below its threshold, and the server's own alert pass runs
    // at second 0 of every minute: were it to come before the pass this test makes below, the bell
    // would already count 1 (seen in a full run). The steps up to that pass take a few seconds, so
    // saving early in a minute keeps the scheduled pass out of the way.
    const second = new Date().getSeconds();
    if (second > 30) await page.waitForTimeout((62 - second) * 1000);
    await settings.save();
    await page.getByText('تنظیمات ذخیره شد.').first().waitFor();
    expect(await page.locator('[id="alert-LowCredit-threshold-error"]').count()).to.equal(0);

    await page.reload();
    await settings.form().waitFor();
    expect(await settings.threshold().inputValue()).to.equal('2000000');
    expect(await settings.mobiles().inputValue()).to.equal('09121110001\n09121110002');
    expect(await settings.enabled('LowCredit').isChecked()).to.equal(true);
    expect(await settings.smsToggle().isChecked()).to.equal(true);
    expect(await settings.fromDays('OrganizationExpiration').inputValue()).to.equal('7');
    // The payment flags are acted on now: no "not acted on yet" notice.
    expect(await page.getByText('هنوز عمل نمی‌کند').count()).to.equal(0);

    // The credit (1,000,000) is below the threshold: the minute's pass, as the scheduler calls it, tells the administrator in the panel.
    expect(await settings.unread().getAttribute('data-count')).to.equal('0');
    const outcome = await (await sharedServer()).peyk.container.get(AlertRunner).run(new Date());
    expect(outcome[`${org.id}:LowCredit:0`]).to.equal('fired');
    await page.locator('[data-testid="notifications-unread"][data-count="1"]').waitFor();
    await settings.bell().click();
    await page.getByText('اعتبار کم / Low credit').waitFor();
    await page.getByText('کمتر از 2000000 ریال است').waitFor();
    expect(errors).to.deep.equal([]);
    await page.close();
  });
});
