import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { adminToken, createUser, login, unique, USER_PASSWORD } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { fundedCustomer, ok } from '../support/sending.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { OtpFormatsPage } from './pages/otp-formats-page.js';

describe('browser: OTP formats', function () {
  this.timeout(180_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));

  it("an administrator writes a format with a live preview (it is confirmed at once), confirms a user's format, deletes one", async () => {
    const { org, user } = await fundedCustomer(api, await adminToken(api), 'Otp', 'Sara');
    // A plain user of the same organization, whose format waits for the administrator.
    const plain = await createUser(api, (await login(api, user.userName, USER_PASSWORD)).accessToken, { userName: unique('otpuser'), organizationId: org.id, isAdmin: false, firstName: 'Ali' });
    const plainToken = (await login(api, plain.userName, USER_PASSWORD)).accessToken;
    const waitingTitle = unique('Waiting ');
    ok(await api.post('OtpFormats/Create', { title: waitingTitle, smsText: 'Shop code {0}' }, { token: plainToken }));

    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn(user.userName, USER_PASSWORD);
    const formats = new OtpFormatsPage(page, baseUrl);
    await formats.open();
    await formats.waitForStatus(waitingTitle, 'WatingForConfirm');

    await formats.openCreate();
    const title = unique('Login ');
    // A gap: the preview says so before the server is asked.
    await formats.fill(title, 'Code {1}');
    await formats.previewIssue().waitFor();
    expect(await formats.previewIssue().innerText()).to.contain('{0}');
    await formats.fill(title, 'Your code is {0}, valid {1} min. {{Peyk}}');
    await formats.preview().waitFor();
    expect(await formats.previewIssue().count()).to.equal(0);
    expect(await formats.placeholderCount().innerText()).to.match(/[2۲]/);
    expect(await formats.preview().innerText()).to.equal('Your code is 48213, valid 2 min. {Peyk}');
    await formats.sample(0).fill('777');
    expect(await formats.preview().innerText()).to.equal('Your code is 777, valid 2 min. {Peyk}');
    await formats.save();
    await formats.waitForStatus(title, 'Confirmed');

    await formats.confirm(waitingTitle);
    await formats.waitForStatus(waitingTitle, 'Confirmed');
    const listed = ok(await api.get('OtpFormats/GetAll?pageSize=50', { token: plainToken })).items as any[];
    expect(listed.find((f) => f.title === waitingTitle)?.status).to.equal('Confirmed');

    await formats.delete(title);
    const adminSession = (await login(api, user.userName, USER_PASSWORD)).accessToken;
    const left = ok(await api.get('OtpFormats/GetAll?pageSize=50', { token: adminSession })).items as any[];
    expect(left.map((f) => f.title)).to.include(waitingTitle);
    expect(left.map((f) => f.title)).to.not.include(title);
    expect(errors).to.deep.equal([]);
    await page.close();
  });
});
