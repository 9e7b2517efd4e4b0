import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { adminToken, login, unique, USER_PASSWORD } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { fundedCustomer, ok, simulatorLine } from '../support/sending.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { OutboxDetailPage } from './pages/sending-pages.js';
import { PatternSendPage, PatternsPage } from './pages/patterns-pages.js';

/** The panel shows numbers in Persian digits. */
const fa = (s: string) => s.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]);

describe('browser: saved patterns sent to a phonebook', function () {
  this.timeout(180_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));

  it('creates a pattern from the empty state with field buttons and a live preview, then sends it to a phonebook; each contact gets its own text', async () => {
    const admin = await adminToken(api);
    const { user } = await fundedCustomer(api, admin, 'Pattern', 'Neda');
    const token = (await login(api, user.userName, USER_PASSWORD)).accessToken;
    const line = await simulatorLine(api, {}, { isSendDynamic: true });
    ok(await api.post('CustomFields/Create', { type: 'String', nameEn: 'City', nameFa: 'شهر' }, { token }));
    const cityId = ok(await api.get('CustomFields/GetAll', { token })).items.find((f: any) => f.nameEn === 'City').id;
    const bookTitle = unique('Pattern book ');
    const book = ok(await api.post('Phonebooks/Create', { title: bookTitle }, { token })).id;
    ok(await api.post('Contacts/Create', { phonebookId: book, cellphone: '09121260001', firstName: 'سارا', fields: { [cityId]: 'شیراز' } }, { token }));
    ok(await api.post('Contacts/Create', { phonebookId: book, cellphone: '09121260002', firstName: 'رضا' }, { token }));

    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn(user.userName, USER_PASSWORD);
    const patterns = new PatternsPage(page, baseUrl);
    await patterns.open();
    await patterns.emptyState().waitFor();
    await patterns.startCreate();
    const title = unique('Welcome ');
    await patterns.fill(title, 'سلام ');
    await patterns.insertField('firstName');
    await page.getByTestId('pattern-text').press('End');
    await page.getByTestId('pattern-text').pressSequentially(' از ');
    await patterns.insertField('City');
    expect(await patterns.text()).to.equal('سلام {firstName} از {City}');
    // The sample contact's name and the custom field's Persian name, live.
    expect(await patterns.preview().innerText()).to.equal('سلام سارا از «شهر»');
    await page.getByTestId('pattern-text').fill('سلام {nickname}');
    await patterns.unknownFields().waitFor();
    await page.getByTestId('pattern-text').fill('سلام {firstName} از {City}');
    await patterns.save();
    // An administrator's own pattern is confirmed at once.
    await patterns.row(title).waitFor();
    expect(await patterns.status(title)).to.equal('Confirmed');

    await patterns.send(title);
    const send = new PatternSendPage(page);
    // The pattern's text shows once the confirmed patterns have loaded; the picker holds it then.
    expect(await send.patternText().innerText()).to.contain('سلام {firstName} از {City}');
    expect(await send.pattern.value()).to.equal(title);
    await send.line.choose(line.number);
    await send.phonebook(bookTitle);
    await send.openPreview();
    const sample = await send.dynamicSample();
    expect(sample.number).to.equal(fa('989121260001'));
    expect(sample.text).to.equal('سلام سارا از شیراز');
    const sendId = await send.confirm();

    const detail = new OutboxDetailPage(page, baseUrl);
    await detail.waitForDeliveryStatus('SentAndReceivedbyPhone', 2, 30_000);
    expect(await detail.receiverText(fa('989121260001'))).to.contain('سلام سارا از شیراز');
    expect(await detail.receiverText(fa('989121260002'))).to.contain('سلام رضا از').and.not.contain('{City}');
    const stored = ok(await api.get(`OutBox/Get/${sendId}`, { token }));
    expect(stored).to.include({ sendType: 'Dynamic', recipientCount: 2, sendPrice: '240' });
    expect(stored.patternId).to.be.a('number');
    expect(errors).to.deep.equal([]);
  });
});
