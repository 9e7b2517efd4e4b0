import { expect } from 'chai';
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { adminToken, ADMIN_PASSWORD, createOrganization, createUser, unique, USER_PASSWORD } from '../support/fixtures.js';
import type { ApiClient, ApiResponse } from '../support/api-client.js';
import { ok } from '../support/envelope.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { Shell } from './pages/shell.js';
import { SenderAgentsPage } from './pages/sender-agents-page.js';
import { P2PSendPage } from './pages/p2p-send-page.js';
import { CreditScreen } from './pages/financial-pages.js';
import { UsersPage } from './pages/users-page.js';
import { ChangePasswordPage } from './pages/login-page.js';
import { checklistOrder, P2PRulesPanel, shownInside } from './pages/forms-pages.js';
import { SelectControl } from './pages/select-control.js';

const PEM = '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUTEST\nAAAA\n-----END CERTIFICATE-----';

/** Repeats a call that asks for the confirmation number with the number it showed. */
async function confirmed(send: (confirmation: Record<string, string>) => Promise<ApiResponse>): Promise<ApiResponse> {
  const first = await send({});
  if (first.status === 200) return first;
  const { confirmationId, confirmationNumber } = first.body.data;
  return send({ confirmationId, confirmationNumber });
}

// Issue 23 items 4 and 8: the P2P rules guide (a template, the rules before upload), and forms that
// accept what people type — each in Persian and in English.
for (const language of ['fa', 'en'] as const) {
  describe(`browser: forms that accept what people type (${language})`, function () {
    this.timeout(180_000);
    let browser: Browser;
    let baseUrl: string;
    let api: ApiClient;
    let superToken: string;
    let page: Page;
    const errors: string[] = [];

    onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));

    before(async () => {
      superToken = await adminToken(api);
      page = await browser.newPage();
      page.on('pageerror', (e) => errors.push(String(e)));
      await new PanelSignIn(page, baseUrl).signIn('admin', ADMIN_PASSWORD);
      if (language === 'en') await new Shell(page).toggleLanguage();
    });
    after(async () => { await page?.close(); });
    afterEach(() => { expect(errors).to.deep.equal([]); });

    it('the P2P page offers a template that keeps its rules, shown before any upload, and the template is accepted as it is', async () => {
      const p2p = new P2PSendPage(page, baseUrl);
      await p2p.open();
      const rules = new P2PRulesPanel(page);
      await rules.templateLink().waitFor();
      expect(await rules.rules().innerText()).to.contain('Sheet1');
      const path = await rules.downloadTemplate();
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await readFile(path) as unknown as ArrayBuffer);
      expect(workbook.worksheets.map((s) => s.name)).to.deep.equal(['Sheet1']);
      expect(workbook.worksheets[0].getRow(1).values).to.deep.equal([undefined, 'mobile', 'text', 'name', 'trackingNumber']);
      expect(String(workbook.worksheets[0].getRow(2).getCell(2).value)).to.match(language === 'fa' ? /[\u0600-\u06ff]/ : /^Dear /);
      await p2p.upload('p2p-template.xlsx', await readFile(path));
      expect(await p2p.counts()).to.deep.equal({ rows: 2, valid: 2 });
      expect(await p2p.columns()).to.deep.equal(['mobile', 'text', 'name', 'trackingNumber']);
    });

    it('the checklist puts the customer before its credit', async () => {
      await page.goto(`${baseUrl}/`);
      const order = await checklistOrder(page);
      expect(order.indexOf('customer')).to.be.lessThan(order.indexOf('credit'));
      expect(order).to.deep.equal(['senderAgent', 'tariff', 'customer', 'credit', 'testMessage']);
    });

    it('a send window takes 8:00 and Persian digits; an SMPP agent asks one rate, states and keeps its 8-character password, and takes a PEM on many lines', async () => {
      const agents = new SenderAgentsPage(page, baseUrl);
      await agents.open();
      const windowed = unique(`Window ${language} `);
      await agents.startAgent('simulator', windowed);
      await page.getByTestId('agent-dialog').locator('#agent-isActiveAllTime').setChecked(false);
      await page.getByTestId('agent-startTime').fill('8:00');
      await page.getByTestId('agent-endTime').fill('۲۱:۳۰');
      expect(await agents.save(), 'saved').to.equal(true);
      const saved = ok(await api.get('SenderAgents/GetAll', { token: superToken })).items.find((a: { title: string }) => a.title === windowed);
      expect(saved).to.include({ startTime: '08:00', endTime: '21:30' });
      // The API takes what the form takes.
      const updated = ok(await api.post('SenderAgents/Update', { id: saved.id, startTime: '9:15', endTime: '۲۲:۰۰' }, { token: superToken }));
      expect(updated).to.include({ startTime: '09:15', endTime: '22:00' });

      const smpp = unique(`SMPP ${language} `);
      await agents.startAgent('smpp', smpp);
      expect(await page.getByTestId('agent-maxPerSecond').count(), 'no second rate field').to.equal(0);
      expect(await agents.option('tlsCa').evaluate((el) => el.tagName.toLowerCase())).to.equal('textarea');
      await page.getByTestId('agent-isActive').setChecked(false);
      await agents.fillOptions({ host: '127.0.0.1', systemId: 'peyk', password: 'toolong99', tlsCa: PEM, maxPerSecond: '250' });
      expect(await agents.save(), 'a 9-character password is refused').to.equal(false);
      expect(await agents.optionError('password')).to.match(language === 'fa' ? /۸/ : /8/);
      await agents.fillOptions({ password: 'secret88' });
      expect(await agents.save(), 'saved').to.equal(true);
      const agent = ok(await api.get('SenderAgents/GetAll', { token: superToken })).items.find((a: { title: string }) => a.title === smpp);
      expect(agent.options.tlsCa).to.equal(PEM);
      expect(agent.maxPerSecond, 'the agent\'s rate is the option').to.equal(250);
    });

    it('the credit page shows its charge at once, the organization picked inside it', async () => {
      const credit = new CreditScreen(page, baseUrl);
      await credit.open();
      const form = page.getByTestId('credit-charge-form');
      await form.waitFor();
      expect(await form.getByTestId('credit-admin-org').count()).to.equal(1);
      await page.getByTestId('credit-charge-amount').fill('1000');
      await page.getByTestId('credit-charge-increase').click();
      expect(await page.locator('[id="credit-admin-org-error"]').innerText()).to.match(language === 'fa' ? /سازمان/ : /organization/i);
    });

    it('the user form: no "no change" hint on create, a birth date without time, the organization\'s roles; an error out of view scrolls into view', async () => {
      const org = await createOrganization(api, superToken, { name: unique(`Roles org ${language} `), type: 'reseller' });
      const template = ok(await api.post('RoleTemplates/Create', { title: unique('Template '), claims: ['Dashboard.View'] }, { token: superToken }));
      ok(await confirmed((c) => api.post('RoleTemplates/AssignToOrganization', { organizationId: org.id, roleTemplateId: template.id, ...c }, { token: superToken })));
      const users = new UsersPage(page, baseUrl);
      await users.open();
      await users.openCreate();
      const hint = await page.locator('[id="user-secondPassword-hint"]').innerText();
      expect(hint).not.to.match(language === 'fa' ? /بدون تغییر/ : /unchanged/);
      await new SelectControl(page, users.form(), 'user-organizationId').choose(org.name);
      await users.roleSelect().choose(template.title);
      // The birth date is a day: its open panel asks for no hour (the expiry's, an instant, does).
      await page.getByTestId('user-birthDate-toggle').click();
      await page.getByTestId('user-birthDate-panel').waitFor();
      expect(await page.getByTestId('user-birthDate-hour').count()).to.equal(0);
      await page.getByTestId('user-birthDate-toggle').click();
      await page.getByTestId('user-expireDate-toggle').click();
      await page.getByTestId('user-expireDate-hour').waitFor();
      await page.getByTestId('user-expireDate-toggle').click();
      // Saved from the bottom of the long form: the first error, at the top, comes into view.
      const body = page.getByTestId('user-form-dialog-body');
      await body.evaluate((el) => { el.scrollTop = el.scrollHeight; });
      await users.submit();
      await users.fieldError('userName').waitFor();
      await page.waitForTimeout(200);
      expect(await shownInside(body, users.field('userName')), 'the invalid user name is in view').to.equal(true);
      await page.keyboard.press('Escape');
    });

    it('the forced password change says why a new password is refused, not only that the entries differ', async () => {
      const userName = unique(`forced${language}`);
      await createUser(api, superToken, { userName, changePasswordRequired: true });
      const context = await browser.newContext();
      const other = await context.newPage();
      try {
        await other.goto(`${baseUrl}/account/login`);
        if (language === 'en') await other.getByTestId('language-toggle').click();
        await other.getByTestId('login-username').fill(userName);
        await other.getByTestId('login-password').fill(USER_PASSWORD);
        await other.getByTestId('login-submit').click();
        const change = new ChangePasswordPage(other);
        await change.waitFor();
        await change.change(USER_PASSWORD, 'short', 'shorter');
        expect(await other.locator('[id="cp-newPassword-error"]').innerText()).to.match(language === 'fa' ? /۸ کاراکتر/ : /8 characters/);
        expect(await other.locator('[id="cp-confirmPassword-error"]').count()).to.equal(1);
      } finally {
        await context.close();
      }
    });
  });
}
