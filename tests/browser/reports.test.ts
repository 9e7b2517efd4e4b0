import { expect } from 'chai';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import type { Knex } from 'knex';
import { onSharedBrowser } from '../support/browser.js';
import { createTree, sharedServer, USER_PASSWORD } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { TYPES } from '../../server/platform/tokens.js';
import { addDays, tehranDayOf } from '../../server/shared/insight/dashboard-days.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { Shell } from './pages/shell.js';
import { ReportsScreen } from './pages/reports-page.js';

describe('browser: reports', function () {
  this.timeout(180_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));

  it('a reseller sees its tree report with charts, a row per customer (Persian digits, Jalali months) and downloads the workbook', async () => {
    const tree = await createTree(api);
    const server = await sharedServer();
    const knex = server.peyk.container.get<Knex>(TYPES.Knex);
    const yesterday = addDays(tehranDayOf(new Date()), -1);
    const rows = [
      { organizationId: tree.organization.id, operator: 'mci', deliveryStatus: 'SentAndReceivedbyPhone', receivers: 40, parts: 40 },
      { organizationId: tree.sub.id, operator: 'irancell', deliveryStatus: 'NotSent', receivers: 12, parts: 24 },
    ];
    for (const r of rows) {
      await knex('insight_daily_receivers').insert({ ...r, day: yesterday, userId: 1, privateNumberId: 1, sendType: 'Bulk', senderNumber: '3000' });
      await knex('insight_daily_sends').insert({ organizationId: r.organizationId, day: yesterday, userId: 1, privateNumberId: 1, sendType: 'Bulk', senderNumber: '3000', sends: 1 });
    }
    await knex('insight_daily_credit').insert({ accountId: 810_000 + tree.organization.id, day: yesterday, typeCreditChange: 'SendSms', organizationId: tree.organization.id, userId: null, amount: -20000, entries: 1 });

    const errors: string[] = [];
    const page = await browser.newPage({ acceptDownloads: true });
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn(tree.resellerAdmin.userName, USER_PASSWORD);
    const reports = new ReportsScreen(page, baseUrl);
    await reports.open('tree');
    await reports.body().waitFor();
    await reports.seriesChart().waitFor();
    await reports.statusesDonut().waitFor();
    expect(await reports.total('messages').innerText()).to.equal('۵۲');
    expect(await reports.total('failed').innerText()).to.equal('۱۲');
    expect(await reports.operatorsLegend().innerText()).to.contain('همراه اول').and.to.contain('ایرانسل');
    const orgRow = reports.treeTable().locator('tbody tr', { hasText: tree.organization.name });
    expect(await orgRow.innerText()).to.contain('۵۲').and.to.contain('۲۰,۰۰۰');
    expect(await reports.tab('user').count()).to.equal(1);

    await reports.groupByMonth();
    await page.waitForFunction(() => (globalThis as any).document.querySelectorAll('[data-testid="report-period"]').length <= 2);
    const months = await reports.periods().allInnerTexts();
    expect(months.join(' ')).to.match(/[۰-۹]{4}/).and.not.to.match(/[0-9]/);

    const file = await reports.exportFile();
    expect(file.name).to.match(/^tree-report-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file.path);
    const organizations = workbook.worksheets[1];
    const names = organizations.getColumn(1).values.map(String);
    expect(names).to.include(tree.organization.name);
    expect(workbook.worksheets[0].getRow(1).getCell(1).value).to.equal('دوره');
    expect(errors).to.deep.equal([]);
    await page.close();
  });
  it('an organization\'s administrator reads its organization report in English (Latin digits, Jalali month names) and an empty range says so', async () => {
    const tree = await createTree(api);
    const server = await sharedServer();
    const knex = server.peyk.container.get<Knex>(TYPES.Knex);
    const yesterday = addDays(tehranDayOf(new Date()), -1);
    await knex('insight_daily_receivers').insert({ organizationId: tree.sub.id, day: yesterday, userId: 1, privateNumberId: 1, sendType: 'Bulk', operator: 'mci', deliveryStatus: 'WaitingForSend', senderNumber: '3000', receivers: 1234, parts: 1234 });
    await knex('insight_daily_sends').insert({ organizationId: tree.sub.id, day: yesterday, userId: 1, privateNumberId: 1, sendType: 'Bulk', senderNumber: '3000', sends: 1 });

    const errors: string[] = [];
    const page = await browser.newPage();
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn(tree.orgAdmin.userName, USER_PASSWORD);
    await new Shell(page).toggleLanguage();
    await page.locator('html[lang="en-US"]').waitFor({ state: 'attached' });
    const reports = new ReportsScreen(page, baseUrl);
    await reports.open('organization');
    await reports.seriesChart().waitFor();
    // The sub-organization's sends are in its parent's organization report.
    expect(await reports.total('messages').innerText()).to.equal('1,234');
    expect(await reports.total('pending').innerText()).to.equal('1,234');
    expect(await page.getByTestId('reports-subject').innerText()).to.contain(tree.organization.name);
    // An ordinary organization holds no tree report: no tab to it.
    expect(await reports.tab('tree').count()).to.equal(0);
    await reports.groupByMonth();
    await page.getByTestId('report-period').first().waitFor();
    expect((await reports.periods().allInnerTexts()).join(' ')).to.match(/^(Farvardin|Ordibehesht|Khordad|Tir|Mordad|Shahrivar|Mehr|Aban|Azar|Dey|Bahman|Esfand) \d{4}/);

    // The user report of the administrator (no sends of their own): the empty state, and no export to make.
    await reports.tab('user').click();
    await page.getByTestId('reports-empty').waitFor();
    expect(await page.getByTestId('reports-export').isDisabled()).to.equal(true);
    expect(errors).to.deep.equal([]);
    await page.close();
  });
});
