import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { unique, USER_PASSWORD, type Tree } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { ok, sendingTree, waitForSend } from '../support/sending.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { CreditScreen, TransactionsScreen } from './pages/financial-pages.js';

const toPersian = (s: string) => s.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]);
const DAY_MS = 24 * 60 * 60 * 1000;

/** The Tehran calendar day of an instant: its solar (Jalali) text as the picker takes it, and its start in UTC. */
function tehranDay(at: Date): { jalali: string; startUtc: string } {
  const part = (calendar: string) => Object.fromEntries(new Intl.DateTimeFormat(`en-US-u-ca-${calendar}-nu-latn`, {
    timeZone: 'Asia/Tehran', year: 'numeric', month: '2-digit', day: '2-digit',
  }).formatToParts(at).map((p) => [p.type, p.value]));
  const j = part('persian');
  const g = part('gregory');
  // Tehran has kept UTC+03:30 all year since 2022.
  const startUtc = new Date(Date.UTC(Number(g.year), Number(g.month) - 1, Number(g.day)) - 210 * 60 * 1000).toISOString();
  return { jalali: `${j.year}/${j.month}/${j.day}`, startUtc };
}

/** Codes and internal names that must never reach the operator's eye. */
const RAW = ['Manage', 'SendSms', 'GiveBackCostOfUnsuccessSent', 'Increase', 'Decrease', 'send:', 'charge', 'organizationId'];

describe('browser: readable money (charge with confirmation, transactions in words)', function () {
  this.timeout(180_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;
  let tree: Tree;
  let sendId: number;

  onSharedBrowser((shared) => ({ browser, baseUrl } = shared));

  before(async function () {
    let line: { lineId: number };
    ({ api, tree, line } = await sendingTree());
    // One finished send of the sub-organization, so its ledger holds a SendSms entry.
    const created = ok(await api.post('ScheduledMessages/Create', { senderNumberId: line.lineId, smsBody: 'سلام', sendType: 'Bulk', receivers: ['09121110091'] }, { token: tree.subAdmin.token }));
    sendId = created.id;
    await waitForSend(api, tree.subAdmin.token, sendId);
    const deadline = Date.now() + 30_000;
    for (;;) {
      const items = ok(await api.get(`Transactions/GetAll?organizationId=${tree.sub.id}&typeCreditChange=SendSms`, { token: tree.orgAdmin.token })).items as any[];
      if (items.some((e) => e.outboxId === sendId)) break;
      if (Date.now() > deadline) throw new Error('the send was not settled into the ledger');
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  it('charges an organization through the confirmation dialog and reads the transaction by Jalali date, in words', async () => {
    const errors: string[] = [];
    const page: Page = await browser.newPage();
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn(tree.resellerAdmin.userName, USER_PASSWORD);
    const before = ok(await api.get(`Organizations/GetOrganizationCreditForAdmin?organizationId=${tree.organization.id}`, { token: tree.resellerAdmin.token }));

    // 1. Charge: the amount is grouped as typed, its toman shown; the dialog names amount and organization.
    const credit = new CreditScreen(page, baseUrl);
    await credit.open();
    await (await credit.showOrganization(tree.organization.name)).waitFor();
    const description = unique('شارژ آزمایشی ');
    await credit.chargeAmount().fill('1250000');
    expect(await credit.chargeAmount().inputValue()).to.equal('1,250,000');
    expect(await page.locator('#credit-charge-amount-hint').innerText()).to.include(toPersian('125,000'));
    // Nothing is charged before the confirmation.
    const dialog = await credit.startCharge('1250000', description);
    const prompt = await dialog.innerText();
    expect(prompt).to.include(tree.organization.name);
    expect(prompt).to.include(toPersian('1,250,000'));
    expect(prompt).to.include(toPersian('125,000'));
    expect(ok(await api.get(`Organizations/GetOrganizationCreditForAdmin?organizationId=${tree.organization.id}`, { token: tree.resellerAdmin.token })).balance).to.equal(before.balance);
    await credit.confirmCharge();
    // The toast says what was charged to whom.
    await page.getByTestId('toasts-item').filter({ hasText: tree.organization.name }).filter({ hasText: toPersian('1,250,000') }).waitFor();
    const after = ok(await api.get(`Organizations/GetOrganizationCreditForAdmin?organizationId=${tree.organization.id}`, { token: tree.resellerAdmin.token }));
    expect(BigInt(after.balance) - BigInt(before.balance)).to.equal(1_250_000n);

    // 2. Transactions: a Jalali range far in the past shows nothing; today's range (± a day) shows the charge.
    const transactions = new TransactionsScreen(page, baseUrl);
    await transactions.open();
    await transactions.filter({ organization: tree.organization.name, fromDate: '1400/01/01', toDate: '1400/01/02' });
    await transactions.table.empty().waitFor();
    const from = tehranDay(new Date(Date.now() - DAY_MS));
    const to = tehranDay(new Date(Date.now() + DAY_MS));
    const request = page.waitForRequest((r) => r.url().includes('/Transactions/GetAll') && r.url().includes('fromDate') && !r.url().includes('2021'));
    await transactions.filter({ fromDate: from.jalali, toDate: to.jalali });
    const url = new URL((await request).url());
    // The same UTC bounds as the outbox: the chosen Tehran day's start, and the end of the last day.
    expect(url.searchParams.get('fromDate')).to.equal(from.startUtc);
    expect(url.searchParams.get('toDate')).to.equal(new Date(new Date(to.startUtc).getTime() + DAY_MS - 1).toISOString());
    const row = transactions.table.row(description);
    await row.waitFor();
    const text = await row.innerText();
    expect(text).to.include(tree.organization.name);
    expect(text).to.include('مدیریت اعتبار');
    expect(text).to.include('افزایش');
    expect(text).to.include('شارژ دستی');
    expect(text).to.include(toPersian('1,250,000'));
    const entry = (ok(await api.get(`Transactions/GetAll?organizationId=${tree.organization.id}&referenceType=charge`, { token: tree.resellerAdmin.token })).items as any[])
      .find((e) => e.description === description);
    expect(entry.referenceId).to.be.a('string');
    const table = await transactions.table.root().innerText();
    expect(table).not.to.include(entry.referenceId);
    for (const raw of RAW) expect(table, raw).not.to.include(raw);

    // 3. A send's cost reads "Send #id" and links to its outbox item.
    await transactions.open();
    await transactions.filter({ organization: tree.sub.name, typeCreditChange: 'SendSms' });
    const link = page.getByTestId('tx-reference-send').first();
    await link.waitFor();
    expect(await link.getAttribute('href')).to.equal(`/outbox/${sendId}`);
    expect(await link.innerText()).to.equal(`ارسال #${toPersian(String(sendId))}`);
    const sendRow = await transactions.table.rows().first().innerText();
    expect(sendRow).to.include('هزینه ارسال پیامک');
    expect(sendRow).to.include(tree.sub.name);
    for (const raw of RAW) expect(await transactions.table.root().innerText(), raw).not.to.include(raw);
    expect(errors).to.deep.equal([]);
    await page.close();
  });

  it("asks before moving a user's allowance, naming the user, and lists it under the user's name", async () => {
    const errors: string[] = [];
    const page: Page = await browser.newPage();
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn(tree.subAdmin.userName, USER_PASSWORD);
    const credit = new CreditScreen(page, baseUrl);
    await credit.open();
    const description = unique('سهمیه ');
    await credit.userPicker().choose(tree.subUser.userName);
    await page.getByTestId('credit-user-amount').fill('20000');
    expect(await page.getByTestId('credit-user-amount').inputValue()).to.equal('20,000');
    await page.locator('#credit-user-description').fill(description);
    await page.getByTestId('credit-user-increase').click();
    const dialog = page.getByTestId('credit-user-confirm');
    await dialog.waitFor();
    const prompt = await dialog.innerText();
    expect(prompt).to.include(tree.subUser.userName);
    expect(prompt).to.include(toPersian('20,000'));
    expect(prompt).to.include(toPersian('2,000'));
    await page.getByTestId('credit-user-confirm-confirm').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('toasts-item').filter({ hasText: tree.subUser.userName }).filter({ hasText: toPersian('20,000') }).waitFor();
    const mine = ok(await api.get('Credits/GetMyCredit', { token: tree.subAdmin.token }));
    expect(mine.organization.organizationId).to.equal(tree.sub.id);

    const transactions = new TransactionsScreen(page, baseUrl);
    await transactions.open();
    await transactions.filter({ referenceType: 'user' });
    const row = transactions.table.row(description);
    await row.waitFor();
    const text = await row.innerText();
    expect(text).to.include(tree.subUser.userName);
    expect(text).to.include(tree.sub.name);
    expect(text).to.include('تغییر سهمیه کاربر');
    for (const raw of RAW) expect(await transactions.table.root().innerText(), raw).not.to.include(raw);
    expect(errors).to.deep.equal([]);
    await page.close();
  });
});
