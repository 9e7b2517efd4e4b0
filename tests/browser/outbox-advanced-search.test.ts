import { expect } from 'chai';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { adminToken, login, USER_PASSWORD } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { fundedCustomer, ok, simulatorLine, waitForSend } from '../support/sending.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { OutboxSearchPanel } from './pages/outbox-search-panel.js';
import { SelectControl } from './pages/select-control.js';
import { Shell } from './pages/shell.js';
import { OutboxListPage } from './pages/outbox-pages.js';

const DAY = 86_400_000;

describe('browser: outbox advanced search', function () {
  this.timeout(180_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;
  let user: { userName: string };
  let token: string;
  let line: { lineId: number; number: string };
  let page: Page;
  let errors: string[];
  const sends: number[] = [];

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));

  before(async function () {
    const admin = await adminToken(api);
    ({ user } = await fundedCustomer(api, admin, 'Finder', 'Sara'));
    token = (await login(api, user.userName, USER_PASSWORD)).accessToken;
    line = await simulatorLine(api, { deliveryDelayMs: 10, deliveryRatio: 1 });
    for (const receivers of [['09121450001', '09121450002'], ['09121450001', '09121450003']]) {
      const send = ok(await api.post('ScheduledMessages/Create', { senderNumberId: line.lineId, smsBody: 'Find me', sendType: 'Bulk', receivers }, { token }));
      await waitForSend(api, token, send.id);
      sends.push(send.id);
    }
  });

  beforeEach(async () => {
    page = await browser.newPage();
    errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn(user.userName, USER_PASSWORD);
  });
  afterEach(async () => { await page?.close(); });

  it('narrows to the sends made from a picked phonebook', async () => {
    const bookLine = await simulatorLine(api, { deliveryDelayMs: 10, deliveryRatio: 1 }, { isSendPhonebook: true });
    const title = `دفترچه جستجو ${Date.now() % 100000}`;
    const book = ok(await api.post('Phonebooks/Create', { title }, { token })).id;
    // A number of its own: the other tests count the sends of theirs.
    ok(await api.post('Contacts/Create', { phonebookId: book, cellphone: '09121450009' }, { token }));
    const made = ok(await api.post('ScheduledMessages/CreateScheduledMessageByPhonebook', { senderNumberId: bookLine.lineId, smsBody: 'From the book', phonebookIds: [book] }, { token }));
    await waitForSend(api, token, made.id);
    await page.goto(`${baseUrl}/outbox`);
    const panel = new OutboxSearchPanel(page);
    await panel.open();
    await panel.range(new Date(Date.now() - DAY), new Date());
    await new SelectControl(page, page, 'adv-phonebook').choose(title, title.slice(0, 6));
    await panel.submit();
    expect(await panel.shown()).to.deep.equal([{ send: made.id, number: '989121450009' }]);
    expect(errors).to.deep.equal([]);
  });

  it('finds a number over a Jalali date range, newest send first, and shows its raw report', async () => {
    await page.goto(`${baseUrl}/outbox`);
    const panel = new OutboxSearchPanel(page);
    await panel.open();
    await panel.range(new Date(Date.now() - DAY), new Date());
    await panel.number('09121450001');
    await panel.submit();
    expect(await panel.shown()).to.deep.equal([{ send: sends[1], number: '989121450001' }, { send: sends[0], number: '989121450001' }]);
    expect(await panel.next().isDisabled()).to.equal(true);
    expect(await panel.rawReport(0)).to.include('DELIVRD');
    await page.keyboard.press('Escape');
    await page.getByTestId('outbox-raw-report').waitFor({ state: 'hidden' });

    // The result to Excel: a background job, then the download link; the file holds the rows shown.
    const file = await panel.exportAndDownload();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.getWorksheet('Sheet1')!;
    const rows: { send: number; number: string }[] = [];
    sheet.eachRow((row, n) => { if (n > 1) rows.push({ send: Number(row.getCell(1).value), number: String(row.getCell(2).value) }); });
    expect(rows).to.deep.equal(await panel.shown());
    expect(errors).to.deep.equal([]);
  });

  // Issue 23 item 6: a dynamic send's results showed the template, and the old filter bar sat under the panel.
  it("shows each receiver's own text of a dynamic send, and no second filter bar under the panel (fa, then en)", async () => {
    const dynamicLine = await simulatorLine(api, { deliveryDelayMs: 10, deliveryRatio: 1 }, { isSendDynamic: true });
    const book = ok(await api.post('Phonebooks/Create', { title: `پویا ${Date.now() % 100000}` }, { token })).id;
    ok(await api.post('Contacts/Create', { phonebookId: book, cellphone: '09121450021', firstName: 'Ava' }, { token }));
    ok(await api.post('Contacts/Create', { phonebookId: book, cellphone: '09121450022', firstName: 'Bita' }, { token }));
    const made = ok(await api.post('ScheduledMessages/CreateDynamicScheduledMessage', { senderNumberId: dynamicLine.lineId, smsBody: 'Hello {firstName}', phonebookIds: [book] }, { token }));
    await waitForSend(api, token, made.id);
    await new OutboxListPage(page, baseUrl).open();
    const panel = new OutboxSearchPanel(page);
    for (const language of ['fa', 'en'] as const) {
      expect(await page.getByTestId('outbox-filters').isVisible(), `${language}: the list's filters show while the panel is closed`).to.equal(true);
      await panel.open();
      expect(await page.getByTestId('outbox-filters').count(), `${language}: no list filters under the panel`).to.equal(0);
      await panel.range(new Date(Date.now() - DAY), new Date());
      await panel.number('09121450022');
      await panel.submit();
      expect(await panel.shown()).to.deep.equal([{ send: made.id, number: '989121450022' }]);
      expect(await panel.texts()).to.deep.equal(['Hello Bita']);
      await page.getByTestId('outbox-advanced-toggle').click();
      await page.getByTestId('outbox-advanced-search').waitFor({ state: 'detached' });
      if (language === 'fa') {
        await new Shell(page).toggleLanguage();
        await page.waitForFunction(() => (globalThis as any).document.documentElement.lang === 'en-US');
      }
    }
    await new Shell(page).toggleLanguage();
    await page.waitForFunction(() => (globalThis as any).document.documentElement.lang !== 'en-US');
    expect(errors).to.deep.equal([]);
  });

  it('a range in the past finds nothing; a range without an end is refused before the server', async () => {
    await page.goto(`${baseUrl}/outbox`);
    const panel = new OutboxSearchPanel(page);
    await panel.open();
    await panel.range(new Date(Date.now() - 10 * DAY), new Date(Date.now() - 5 * DAY));
    await panel.number('09121450001');
    await panel.submit();
    await page.getByTestId('adv-empty').waitFor();
    expect(await panel.rows().count()).to.equal(0);
    await page.getByTestId('adv-to').fill('');
    await page.getByTestId('adv-to').press('Enter');
    await page.getByTestId('adv-submit').click();
    await panel.error().waitFor();
    expect(errors).to.deep.equal([]);
  });
});
