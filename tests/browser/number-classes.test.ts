import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { adminToken, ADMIN_PASSWORD, unique } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { ok } from '../support/sending.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { LineClassView, NumberClassesPage } from './pages/number-classes-page.js';
import { persianDigits } from './pages/digits.js';

// Issue 24, number classes: the administrator enters an operator's class, checks the lines, and the
// line shows its class in the Persian panel.
describe('browser: number classes', function () {
  this.timeout(120_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;
  let page: Page;

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));
  afterEach(async () => { await page?.close(); });

  it('an administrator creates a class, runs the check, and the line shows it (and "not checked yet" / "no class" before and after)', async () => {
    const admin = await adminToken(api);
    const agent = ok(await api.post('SenderAgents/Create', { title: unique('Sim classes '), pluginName: 'simulator', options: {} }, { token: admin }));
    // A prefix of this run only, so no other test's line or class matches.
    const stem = `84${String(Date.now()).slice(-4)}`;
    const newLine = async (number: string) => ok(await api.post('PrivateNumbers/Create', {
      number, useForm: 'OneNumber', numberType: 'Private', typePrivateNumber: 'Bulk', smsSenderAgentId: agent.id, isSendBulk: true,
    }, { token: admin }));
    const classed = await newLine(`${stem}11`);
    const other = await newLine(`${stem.replace(/^84/, '83')}22`);

    page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn('admin', ADMIN_PASSWORD);

    const lines = new LineClassView(page, baseUrl);
    await lines.openLines();
    const classedRow = lines.row(persianDigits(classed.number));
    expect((await lines.stateIn(classedRow).innerText()).trim()).to.equal('هنوز بررسی نشده');

    const classes = new NumberClassesPage(page, baseUrl);
    await classes.open();
    expect(await classes.importNotice().innerText()).to.contain('هنوز ساخته نشده');
    const title = unique('تبلیغاتی ');
    // The prefix typed in Persian digits, as a Persian keyboard gives it.
    await classes.create({ title, operatorClasses: { MCI: 'کلاس الف', Irancell: 'تبلیغاتی' }, patterns: [persianDigits(stem)] });
    await classes.dialog().waitFor({ state: 'detached' });
    await classes.rowTitles().getByText(title, { exact: true }).waitFor();
    await classes.checkAll();
    await classes.toast('خط بررسی شد').waitFor();

    await lines.openLines();
    const state = lines.stateIn(lines.row(persianDigits(classed.number)));
    await state.getByText('همراه اول: ', { exact: false }).waitFor();
    const text = await state.innerText();
    expect(text).to.contain('همراه اول: کلاس الف');
    expect(text).to.contain('ایرانسل: تبلیغاتی');
    expect(text).to.contain(title);
    expect(text).to.contain('بررسی‌شده در');
    expect(text.split('بررسی‌شده در')[1]).to.match(/[۰-۹]/).and.not.match(/[0-9]/, 'the check time in Persian digits');
    expect((await lines.stateIn(lines.row(persianDigits(other.number))).innerText())).to.contain('بدون کلاس');

    // The line form shows the same, read-only, and checks one line at once.
    const section = await lines.openForm(lines.row(persianDigits(classed.number)));
    expect(await section.innerText()).to.contain('کلاس الف');
    await section.getByTestId('line-class-check-now').click();
    await page.getByTestId('toasts-item').filter({ hasText: 'کلاس خط بررسی شد' }).first().waitFor();
    expect(errors).to.deep.equal([]);
  });
});
