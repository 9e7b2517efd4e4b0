import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import type { Knex } from 'knex';
import { onSharedBrowser } from '../support/browser.js';
import { createOrganization, createTree, sharedServer, USER_PASSWORD } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { TYPES } from '../../server/platform/tokens.js';
import { RfmService } from '../../server/modules/insight/index.js';
import { addDays, tehranDayOf } from '../../server/shared/insight/dashboard-days.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { RfmScreen } from './pages/rfm-page.js';

describe('browser: RFM', function () {
  this.timeout(180_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));

  it('a reseller ranks its customers by the nightly points (Persian digits), filters those without sends, exports them, and edits the point strategy', async () => {
    const tree = await createTree(api);
    const quiet = await createOrganization(api, tree.resellerAdmin.token, { name: 'مشتری کم‌کار' });
    const server = await sharedServer();
    const knex = server.peyk.container.get<Knex>(TYPES.Knex);
    const yesterday = addDays(tehranDayOf(new Date()), -1);
    // Yesterday's sends of one customer, as the rollup and the ledger's daily rows hold them.
    await knex('insight_daily_receivers').insert({ organizationId: tree.organization.id, day: yesterday, userId: 1, privateNumberId: 1, sendType: 'Bulk', operator: 'mci', deliveryStatus: 'SentAndReceivedbyPhone', senderNumber: '3000', receivers: 40, parts: 40 });
    await knex('insight_daily_sends').insert({ organizationId: tree.organization.id, day: yesterday, userId: 1, privateNumberId: 1, sendType: 'Bulk', senderNumber: '3000', sends: 1 });
    await knex('insight_daily_credit').insert({ accountId: 800_000 + tree.organization.id, day: yesterday, typeCreditChange: 'SendSms', organizationId: tree.organization.id, userId: null, amount: -20000, entries: 1 });
    const strategy = await api.post('Rfm/SavePointStrategy', { items: [
      { index: 'recency', range: 1, valueStartRange: '0', valueEndRange: '7', point: 5 },
      { index: 'frequency', range: 1, valueStartRange: '1', valueEndRange: null, point: 3 },
    ] }, { token: tree.resellerAdmin.token });
    expect(strategy.status, JSON.stringify(strategy.body)).to.equal(200);
    await knex('rfm_runs').where({ resellerId: tree.reseller.id }).delete();
    await server.peyk.container.get(RfmService).runDue(new Date());

    const errors: string[] = [];
    const page = await browser.newPage({ acceptDownloads: true });
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn(tree.resellerAdmin.userName, USER_PASSWORD);
    const rfm = new RfmScreen(page, baseUrl);
    await rfm.open();
    await rfm.totalPoints().first().waitFor();
    // Best first: the customer with sends (5 + 3), then the two without (0), in Persian digits.
    expect(await rfm.totalPoints().allInnerTexts()).to.deep.equal(['۸', '۰', '۰']);
    const firstRow = rfm.table().locator('tbody tr').first();
    expect(await firstRow.innerText()).to.contain(tree.organization.name).and.to.contain('۲۰,۰۰۰');
    expect(await rfm.run().innerText()).to.contain('۳ مشتری');

    await rfm.onlyWithoutSends();
    await rfm.table().getByText('مشتری کم‌کار').waitFor();
    await rfm.table().getByText(tree.organization.name).waitFor({ state: 'detached' });
    expect(await rfm.totalPoints().count()).to.equal(2);
    const names = await rfm.table().locator('tbody tr').allInnerTexts();
    expect(names.join('\n')).to.contain('مشتری کم‌کار').and.to.contain(tree.sub.name).and.not.to.contain(tree.organization.name);
    expect(await rfm.exportFile()).to.equal('rfm.xlsx');

    // The strategy: a monetary range added and saved; the server keeps it.
    await rfm.addRange('monetary', 1, { start: '10000', end: '', point: '2' });
    await rfm.saveStrategy();
    await page.getByText('راهبرد ذخیره شد.').waitFor();
    const saved = await api.get('Rfm/GetPointStrategy', { token: tree.resellerAdmin.token });
    expect(saved.body.data.items.filter((i: { index: string }) => i.index === 'monetary')).to.deep.equal([{ index: 'monetary', range: 1, valueStartRange: '10000', valueEndRange: null, point: 2 }]);
    expect(quiet.id).to.be.a('number');
    expect(errors).to.deep.equal([]);
    await page.close();
  });
});
