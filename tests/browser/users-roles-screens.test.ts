import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { adminToken, createOrganization, createUser, unique, USER_PASSWORD } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { UsersPage } from './pages/users-page.js';
import { RolesPage } from './pages/roles-page.js';
import { ConfirmationNumberDialogControl } from './pages/confirmation-number.js';

describe('browser: users and roles screens', function () {
  this.timeout(120_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;
  let reseller: { id: number; name: string };
  let resellerAdmin: string;
  let page: Page;
  let errors: string[];
  let token: string;
  const roleTitle = unique('Browser role ');
  const newUser = unique('buser');

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));

  before(async function () {
    const admin = await adminToken(api);
    reseller = await createOrganization(api, admin, { name: unique('Reseller '), type: 'reseller' });
    resellerAdmin = unique('radmin');
    await createUser(api, admin, { userName: resellerAdmin, organizationId: reseller.id, isAdmin: true, firstName: 'Reseller', lastName: 'Admin' });
    token = (await api.post('Account/Login', { userName: resellerAdmin, password: USER_PASSWORD })).body.data.accessToken as string;
    page = await browser.newPage();
    errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn(resellerAdmin, USER_PASSWORD);
  });
  afterEach(() => { expect(errors).to.deep.equal([]); });

  const roleByTitle = async (title: string) => {
    const list = await api.get(`Roles/GetAll?search=${encodeURIComponent(title)}&organizationId=${reseller.id}`, { token });
    return list.body.data.items.find((r: { title: string }) => r.title === title);
  };

  it('creates a role with claims from the claim picker', async () => {
    const roles = new RolesPage(page, baseUrl);
    await roles.open();
    await roles.openCreate();
    await roles.setTitle(roleTitle);
    await roles.setClaims(['Dashboard.View', 'Users.View', 'Roles.View']);
    await roles.submit();
    await roles.waitClosed();
    await roles.toast().filter({ hasText: /.+/ }).first().waitFor();
    await roles.row(roleTitle).waitFor();
    expect(await roles.claimsCount(roleTitle).innerText()).to.equal('۳');
    const role = await roleByTitle(roleTitle);
    expect(role.organizationId).to.equal(reseller.id);
    expect([...role.claims].sort()).to.deep.equal(['Dashboard.View', 'Roles.View', 'Users.View']);
  });

  it('removes a claim through the confirmation-number dialog, typed in Persian digits', async () => {
    const roles = new RolesPage(page, baseUrl);
    await roles.open();
    await roles.row(roleTitle).waitFor();
    await roles.openEdit(roleTitle);
    await roles.setClaims(['Roles.View'], false);
    await roles.submit();
    const number = await new ConfirmationNumberDialogControl(page).confirmInPersianDigits();
    expect(number).to.match(/^\d+$/);
    await roles.waitClosed();
    await roles.toast().first().waitFor();
    const role = await roleByTitle(roleTitle);
    expect([...role.claims].sort()).to.deep.equal(['Dashboard.View', 'Users.View']);
  });

  it('creates a user with a role picked in the Select, after the bad-password message', async () => {
    const users = new UsersPage(page, baseUrl);
    await users.open();
    expect(await page.locator('html').getAttribute('dir')).to.equal('rtl');
    await users.openCreate();
    await users.fill({ userName: newUser, password: 'weak', firstName: 'Browser', lastName: 'User' });
    await users.setFlag('changePasswordRequired', false);
    await users.roleSelect().choose(roleTitle, roleTitle.slice(0, 12));
    expect(await users.roleSelect().value()).to.equal(roleTitle);
    await users.submit();
    const message = users.fieldError('password');
    await message.waitFor();
    expect(await message.innerText()).to.contain('رمز عبور');
    expect(await users.field('password').getAttribute('aria-invalid')).to.equal('true');

    await users.fill({ password: USER_PASSWORD });
    await users.submitAndClose();
    await users.toast().first().waitFor();
    await users.row(newUser).waitFor();
    const list = await api.get(`Users/GetAll?search=${encodeURIComponent(newUser)}`, { token });
    const created = list.body.data.items[0];
    const role = await roleByTitle(roleTitle);
    expect(created.roleTemplateId).to.equal(role.id);
    expect(created.organizationId).to.equal(reseller.id);
  });

  it('the column chooser refuses to hide the second-to-last visible column', async () => {
    const users = new UsersPage(page, baseUrl);
    await users.open();
    await users.row(newUser).waitFor();
    const all = await users.table.headers();
    for (const key of ['name', 'organization', 'admin', 'lastLogin']) await users.table.hideColumn(key);
    // userName and status are left: neither can be hidden now.
    expect(await users.table.columnBox('status').isDisabled()).to.equal(true);
    expect(await users.table.columnBox('userName').isDisabled()).to.equal(true);
    expect(await users.table.columnBox('status').isChecked()).to.equal(true);
    const shown = await users.table.headers();
    expect(shown.length).to.equal(all.length - 4);
    // Another column may come back, after which one of the two may go again.
    await users.table.columnBox('admin').check();
    expect(await users.table.columnBox('status').isDisabled()).to.equal(false);
  });

  it('suspends and unblocks a user', async () => {
    const users = new UsersPage(page, baseUrl);
    await users.open();
    await users.row(newUser).waitFor();
    await users.rowAction(newUser, 'suspend');
    await users.row(newUser).getByTestId('user-unblock').waitFor();
    expect(await users.status(newUser).innerText()).to.equal('معلق');
    await users.toast().first().waitFor();
    await users.rowAction(newUser, 'unblock');
    await users.row(newUser).getByTestId('user-suspend').waitFor();
    expect(await users.status(newUser).innerText()).to.equal('فعال');
  });

  it('impersonates a user (banner, x-imp) and stops', async () => {
    const users = new UsersPage(page, baseUrl);
    await users.open();
    await users.row(newUser).waitFor();
    const impersonated = page.waitForResponse((r) => Number(r.headers()['x-imp'] ?? 0) > 0, { timeout: 20_000 });
    await users.impersonate(newUser);
    await impersonated;
    const banner = page.getByTestId('impersonation-banner');
    await banner.waitFor();
    expect(await page.getByTestId('current-user').innerText()).to.contain('Browser User');
    await banner.getByRole('button').click();
    await banner.waitFor({ state: 'detached' });
    await page.getByTestId('current-user').filter({ hasText: 'Reseller Admin' }).waitFor();
  });

  it('edits a user to "no role": AssignToUser with roleId null through the confirmation number, Update without roleTemplateId', async () => {
    const users = new UsersPage(page, baseUrl);
    await users.open();
    await users.row(newUser).waitFor();
    const sent: { url: string; body: Record<string, unknown> }[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && /\/(Users\/Update|Roles\/AssignToUser)$/.test(new URL(r.url()).pathname)) sent.push({ url: new URL(r.url()).pathname, body: JSON.parse(r.postData() ?? '{}') });
    });
    await users.rowAction(newUser, 'edit');
    await users.form().waitFor();
    await users.fill({ lastName: 'Edited' });
    await users.roleSelect().choose('بدون نقش', '');
    await users.submit();
    await new ConfirmationNumberDialogControl(page).confirmInPersianDigits();
    await users.form().waitFor({ state: 'detached' });
    const update = sent.find((s) => s.url.endsWith('/Users/Update'));
    const assign = sent.filter((s) => s.url.endsWith('/Roles/AssignToUser'));
    expect(update?.body).to.not.have.property('roleTemplateId');
    expect(update?.body.lastName).to.equal('Edited');
    expect(assign.length).to.be.greaterThan(0);
    expect(assign.every((a) => a.body.roleId === null)).to.equal(true);
    const list = await api.get(`Users/GetAll?search=${encodeURIComponent(newUser)}`, { token });
    expect(list.body.data.items[0].roleTemplateId).to.equal(null);
  });
});
