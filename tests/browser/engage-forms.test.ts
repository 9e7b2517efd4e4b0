import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { adminToken, login, USER_PASSWORD } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { fundedCustomer, ok } from '../support/sending.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { FormBuilderPages } from './pages/form-builder-pages.js';

describe('browser: the form builder and its public form', function () {
  this.timeout(180_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));

  it('builds a form (fields reordered by keyboard), publishes it, and a visitor submits a wrong then a right value', async () => {
    const admin = await adminToken(api);
    const { user } = await fundedCustomer(api, admin, 'Forms', 'Laleh');
    const token = (await login(api, user.userName, USER_PASSWORD)).accessToken;
    const book = ok(await api.post('Phonebooks/Create', { title: 'مشتریان فرم' }, { token }));

    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn(user.userName, USER_PASSWORD);
    const forms = new FormBuilderPages(page, baseUrl);
    await forms.openList();
    await forms.table.empty().waitFor();
    const formId = await forms.createForm({ title: 'ثبت‌نام باشگاه', phonebook: 'مشتریان فرم', thankYouText: 'ممنون که ثبت‌نام کردید', theme: 'purple' });

    await forms.tab('fields');
    await page.getByTestId('form-fields-empty').waitFor();
    await forms.addField({ label: 'موبایل', type: 'Mobile', required: true });
    await forms.addField({ label: 'سن', type: 'Integer', required: true, min: '18', max: '99' });
    expect(await forms.fieldLabels()).to.deep.equal(['موبایل', 'سن']);
    // Up by keyboard: focus the second field's "up" and press Enter; the focus stays with the moved field.
    await forms.fieldRows().nth(1).getByTestId('form-field-up').focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => (globalThis as any).document.querySelector('[data-testid="form-field-row"] span')?.textContent?.includes('سن'));
    expect(await forms.fieldLabels()).to.deep.equal(['سن', 'موبایل']);

    await forms.tab('preview');
    await page.getByTestId('form-preview-card').waitFor();
    expect(await page.getByTestId('form-preview-card').getAttribute('data-theme')).to.equal('purple');

    await forms.publish();
    const address = await forms.publicAddress().inputValue();
    expect(address).to.equal(`${baseUrl}/form/${formId}`);

    // The visitor: no session, a phone-sized screen.
    const visitorContext = await browser.newContext({ viewport: { width: 390, height: 800 } });
    const visitor = await visitorContext.newPage();
    visitor.on('pageerror', (e) => errors.push(String(e)));
    const publicPage = new FormBuilderPages(visitor, baseUrl);
    await visitor.goto(address);
    await visitor.getByTestId('public-form-card').waitFor();
    expect(await visitor.getByTestId('public-form-page').getAttribute('dir')).to.equal('rtl');
    await publicPage.publicInput('موبایل').fill('09121940001');
    await publicPage.publicInput('سن').fill('۱۲');
    await visitor.getByTestId('public-form-submit').click();
    const ageError = publicPage.publicError('سن');
    await ageError.waitFor();
    expect(await ageError.innerText()).to.contain('۱۸');
    expect(await publicPage.publicInput('سن').getAttribute('aria-invalid')).to.equal('true');
    await publicPage.publicInput('سن').fill('۲۵');
    await visitor.getByTestId('public-form-submit').click();
    await visitor.getByTestId('public-form-thanks').waitFor();
    expect(await visitor.getByTestId('public-form-thanks').innerText()).to.contain('ممنون که ثبت‌نام کردید');

    // In English the page turns left to right.
    await visitor.getByTestId('public-form-again').click();
    await visitor.getByTestId('public-form-language').click();
    await visitor.waitForFunction(() => (globalThis as any).document.querySelector('[data-testid="public-form-page"]')?.getAttribute('dir') === 'ltr');
    await visitorContext.close();

    // The answer is in the panel, and the contact in the phonebook.
    await forms.tab('answers');
    await page.getByTestId('form-answer-values').first().waitFor();
    expect(await page.getByTestId('form-answer-values').first().innerText()).to.contain('۲۵');
    const contacts = ok(await api.get(`Contacts/GetAll?phonebookId=${book.id}&search=09121940001`, { token }));
    expect(contacts.items[0]).to.include({ cellphone: '989121940001', createType: 'Form' });

    // An unpublished form is "not found" to visitors.
    await page.getByTestId('form-publish').click();
    await page.getByTestId('form-publish-state').filter({ hasText: 'منتشر نشده' }).waitFor();
    const late = await browser.newPage();
    await late.goto(address);
    await late.getByTestId('public-form-missing').waitFor();
    await late.close();
    expect(errors).to.deep.equal([]);
  });
});
