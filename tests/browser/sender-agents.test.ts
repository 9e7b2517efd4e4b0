import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { adminToken, ADMIN_PASSWORD, unique } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { Shell } from './pages/shell.js';
import { SenderAgentsPage } from './pages/sender-agents-page.js';
import { startTestSmtpServer } from '../../plugins/email/contract.fixture.js';

describe('browser: sender agents', function () {
  this.timeout(180_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;
  let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));
  before(async () => { smtp = await startTestSmtpServer(); });
  after(async () => smtp?.close());

  it('an administrator adds an email agent through the generated form, sees it up live and tests its connection', async () => {
    await adminToken(api);
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    try {
      await new PanelSignIn(page, baseUrl).signIn('admin', ADMIN_PASSWORD);
      const agents = new SenderAgentsPage(page, baseUrl);
      await agents.open();
      await agents.waitForHealth('شبیه‌ساز', 'up');

      // The generated form: defaults pre-filled, the password a password input, the server's
      // schema error shown under its field.
      const title = unique('Mail gateway ');
      await agents.startAgent('email', title);
      expect(await agents.option('port').inputValue()).to.equal('587');
      expect(await agents.option('password').getAttribute('type')).to.equal('password');
      expect(await agents.option('requireTls').getAttribute('type')).to.equal('checkbox');
      await agents.fillOptions({ host: '127.0.0.1', port: String(smtp.port), from: 'not an address', toTemplate: '{to}@sms.peyk.test', password: 's3cret' });
      expect(await agents.save()).to.equal(false);
      expect(await agents.optionError('from')).to.match(/from/i);
      await agents.fillOptions({ from: 'sms@peyk.test' });
      expect(await agents.save()).to.equal(true);
      await agents.show(title);
      await agents.row(title).waitFor();

      // Connected as soon as it was saved; the badge turns up without a reload.
      await agents.waitForHealth(title, 'up');
      const tested = await agents.testConnection(title);
      expect(tested.state).to.equal('up');

      // An agent whose server is not there: down, with the reason, live; the test says so too.
      const broken = await agents.addAgent('email', { host: '127.0.0.1', port: '1', from: 'sms@peyk.test', toTemplate: '{to}@sms.peyk.test', timeoutMs: '2000' }, unique('Dead mail '));
      await agents.waitForHealth(broken, 'down');
      expect((await agents.healthOf(broken)).detail).to.contain('ECONNREFUSED');
      const failed = await agents.testConnection(broken);
      expect(failed.state).to.equal('down');
      expect(failed.detail).to.contain('ECONNREFUSED');
      expect(errors).to.deep.equal([]);
    } finally {
      await page.close();
    }
  });

  it('an administrator starts an HTTP agent from the Kavenegar preset, with option labels in the page language', async () => {
    await adminToken(api);
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    try {
      await new PanelSignIn(page, baseUrl).signIn('admin', ADMIN_PASSWORD);
      const shell = new Shell(page);
      const agents = new SenderAgentsPage(page, baseUrl);
      await agents.open();
      await agents.startAgent('http', unique('Kavenegar '));
      expect(await agents.presets()).to.include.members(['kavenegar', 'sms-ir', 'ippanel']);
      expect(await agents.option('request.url').inputValue()).to.equal('');

      await agents.startFrom('kavenegar');
      expect(await agents.option('request.url').inputValue()).to.equal('https://api.kavenegar.com/v1/{apiKey}/sms/send.json');
      expect(await agents.option('preset').inputValue()).to.equal('kavenegar');
      expect(await agents.option('reports').inputValue()).to.equal('poll');
      // A preset carries no secret: the API key stays for the administrator to type.
      expect(await agents.option('apiKey').inputValue()).to.equal('');

      // Labels follow the panel's language: the plugin's x-title-fa in Persian, its title in English.
      const labels = async () => [await agents.optionLabel('request.url'), await agents.optionLabel('maxPerSecond')];
      const persian = ['نشانی (URL)', 'سرعت ارسال (پیام در ثانیه)'];
      const english = ['URL', 'Messages per second'];
      const startedInPersian = (await shell.language()) === 'fa';
      expect(await labels()).to.deep.equal(startedInPersian ? persian : english);
      await agents.closeDialog();
      await shell.toggleLanguage();
      await agents.startAgent('http', unique('Kavenegar '));
      expect(await labels()).to.deep.equal(startedInPersian ? english : persian);
      await agents.closeDialog();
      await shell.toggleLanguage();
      expect(errors).to.deep.equal([]);
    } finally {
      await page.close();
    }
  });
});
