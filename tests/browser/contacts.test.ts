import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { adminToken, createOrganization, createUser, login, unique, USER_PASSWORD } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { ok } from '../support/envelope.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { ContactsPages } from './pages/contacts-pages.js';
import { AccessibilityCheck, describeViolations } from './pages/accessibility-pages.js';
import { LoginPage } from './pages/login-page.js';
import { Shell } from './pages/shell.js';

describe('browser: phonebooks and contacts', function () {
  this.timeout(180_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));

  it('creates a phonebook from the empty state, adds a contact (Persian digits, Jalali birthdate, a custom field), searches and moves it', async () => {
    const admin = await adminToken(api);
    const org = await createOrganization(api, admin, { name: unique('Contacts org ') });
    const user = await createUser(api, admin, { userName: unique('pbadmin'), organizationId: org.id, isAdmin: true, firstName: 'Leila' });
    const token = (await login(api, user.userName, USER_PASSWORD)).accessToken;
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn(user.userName, USER_PASSWORD);
    const ui = new ContactsPages(page, baseUrl);

    // A custom field first, so the contact form offers it.
    await ui.openCustomFields();
    await page.getByTestId('custom-fields-empty').waitFor();
    await ui.createField('String', 'شهر', 'city');
    await ui.fields.row('city').waitFor();
    const city = (ok(await api.get('CustomFields/GetAll', { token })).items as any[]).find((f) => f.nameEn === 'city');

    await ui.openPhonebooks();
    await ui.emptyPhonebooks().waitFor();
    const title = unique('Customers ');
    await ui.createFirstPhonebook(title);
    await ui.emptyPhonebook().waitFor();
    const sourceId = Number(await ui.phonebookId());

    await ui.openAddContact();
    await ui.field('cellphone').fill('۰۹۱۲ ۳۴۵ ۶۷۸۹');
    await ui.field('firstName').fill('سارا');
    await ui.field('lastName').fill('احمدی');
    await ui.field('birthdate').fill('۱۳۶۹/۰۱/۰۱');
    await ui.field('birthdate').press('Enter');
    await ui.customField(city.id).fill('تهران');
    await ui.saveContact();
    await ui.contacts.row('سارا').waitFor();
    expect(await ui.contacts.row('سارا').getByTestId('contact-row-cellphone').innerText()).to.equal('۹۸۹۱۲۳۴۵۶۷۸۹');
    expect(await ui.contacts.row('سارا').innerText()).to.contain('تهران').and.contain('۱۳۶۹/۰۱/۰۱');

    await ui.openAddContact();
    await ui.field('cellphone').fill('09351112233');
    await ui.field('firstName').fill('Reza');
    await ui.saveContact();
    await ui.contacts.row('Reza').waitFor();
    expect(await ui.header().innerText()).to.contain('۲');

    // A part of the number in Persian digits finds one contact.
    await ui.search('۳۴۵۶۷');
    // Locators, not a page-side predicate: the panel's CSP refuses the eval a polled string predicate needs.
    await page.getByTestId('contacts-table-row').nth(1).waitFor({ state: 'detached' });
    await page.getByTestId('contacts-table-row').first().waitFor();
    expect(await ui.contacts.rows().first().innerText()).to.contain('سارا');

    // Move it into another phonebook, chosen with the select search.
    const targetTitle = unique('Archive ');
    const target = ok(await api.post('Phonebooks/Create', { title: targetTitle }, { token }));
    await ui.selectRow('سارا');
    expect(await page.getByTestId('contacts-selected-count').getAttribute('data-count')).to.equal('1');
    await ui.moveSelectedTo(targetTitle);
    await ui.contacts.empty().waitFor();
    const moved = ok(await api.get(`Contacts/GetAll?phonebookId=${target.id}`, { token }));
    expect(moved.totalCount).to.equal(1);
    expect(moved.items[0]).to.deep.include({ cellphone: '989123456789', firstName: 'سارا', lastName: 'احمدی', birthdate: '1990-03-21', fields: { [city.id]: 'تهران' } });
    expect(ok(await api.get(`Phonebooks/Get/${sourceId}`, { token })).contactsCount).to.equal(1);
    expect(errors).to.deep.equal([]);
    await page.close();
  });

  it('the phonebook pages have no serious accessibility violation, in both languages and themes', async () => {
    const admin = await adminToken(api);
    const org = await createOrganization(api, admin, { name: unique('A11y contacts ') });
    const user = await createUser(api, admin, { userName: unique('pba11y'), organizationId: org.id, isAdmin: true, firstName: 'Nazanin' });
    const token = (await login(api, user.userName, USER_PASSWORD)).accessToken;
    const joined = ok(await api.post('CustomFields/Create', { type: 'Datetime', nameEn: 'joined', nameFa: 'تاریخ عضویت' }, { token }));
    const book = ok(await api.post('Phonebooks/Create', { title: 'مشتریان', isPublic: true }, { token }));
    for (let i = 0; i < 3; i++) ok(await api.post('Contacts/Create', { phonebookId: book.id, cellphone: `0912111000${i}`, firstName: `Person${i}`, fields: { [joined.id]: '2024-03-20T20:30:00Z' } }, { token }));
    const targets = [
      { name: 'phonebooks', path: '/phonebooks', testId: 'phonebooks-table' },
      { name: 'phonebook', path: `/phonebooks/${book.id}`, testId: 'contacts-table' },
      { name: 'custom fields', path: '/phonebooks/custom-fields', testId: 'custom-fields-table' },
    ];
    const found: string[] = [];
    for (const language of ['fa', 'en'] as const) {
      // bypassCSP: the panel's policy (script-src 'self') would refuse axe-core's injected script.
      const context = await browser.newContext({ locale: 'fa-IR', bypassCSP: true });
      const page = await context.newPage();
      if (language === 'en') {
        await new LoginPage(page, baseUrl).open();
        await new Shell(page).toggleLanguage();
        await page.waitForFunction(() => (globalThis as any).document.documentElement.lang === 'en-US');
      }
      await new PanelSignIn(page, baseUrl).signIn(user.userName, USER_PASSWORD);
      const check = new AccessibilityCheck(page);
      for (const dark of [false, true]) {
        // The stored theme, so each page loads dark (a class toggled on a shown page is measured mid-transition).
        if (dark) await page.getByTestId('theme-toggle').click();
        for (const target of targets) {
          await check.open(baseUrl, target);
          expect(await check.isDark()).to.equal(dark);
          found.push(describeViolations(`${target.name} (${language}${dark ? ', dark' : ''})`, await check.seriousViolations()));
        }
      }
      await context.close();
    }
    expect(found.filter(Boolean).join('\n')).to.equal('');
  });
});
