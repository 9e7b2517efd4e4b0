import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { adminToken, createOrganization, createUser, login, USER_PASSWORD } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { fundedCustomer, ok, simulatorLine, waitForSend } from '../support/sending.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { AggregatorRulesPage } from './pages/aggregator-rules-page.js';
import { persianDigits } from './pages/digits.js';

describe('browser: aggregator rules', function () {
  this.timeout(180_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));

  it('a reseller routes a shared line\'s keyword to a customer in Persian: an unsafe pattern is refused under its field, the rule is listed, and the texts reach the customer\'s inbox', async () => {
    const admin = await adminToken(api);
    const { org, user } = await fundedCustomer(api, admin, 'Aggregator', 'Reza');
    const token = (await login(api, user.userName, USER_PASSWORD)).accessToken;
    const line = await simulatorLine(api, { inboundEcho: true, deliveryDelayMs: 10 }, { organizationId: org.id });
    const cafe = await createOrganization(api, token, { name: `کافه نادری ${org.id}`, type: 'organization' });
    const cafeUser = await createUser(api, token, { userName: `cafe${cafe.id}`, organizationId: cafe.id, isAdmin: true, firstName: 'Naderi' });
    const cafeToken = (await login(api, cafeUser.userName, USER_PASSWORD)).accessToken;

    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn(user.userName, USER_PASSWORD);
    const rules = new AggregatorRulesPage(page, baseUrl);
    await rules.open();
    await rules.table.empty().waitFor();
    expect(await rules.table.empty().innerText()).to.match(/[\u0600-\u06FF]/);

    await rules.startCreate();
    await rules.fill({ line: persianDigits(line.number), organization: cafe.name, regex: '(a+)+$' });
    await rules.save();
    await rules.fieldError('regex').waitFor();
    expect(await rules.fieldError('regex').innerText()).to.contain('کند');
    await rules.fill({ regex: '^(cafe|کافه)\\b', aggregator: 'MCI' });
    await rules.save();
    await rules.dialog().waitFor({ state: 'detached' });
    const row = rules.row('^(cafe|کافه)');
    await row.waitFor();
    expect(await row.getByTestId('aggregator-row-organization').innerText()).to.equal(cafe.name);
    expect(await row.innerText()).to.contain('همراه اول');

    // The simulator texts back what follows "echo": from an MCI number, so the rule applies.
    for (const text of ['کافه لاته', 'hello']) {
      await waitForSend(api, token, ok(await api.post('ScheduledMessages/Create', { senderNumberId: line.lineId, smsBody: `echo ${text}`, sendType: 'Bulk', receivers: ['09121239901'] }, { token })).id);
    }
    const deadline = Date.now() + 20_000;
    for (;;) {
      const mine = ok(await api.get('Inbox/GetAll?pageSize=50', { token })).items as any[];
      if (mine.length >= 2) {
        expect(mine.find((m) => m.smsText === 'کافه لاته')?.organizationId).to.equal(cafe.id);
        expect(mine.find((m) => m.smsText === 'hello')?.organizationId).to.equal(org.id);
        break;
      }
      if (Date.now() > deadline) throw new Error(`the replies did not arrive: ${JSON.stringify(mine)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    expect((ok(await api.get('Inbox/GetAll?pageSize=50', { token: cafeToken })).items as any[]).map((m) => m.smsText)).to.deep.equal(['کافه لاته']);
    expect(errors).to.deep.equal([]);
    await page.close();
  });
});
