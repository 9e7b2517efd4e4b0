import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { adminToken, createOrganization, createUser, login, unique, USER_PASSWORD } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { ok } from '../support/envelope.js';
import { xlsxBuffer, type XlsxCell } from '../support/spreadsheets.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { ContactImportPage } from './pages/contact-import-page.js';
import { ContactsPages } from './pages/contacts-pages.js';
import { AccessibilityCheck, describeViolations } from './pages/accessibility-pages.js';

describe('browser: importing contacts from a file', function () {
  this.timeout(240_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));

  it('uploads an xlsx, maps its columns, watches the progress reach 100 % and sees the contacts', async () => {
    const admin = await adminToken(api);
    const org = await createOrganization(api, admin, { name: unique('Import org ') });
    const user = await createUser(api, admin, { userName: unique('importer'), organizationId: org.id, isAdmin: true, firstName: 'Nima' });
    const token = (await login(api, user.userName, USER_PASSWORD)).accessToken;
    const city = ok(await api.post('CustomFields/Create', { type: 'String', nameEn: 'city', nameFa: 'شهر' }, { token }));
    const book = ok(await api.post('Phonebooks/Create', { title: unique('Customers ') }, { token }));

    const ROWS = 40_000;
    function* rows(): Generator<XlsxCell[]> {
      // "Given" names no contact field: the user maps that column by hand.
      yield ['شماره', 'Given', 'city'];
      for (let i = 0; i < ROWS; i++) {
        const mobile = i % 1000 === 7 ? 'not a number' : i % 1000 === 9 ? `0914${String(i - 1).padStart(7, '0')}` : `0914${String(i).padStart(7, '0')}`;
        yield [mobile, `نام ${i}`, `City ${i % 30}`];
      }
    }
    const bytes = await xlsxBuffer(rows());

    // bypassCSP: the panel's policy (script-src 'self') would refuse axe-core's injected script.
    const context = await browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn(user.userName, USER_PASSWORD);
    await new ContactsPages(page, baseUrl).openPhonebook(book.id);
    const ui = new ContactImportPage(page);
    await ui.openFromPhonebook();
    await ui.imports.empty().waitFor();

    await ui.upload('customers.xlsx', bytes);
    // The server's guess: the mobile and the custom field by their titles; "Given" is left for the user.
    expect(await ui.column(0).inputValue()).to.equal('cellphone');
    expect(await ui.column(1).inputValue()).to.equal('');
    expect(await ui.column(2).inputValue()).to.equal(`field:${city.id}`);
    expect(await ui.previewRows().count()).to.equal(10);
    expect(await ui.previewRows().first().innerText()).to.contain('09140000000').and.contain('نام 0');
    await ui.column(1).selectOption('firstName');
    const check = new AccessibilityCheck(page);
    const found = [describeViolations('column mapping (fa)', await check.seriousViolations())];

    // Every value the progress bar shows, from the start on.
    await page.evaluate(`(() => {
      window.__progress = [];
      const seen = () => document.querySelectorAll('[data-testid="import-progress"]').forEach((el) => {
        const v = Number(el.getAttribute('data-value'));
        if (window.__progress[window.__progress.length - 1] !== v) window.__progress.push(v);
      });
      new MutationObserver(seen).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-value'] });
    })()`);
    await ui.start();
    const progress = ui.progress('customers.xlsx');
    for (const until = Date.now() + 180_000; ;) {
      if (await progress.getAttribute('data-status') === 'Completed' && await progress.getAttribute('data-value') === '100') break;
      if (Date.now() > until) throw new Error(`progress stuck at ${await progress.getAttribute('data-value')}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const seen = await page.evaluate('window.__progress') as number[];
    expect(seen.at(-1)).to.equal(100);
    expect(seen.some((v) => v > 0 && v < 100), JSON.stringify(seen)).to.equal(true);
    expect([...seen].sort((a, b) => a - b)).to.deep.equal(seen);

    expect(await ui.count('customers.xlsx', 'added').getAttribute('data-value')).to.equal(String(ROWS - 80));
    expect(await ui.count('customers.xlsx', 'duplicates').getAttribute('data-value')).to.equal('40');
    expect(await ui.count('customers.xlsx', 'rejected').getAttribute('data-value')).to.equal('40');
    const href = await ui.rejectedXlsx('customers.xlsx').getAttribute('href');
    expect((await fetch(href!)).status).to.equal(200);
    await page.getByText('مخاطب افزوده شد').first().waitFor();
    found.push(describeViolations('imports with progress (fa)', await check.seriousViolations()));
    expect(found.filter(Boolean)).to.deep.equal([]);

    await ui.seeContacts();
    await page.getByTestId('contacts-table-row').first().waitFor();
    expect(await page.getByTestId('phonebook-header').innerText()).to.contain(String(ROWS - 80).replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]));
    const listed = ok(await api.get(`Contacts/GetAll?phonebookId=${book.id}&pageSize=1`, { token }));
    expect(listed.totalCount).to.equal(ROWS - 80);
    expect(listed.items[0]).to.deep.include({ cellphone: '989140000000', firstName: 'نام 0', createType: 'Import', fields: { [city.id]: 'City 0' } });
    expect(errors).to.deep.equal([]);
    await context.close();
  });
});
