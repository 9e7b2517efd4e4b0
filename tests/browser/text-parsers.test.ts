import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { adminToken, sharedServer, USER_PASSWORD } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { fundedCustomer, simulatorLine } from '../support/sending.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { TextParsersPages } from './pages/text-parsers-pages.js';
import { OutboxListPage } from './pages/outbox-pages.js';
import { InboxService } from '../../server/modules/inbound/index.js';


describe('browser: text parsers', function () {
  this.timeout(180_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));

  it('creates a parser from the menu beside the inbox; a matching text on the line gets its reply in the outbox', async () => {
    const admin = await adminToken(api);
    const { org, user } = await fundedCustomer(api, admin, 'Parsers', 'Nima');
    const line = await simulatorLine(api, {}, { organizationId: org.id });
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn(user.userName, USER_PASSWORD);
    const screens = new TextParsersPages(page, baseUrl);
    await screens.open();
    await page.getByTestId('text-parsers-table').getByText('هنوز تجزیه‌گر متنی ندارید').waitFor();

    // The server's rule arrives on its field: a regular expression written with slashes.
    await page.getByTestId('text-parser-empty-create').click();
    await page.getByTestId('text-parser-title').fill('ساعت کاری');
    await screens.line.choose(line.number, line.number.slice(0, 6));
    await screens.ifType.choose('عبارت باقاعده');
    await page.getByTestId('text-parser-if-value').fill('/^hours$/');
    await page.getByTestId('text-parser-reply').fill('We are open 9 to 17');
    await page.getByTestId('text-parser-save').click();
    // The one user-pattern check's message (aggregator rules and parsers share it since their merge).
    expect(await screens.errors()).to.contain('الگو را بدون اسلش (/) در ابتدا و انتها بنویسید.');
    await page.getByTestId('text-parser-if-value').fill('^hours$');
    await page.getByTestId('text-parser-save').click();
    await page.getByTestId('text-parsers-page').waitFor();
    const row = screens.parsers.row('ساعت کاری');
    await row.waitFor();
    expect(await row.getByTestId('text-parser-row-action').innerText()).to.equal('پاسخ با متن');

    const server = await sharedServer();
    await server.peyk.container.get(InboxService).receive(line.agentId, [{ from: '09127740001', to: line.number, text: 'Hours', at: new Date(), providerId: `browser-parser-${Date.now()}` }]);
    const outbox = new OutboxListPage(page, baseUrl);
    const deadline = Date.now() + 30_000;
    for (;;) {
      await outbox.open();
      if (await outbox.table.row('We are open 9 to 17').count() > 0) break;
      if (Date.now() > deadline) throw new Error('the reply did not appear in the outbox');
      await page.waitForTimeout(500);
    }
    expect(errors).to.deep.equal([]);
    await page.close();
  });
});
