import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { ADMIN_PASSWORD, adminToken, sharedServer, unique, USER_PASSWORD } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { fundedCustomer, simulatorLine } from '../support/sending.js';
import { InboxService } from '../../server/modules/inbound/index.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { TextParsersPages } from './pages/text-parsers-pages.js';
import { ContactsPages } from './pages/contacts-pages.js';
import { SafeListsPage } from './pages/safe-lists-page.js';
import { PollsPages } from './pages/polls-pages.js';
import { OutboxListPage } from './pages/outbox-pages.js';
import { OptOutsPage } from './pages/opt-outs-page.js';
import { BulkSendPage, OutboxDetailPage } from './pages/sending-pages.js';
import { PersianScreens } from './pages/persian-sweep.js';
import { persianDigits } from './pages/digits.js';

// Issue 24's "Done when": a customer runs a keyword campaign end to end, in Persian. People text
// the customer's own line (through the host's inbound entry, as a gateway hands messages over).
describe('browser: a keyword campaign end to end (fa)', function () {
  this.timeout(180_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;
  const contexts: BrowserContext[] = [];

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));
  after(async () => { for (const c of contexts) await c.close(); });

  async function persianPage(userName: string, password: string, errors: string[]): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'fa-IR' });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn(userName, password);
    expect(await page.locator('html').getAttribute('lang')).to.match(/^fa/);
    return page;
  }

  it('people text a keyword and get an answer, join and leave the list, opt out, vote; the customer sees it all, results move live, a winner is drawn', async () => {
    const admin = await adminToken(api);
    const { org, user } = await fundedCustomer(api, admin, 'Campaign', 'Mina');
    const line = await simulatorLine(api, { deliveryDelayMs: 10 }, { organizationId: org.id });
    const inbox = (await sharedServer()).peyk.container.get(InboxService);
    let sent = 0;
    /** A person texts the customer's line. */
    const text = async (from: string, body: string) => {
      sent += 1;
      await inbox.receive(line.agentId, [{ from, to: line.number, text: body, at: new Date(), providerId: `campaign-${Date.now()}-${sent}` }]);
    };

    const errors: string[] = [];
    const page = await persianPage(user.userName, USER_PASSWORD, errors);
    const bookTitle = unique('اعضای باشگاه ');
    const pollTitle = unique('رنگ محبوب ');
    // The walk's own data shows as typed (the titles end in a Latin tag that keeps them unique).
    const screens = new PersianScreens(page, baseUrl, [line.number, org.name, user.userName, ...bookTitle.split(' '), ...pollTitle.split(' ')]);

    // 1. A text parser: «ساعت» is answered with the opening hours.
    const parsers = new TextParsersPages(page, baseUrl);
    await parsers.open();
    await screens.check('text parsers (empty)');
    const hoursReply = 'ساعت کاری ما ۹ تا ۱۷ است';
    await parsers.createReply('پاسخ ساعت کاری', line.number, 'برابر با', 'ساعت', hoursReply);
    await parsers.parsers.row('پاسخ ساعت کاری').waitFor();
    await screens.check('text parsers');

    // 2. The list's phonebook, then the safe-list request (join «عضویت», leave «خروج»).
    const contacts = new ContactsPages(page, baseUrl);
    await contacts.openPhonebooks();
    await screens.check('phonebooks (empty)');
    await contacts.createFirstPhonebook(bookTitle);
    const bookId = Number(await contacts.phonebookId());
    await screens.check('phonebook (empty)');
    const lists = new SafeListsPage(page, baseUrl);
    await lists.open();
    await lists.emptyState().waitFor();
    await screens.check('safe-lists (empty)');
    await lists.startCreate();
    const welcome = 'به باشگاه ما خوش آمدید';
    await lists.fill({ line: line.number, phonebook: bookTitle, enter: 'عضویت', exit: 'خروج', reply: welcome });
    await screens.check('safe-list request dialog');
    await lists.save();
    await lists.row('عضویت').waitFor();
    expect(await lists.status('عضویت')).to.equal('WatingForConfirm');
    expect(await lists.row('عضویت').getByTestId('safe-list-status').innerText()).to.contain('انتظار');
    await screens.check('safe-lists (waiting)');

    // An administrator above the customer approves it.
    const operator = await persianPage('admin', ADMIN_PASSWORD, errors);
    const above = new SafeListsPage(operator, baseUrl);
    await above.open();
    await above.confirm('عضویت');
    await above.row('عضویت').locator('[data-testid="safe-list-status"][data-status="Confirmed"]').waitFor();
    await operator.close();
    await lists.open();
    expect(await lists.status('عضویت')).to.equal('Confirmed');
    expect(await lists.row('عضویت').getByTestId('safe-list-status').innerText()).to.contain('تأیید');

    // 3. A poll on the same line: «۱» red, «۲» blue, one winner.
    const polls = new PollsPages(page, baseUrl);
    await polls.openList();
    await polls.table.empty().waitFor();
    await screens.check('polls (empty)');
    await polls.startNew();
    await polls.fillPoll({ title: pollTitle, line: line.number, options: [['قرمز', '1'], ['آبی', '2']], winners: 1 });
    await screens.check('poll form');
    await polls.save();
    await polls.chart().waitFor();
    expect(await polls.keyword('1').innerText(), 'a keyword in the panel\'s digits').to.equal(persianDigits('1'));
    await screens.check('poll (no answers)');

    // 4. People text. The keyword is answered: a priced send of the customer in the outbox.
    await text('09121110001', 'ساعت');
    const outbox = new OutboxListPage(page, baseUrl);
    await outbox.waitForSendWithText(hoursReply);
    expect(Number(await outbox.rowPrice(hoursReply).getAttribute('data-value')), 'the reply is priced').to.be.greaterThan(0);
    const price = await outbox.rowPrice(hoursReply).innerText();
    expect(price).to.match(/[۱-۹]/).and.not.match(/[0-9]/);
    await screens.check('outbox (parser reply)');

    // Joining by the word: a member of the phonebook, and welcomed.
    await text('09121110002', 'عضویت');
    const member = persianDigits('989121110002');
    await waitUntil(page, async () => {
      await contacts.openPhonebook(bookId);
      return (await contacts.contacts.row(member).count()) > 0;
    }, 'the member did not appear in the phonebook');
    await screens.check('phonebook (a member)');
    await outbox.waitForSendWithText(welcome);

    // Leaving by the word: no longer a member.
    await text('09121110002', 'خروج');
    await waitUntil(page, async () => {
      await contacts.openPhonebook(bookId);
      return (await contacts.contacts.row(member).count()) === 0;
    }, 'the member was not removed from the phonebook');

    // «لغو»: listed among the opt-outs; a later send to that number counts it as blacklisted.
    await text('09121110003', 'لغو');
    const optOuts = new OptOutsPage(page, baseUrl);
    await optOuts.openFromBlacklist();
    await optOuts.row(persianDigits('989121110003')).waitFor({ timeout: 10_000 });
    expect(await optOuts.row(persianDigits('989121110003')).innerText()).to.contain('لغو');
    await screens.check('opt-outs');
    const send = new BulkSendPage(page, baseUrl);
    await send.open();
    await send.compose(line.number, 'تخفیف ویژه این هفته', ['09121110003', '09121110004']);
    await send.openPreview();
    expect(await page.getByTestId('calc-blackList').innerText()).to.contain(persianDigits('1'));
    await screens.check('send preview');
    const sendId = await send.confirmPreview();
    const detail = new OutboxDetailPage(page, baseUrl);
    await detail.waitForState({ queueStatus: 'Completed' });
    expect(await detail.blackListCount().innerText()).to.equal(persianDigits('1'));
    await detail.receiverStatus(persianDigits('989121110003')).waitFor();
    expect(await detail.receiverStatus(persianDigits('989121110003')).getAttribute('data-status')).to.equal('BlackList');
    expect(await detail.receiverStatus(persianDigits('989121110003')).innerText()).to.equal('لیست سیاه');
    expect(sendId).to.be.greaterThan(0);
    await screens.check('the send to an opted-out number');

    // 5. Votes move the chart live, without a reload; one number votes twice (the first counts).
    await polls.openList();
    await polls.openPoll(pollTitle);
    await polls.chart().waitFor();
    let navigations = 0;
    page.on('framenavigated', (f) => { if (f === page.mainFrame()) navigations++; });
    await text('09121110011', '1');
    await polls.waitForCount('1', persianDigits('1'));
    await text('09121110012', '۲');
    await text('09121110013', '1');
    await text('09121110011', '2');
    await polls.waitForCount('1', persianDigits('2'));
    await polls.waitForCount('2', persianDigits('1'));
    expect(await page.getByTestId('poll-participants').innerText()).to.contain(persianDigits('3'));
    expect(await polls.bars().count(), 'a bar per answered option').to.equal(2);
    expect(navigations, 'no reload while the votes arrived').to.equal(0);
    await screens.check('poll (live results)');

    // 6. The draw: one winner among the three voters, shown.
    await polls.draw();
    expect(await polls.winners().count()).to.equal(1);
    const winner = await polls.winners().first().innerText();
    expect(['989121110011', '989121110012', '989121110013'].map(persianDigits).some((m) => winner.includes(m)), winner).to.equal(true);
    await screens.check('poll (drawn)');

    expect(screens.findings(), 'Latin letters or digits on Persian screens (screen: text)').to.deep.equal([]);
    expect(errors).to.deep.equal([]);
  });
});

async function waitUntil(page: Page, done: () => Promise<boolean>, failure: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(failure);
    await page.waitForTimeout(300);
  }
}
