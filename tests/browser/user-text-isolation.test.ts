import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { adminToken, createOrganization, createUser, sharedServer, unique, USER_PASSWORD } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { DataTableControl } from './pages/data-table.js';
import { OrganizationsPage } from './pages/organizations-page.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { UsersPage } from './pages/users-page.js';
import { UserTextProbe } from './pages/user-text.js';

const FSI = '\u2068';
const PDI = '\u2069';
const RLO = '\u202E';

/**
 * Issue 10 item 12: user-supplied text (mixed-script names) is shown inside an isolating element,
 * so its direction cannot rearrange the text around it; a name stored before the server refused
 * bidi controls is shown without them.
 */
describe('browser: user text is isolated', function () {
  this.timeout(120_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;
  let page: Page;
  let resellerName: string;
  let branchName: string;
  let legacyBase: string;
  let adminUser: string;

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));

  before(async () => {
    const admin = await adminToken(api);
    resellerName = unique('پیک Peyk ');
    const reseller = await createOrganization(api, admin, { name: resellerName, type: 'reseller' });
    adminUser = unique('bidiadmin');
    await createUser(api, admin, { userName: adminUser, organizationId: reseller.id, isAdmin: true, firstName: 'سارا', lastName: 'Smith 2' });
    const token = (await api.post('Account/Login', { userName: adminUser, password: USER_PASSWORD })).body.data.accessToken as string;
    branchName = unique('ABC شعبه ');
    await createOrganization(api, token, { name: branchName });
    // A name stored before names refused bidi controls (the API refuses it now, so it goes in directly).
    legacyBase = unique('Legacy ');
    const legacy = await createOrganization(api, token, { name: legacyBase });
    await (await sharedServer()).peyk.database.knex('organizations').where({ id: legacy.id }).update({ name: `${legacyBase}${RLO}fdp.exe` });
    page = await browser.newPage();
    await new PanelSignIn(page, baseUrl).signIn(adminUser, USER_PASSWORD);
  });

  after(async () => { await page?.close(); });

  it('isolates the signed-in user name in the header', async () => {
    const probe = new UserTextProbe(page);
    const shown = await probe.isolation(probe.currentUser(), 'سارا Smith 2');
    expect(shown).to.deep.equal({ found: true, isolated: true, shown: 'سارا Smith 2' });
  });

  it('isolates each organization name in the switcher (FSI … PDI: a native option holds no markup)', async () => {
    const probe = new UserTextProbe(page);
    await page.getByTestId('organization-switcher').waitFor();
    const options = await probe.switcherOptions();
    expect(options).to.include(`${FSI}${resellerName}${PDI}`);
    expect(options).to.include(`— ${FSI}${branchName}${PDI}`);
    expect(options, 'the legacy override is gone').to.include(`— ${FSI}${legacyBase}fdp.exe${PDI}`);
  });

  it('isolates organization names in the organizations table and drops a stored override', async () => {
    const probe = new UserTextProbe(page);
    const screen = new OrganizationsPage(page, baseUrl);
    const table = new DataTableControl(page, 'organizations-table');
    await screen.open();
    await screen.search(branchName);
    await screen.row(branchName).waitFor();
    expect(await probe.isolation(screen.row(branchName), branchName)).to.deep.equal({ found: true, isolated: true, shown: branchName });
    await screen.search(legacyBase);
    await table.row(legacyBase).waitFor();
    expect(await probe.isolation(table.row(legacyBase), legacyBase)).to.deep.equal({ found: true, isolated: true, shown: `${legacyBase}fdp.exe` });
  });

  it('isolates user and organization names in the users table (plain string cells)', async () => {
    const probe = new UserTextProbe(page);
    const users = new UsersPage(page, baseUrl);
    await users.open();
    await users.row(adminUser).waitFor();
    expect(await probe.isolation(users.row(adminUser), 'سارا Smith 2')).to.deep.equal({ found: true, isolated: true, shown: 'سارا Smith 2' });
    expect(await probe.isolation(users.row(adminUser), resellerName)).to.deep.equal({ found: true, isolated: true, shown: resellerName });
  });
});
