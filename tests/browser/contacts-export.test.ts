import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { adminToken, createOrganization, createUser, login, unique, USER_PASSWORD } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { ok } from '../support/envelope.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { ContactsPages } from './pages/contacts-pages.js';

describe('browser: phonebook export', function () {
  this.timeout(180_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));

  it('exports the filter result to CSV and the chosen rows to xlsx, with progress and a download link, in Persian', async () => {
    const admin = await adminToken(api);
    const org = await createOrganization(api, admin, { name: unique('Export org ') });
    const user = await createUser(api, admin, { userName: unique('pbexport'), organizationId: org.id, isAdmin: true, firstName: 'Nima' });
    const token = (await login(api, user.userName, USER_PASSWORD)).accessToken;
    const city = ok(await api.post('CustomFields/Create', { type: 'String', nameEn: 'city', nameFa: 'شهر' }, { token }));
    const book = ok(await api.post('Phonebooks/Create', { title: unique('Export ') }, { token }));
    const add = async (body: Record<string, unknown>) => ok(await api.post('Contacts/Create', { phonebookId: book.id, ...body }, { token }));
    await add({ cellphone: '09121234567', firstName: 'سارا', lastName: 'احمدی', job: '=SUM(A1)', fields: { [city.id]: 'تهران' } });
    await add({ cellphone: '09351112233', firstName: 'Reza', fields: { [city.id]: 'شیراز' } });
    await add({ cellphone: '09011112222', firstName: 'Mina' });

    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn(user.userName, USER_PASSWORD);
    const ui = new ContactsPages(page, baseUrl);
    await ui.openPhonebook(book.id);
    await ui.contacts.row('سارا').waitFor();
    // Nothing chosen: the whole list (Persian digits in fa).
    expect(await ui.exportScope().innerText()).to.contain('۳');

    // A name search, then CSV: the file holds the one match, with a BOM and the formula escaped.
    await ui.search('سارا');
    await page.waitForFunction(() => (globalThis as any).document.querySelectorAll('[data-testid="contacts-table-row"]').length === 1);
    await page.waitForFunction(() => (globalThis as any).document.querySelector('[data-testid="contacts-export-scope"]').textContent.includes('۱'));
    const csv = readFileSync(await ui.exportAndDownload('csv'));
    expect([...csv.subarray(0, 3)]).to.deep.equal([0xef, 0xbb, 0xbf]);
    const lines = csv.subarray(3).toString('utf8').trim().split('\r\n');
    expect(lines).to.deep.equal([
      'Cellphone,FirstName,LastName,Email,Job,Birthdate,Telephone,Address,PhonebookGroup,city,CreateType',
      "989121234567,سارا,احمدی,,'=SUM(A1),,,,,تهران,Manual",
    ]);
    expect(await page.getByTestId('contacts-export-download').innerText()).to.contain('CSV').and.contain('۱');
    // Back on the page later, the latest export's link is still there.
    await page.reload();
    await page.getByTestId('contacts-export-download').waitFor();
    expect(await page.getByTestId('contacts-export-download').innerText()).to.contain('CSV');

    // Two rows chosen, then xlsx: exactly those.
    await page.getByTestId('contacts-clear').click();
    await page.waitForFunction(() => (globalThis as any).document.querySelectorAll('[data-testid="contacts-table-row"]').length === 3);
    await ui.selectRow('Reza');
    await ui.selectRow('Mina');
    await page.waitForFunction(() => (globalThis as any).document.querySelector('[data-testid="contacts-export-scope"]').textContent.includes('۲'));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await ui.exportAndDownload('xlsx'));
    const rows: string[][] = [];
    workbook.getWorksheet('Sheet1')!.eachRow((row, n) => { if (n > 1) rows.push([String(row.getCell(1).value), String(row.getCell(2).value), String(row.getCell(10).value ?? '')]); });
    expect(rows).to.deep.equal([['989351112233', 'Reza', 'شیراز'], ['989011112222', 'Mina', '']]);
    expect(errors).to.deep.equal([]);
    await page.close();
  });
});
