import { expect } from 'chai';
import type { Browser, Locator, Page } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { adminToken, createTree, unique, USER_PASSWORD, type Tree } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { ok, simulatorLine, tariffBody } from '../support/sending.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { CreditScreen, TariffsScreen, TransactionsScreen } from './pages/financial-pages.js';
import { OrganizationsPage } from './pages/organizations-page.js';
import { SelectControl } from './pages/select-control.js';

const toPersian = (s: string) => s.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]);

/** Waits until an input shows something (a picker's name arrives after its item is read). */
async function filled(input: Locator, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await input.inputValue()) === '') {
    if (Date.now() > deadline) throw new Error(`the picker ${await input.getAttribute('data-testid')} stayed empty`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Issue 14 item 3: every entity is chosen with the select search over the server's lists (by name,
 * never a typed id), and what was picked reaches the server.
 */
describe('browser: pickers instead of typed ids', function () {
  this.timeout(180_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;
  let tree: Tree;
  let page: Page;
  let errors: string[];
  let tariff: { id: number; title: string };
  let line: { agentId: number; lineId: number; number: string };

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));

  before(async function () {
    tree = await createTree(api);
    const superToken = await adminToken(api);
    ok(await api.post('Credits/ChargeOrganization', { organizationId: tree.reseller.id, amount: '5000000' }, { token: superToken }));
    tariff = ok(await api.post('Tariffs/Create', { ...tariffBody(unique('تعرفه طلایی '), 120), category: 'ویژه' }, { token: tree.resellerAdmin.token }));
    line = await simulatorLine(api, {}, { organizationId: tree.reseller.id, isPublic: false });
  });

  beforeEach(async () => {
    errors = [];
    page = await browser.newPage();
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn(tree.resellerAdmin.userName, USER_PASSWORD);
  });

  afterEach(async () => {
    expect(errors).to.deep.equal([]);
    await page.close();
  });

  it('assigns a tariff by picking the organization and the tariff, searched on the server', async () => {
    const tariffs = new TariffsScreen(page, baseUrl);
    await tariffs.open();
    // Under three characters the picker says so (in Persian digits) and asks the server nothing.
    const organizations = tariffs.assignOrganization();
    await organizations.input().click();
    await organizations.input().fill('Or');
    await page.getByTestId('tariff-assign-org-listbox').getByText(`حداقل ${toPersian('3')} حرف`).waitFor();
    // Three or more: the server's search answers.
    const searched = page.waitForRequest((r) => r.url().includes('/Organizations/GetAll') && new URL(r.url()).searchParams.get('search') === tree.organization.name.toLowerCase());
    await organizations.input().fill(tree.organization.name);
    await searched;
    await page.getByTestId('tariff-assign-org-option').filter({ hasText: tree.organization.name }).waitFor();
    await page.keyboard.press('Escape');
    await tariffs.assign(tree.organization.name, tariff.title);
    expect(await tariffs.assignOrganization().value()).to.equal(tree.organization.name);
    expect(await tariffs.assignTariff().value()).to.equal(tariff.title);
    await page.getByTestId('toasts-item').filter({ hasText: tariff.title }).filter({ hasText: tree.organization.name }).waitFor();
    await tariffs.current().filter({ hasText: tariff.title }).waitFor();
    const saved = ok(await api.get(`Tariffs/GetOrganizationTariff?organizationId=${tree.organization.id}`, { token: tree.resellerAdmin.token }));
    expect(saved.tariff.id).to.equal(tariff.id);
    expect(ok(await api.get(`Organizations/Get/${tree.organization.id}`, { token: tree.resellerAdmin.token })).groupPriceTitle).to.equal(tariff.title);
    // The tariff's option carries its category on a second line.
    await tariffs.assignTariff().input().click();
    await tariffs.assignTariff().input().fill(tariff.title);
    await page.getByTestId('tariff-assign-tariff-option').filter({ hasText: 'ویژه' }).first().waitFor();
  });

  it("charges an organization's credit by picking it, and the server's balance moves", async () => {
    const before = ok(await api.get(`Organizations/GetOrganizationCreditForAdmin?organizationId=${tree.organization.id}`, { token: tree.resellerAdmin.token }));
    const credit = new CreditScreen(page, baseUrl);
    await credit.open();
    await (await credit.showOrganization(tree.organization.name)).waitFor();
    expect(await page.getByTestId('credit-admin-name').innerText()).to.equal(tree.organization.name);
    const dialog = await credit.startCharge('300000', unique('شارژ با انتخاب '));
    expect(await dialog.innerText()).to.include(tree.organization.name);
    await credit.confirmCharge();
    await page.getByTestId('toasts-item').filter({ hasText: tree.organization.name }).waitFor();
    const after = ok(await api.get(`Organizations/GetOrganizationCreditForAdmin?organizationId=${tree.organization.id}`, { token: tree.resellerAdmin.token }));
    expect(BigInt(after.balance) - BigInt(before.balance)).to.equal(300_000n);
    expect(await page.getByTestId('credit-admin-card-balance').getAttribute('data-value')).to.equal(after.balance);
  });

  it("sets a user's allowance by picking the user (name, user name and organization shown)", async () => {
    const credit = new CreditScreen(page, baseUrl);
    await credit.open();
    const picker = credit.userPicker();
    await picker.input().click();
    await picker.input().fill(tree.orgAdmin.userName);
    const option = page.getByTestId('credit-user-id-option').filter({ hasText: tree.orgAdmin.userName });
    await option.waitFor();
    // Second line: the user's organization.
    expect(await option.innerText()).to.include(tree.organization.name);
    await picker.input().fill('');
    const description = unique('سهمیه انتخابی ');
    const dialog = await credit.startAllowance(tree.orgAdmin.userName, tree.orgAdmin.userName, '45000', description);
    expect(await picker.value()).to.include(tree.orgAdmin.userName);
    expect(await dialog.innerText()).to.include(tree.orgAdmin.userName);
    await page.getByTestId('credit-user-confirm-confirm').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('toasts-item').filter({ hasText: tree.orgAdmin.userName }).filter({ hasText: toPersian('45,000') }).waitFor();
    const entries = ok(await api.get(`Transactions/GetAll?userId=${tree.orgAdmin.userId}&referenceType=user`, { token: tree.resellerAdmin.token })).items as any[];
    const entry = entries.find((e) => e.description === description);
    expect(entry, JSON.stringify(entries)).to.include({ amount: '45000', typeTransaction: 'Increase', userId: tree.orgAdmin.userId });
  });

  it('filters transactions by a picked organization and a picked user', async () => {
    // One charge of the sub-organization, so it has a row of its own.
    const description = unique('شارژ زیرسازمان ');
    ok(await api.post('Credits/ChargeOrganization', { organizationId: tree.organization.id, amount: '900000' }, { token: tree.resellerAdmin.token }));
    ok(await api.post('Credits/ChargeOrganization', { organizationId: tree.sub.id, amount: '70000', description }, { token: tree.orgAdmin.token }));
    const expected = ok(await api.get(`Transactions/GetAll?organizationId=${tree.sub.id}&pageSize=100`, { token: tree.resellerAdmin.token }));
    const transactions = new TransactionsScreen(page, baseUrl);
    await transactions.open();
    const request = page.waitForRequest((r) => r.url().includes('/Transactions/GetAll') && new URL(r.url()).searchParams.get('organizationId') === String(tree.sub.id));
    await transactions.filter({ organization: tree.sub.name });
    await request;
    await transactions.table.row(description).waitFor();
    const cells = await page.getByTestId('tx-organization').allInnerTexts();
    expect(cells.length).to.equal(Math.min(expected.totalCount, 20));
    for (const cell of cells) expect(cell).to.include(tree.sub.name);
    // The user picker lists the picked organization's users only.
    const users = new SelectControl(page, page, 'tx-userId');
    await users.input().click();
    const options = page.getByTestId('tx-userId-option');
    await options.filter({ hasText: tree.subUser.userName }).waitFor();
    await options.filter({ hasText: tree.orgAdmin.userName }).waitFor({ state: 'detached' });
    const listed = await options.allInnerTexts();
    expect(listed.join('\n')).to.include(tree.subAdmin.userName).and.include(tree.subUser.userName).and.not.include(tree.orgAdmin.userName);
    await page.keyboard.press('Escape');
    await transactions.filter({ user: tree.subUser.userName });
    await transactions.table.empty().waitFor();
  });

  it("fills the organization form's pickers (admin user, tariff, black-sender line) and shows names, never ids", async () => {
    const screen = new OrganizationsPage(page, baseUrl);
    await screen.open();
    // A new organization: the tariff picked in the form is assigned once it exists; no admin user can be chosen yet.
    const name = unique('سازمان انتخابی ');
    await page.getByTestId('organization-create').click();
    await screen.fillForm({ name });
    expect(await screen.picker('adminUserId').input().isDisabled()).to.equal(true);
    await screen.picker('tariff').choose(tariff.title);
    await screen.saveForm();
    const created = (ok(await api.get(`Organizations/GetAll?search=${encodeURIComponent(name)}`, { token: tree.resellerAdmin.token })).items as any[])[0];
    expect(ok(await api.get(`Tariffs/GetOrganizationTariff?organizationId=${created.id}`, { token: tree.resellerAdmin.token })).tariff.id).to.equal(tariff.id);

    // An existing organization: its administrator, its tariff and its black-sender line, by name and number.
    await screen.openEdit(tree.organization.name);
    await screen.picker('adminUserId').choose(tree.orgAdmin.userName);
    await screen.picker('tariff').choose(tariff.title);
    await screen.picker('blackSenderPrivateNumberId').choose(toPersian(line.number), line.number);
    await screen.saveForm();
    const org = ok(await api.get(`Organizations/Get/${tree.organization.id}`, { token: tree.resellerAdmin.token }));
    expect(org.adminUserId).to.equal(tree.orgAdmin.userId);
    expect(org.blackSenderPrivateNumberId).to.equal(line.lineId);
    expect(org.groupPriceTitle).to.equal(tariff.title);

    // Opened again, every picker shows a name (Persian digits for the line), and no field holds an id.
    await screen.openEdit(tree.organization.name);
    for (const name of ['adminUserId', 'tariff', 'blackSenderPrivateNumberId', 'parentId']) await filled(screen.picker(name).input());
    expect(await screen.picker('adminUserId').value()).to.include(tree.orgAdmin.userName);
    expect(await screen.picker('tariff').value()).to.equal(tariff.title);
    expect(await screen.picker('blackSenderPrivateNumberId').value()).to.equal(toPersian(line.number));
    expect(await screen.picker('parentId').value()).to.equal(tree.reseller.name);
    const values: string[] = [];
    for (const input of await screen.form().locator('input:not([type="checkbox"])').all()) values.push(await input.inputValue());
    for (const id of [tree.orgAdmin.userId, line.lineId, tariff.id, tree.reseller.id]) expect(values, String(id)).not.to.include(String(id));
    await screen.form().getByTestId('organization-form-cancel').click();
  });

  it('creates a line for an organization picked as its owner, and assigns it to a picked user', async () => {
    const agents = ok(await api.get('SenderAgents/GetNames', { token: tree.resellerAdmin.token })) as { id: number; title: string }[];
    const agent = agents.find((a) => a.id === line.agentId);
    expect(agent, 'the simulator agent is offered').to.not.equal(undefined);
    const number = `5${String(Date.now()).slice(-9)}`;
    await page.goto(`${baseUrl}/infrastructure/lines`);
    await page.getByTestId('lines-page').waitFor();
    await page.getByTestId('lines-create').click();
    const dialog = page.getByTestId('line-dialog');
    await dialog.getByTestId('line-number').fill(number);
    await new SelectControl(page, dialog, 'line-agent').choose(agent!.title);
    const owner = new SelectControl(page, dialog, 'line-organizationId');
    await owner.choose(tree.organization.name);
    expect(await owner.value()).to.equal(tree.organization.name);
    await dialog.getByTestId('line-save').click();
    await dialog.waitFor({ state: 'detached' });
    const saved = (ok(await api.get(`PrivateNumbers/GetAll?search=${number}`, { token: tree.resellerAdmin.token })).items as any[])[0];
    expect(saved).to.include({ number, organizationId: tree.organization.id, smsSenderAgentId: line.agentId });

    // Who may send from it: a user of the owner organization, picked by name.
    await page.getByTestId('lines-table-row').filter({ hasText: toPersian(number) }).getByTestId('line-assignments').click();
    const assignments = page.getByTestId('assignments-dialog');
    await new SelectControl(page, assignments, 'assignment-user-select').choose(tree.orgAdmin.userName);
    await assignments.getByTestId('assignment-save').click();
    await assignments.getByTestId('assignment-user').filter({ hasText: tree.orgAdmin.userName }).waitFor();
    const assigned = ok(await api.get(`PrivateNumbers/GetAssignments?privateNumberId=${saved.id}`, { token: tree.resellerAdmin.token })).items as any[];
    expect(assigned.map((a) => a.userId)).to.deep.equal([tree.orgAdmin.userId]);
  });

  it('shows server validation errors under the field label, never the API field name', async () => {
    await page.goto(`${baseUrl}/financial/discounts`);
    await page.getByTestId('discounts-page').waitFor();
    await page.getByTestId('discount-create').click();
    const dialog = page.getByTestId('discount-dialog');
    await dialog.getByTestId('discount-save').click();
    const summary = dialog.getByTestId('discount-errors');
    await summary.waitFor();
    const text = await summary.innerText();
    expect(text).to.include('کد');
    expect(text).not.to.match(/\bcode\b/);
    expect(await dialog.locator('[id="discount-code-error"]').innerText()).to.include('کد');
  });
});
