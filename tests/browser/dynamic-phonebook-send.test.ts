import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { adminToken, login, unique, USER_PASSWORD } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { fundedCustomer, ok, simulatorLine } from '../support/sending.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { BulkSendPage, OutboxDetailPage } from './pages/sending-pages.js';

/** The panel shows numbers in Persian digits. */
const fa = (s: string) => s.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]);

describe('browser: a dynamic send to a phonebook', function () {
  this.timeout(180_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));

  it('fills the template per contact (an empty field as empty text), previews the most expensive recipient and shows each text in the outbox', async () => {
    const admin = await adminToken(api);
    const { user } = await fundedCustomer(api, admin, 'Dynamic', 'Maryam');
    const token = (await login(api, user.userName, USER_PASSWORD)).accessToken;
    const line = await simulatorLine(api, {}, { isSendDynamic: true, isSendPhonebook: true });
    const code = ok(await api.post('CustomFields/Create', { type: 'String', nameEn: 'Code', nameFa: 'کد' }, { token }));
    const title = unique('Customers ');
    const book = ok(await api.post('Phonebooks/Create', { title }, { token })).id;
    const longCode = 'A'.repeat(60);
    ok(await api.post('Contacts/Create', { phonebookId: book, cellphone: '09121250001', firstName: 'سارا', fields: { [code.id]: longCode } }, { token }));
    ok(await api.post('Contacts/Create', { phonebookId: book, cellphone: '09121250002', firstName: 'رضا' }, { token }));

    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn(user.userName, USER_PASSWORD);
    const compose = new BulkSendPage(page, baseUrl);
    await compose.open();
    await compose.phonebooks([title], { dynamic: true });
    await compose.line.choose(line.number);
    await page.getByTestId('send-text').fill('سلام {firstName} عزیز، کد شما: ');
    await compose.insertField('Code');
    expect(await page.getByTestId('send-text').inputValue()).to.equal('سلام {firstName} عزیز، کد شما: {Code}');

    await compose.openPreview();
    // Sara's text is 84 UCS-2 characters (two parts), Reza's one part: she is the most expensive.
    const sample = await compose.dynamicSample();
    expect(sample.number).to.equal(fa('989121250001'));
    expect(sample.text).to.equal(`سلام سارا عزیز، کد شما: ${longCode}`);
    expect(await page.getByTestId('calc-parts').innerText()).to.equal('۲');
    // 3 parts at 120 rials.
    expect(await compose.amount('price')).to.equal('360');
    await page.getByTestId('send-preview-confirm').click();
    await page.waitForURL(/\/outbox\/\d+$/);
    const sendId = Number(/\/outbox\/(\d+)$/.exec(page.url())?.[1]);

    const detail = new OutboxDetailPage(page, baseUrl);
    await detail.waitForDeliveryStatus('SentAndReceivedbyPhone', 2, 30_000);
    expect(await detail.receiverText(fa('989121250001'))).to.contain(`سلام سارا عزیز، کد شما: ${longCode}`);
    // Reza has no code: the field is empty text.
    expect(await detail.receiverText(fa('989121250002'))).to.contain('سلام رضا عزیز، کد شما:').and.not.contain('{Code}');
    const send = ok(await api.get(`OutBox/Get/${sendId}`, { token }));
    expect(send).to.include({ sendType: 'Dynamic', recipientCount: 2, smsParts: 2, sendPrice: '360' });
    expect(errors).to.deep.equal([]);
  });

  it('keeps the chosen line when the recipients switch to a phonebook or a dynamic send the line also allows, and drops one that cannot (issue 23 item 3)', async () => {
    const admin = await adminToken(api);
    const { user } = await fundedCustomer(api, admin, 'KeepLine', 'Nima');
    const token = (await login(api, user.userName, USER_PASSWORD)).accessToken;
    const every = await simulatorLine(api, {}, { isSendDynamic: true, isSendPhonebook: true });
    const bulkOnly = await simulatorLine(api, {}, { isSendDynamic: false, isSendPhonebook: false });
    const title = unique('Keep ');
    ok(await api.post('Phonebooks/Create', { title }, { token }));

    const page = await browser.newPage();
    await new PanelSignIn(page, baseUrl).signIn(user.userName, USER_PASSWORD);
    const compose = new BulkSendPage(page, baseUrl);
    await compose.open();
    await compose.line.choose(every.number);
    // The field shows the line again once the phonebook send's list of lines has loaded.
    const shows = (number: string) => page.waitForFunction((n) => ((globalThis as any).document.querySelector('[data-testid="send-line"]')?.value ?? '').includes(n), number, { timeout: 10_000 });
    await compose.phonebooks([title]);
    await shows(every.number);
    expect(await compose.line.value()).to.contain(every.number);
    await compose.phonebooks([], { dynamic: true });
    await shows(every.number);
    expect(await compose.line.value()).to.contain(every.number);

    await page.getByTestId('send-mode-manual').check();
    await compose.line.choose(bulkOnly.number);
    await compose.phonebooks([title]);
    await page.waitForFunction(() => (globalThis as any).document.querySelector('[data-testid="send-line"]')?.value === '');
    expect(await compose.line.value()).to.equal('');
    await page.close();
  });
});
