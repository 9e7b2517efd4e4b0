import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { adminToken, login, USER_PASSWORD } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { fundedCustomer, ok, simulatorLine } from '../support/sending.js';
import { xlsxBuffer } from '../support/spreadsheets.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { OutboxDetailPage } from './pages/sending-pages.js';
import { P2PSendPage } from './pages/p2p-send-page.js';
import { AccessibilityCheck, describeViolations } from './pages/accessibility-pages.js';

/** The panel shows numbers in Persian digits. */
const fa = (s: string) => s.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]);

describe('browser: a P2P send from an Excel file', function () {
  this.timeout(180_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));

  it('refuses a file against the rules, reads a good one\'s columns, fills the template, keeps duplicates with the warning and shows each text in the outbox', async () => {
    const admin = await adminToken(api);
    const { user } = await fundedCustomer(api, admin, 'P2P', 'Nazanin');
    const token = (await login(api, user.userName, USER_PASSWORD)).accessToken;
    const line = await simulatorLine(api, {});

    // bypassCSP: the panel's policy (script-src 'self') would refuse axe-core's injected script.
    const context = await browser.newContext({ locale: 'fa-IR', bypassCSP: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn(user.userName, USER_PASSWORD);
    const compose = new P2PSendPage(page, baseUrl);
    await compose.open();
    expect(await compose.rules().innerText()).to.contain('Sheet1');

    await compose.upload('wrong.xlsx', await xlsxBuffer([['mobile', 'amount'], ['09121260001', 5]], { sheetName: 'Data' }));
    expect(await compose.fileError().innerText()).to.equal('نام برگه اکسل باید Sheet1 باشد (نام برگه فایل: «Data»).');

    await compose.upload('debts.xlsx', await xlsxBuffer([
      ['mobile', 'name', 'amount'],
      ['09121260001', 'سارا', 120000],
      ['09121260002', 'رضا', 5000],
      ['09121260001', 'سارا', 7000],
    ]));
    expect(await compose.columns()).to.deep.equal(['mobile', 'name', 'amount']);
    expect(await compose.counts()).to.deep.equal({ rows: 3, valid: 3 });
    await compose.line.choose(line.number);
    await compose.chooseKind('template');
    // The screen with a file read (columns, first rows, template editor): no serious axe finding.
    const check = new AccessibilityCheck(page);
    expect(describeViolations('p2p send (fa)', await check.seriousViolations())).to.equal('');
    await compose.template().fill('');
    await compose.template().pressSequentially('سلام ');
    await compose.insertColumn('name');
    await compose.template().pressSequentially('، بدهی شما ');
    await compose.insertColumn('amount');
    await compose.template().pressSequentially(' ریال');
    expect(await compose.template().inputValue()).to.equal('سلام {name}، بدهی شما {amount} ریال');
    expect(await compose.keepDuplicates()).to.contain('حذف نمی‌شوند');

    await compose.openPreview();
    expect(await page.getByTestId('calc-recipientCount').innerText()).to.equal(fa('3'));
    expect(await page.getByTestId('calc-notice').innerText()).to.equal('شماره‌های تکراری فایل حذف نمی‌شوند: هر سطر جداگانه ارسال و محاسبه می‌شود.');
    // Three one-part texts at 120 rials.
    expect(await page.getByTestId('calc-price').getAttribute('data-value')).to.equal('360');
    const sendId = await compose.confirm();

    const detail = new OutboxDetailPage(page, baseUrl);
    await detail.waitForDeliveryStatus('SentAndReceivedbyPhone', 3, 30_000);
    expect(await detail.receiverText(fa('989121260002'))).to.contain('سلام رضا، بدهی شما 5000 ریال');
    const send = ok(await api.get(`OutBox/Get/${sendId}`, { token }));
    expect(send).to.include({ sendType: 'P2P', recipientCount: 3, p2PIsSendDuplicateNumber: true, sendPrice: '360' });
    expect(errors).to.deep.equal([]);
    await context.close();
  });
});
