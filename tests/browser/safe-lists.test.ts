import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { ADMIN_PASSWORD, adminToken, login, unique, USER_PASSWORD } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { fundedCustomer, ok, simulatorLine, waitForSend } from '../support/sending.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { SafeListsPage } from './pages/safe-lists-page.js';
import { ContactsPages } from './pages/contacts-pages.js';

/** The panel shows numbers in Persian digits. */
const fa = (s: string) => s.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]);

describe('browser: safe-list request, approval from above, a join by text', function () {
  this.timeout(180_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));

  it('a customer requests a safe-list, the system administrator rejects then approves it, a join arrives and the member appears in the phonebook', async () => {
    const admin = await adminToken(api);
    const { org, user } = await fundedCustomer(api, admin, 'Safe', 'Mina');
    const token = (await login(api, user.userName, USER_PASSWORD)).accessToken;
    // The customer's own line: texts to it belong to the customer.
    const line = await simulatorLine(api, { inboundEcho: true }, { organizationId: org.id, isSendSingle: true });
    const bookTitle = unique('Members ');
    const book = ok(await api.post('Phonebooks/Create', { title: bookTitle }, { token })).id;
    const word = unique('JOIN');

    const customer = await browser.newPage();
    const errors: string[] = [];
    customer.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(customer, baseUrl).signIn(user.userName, USER_PASSWORD);
    const lists = new SafeListsPage(customer, baseUrl);
    await lists.open();
    await lists.emptyState().waitFor();
    await lists.startCreate();
    // The server's rule in the form: an opt-out word cannot be the join word.
    await lists.fill({ line: line.number, phonebook: bookTitle, enter: 'لغو', exit: 'خروج', reply: 'به باشگاه ما خوش آمدید' });
    await lists.submit();
    expect(await lists.fieldError('safe-list-enter').innerText()).to.contain('لغو');
    await customer.getByTestId('safe-list-enter').fill(word);
    await lists.save();
    await lists.row(word).waitFor();
    expect(await lists.status(word)).to.equal('WatingForConfirm');
    // The customer's own administrator is not above the organization: no decision for them.
    expect(await lists.row(word).getByTestId('safe-list-confirm').count()).to.equal(0);

    const operator = await browser.newPage();
    operator.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(operator, baseUrl).signIn('admin', ADMIN_PASSWORD);
    const above = new SafeListsPage(operator, baseUrl);
    await above.open();
    await above.row(word).waitFor();
    await above.reject(word, 'متن پاسخ را کامل کنید');
    await above.row(word).locator('[data-testid="safe-list-status"][data-status="Rejected"]').waitFor();

    await lists.open();
    expect(await lists.status(word)).to.equal('Rejected');
    expect(await lists.rejectComment(word).innerText()).to.contain('متن پاسخ را کامل کنید');

    await above.open();
    await above.confirm(word);
    await above.row(word).locator('[data-testid="safe-list-status"][data-status="Confirmed"]').waitFor();

    // A subscriber texts the join word through the simulator (an echo of a send comes back from its recipient).
    const mobile = '09121450001';
    const echo = ok(await api.post('ScheduledMessages/Create', { senderNumberId: line.lineId, smsBody: `echo ${word.toLowerCase()}`, sendType: 'Bulk', receivers: [mobile] }, { token }));
    await waitForSend(api, token, echo.id);

    const contacts = new ContactsPages(customer, baseUrl);
    const deadline = Date.now() + 30_000;
    for (;;) {
      await contacts.openPhonebook(book);
      if ((await customer.getByTestId('contacts-table').innerText().catch(() => '')).includes(fa('989121450001'))) break;
      if (Date.now() > deadline) throw new Error('the member did not appear in the phonebook');
      await customer.waitForTimeout(500);
    }
    await customer.getByTestId('phonebook-safe-list').waitFor();
    await lists.open();
    expect(await lists.status(word)).to.equal('Confirmed');
    expect(await lists.row(word).getByTestId('safe-list-members').innerText()).to.equal(fa('1'));
    expect(errors).to.deep.equal([]);
  });
});
