import { expect } from 'chai';
import { ApiClient } from '../support/api-client.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { USER_PASSWORD } from '../support/fixtures.js';
import { bad, ok } from '../support/envelope.js';
import { standaloneSender } from '../support/sending.js';
import { FakeIdpay, FakeZarinpal } from '../support/payment-provider-servers.js';

/**
 * The real payment adapters (Zarinpal v4, IDPay v1.1) against local servers that speak each
 * provider's documented protocol: request → redirect → callback → verify, with the ledger checked
 * after every case (one OnlinePayment entry of exactly the stored amount, or none).
 */
describe('Billing: Zarinpal and IDPay adapters against their protocols', function () {
  this.timeout(120_000);
  const zarinpal = new FakeZarinpal();
  const idpay = new FakeIdpay();
  let server: TestServer;
  let api: ApiClient;
  let superToken: string;
  let resellerToken: string;
  let payerToken: string;
  let payerId: number;
  let zarinpalGateway: number;
  let idpayGateway: number;

  const browse = async (url: string) => {
    const res = await fetch(new URL(url, api.baseUrl), { redirect: 'manual' });
    return { status: res.status, text: await res.text(), location: res.headers.get('location') };
  };
  /** The payer presses Pay (or Cancel) on the provider's page: where the provider sends the browser back. */
  const atProvider = async (redirectUrl: string, choice: 'pay' | 'cancel') => {
    const page = await browse(redirectUrl);
    expect(page.status).to.equal(200);
    const back = await browse(`${redirectUrl}?do=${choice}`);
    expect(back.status).to.equal(302);
    return back.location as string;
  };
  const statusOf = (html: string) => (/data-status="([a-zA-Z]+)"/.exec(html) as RegExpExecArray)[1];
  const balance = async () => BigInt(ok(await api.get(`Organizations/GetOrganizationCreditForAdmin?organizationId=${payerId}`, { token: resellerToken })).balance);
  const onlineEntries = async (paymentId: number) =>
    ok(await api.get(`Transactions/GetAll?referenceType=payment&referenceId=${paymentId}`, { token: superToken })).items.filter((e: any) => e.typeCreditChange === 'OnlinePayment');
  const paymentOf = async (id: number) => ok(await api.get('Payments/GetAll?typePayment=OnLine', { token: payerToken })).items.find((p: any) => p.id === id);
  const start = async (gatewayId: number, amount: number) => ok(await api.post('Payments/CreateOnline', { amount, gatewayId }, { token: payerToken }));
  /**
   * One payment up to the provider's answer: the payer's balance before, the started payment, and
   * the callback the provider sends the browser back to after Pay (or Cancel). `beforeChoice` runs
   * on the provider's side between the start and the payer's press (e.g. a changed paid amount).
   */
  const pay = async (gatewayId: number, amount: number, choice: 'pay' | 'cancel' = 'pay', beforeChoice?: (started: any) => void) => {
    const before = await balance();
    const started = await start(gatewayId, amount);
    beforeChoice?.(started);
    const callback = await atProvider(started.redirectUrl, choice);
    return { before, started, callback };
  };
  /** The ledger after a case: the balance moved by exactly `credited`, with one OnlinePayment entry for it, or none when nothing was credited. */
  const expectLedger = async (flow: { before: bigint; started: any }, credited: bigint) => {
    expect(await balance()).to.equal(flow.before + credited);
    const entries = await onlineEntries(flow.started.payment.id);
    expect(entries).to.have.length(credited === 0n ? 0 : 1);
    return entries;
  };

  before(async () => {
    await zarinpal.start();
    await idpay.start();
    server = await startTestServer({
      onlinePayment: { callbackOrigin: null, timeoutMs: 2_000, zarinpalApiUrl: zarinpal.apiUrl, zarinpalStartPayUrl: zarinpal.startPayUrl, idpayApiUrl: idpay.apiUrl },
    });
    api = new ApiClient(server.url);
    const sender = await standaloneSender(api, 'Gateway reseller');
    superToken = sender.admin;
    resellerToken = sender.token;
    payerId = ok(await api.post('Organizations/Create', { name: 'Online payer' }, { token: resellerToken })).id;
    ok(await api.post('Users/Create', { userName: 'onlinepayer', password: USER_PASSWORD, changePasswordRequired: false, organizationId: payerId, isAdmin: true, firstName: 'P' }, { token: resellerToken }));
    payerToken = ok(await api.post('Account/Login', { userName: 'onlinepayer', password: USER_PASSWORD })).accessToken;
    zarinpalGateway = ok(await api.post('PaymentGateways/Create', { typeIPG: 'Zarinpal', title: 'Zarinpal', configJson: { merchantId: FakeZarinpal.MERCHANT_ID }, isGeneralUse: true }, { token: resellerToken })).id;
    idpayGateway = ok(await api.post('PaymentGateways/Create', { typeIPG: 'IDPay', title: 'IDPay', configJson: { apiKey: FakeIdpay.API_KEY, sandbox: true }, isGeneralUse: true }, { token: resellerToken })).id;
  });

  after(async () => {
    if (api) {
      const verify = ok(await api.get('Ledger/Verify', { token: superToken }));
      expect(verify.mismatches).to.deep.equal([]);
    }
    if (server) await server.stop();
    await zarinpal.stop();
    await idpay.stop();
  });

  it('validates each provider\'s configJson and never answers its secret', async () => {
    bad(await api.post('PaymentGateways/Create', { typeIPG: 'Zarinpal', title: 'x', configJson: { merchantId: 'short' } }, { token: resellerToken }), 400, 'configJson.merchantId');
    bad(await api.post('PaymentGateways/Create', { typeIPG: 'IDPay', title: 'x', configJson: {} }, { token: resellerToken }), 400, 'configJson.apiKey');
    bad(await api.post('PaymentGateways/Create', { typeIPG: 'IDPay', title: 'x', configJson: { apiKey: FakeIdpay.API_KEY, sandbox: 'yes' } }, { token: resellerToken }), 400, 'configJson.sandbox');
    const listed = ok(await api.get(`PaymentGateways/Get/${idpayGateway}`, { token: resellerToken }));
    expect(listed.configJson.apiKey).to.equal('***');
    const offered = ok(await api.get('Payments/GetDescriptorOnlineGateway', { token: payerToken }));
    expect(offered.map((g: any) => g.type)).to.include.members(['Zarinpal', 'IDPay']);
    expect(JSON.stringify(offered)).to.not.include(FakeIdpay.API_KEY).and.not.include(FakeZarinpal.MERCHANT_ID);
  });

  describe('Zarinpal v4', () => {
    it('a good payment: request in rials, StartPay redirect, verify, one credit of the stored amount, the ref_id kept', async () => {
      const flow = await pay(zarinpalGateway, 250_000);
      const { started, callback } = flow;
      expect(started.redirectUrl).to.equal(`${zarinpal.startPayUrl}/${started.authority}`);
      const request = zarinpal.received.at(-1)!;
      expect(request.path).to.equal('/pg/v4/payment/request.json');
      expect(request.body).to.include({ merchant_id: FakeZarinpal.MERCHANT_ID, amount: 250_000, currency: 'IRR', callback_url: `${server.url}/api/Payments/OnlineCallback` });
      expect(request.body.metadata).to.deep.equal({ order_id: String(started.payment.id) });
      expect(await balance()).to.equal(flow.before);
      const answer = await browse(callback);
      expect(statusOf(answer.text)).to.equal('confirmed');
      expect(answer.text).to.include(`/financial/online-payment/result?status=confirmed&paymentId=${started.payment.id}`);
      const entries = await expectLedger(flow, 250_000n);
      expect(entries[0].amount).to.equal('250000');
      const verify = zarinpal.received.at(-1)!;
      expect(verify.path).to.equal('/pg/v4/payment/verify.json');
      expect(verify.body).to.deep.equal({ merchant_id: FakeZarinpal.MERCHANT_ID, amount: 250_000, authority: started.authority });
      expect(await paymentOf(started.payment.id)).to.include({ typeStatus: 'Confirmed', gatewayReferenceId: String(zarinpal.txns.get(started.authority)!.ref) });
    });

    it('a duplicate callback, sequential or concurrent, credits nothing more', async () => {
      const flow = await pay(zarinpalGateway, 70_000);
      const { callback } = flow;
      const answers = await Promise.all([browse(callback), browse(callback), browse(callback), browse(callback)]);
      expect(answers.map((a) => statusOf(a.text)).sort()).to.deep.equal(['alreadyConfirmed', 'alreadyConfirmed', 'alreadyConfirmed', 'confirmed']);
      expect(statusOf((await browse(callback)).text)).to.equal('alreadyConfirmed');
      await expectLedger(flow, 70_000n);
    });

    it('a verify that fails (the payer cancelled) rejects the payment, even if the callback is changed to OK', async () => {
      const flow = await pay(zarinpalGateway, 30_000, 'cancel');
      const { started, callback } = flow;
      expect(callback).to.include('Status=NOK');
      expect(statusOf((await browse(callback.replace('Status=NOK', 'Status=OK'))).text)).to.equal('failed');
      expect(statusOf((await browse(callback)).text)).to.equal('failed');
      await expectLedger(flow, 0n);
      expect(await paymentOf(started.payment.id)).to.include({ typeStatus: 'Rejected' });
    });

    it('a payment of another amount than requested is refused at verify: nothing credited, still waiting', async () => {
      const flow = await pay(zarinpalGateway, 90_000, 'pay', (started) => zarinpal.paidAmount(started.authority, 10_000));
      const { started, callback } = flow;
      const answer = await browse(callback);
      expect(answer.status).to.equal(400);
      expect(statusOf(answer.text)).to.equal('refused');
      await expectLedger(flow, 0n);
      expect(await paymentOf(started.payment.id)).to.include({ typeStatus: 'WatingForPay' });
      // A forged callback with an authority no payment has.
      expect((await browse('/api/Payments/OnlineCallback?Authority=A000000000000000000000000000000000XY&Status=OK')).status).to.equal(400);
    });

    it('a timeout: at start the payment is rejected unpaid; at verify nothing changes and a later callback credits once', async () => {
      const before = await balance();
      const rejectedBefore = ok(await api.get('Payments/GetAll?typePayment=OnLine&typeStatus=Rejected', { token: payerToken })).items.map((p: any) => p.id);
      zarinpal.hang = true;
      bad(await api.post('Payments/CreateOnline', { amount: 20_000, gatewayId: zarinpalGateway }, { token: payerToken }), 503);
      zarinpal.hang = false;
      const unstarted = ok(await api.get('Payments/GetAll?typePayment=OnLine&typeStatus=Rejected', { token: payerToken })).items.filter((p: any) => !rejectedBefore.includes(p.id));
      expect(unstarted).to.have.length(1);
      expect(unstarted[0]).to.include({ amount: '20000', rejectionDescription: 'The payment gateway did not start the payment.' });
      expect(await onlineEntries(unstarted[0].id)).to.have.length(0);
      const flow = await pay(zarinpalGateway, 20_000);
      const { started, callback } = flow;
      expect(flow.before).to.equal(before);
      zarinpal.hang = true;
      const waiting = await browse(callback);
      zarinpal.hang = false;
      expect(statusOf(waiting.text)).to.equal('pending');
      expect(await balance()).to.equal(before);
      expect(await paymentOf(started.payment.id)).to.include({ typeStatus: 'WatingForPay' });
      expect(statusOf((await browse(callback)).text)).to.equal('confirmed');
      expect(statusOf((await browse(callback)).text)).to.equal('alreadyConfirmed');
      await expectLedger(flow, 20_000n);
    });
  });

  describe('IDPay v1.1', () => {
    it('a good payment: create with the API key and sandbox header, the link, verify, one credit, the track_id kept', async () => {
      const flow = await pay(idpayGateway, 125_000);
      const { started, callback } = flow;
      expect(started.redirectUrl).to.equal(`${idpay.baseUrl}/p/ws/${started.authority}`);
      const request = idpay.received.at(-1)!;
      expect(request.path).to.equal('/v1.1/payment');
      expect(request.headers['x-api-key']).to.equal(FakeIdpay.API_KEY);
      expect(request.headers['x-sandbox']).to.equal('1');
      expect(request.body).to.include({ order_id: String(started.payment.id), amount: 125_000, callback: `${server.url}/api/Payments/OnlineCallback` });
      expect(callback).to.include('status=10');
      expect(statusOf((await browse(callback)).text)).to.equal('confirmed');
      expect(idpay.received.at(-1)!.body).to.deep.equal({ id: started.authority, order_id: String(started.payment.id) });
      await expectLedger(flow, 125_000n);
      expect(await paymentOf(started.payment.id)).to.include({ typeStatus: 'Confirmed', gatewayReferenceId: String(idpay.txns.get(started.authority)!.ref) });
    });

    it('a start IDPay refuses (amount below its minimum) answers 400 with its code and credits nothing', async () => {
      const before = await balance();
      const refused = bad(await api.post('Payments/CreateOnline', { amount: 500, gatewayId: idpayGateway }, { token: payerToken }), 400);
      expect(refused.message).to.include('34');
      expect(await balance()).to.equal(before);
    });

    it('a duplicate callback credits nothing more', async () => {
      const flow = await pay(idpayGateway, 40_000);
      const answers = await Promise.all([browse(flow.callback), browse(flow.callback), browse(flow.callback)]);
      expect(answers.map((a) => statusOf(a.text)).sort()).to.deep.equal(['alreadyConfirmed', 'alreadyConfirmed', 'confirmed']);
      await expectLedger(flow, 40_000n);
    });

    it('a verify that fails (cancelled, status 7, or forged to 10) rejects the payment and credits nothing', async () => {
      const flow = await pay(idpayGateway, 15_000, 'cancel');
      const { started, callback } = flow;
      expect(statusOf((await browse(callback.replace('status=7', 'status=10'))).text)).to.equal('failed');
      expect(statusOf((await browse(callback)).text)).to.equal('failed');
      await expectLedger(flow, 0n);
      expect(await paymentOf(started.payment.id)).to.include({ typeStatus: 'Rejected' });
    });

    it('a changed amount (in the callback or as verified) and another payment\'s order_id are refused', async () => {
      const flow = await pay(idpayGateway, 60_000);
      const { started, callback } = flow;
      expect((await browse(`${callback}&amount=600`)).status).to.equal(400);
      const other = await start(idpayGateway, 60_000);
      expect((await browse(callback.replace(`order_id=${started.payment.id}`, `order_id=${other.payment.id}`))).status).to.equal(400);
      idpay.paidAmount(started.authority, 6_000);
      const answer = await browse(callback);
      expect(answer.status).to.equal(400);
      expect(statusOf(answer.text)).to.equal('refused');
      await expectLedger(flow, 0n);
      expect(await paymentOf(started.payment.id)).to.include({ typeStatus: 'WatingForPay' });
    });

    it('a timeout at verify changes nothing; the next callback credits once', async () => {
      const flow = await pay(idpayGateway, 33_000);
      const { started, callback } = flow;
      idpay.hang = true;
      const waiting = await browse(flow.callback);
      idpay.hang = false;
      expect(statusOf(waiting.text)).to.equal('pending');
      expect(await onlineEntries(started.payment.id)).to.have.length(0);
      expect(statusOf((await browse(callback)).text)).to.equal('confirmed');
      await expectLedger(flow, 33_000n);
    });
  });
});
