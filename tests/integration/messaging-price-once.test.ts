import { expect } from 'chai';
import { ApiClient } from '../support/api-client.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { ok, standaloneLine, standaloneSender, tariffBody } from '../support/sending.js';
import { BillingService } from '../../server/modules/billing/index.js';
import { holdReference } from '../../server/modules/messaging/send-rules.js';

const HOUR = 3_600_000;

/**
 * The price of a send is computed once: the hold prices it inside the send's transaction and the
 * send row stores that breakdown. Compose's early price check runs before the transaction; a tariff
 * or price setting changed between the two must not leave the stored price and the held amount apart.
 */
describe('Send engine: the price is computed once (the hold answers what the send row stores)', function () {
  this.timeout(120_000);
  let server: TestServer;
  let api: ApiClient;
  let admin: string;
  let token: string;
  let orgId: number;
  let lineId: number;
  let tariffId: number;
  let billing: BillingService;
  /** Runs once right after compose's early check (billing's checkHold) answers, before the send's transaction. */
  let between: (() => Promise<void>) | null = null;

  before(async () => {
    server = await startTestServer();
    api = new ApiClient(server.url);
    ({ admin, token, organizationId: orgId } = await standaloneSender(api, 'Price once', 10_000_000));
    ({ lineId } = await standaloneLine(api, admin, '30006662', { deliveryDelayMs: 10, seed: 4 }));
    const assigned = ok(await api.get('Tariffs/GetAll', { token: admin })).items.find((t: any) => t.title === 'Price once flat 100');
    tariffId = assigned.id;
    billing = server.peyk.container.get(BillingService);
    const original = billing.checkHold.bind(billing);
    billing.checkHold = async (input) => {
      const answer = await original(input);
      const hook = between;
      between = null;
      if (hook) await hook();
      return answer;
    };
  });

  after(async () => {
    between = null;
    await server?.stop();
  });

  // For later, so the hold stays open while the test reads it.
  const later = (receivers: string[]) => api.post('ScheduledMessages/Create', {
    senderNumberId: lineId, smsBody: 'Price once', sendType: 'Bulk', receivers, sendDirect: false, sendDateTime: new Date(Date.now() + HOUR).toISOString(),
  }, { token });
  const held = async (sendId: number) => (await billing.getHold(holdReference(sendId)))?.amount;
  const credit = async () => BigInt(ok(await api.get(`Organizations/GetOrganizationCreditForAdmin?organizationId=${orgId}`, { token: admin })).held);

  it('stores the price the hold holds when the tariff changes after the early check', async () => {
    ok(await api.post('Tariffs/Update', { id: tariffId, ...tariffBody('Price once flat 100', 100) }, { token: admin }));
    between = async () => {
      ok(await api.post('Tariffs/Update', { id: tariffId, ...tariffBody('Price once flat 100', 150) }, { token: admin }));
    };
    const heldBefore = await credit();
    const created = ok(await later(['09121250001', '09121250002']));
    expect(between, 'the tariff changed between the check and the hold').to.equal(null);
    const stored = ok(await api.get(`OutBox/Get/${created.id}`, { token }));
    expect(stored.totalPrice).to.equal(await held(created.id));
    expect(stored.totalPrice).to.equal('300');
    expect(created.totalPrice).to.equal('300');
    expect(stored.sendPrice).to.equal('300');
    expect((await credit()) - heldBefore).to.equal(300n);
  });

  it('stores the levy and VAT breakdown the hold held when the price settings change after the early check', async () => {
    ok(await api.post('Tariffs/Update', { id: tariffId, ...tariffBody('Price once flat 100', 100) }, { token: admin }));
    ok(await api.post('Organizations/Update', { id: orgId, isTax: true }, { token: admin }));
    ok(await api.post('MainSettings/Update', { Tax: '10', ResolutionOfParliament: '0' }, { token: admin }));
    try {
      between = async () => {
        ok(await api.post('MainSettings/Update', { Tax: '9', ResolutionOfParliament: '7' }, { token: admin }));
      };
      const created = ok(await later(['09121250003', '09121250004', '09121250005']));
      expect(between).to.equal(null);
      const stored = ok(await api.get(`OutBox/Get/${created.id}`, { token }));
      // 3 parts: price 300, levy 3 × 7 = 21, VAT 9 % of 321 = 28.89 → 29, total 350.
      expect({ price: stored.sendPrice, levy: stored.resolutionOfParliamentPrice, tax: stored.taxPrice, total: stored.totalPrice })
        .to.deep.equal({ price: '300', levy: '21', tax: '29', total: '350' });
      expect(stored.totalPrice).to.equal(await held(created.id));
    } finally {
      ok(await api.post('MainSettings/Update', { Tax: null, ResolutionOfParliament: null }, { token: admin }));
      ok(await api.post('Organizations/Update', { id: orgId, isTax: false }, { token: admin }));
    }
  });

  it('a send of the system organization costs nothing without a tariff, stores its price at a tariff of its own, and holds nothing', async () => {
    const knex = server.peyk.database.knex;
    const system = await knex('organizations').where({ type: 'system' }).first();
    const bySystem = (receivers: string[]) => api.post('ScheduledMessages/Create', {
      senderNumberId: lineId, smsBody: 'From the system', sendType: 'Bulk', receivers, sendDirect: false, sendDateTime: new Date(Date.now() + HOUR).toISOString(),
    }, { token: admin });
    // No tariff (the API cannot assign one to the root): it is never charged, so the send is priced 0
    // (issue 14: a fresh install's administrator sends a test message at once).
    const free = ok(await bySystem(['09121250010']));
    expect(free).to.include({ sendPrice: '0', totalPrice: '0' });
    expect(await billing.getHold(holdReference(free.id))).to.deep.include({ amount: '0', lines: [] });
    // A tariff put there by hand: the send row carries that price; no account holds anything.
    const [row] = await knex('tariffs').insert({
      ownerOrganizationId: system.id, title: 'System own',
      ranges: JSON.stringify([{ lineType: 'default', fromCount: 0, toCount: null, prices: { mci: '70', irancell: '70', rightel: '70', other: '70', international: '700' } }]),
    }).returning('id');
    await knex('organization_tariffs').insert({ organizationId: system.id, tariffId: row.id });
    try {
      const created = ok(await bySystem(['09121250011', '09121250012']));
      expect(created.totalPrice).to.equal('140');
      expect(ok(await api.get(`OutBox/Get/${created.id}`, { token: admin })).totalPrice).to.equal('140');
      expect(await billing.getHold(holdReference(created.id))).to.deep.include({ amount: '0', lines: [] });
      // The tariff taken away between the early check and the hold: the hold's answer wins (no tariff: 0).
      between = async () => {
        await knex('organization_tariffs').where({ organizationId: system.id }).del();
      };
      const untariffed = ok(await bySystem(['09121250013']));
      expect(between).to.equal(null);
      expect(untariffed.totalPrice).to.equal('0');
      expect(ok(await api.get(`OutBox/Get/${untariffed.id}`, { token: admin })).totalPrice).to.equal('0');
    } finally {
      between = null;
      await knex('organization_tariffs').where({ organizationId: system.id }).del();
    }
  });

  it('without a change in between, the answers and amounts are as before', async () => {
    const created = ok(await later(['09121250006']));
    expect(created.totalPrice).to.equal('100');
    expect(await held(created.id)).to.equal('100');
  });
});
