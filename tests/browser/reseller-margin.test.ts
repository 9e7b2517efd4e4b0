import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import type { Knex } from 'knex';
import { onSharedBrowser } from '../support/browser.js';
import { ADMIN_PASSWORD, adminToken, createTree, sharedServer, unique, USER_PASSWORD } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { TYPES } from '../../server/platform/tokens.js';
import { BillingService, billingModule } from '../../server/modules/billing/index.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { MarginScreen, TargetsScreen } from './pages/reseller-pages.js';

describe('browser: reseller margin and targets', function () {
  this.timeout(180_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));

  it('a reseller sees its margin per send and period and its targets\' progress and reward (Persian digits, Jalali dates), and cannot edit them', async () => {
    const tree = await createTree(api);
    const admin = await adminToken(api);
    const server = await sharedServer();
    const knex = server.peyk.container.get<Knex>(TYPES.Knex);
    const billing = server.peyk.container.get(BillingService);
    // Two tariff levels: the reseller pays 100 a part, its customer 150; no VAT.
    for (const [owner, organizationId, mci] of [[1, tree.reseller.id, 100], [tree.reseller.id, tree.organization.id, 150]] as const) {
      const [row] = await knex('tariffs').insert({
        ownerOrganizationId: owner, title: unique('T'),
        ranges: JSON.stringify([{ lineType: 'default', fromCount: 0, toCount: null, prices: { mci: String(mci), irancell: String(mci), rightel: String(mci), other: String(mci), international: String(mci) } }]),
      }).returning('id');
      await knex('organization_tariffs').insert({ organizationId, tariffId: (row as { id: number }).id }).onConflict('organizationId').merge();
      await knex('organizations').where({ id: organizationId }).update({ isTax: false });
      const charged = await api.post('Credits/ChargeOrganization', { organizationId, amount: 1_000_000 }, { token: admin });
      expect(charged.status, JSON.stringify(charged.body)).to.equal(200);
    }
    await billing.hold(null, { reference: `send:${8_000_000 + tree.organization.id}`, organizationId: tree.organization.id, parts: { mci: 10 } });
    const far = await api.post('Resellers/CreateTarget', { resellerId: tree.reseller.id, title: 'هدف ماهانه', times: 'Monthly', targetValue: 20, credit: 5000 }, { token: admin });
    const near = await api.post('Resellers/CreateTarget', { resellerId: tree.reseller.id, title: 'هدف فصلی', times: 'Quarterly', targetValue: 10, credit: 3000 }, { token: admin });
    expect(far.status, JSON.stringify(far.body)).to.equal(200);
    expect(near.status, JSON.stringify(near.body)).to.equal(200);
    await billingModule.jobs!(server.peyk.container).find((j) => j.name === 'billing.reseller-target-rewards')!.run(new Date(), new AbortController().signal);

    const errors: string[] = [];
    const page = await browser.newPage();
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn(tree.resellerAdmin.userName, USER_PASSWORD);
    const margin = new MarginScreen(page, baseUrl);
    await margin.open();
    await margin.rowMargins().first().waitFor();
    // 10 parts: the customer paid 1,500, the reseller 1,000.
    expect(await margin.total('margin').innerText()).to.contain('۵۰۰');
    expect(await margin.total('customerPaid').innerText()).to.contain('۱,۵۰۰');
    expect(await margin.total('parts').innerText()).to.equal('۱۰');
    expect(await margin.rowMargins().count()).to.equal(1);
    expect(await margin.table().locator('tbody tr').first().innerText()).to.contain(tree.organization.name);
    await margin.groupByMonth();
    await margin.chart().locator('svg').first().waitFor();

    const targets = new TargetsScreen(page, baseUrl);
    await targets.open();
    await targets.card(far.body.data.id).waitFor();
    expect(await targets.progress(far.body.data.id).getAttribute('aria-valuenow')).to.equal('50');
    expect(await targets.progressText(far.body.data.id).innerText()).to.contain('۱۰ از ۲۰');
    expect(await targets.reward(far.body.data.id).getAttribute('data-rewarded')).to.equal('false');
    expect(await targets.reward(near.body.data.id).getAttribute('data-rewarded')).to.equal('true');
    expect(await targets.reward(near.body.data.id).innerText()).to.match(/۱۴\d\d\/\d\d\/\d\d|[۰-۹]{4}\/[۰-۹]{2}\/[۰-۹]{2}/);
    // The reseller reads its targets and agreement; only an organization above changes them.
    expect(await targets.createButton().count()).to.equal(0);
    await targets.settings().waitFor();
    expect(await page.getByTestId('target-edit').count()).to.equal(0);
    expect(errors).to.deep.equal([]);
    await page.close();
  });

  it('the system administrator picks a reseller, defines a target (a refused value named on its field), edits and deletes it, and sets the agreement figures', async () => {
    const tree = await createTree(api);
    const admin = await adminToken(api);
    const errors: string[] = [];
    const page = await browser.newPage();
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn('admin', ADMIN_PASSWORD);
    const targets = new TargetsScreen(page, baseUrl);
    await targets.open();
    await targets.pickPrompt().waitFor();
    await targets.resellerPicker().choose(tree.reseller.name);
    await page.getByTestId('targets-empty').waitFor();

    await targets.fillTarget({ title: 'هدف فصل', times: 'Quarterly', targetValue: '', credit: '20000' });
    await targets.submitTarget();
    await targets.errors().waitFor();
    expect(await targets.errors().innerText()).to.contain('هدف (تعداد پیامک)');
    await targets.fillTarget({ targetValue: '500' });
    await targets.submitTarget();
    await page.getByTestId('target-card').first().waitFor();
    const [created] = (await api.get(`Resellers/GetTargets?resellerId=${tree.reseller.id}`, { token: admin })).body.data.items;
    expect(created).to.deep.include({ title: 'هدف فصل', times: 'Quarterly', targetValue: 500, credit: '20000', isActive: true });
    expect(await targets.progressText(created.id).innerText()).to.contain('۰ از ۵۰۰');

    await targets.editTarget(created.id);
    await targets.fillTarget({ targetValue: '800' });
    await targets.submitTarget();
    await targets.progressText(created.id).filter({ hasText: '۸۰۰' }).waitFor();

    await targets.saveSettings('1200', '7.5');
    await page.getByText('قرارداد نماینده ذخیره شد.').waitFor();
    const settings = (await api.get(`Resellers/GetSettings?resellerId=${tree.reseller.id}`, { token: admin })).body.data;
    expect(settings).to.deep.include({ pricePerSms: '1200', panelPercent: '7.50' });

    await targets.deleteTarget(created.id);
    await page.getByTestId('targets-empty').waitFor();
    expect(errors).to.deep.equal([]);
    await page.close();
  });
});
