import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { adminToken, ADMIN_PASSWORD, login, unique, USER_PASSWORD } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { fundedCustomer, ok } from '../support/sending.js';
import { DataTableControl } from './pages/data-table.js';
import { InvoiceScreen } from './pages/financial-purchase-pages.js';
import { LineFormDialog } from './pages/line-form.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { Shell } from './pages/shell.js';

/** A list page that starts empty, how it explains itself, and what its first action opens. */
interface EmptyList { name: string; path: string; table: string; action: string; opens: string; says: RegExp }

// Issue 14 item 10 (empty lists that guide, the line editor's switches) and item 6 (periodic New).
describe('browser: empty lists that guide, the line form\'s switches, periodic New', function () {
  this.timeout(180_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;
  let customer: { userName: string };
  let page: Page;
  let errors: string[];

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));

  before(async () => {
    ({ user: customer } = await fundedCustomer(api, await adminToken(api), 'Guided', 'Leila'));
  });
  beforeEach(async () => {
    page = await browser.newPage();
    errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
  });
  afterEach(async () => { await page?.close(); });

  const EMPTY_LISTS: EmptyList[] = [
    { name: 'roles', path: '/roles', table: 'roles-table', action: 'roles-empty-create', opens: 'role-editor-dialog', says: /نقش مجموعه‌ای از دسترسی‌هاست/ },
    { name: 'role templates', path: '/role-templates', table: 'role-templates-table', action: 'role-templates-empty-create', opens: 'role-editor-dialog', says: /قالب نقش سقف دسترسی‌های/ },
    { name: 'payments', path: '/financial/payments', table: 'payments-table', action: 'payments-empty-create', opens: 'payment-dialog', says: /پرداخت، پولی است که واریز کرده‌اید/ },
    { name: 'packages', path: '/financial/packages', table: 'packages-table', action: 'packages-empty-create', opens: 'package-dialog', says: /بسته، اعتبار را با قیمتی ثابت/ },
    { name: 'sender lines', path: '/infrastructure/lines', table: 'lines-table', action: 'lines-empty-create', opens: 'line-dialog', says: /خط، شماره یا نامی است/ },
    { name: 'periodic sends', path: '/sending/periodic', table: 'periodic-table', action: 'periodic-empty-new', opens: 'bulk-send-page', says: /ارسال دوره‌ای یک پیام را/ },
    { name: 'outbox', path: '/outbox', table: 'outbox-table', action: 'outbox-empty-bulk', opens: 'bulk-send-page', says: /هر پیامکی که می‌فرستید/ },
  ];

  it('a new reseller\'s empty lists say what the thing is and offer the first action, which opens its form', async () => {
    await new PanelSignIn(page, baseUrl).signIn(customer.userName, USER_PASSWORD);
    for (const list of EMPTY_LISTS) {
      await page.goto(`${baseUrl}${list.path}`);
      const table = new DataTableControl(page, list.table);
      await table.empty().waitFor();
      const text = await table.empty().innerText();
      expect(text, `${list.name}: says what it is`).to.match(list.says);
      expect(text, `${list.name}: no bare "nothing found"`).not.to.contain('موردی یافت نشد');
      await page.getByTestId(list.action).click();
      await page.getByTestId(list.opens).waitFor();
    }
    // Packages offered to buy, when there are none, explain where they come from (no create button there).
    await page.goto(`${baseUrl}/financial/packages`);
    await page.getByTestId('packages-for-purchase').click();
    const forPurchase = new DataTableControl(page, 'packages-table');
    await forPurchase.empty().getByText('فعلاً بسته‌ای برای خرید به شما عرضه نشده است.').waitFor();
    expect(await page.getByTestId('packages-empty-create').count()).to.equal(0);
    expect(errors).to.deep.equal([]);
  });

  it('periodic New opens the bulk form set to Periodic; the menu\'s Bulk send opens it plain again', async () => {
    await new PanelSignIn(page, baseUrl).signIn(customer.userName, USER_PASSWORD);
    await page.goto(`${baseUrl}/sending/periodic`);
    await page.getByTestId('periodic-new').click();
    await page.waitForURL(/\/sending\/bulk\?kind=periodic$/);
    await page.getByTestId('send-periodic').waitFor();
    expect(await page.getByTestId('send-kind-periodic').isChecked()).to.equal(true);
    expect(await page.getByTestId('send-kind-direct').isChecked()).to.equal(false);
    // The send-now / send-later choice belongs to a normal send, not to a periodic one.
    expect(await page.getByTestId('send-now').count()).to.equal(0);
    await page.goto(`${baseUrl}/sending/bulk`);
    await page.getByTestId('bulk-send-page').waitFor();
    expect(await page.getByTestId('send-kind-direct').isChecked()).to.equal(true);
    expect(errors).to.deep.equal([]);
  });

  for (const language of ['fa', 'en'] as const) {
    it(`the line form groups its switches under named sections, each switch with help, usable by keyboard (${language})`, async () => {
      await new PanelSignIn(page, baseUrl).signIn('admin', ADMIN_PASSWORD);
      if (language === 'en') {
        await new Shell(page).toggleLanguage();
        await page.waitForFunction(() => (globalThis as any).document.documentElement.lang === 'en-US');
      }
      const form = new LineFormDialog(page, baseUrl);
      await form.openNew();
      const fa = language === 'fa';
      expect(await form.legend('sendKinds')).to.equal(fa ? 'انواع ارسال' : 'Send kinds');
      // Issue 23: the occasion switch gates occasion sends, so it sits with the send kinds; the
      // confirmation switch holds P2P and dynamic sends, under its own heading.
      expect(await form.flagsOf('sendKinds')).to.deep.equal(['isSendSingle', 'isSendBulk', 'isSendPhonebook', 'isSendP2P', 'isSendDynamic', 'isSendOccasionPhonebook', 'isSendClub', 'isCanSendFlashSms']);
      expect(await form.flagsOf('confirmation')).to.deep.equal(['confirmP2pAndDynamic', 'isNeedToSendConfirmationMessage']);
      // Issue 29: a line flag's help says what it does (the confirmation queue's decision is told to
      // the sender; the expiry alert goes to the line's people), and a stored-only one says so.
      expect(await form.helpOf('isNeedToSendConfirmationMessage')).to.equal(fa
        ? 'اگر ارسالی از این خط منتظر تأیید بماند، تأیید یا رد آن (با دلیل) به فرستنده اطلاع داده می‌شود.'
        : 'When a send from this line waits for confirmation, its sender is told whether it was confirmed or rejected, and why.');
      expect(await form.flagsOf('notices')).to.deep.equal(['isSendPrivateNumberExpirationMessage']);
      expect(await form.helpOf('isSendPrivateNumberExpirationMessage')).to.contain(fa ? 'هشدار انقضای خط' : 'line-expiry alert');
      expect(await form.legend('refunds')).to.equal(fa ? 'گزارش تحویل و برگشت اعتبار' : 'Delivery reports and refunds');
      expect(await form.flagsOf('refunds')).to.deep.equal(['deliveryBase', 'deliveryLevel1', 'deliveryLevel2']);
      expect(await form.groupSentence('blacklist')).to.equal(fa
        ? 'شماره‌های لیست سیاه سازمان حذف می‌شوند، مگر خط به آن‌ها هم ارسال کند.'
        : 'Numbers on the organization\'s blacklist are skipped unless the line sends to them too.');
      // Each switch is described by its own help text.
      expect(await form.helpOf('deliveryBase')).to.equal(fa
        ? 'فقط پیامک‌های رسیده به گوشی هزینه دارند؛ هزینه بقیه برمی‌گردد.'
        : 'Charge only messages delivered to the phone; the cost of the rest is given back.');
      expect(await form.helpOf('isPublic')).to.have.length.above(20);
      // What this panel does not act on yet is folded away under its own heading, with a count of what is on.
      expect(await form.legend('later')).to.equal(fa ? 'قابلیت‌های دیگر (۰ روشن)' : 'Other capabilities (0 on)');
      expect(await form.switchBox('isSendSmart').isVisible()).to.equal(false);
      // Keyboard: focus the heading, open it with Enter, Tab to its first switch, turn it on with Space.
      await form.laterToggle().focus();
      await page.keyboard.press('Enter');
      await form.switchBox('checkFilter').waitFor();
      await page.keyboard.press('Tab');
      expect(await page.evaluate("document.activeElement?.getAttribute('data-testid')")).to.equal('line-checkFilter');
      await page.keyboard.press('Space');
      expect(await form.switchBox('checkFilter').isChecked()).to.equal(true);
      expect(await form.legend('later')).to.equal(fa ? 'قابلیت‌های دیگر (۱ روشن)' : 'Other capabilities (1 on)');
      expect(await form.groupSentence('later')).to.contain(fa ? 'فعلاً چیزی را تغییر نمی‌دهد' : 'changes nothing today');
      expect(await form.helpOf('checkFilter')).to.contain(fa ? 'فعلاً فقط ذخیره می‌شود' : 'Stored only for now');
      expect(await form.helpOf('hasSla')).to.contain(fa ? 'فقط نمایش' : 'Shown only');
      // Turning the last one off keeps the section open under the user's hands.
      await page.keyboard.press('Space');
      expect(await form.switchBox('checkFilter').isVisible()).to.equal(true);
      expect(errors).to.deep.equal([]);
    });
  }

  it('an invoice of a buyer who pays no VAT has no "VAT (0%) 0" row and says why', async () => {
    const token = (await login(api, customer.userName, USER_PASSWORD)).accessToken;
    const payment = ok(await api.post('Payments/Create', { typePayment: 'Cash', amount: 50_000, billNumber: unique('NOVAT') }, { token }));
    ok(await api.post('Payments/ConfirmPayment', { id: payment.id }, { token: await adminToken(api) }));
    await new PanelSignIn(page, baseUrl).signIn(customer.userName, USER_PASSWORD);
    await page.goto(`${baseUrl}/financial/invoice/payment/${payment.id}`);
    const invoice = new InvoiceScreen(page);
    await invoice.waitFor();
    expect(await invoice.amount('total')).to.equal('50000');
    expect(await page.getByTestId('invoice-vat').count(), 'no VAT row').to.equal(0);
    expect(await invoice.root().innerText()).not.to.contain('مالیات بر ارزش افزوده (');
    expect((await page.getByTestId('invoice-vat-note').innerText()).trim()).to.equal('خریدار مشمول مالیات بر ارزش افزوده نیست؛ مالیاتی در این فاکتور نیست.');
    expect(errors).to.deep.equal([]);
  });
});
