import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { adminToken, login, unique, USER_PASSWORD } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { fundedCustomer, ok } from '../support/sending.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { OtpFormatsPage } from './pages/otp-formats-page.js';
import { PatternsPage } from './pages/patterns-pages.js';

/**
 * The shared create / edit dialog and page shell of the approval subjects users write
 * (client/src/shared/ui/approvals/approval-subject-form.tsx, approval-subject-page.tsx), through
 * both pages that use it: the required checks, the subject's own text check, and editing a row.
 */
describe('browser: approval subject form (OTP formats, patterns)', function () {
  this.timeout(180_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));

  const invalid = (page: Page, testId: string) => page.getByTestId(testId).getAttribute('aria-invalid');

  it('refuses empty and malformed texts before the server, and edits a row with its own fields', async () => {
    const { user } = await fundedCustomer(api, await adminToken(api), 'Form', 'Mina');
    const token = (await login(api, user.userName, USER_PASSWORD)).accessToken;
    const otpTitle = unique('Edit otp ');
    ok(await api.post('OtpFormats/Create', { title: otpTitle, smsText: 'Code {0}', priority: 'Low' }, { token }));
    const patternTitle = unique('Edit pattern ');
    ok(await api.post('Patterns/Create', { title: patternTitle, smsText: 'Hello {firstName}' }, { token }));

    const page = await browser.newPage();
    const formats = new OtpFormatsPage(page, baseUrl);
    const patterns = new PatternsPage(page, baseUrl);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn(user.userName, USER_PASSWORD);

    await formats.open();
    await formats.waitForStatus(otpTitle, 'Confirmed');
    await formats.openCreate();
    await page.getByTestId('otp-save').click();
    await page.getByTestId('otp-format-errors').waitFor();
    expect(await invalid(page, 'otp-title')).to.equal('true');
    expect(await invalid(page, 'otp-text')).to.equal('true');
    await formats.fill(unique('Never '), 'Code {1}');
    // Typing clears the text's error; the subject's own check sets it again on save.
    expect(await invalid(page, 'otp-text')).to.equal(null);
    await page.getByTestId('otp-save').click();
    await page.locator('#otp-text-error').waitFor();
    expect(await page.locator('#otp-text-error').innerText()).to.contain('{0}');
    await page.getByTestId('otp-format-dialog').getByRole('button', { name: /Cancel|انصراف/ }).click();
    await page.getByTestId('otp-format-dialog').waitFor({ state: 'detached' });

    await formats.row(otpTitle).getByTestId('otp-edit').click();
    await page.getByTestId('otp-format-dialog').waitFor();
    expect(await page.getByTestId('otp-title').inputValue()).to.equal(otpTitle);
    expect(await page.getByTestId('otp-text').inputValue()).to.equal('Code {0}');
    expect(await page.getByTestId('otp-priority').inputValue()).to.equal('Low');
    const otpRenamed = unique('Renamed otp ');
    await page.getByTestId('otp-title').fill(otpRenamed);
    await page.getByTestId('otp-priority').selectOption('Highest');
    await formats.save();
    await formats.row(otpRenamed).waitFor();
    const otp = (ok(await api.get('OtpFormats/GetAll?pageSize=50', { token })).items as any[]).find((f) => f.title === otpRenamed);
    expect(otp).to.include({ smsText: 'Code {0}', priority: 'Highest' });

    await patterns.open();
    await patterns.row(patternTitle).waitFor();
    // The page's own row action stands beside the shell's Edit.
    await patterns.row(patternTitle).getByTestId('pattern-send').waitFor();
    await patterns.row(patternTitle).getByTestId('pattern-edit').click();
    await page.getByTestId('pattern-dialog').waitFor();
    expect(await page.getByTestId('pattern-title').inputValue()).to.equal(patternTitle);
    await page.getByTestId('pattern-text').fill('');
    await page.getByTestId('pattern-save').click();
    await page.getByTestId('pattern-errors').waitFor();
    expect(await invalid(page, 'pattern-text')).to.equal('true');
    expect(await invalid(page, 'pattern-title')).to.equal(null);
    await page.getByTestId('pattern-text').fill('Bye {firstName}');
    await patterns.save();
    await page.getByTestId('patterns-table').getByText('Bye {firstName}').waitFor();
    const pattern = (ok(await api.get('Patterns/GetAll?pageSize=50', { token })).items as any[]).find((p) => p.title === patternTitle);
    expect(pattern?.smsText).to.equal('Bye {firstName}');
    expect(errors).to.deep.equal([]);
    await page.close();
  });
});
