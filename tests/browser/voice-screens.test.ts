import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { adminToken, createUser, unique, USER_PASSWORD } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { fundedCustomer, ok, simulatorLine } from '../support/sending.js';
import { voiceLine } from '../support/voice.js';
import { wavFile } from '../support/audio-files.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { VoiceSendPage } from './pages/voice-pages.js';

describe('browser: voice send screen and media list', function () {
  this.timeout(180_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));

  it('uploads a WAV with its length shown, lists only voice lines, prices 30-second parts and sends; text helpers insert their marks', async () => {
    const admin = await adminToken(api);
    const { org } = await fundedCustomer(api, admin, 'Voice', 'Sara');
    const userName = unique('voicebrowser');
    await createUser(api, admin, { userName, organizationId: org.id, isAdmin: true, firstName: 'Sara', isCanSendVoice: true });
    const voice = await voiceLine(api);
    const sms = await simulatorLine(api, {});

    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn(userName, USER_PASSWORD);
    const screen = new VoiceSendPage(page, baseUrl);
    await screen.open();

    // The SMS line is not offered: only lines whose sender agent is of type Voice.
    await screen.line.input().click();
    await screen.line.input().fill(sms.number);
    expect(await page.getByTestId('voice-line-option').filter({ hasText: sms.number }).count()).to.equal(0);
    await page.keyboard.press('Escape');
    await screen.line.choose(voice.number);

    const info = await screen.upload('welcome.wav', wavFile(45));
    expect(await info.getAttribute('data-seconds')).to.equal('45');
    expect(await info.getAttribute('data-parts')).to.equal('2');
    await screen.addNumbers(['09121270001', '09351270002']);
    const preview = await screen.openPreview();
    expect(await preview.getByTestId('voice-calc-parts').textContent()).to.match(/^(2|۲)$/);
    // 120 rials a part (fundedCustomer's tariff) × 2 parts × 2 recipients.
    expect(await preview.getByTestId('voice-calc-price').getAttribute('data-value')).to.equal('480');
    const sendId = await screen.confirm();
    const token = ok(await api.post('Account/Login', { userName, password: USER_PASSWORD })).accessToken;
    expect(ok(await api.get(`OutBox/Get/${sendId}`, { token }))).to.include({ sendSubType: 'Voice', smsParts: 2, voiceSeconds: 45 });

    await screen.open();
    await page.getByTestId('voice-method-Text').check();
    await screen.text().fill('سلام');
    await screen.helper('kasre').click();
    await screen.helper('delay').click();
    expect(await screen.text().inputValue()).to.equal('سلام\u0650[delay]');
    expect(await screen.estimate().getAttribute('data-seconds')).to.equal('2');
    expect(await screen.estimate().getAttribute('data-parts')).to.equal('1');

    await page.goto(`${baseUrl}/sending/media`);
    await page.getByTestId('media-list-page').waitFor();
    expect(await page.getByTestId('media-row-seconds').first().textContent()).to.match(/^(45|۴۵)$/);
    expect(errors).to.deep.equal([]);
  });
});
