import { expect } from 'chai';
import { createHmac } from 'node:crypto';
import type { Knex } from 'knex';
import { ApiClient } from '../support/api-client.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { USER_PASSWORD } from '../support/fixtures.js';
import { bad, ok } from '../support/envelope.js';
import { standaloneSender } from '../support/sending.js';

const SECRET = 'sandbox-secret-0123456789';
const REFUSED_EN = 'The Sandbox test gateway is turned off on this server (production): it cannot be created, changed or used. Delete it and set up a real bank gateway.';
const REFUSED_FA = 'درگاه آزمایشی (Sandbox) روی این سرور (محیط عملیاتی) خاموش است: نمی‌توان آن را ساخت، تغییر داد یا با آن پرداخت کرد. آن را حذف کنید و درگاه بانکی واقعی تعریف کنید.';

/** The sandbox "bank" hands out signed Pay links to anyone: in production it must never credit a payer. */
describe('Billing: the Sandbox gateway is refused in production', function () {
  this.timeout(90_000);
  let server: TestServer;
  let api: ApiClient;
  let knex: Knex;
  let resellerToken: string;
  let resellerId: number;
  let payerToken: string;
  let payerId: number;
  let gatewayId: number;

  const browse = async (pathAndQuery: string) => {
    const res = await fetch(new URL(pathAndQuery, api.baseUrl));
    return { status: res.status, text: await res.text() };
  };
  const balanceOf = async (organizationId: number) => ok(await api.get(`Organizations/GetOrganizationCreditForAdmin?organizationId=${organizationId}`, { token: resellerToken })).balance as string;

  before(async () => {
    server = await startTestServer({ production: true });
    api = new ApiClient(server.url);
    knex = server.peyk.database.knex as Knex;
    const sender = await standaloneSender(api, 'Sandbox reseller');
    resellerToken = sender.token;
    resellerId = sender.organizationId;
    payerId = ok(await api.post('Organizations/Create', { name: 'Sandbox payer' }, { token: resellerToken })).id;
    ok(await api.post('Users/Create', { userName: 'sandboxpayer', password: USER_PASSWORD, changePasswordRequired: false, organizationId: payerId, isAdmin: true, firstName: 'P' }, { token: resellerToken }));
    payerToken = ok(await api.post('Account/Login', { userName: 'sandboxpayer', password: USER_PASSWORD })).accessToken;
    // A sandbox gateway left from before the install went to production.
    [{ id: gatewayId }] = await knex('payment_gateways').insert({
      organizationId: resellerId, typeIPG: 'Sandbox', title: 'Old sandbox', configJson: JSON.stringify({ secret: SECRET }), isGeneralUse: true, isActive: true,
    }).returning('id');
  });

  after(async () => {
    if (server) await server.stop();
  });

  it('refuses creating or changing a Sandbox gateway with 400 on typeIPG, in English and Persian', async () => {
    const body = { typeIPG: 'Sandbox', title: 'Free money', configJson: { secret: SECRET }, isGeneralUse: true };
    const en = bad(await api.post('PaymentGateways/Create', body, { token: resellerToken }), 400, 'typeIPG');
    expect(en.validationErrors![0].message).to.equal(REFUSED_EN);
    const fa = bad(await api.post('PaymentGateways/Create', body, { token: resellerToken, culture: 'fa' }), 400, 'typeIPG');
    expect(fa.validationErrors![0].message).to.equal(REFUSED_FA);
    bad(await api.post('PaymentGateways/Update', { id: gatewayId, title: 'Renamed', isGeneralUse: true }, { token: resellerToken }), 400, 'typeIPG');
    expect(await knex('payment_gateways').where({ typeIPG: 'Sandbox' }).count({ n: '*' }).then((r) => Number(r[0].n))).to.equal(1);
  });

  it('never offers or uses it: not described, CreateOnline refused on gatewayId, the page and a signed callback credit nothing', async () => {
    const described = ok(await api.get('Payments/GetDescriptorOnlineGateway', { token: payerToken }));
    expect(described.map((g: any) => g.id)).to.not.include(gatewayId);
    const refused = bad(await api.post('Payments/CreateOnline', { amount: 25_000, gatewayId }, { token: payerToken }), 400, 'gatewayId');
    expect(refused.validationErrors![0].message).to.equal(REFUSED_EN);

    // A payment started at the sandbox before production: its page is gone and its signed Pay link is refused.
    const before = await balanceOf(payerId);
    const authority = 'SBXleftfrombefore0000000000000001';
    const [{ id: paymentId }] = await knex('payments').insert({
      organizationId: payerId, receiverOrganizationId: resellerId, typePayment: 'OnLine', typeStatus: 'WatingForPay', amount: '25000', gatewayId, authority,
    }).returning('id');
    expect((await browse(`/api/Payments/SandboxPay?authority=${authority}`)).status).to.equal(404);
    const signature = createHmac('sha256', SECRET).update(`${authority}|25000|OK`).digest('hex');
    const callback = await browse(`/api/Payments/OnlineCallback?authority=${authority}&status=OK&amount=25000&signature=${signature}`);
    expect(callback.status).to.equal(400);
    expect(callback.text).to.include('data-status="refused"');
    expect(await balanceOf(payerId)).to.equal(before);
    expect((await knex('payments').where({ id: paymentId }).first()).typeStatus).to.equal('WatingForPay');
  });

  it('lets the owner delete it', async () => {
    ok(await api.delete(`PaymentGateways/Delete/${gatewayId}`, { token: resellerToken }));
  });
});
