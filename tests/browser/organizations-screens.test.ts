import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { adminToken, createOrganization, createUser, unique, USER_PASSWORD } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { OrganizationsPage } from './pages/organizations-page.js';

describe('browser: organizations screens', function () {
  this.timeout(120_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;
  let reseller: { id: number; name: string };
  let resellerAdmin: string;

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));

  before(async function () {
    const admin = await adminToken(api);
    reseller = await createOrganization(api, admin, { name: unique('Reseller '), type: 'reseller' });
    resellerAdmin = unique('radmin');
    await createUser(api, admin, { userName: resellerAdmin, organizationId: reseller.id, isAdmin: true, firstName: 'Reseller', lastName: 'Admin' });
  });

  it('a reseller admin creates, finds, edits and deletes an organization (confirmation number in Persian digits)', async () => {
    const page: Page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn(resellerAdmin, USER_PASSWORD);
    const screen = new OrganizationsPage(page, baseUrl);
    await screen.open();
    expect(await page.locator('html').getAttribute('dir')).to.equal('rtl');

    // Create, with a send window and a limit.
    const name = unique('Browser org ');
    await screen.create({ name, sendStartTime: '08:00', sendEndTime: '20:30', maximumUser: '۱۲' });
    await screen.notice().waitFor();

    // Search: under 3 characters shows the rule; a real term finds the new organization.
    await screen.typeSearch('Br');
    await screen.searchError().waitFor();
    await screen.search(name);
    await screen.row(name).waitFor();
    expect(await screen.rowNames()).to.deep.equal([name]);

    const token = (await api.post('Account/Login', { userName: resellerAdmin, password: USER_PASSWORD })).body.data.accessToken as string;
    const list = await api.get(`Organizations/GetAll?search=${encodeURIComponent(name)}`, { token });
    const created = list.body.data.items[0];
    expect(created.parentId).to.equal(reseller.id);
    const full = (await api.get(`Organizations/Get/${created.id}`, { token })).body.data;
    expect(full.sendStartTime).to.match(/^08:00/);
    expect(full.maximumUser).to.equal(12);

    // Edit a field.
    await screen.openEdit(name);
    expect(await screen.fieldValue('name')).to.equal(name);
    await screen.fillForm({ ceoFullName: 'مدیر آزمایشی' });
    await screen.saveForm();
    await screen.notice().waitFor();
    const edited = (await api.get(`Organizations/Get/${created.id}`, { token })).body.data;
    expect(edited.ceoFullName).to.equal('مدیر آزمایشی');
    expect(edited.sendStartTime).to.match(/^08:00/);

    // Delete through the confirmation-number dialog.
    await screen.delete(name, true);
    await screen.empty().waitFor();
    const gone = await api.get(`Organizations/Get/${created.id}`, { token });
    expect(gone.status).to.equal(404);
    expect(errors).to.deep.equal([]);
    await page.close();
  });
});
