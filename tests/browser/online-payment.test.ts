import { expect } from 'chai';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser, skipWithoutChromium } from '../support/browser.js';
import { ApiClient } from '../support/api-client.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { USER_PASSWORD } from '../support/fixtures.js';
import { ok } from '../support/envelope.js';
import { standaloneSender } from '../support/sending.js';
import { FakeZarinpal } from '../support/payment-provider-servers.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { GatewayAdminScreens, GatewayPages, OnlinePaymentScreen, OnlineResultScreen } from './pages/online-payment-pages.js';

/**
 * Online payment end to end in the browser: a reseller sets up a bank account and a Zarinpal
 * gateway on its screens; its customer pays online, through the local Zarinpal server, comes back
 * to the panel and sees the credit risen by exactly the amount.
 */
describe('browser: paying online through a real provider\'s protocol', function () {
  this.timeout(180_000);
  const zarinpal = new FakeZarinpal();
  let server: TestServer;
  let browser: Browser;
  let api: ApiClient;
  let context: BrowserContext | undefined;
  let reseller: { userName: string; token: string };
  let payer: { id: number; userName: string };
  const errors: string[] = [];

  before(async function () {
    skipWithoutChromium(this);
    await zarinpal.start();
    server = await startTestServer({
      onlinePayment: { callbackOrigin: null, timeoutMs: 5_000, zarinpalApiUrl: zarinpal.apiUrl, zarinpalStartPayUrl: zarinpal.startPayUrl, idpayApiUrl: 'http://127.0.0.1:9/none' },
    });
    api = new ApiClient(server.url);
    const sender = await standaloneSender(api, 'Online reseller');
    reseller = { userName: `sender${sender.organizationId}`, token: sender.token };
    const payerId = ok(await api.post('Organizations/Create', { name: 'Online customer' }, { token: sender.token })).id;
    ok(await api.post('Users/Create', { userName: 'onlinecustomer', password: USER_PASSWORD, changePasswordRequired: false, organizationId: payerId, isAdmin: true, firstName: 'C' }, { token: sender.token }));
    payer = { id: payerId, userName: 'onlinecustomer' };
    browser = await launchBrowser();
  });

  afterEach(async () => {
    await context?.close();
    context = undefined;
    expect(errors, 'page errors').to.deep.equal([]);
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
    await zarinpal.stop();
  });

  const newPage = async () => {
    context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(String(e)));
    return page;
  };

  it('the reseller sets up a bank account and a Zarinpal gateway (settings checked per provider)', async () => {
    const page = await newPage();
    await new PanelSignIn(page, server.url).signIn(reseller.userName, 'User#Pass1');
    const admin = new GatewayAdminScreens(page, server.url);
    await admin.createAccount({ owner: 'Reseller Co', iban: 'IR120170000000123456789012', cardNo: '6037991234567890' });
    await admin.accountsTable().getByText('IR120170000000123456789012').waitFor();
    await admin.openGateways();
    await admin.startGateway('Zarinpal', 'Zarinpal main');
    await admin.configField('merchantId').fill('not-a-uuid');
    await admin.save();
    await admin.errors().waitFor();
    expect(await admin.errors().innerText()).to.include('merchantId');
    await admin.configField('merchantId').fill(FakeZarinpal.MERCHANT_ID);
    await admin.chooseAccount('Reseller Co — IR120170000000123456789012');
    await admin.save();
    await admin.saved();
    await admin.gatewaysTable().getByText('Zarinpal main').waitFor();
    const stored = ok(await api.get('PaymentGateways/GetAll', { token: ok(await api.post('Account/Login', { userName: reseller.userName, password: 'User#Pass1' })).accessToken })).items;
    expect(stored).to.have.length(1);
    expect(stored[0]).to.include({ typeIPG: 'Zarinpal', title: 'Zarinpal main', isGeneralUse: true });
    expect(stored[0].configJson).to.deep.equal({ merchantId: FakeZarinpal.MERCHANT_ID });
    expect(stored[0].accountInformationId).to.be.a('number');
  });

  it('the customer pays online, passes through the gateway and sees the credit rise by the amount', async () => {
    const page = await newPage();
    await new PanelSignIn(page, server.url).signIn(payer.userName, USER_PASSWORD);
    const screen = new OnlinePaymentScreen(page, server.url);
    await screen.open();
    expect(await screen.balance().getAttribute('data-value')).to.equal('0');
    await screen.pay('150000');
    await page.waitForURL(`${zarinpal.startPayUrl}/**`);
    const gateway = new GatewayPages(page);
    await gateway.payAtProvider();
    expect(await gateway.callbackStatus()).to.equal('confirmed');
    await gateway.backToPanel();
    const result = new OnlineResultScreen(page);
    expect(await result.outcome().getAttribute('data-status')).to.equal('confirmed');
    await page.locator('[data-testid="online-result-balance"][data-value="150000"]').waitFor();
    const credit = ok(await api.get(`Payments/GetAll?typePayment=OnLine&typeStatus=Confirmed`, { token: ok(await api.post('Account/Login', { userName: payer.userName, password: USER_PASSWORD })).accessToken }));
    expect(credit.items).to.have.length(1);
    expect(credit.items[0]).to.include({ amount: '150000' });
  });

  it('a user whose admin credit call answers 403 does not get the credit payment type of a plan, and is sent to pay online', async () => {
    const plan = ok(await api.post('Plans/Create', { title: 'Online plan', planType: 'Yearly', planPrice: '70000', planInformation: 'All', modules: ['BulkSms'] }, { token: reseller.token }));
    const plain = 'onlineplain';
    ok(await api.post('Users/Create', { userName: plain, password: USER_PASSWORD, changePasswordRequired: false, organizationId: payer.id, isAdmin: false, firstName: 'N' }, { token: reseller.token }));
    const plainToken = ok(await api.post('Account/Login', { userName: plain, password: USER_PASSWORD })).accessToken;
    // The precondition: this user may not read the organization's credit (no Financial.View).
    expect((await api.get(`Organizations/GetOrganizationCreditForAdmin?organizationId=${payer.id}`, { token: plainToken })).status).to.equal(403);
    const page = await newPage();
    await new PanelSignIn(page, server.url).signIn(plain, USER_PASSWORD);
    await page.goto(`${server.url}/plan/${plan.id}`);
    await page.getByTestId('plan-credit-hidden').waitFor();
    expect(await page.getByTestId('plan-buy').count()).to.equal(0);
    expect(await page.getByTestId('plan-pay-online').getAttribute('href')).to.equal('/financial/online-payment');
    // The administrator, who may read it, keeps the credit payment type.
    const adminPage = await context!.browser()!.newContext().then((c) => c.newPage());
    await new PanelSignIn(adminPage, server.url).signIn(payer.userName, USER_PASSWORD);
    await adminPage.goto(`${server.url}/plan/${plan.id}`);
    await adminPage.getByTestId('plan-available-credit').waitFor();
    expect(await adminPage.getByTestId('plan-buy').count()).to.equal(1);
    expect(await adminPage.getByTestId('plan-credit-hidden').count()).to.equal(0);
    await adminPage.context().close();
  });
});
