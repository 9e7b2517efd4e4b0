import 'reflect-metadata';
import { expect } from 'chai';
import { billingBackends, type BillingHarness } from '../support/billing-harness.js';
import { TYPES } from '../../server/platform/tokens.js';
import type { Clock } from '../../server/platform/clock.js';
import { GatewaysService } from '../../server/modules/billing/gateways/gateways.service.js';
import { MainSettingsService } from '../../server/modules/billing/main-settings.service.js';
import { sandboxSignature } from '../../server/modules/billing/gateways/sandbox.provider.js';
import type { OrganizationRow } from '../../server/modules/organizations/index.js';

const SECRET = 'abandoned-secret-0123456789';
const MINUTE = 60_000;

for (const backend of billingBackends()) {
  describe(`billing abandoned online payments and their invoices on ${backend.name}`, function () {
    this.timeout(120_000);
    let h: BillingHarness;
    let gateways: GatewaysService;
    let payer: OrganizationRow;
    let gatewayId: number;
    // The injected clock: tests move it forward instead of waiting.
    let offsetMs = 0;
    const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };

    const params = (authority: string, amount: string, status: string) => ({ authority, amount, status, signature: sandboxSignature(SECRET, authority, amount, status) });
    const payment = async (id: number) => h.knex('payments').where({ id }).first();
    const onlineEntries = (paymentId: number) => h.knex('credit_ledger').where({ referenceType: 'payment', referenceId: String(paymentId) });

    before(async () => {
      h = await backend.open();
      h.container.rebind<Clock>(TYPES.Clock).toConstantValue(clock);
      gateways = h.container.get(GatewaysService);
      const reseller = await h.org(null, 'Reseller', { type: 'reseller' });
      payer = await h.org(reseller, 'Payer', { isTax: true });
      const gw = (await gateways.createGateway(h.systemContext(reseller), { typeIPG: 'Sandbox', title: 'Sandbox', configJson: { secret: SECRET } })) as { id: number };
      gatewayId = gw.id;
    });
    beforeEach(() => { offsetMs = 0; });
    afterEach(async () => {
      const v = await h.billing.verify();
      expect(v.mismatches).to.deep.equal([]);
    });
    after(async () => {
      if (h) await h.dispose();
    });

    it('the sweep rejects a payment waiting longer than OnlinePaymentTimeoutMinutes (default 30) and a late OK callback credits nothing', async () => {
      const fresh = (await gateways.createOnline(h.systemContext(payer), { amount: '7000', gatewayId })) as any;
      offsetMs = 29 * MINUTE;
      expect(await gateways.expireAbandonedPayments()).to.not.include(fresh.payment.id);
      expect((await payment(fresh.payment.id)).typeStatus).to.equal('WatingForPay');
      offsetMs = 31 * MINUTE;
      expect(await gateways.expireAbandonedPayments()).to.include(fresh.payment.id);
      const expired = await payment(fresh.payment.id);
      expect(expired).to.include({ typeStatus: 'Rejected', rejectionDescription: 'The online payment was not completed in time.' });
      expect((await gateways.callback(h.systemContext(payer), params(fresh.authority, '7000', 'OK'))).status).to.equal('failed');
      expect(await onlineEntries(fresh.payment.id)).to.have.length(0);
      expect(await h.knex('invoices').where({ kind: 'payment', referenceId: fresh.payment.id })).to.have.length(0);
      // A second sweep finds nothing new.
      expect(await gateways.expireAbandonedPayments()).to.not.include(fresh.payment.id);
    });

    it('a late callback is refused credit even before the sweep runs, and the timeout follows the main setting', async () => {
      await h.container.get(MainSettingsService).update(h.systemContext(payer), { OnlinePaymentTimeoutMinutes: 5 });
      try {
        const started = (await gateways.createOnline(h.systemContext(payer), { amount: '9000', gatewayId })) as any;
        offsetMs = 6 * MINUTE;
        expect((await gateways.callback(h.systemContext(payer), params(started.authority, '9000', 'OK'))).status).to.equal('failed');
        expect((await payment(started.payment.id)).typeStatus).to.equal('Rejected');
        expect(await onlineEntries(started.payment.id)).to.have.length(0);
      } finally {
        await h.container.get(MainSettingsService).update(h.systemContext(payer), { OnlinePaymentTimeoutMinutes: null });
      }
    });

    it('a verified callback in time credits once and issues one invoice (VAT inside the amount)', async () => {
      const started = (await gateways.createOnline(h.systemContext(payer), { amount: '110000', gatewayId })) as any;
      offsetMs = 10 * MINUTE;
      const p = params(started.authority, '110000', 'OK');
      const results = await Promise.all(Array.from({ length: 5 }, () => gateways.callback(h.systemContext(payer), p)));
      expect(results.filter((r) => r.status === 'confirmed')).to.have.length(1);
      const invoices = await h.knex('invoices').where({ kind: 'payment', referenceId: started.payment.id });
      expect(invoices).to.have.length(1);
      expect(invoices[0]).to.include({ taxPercent: '10' });
      expect([String(invoices[0].price), String(invoices[0].tax), String(invoices[0].levy), String(invoices[0].total)]).to.deep.equal(['100000', '10000', '0', '110000']);
      expect(await gateways.expireAbandonedPayments()).to.not.include(started.payment.id);
    });
  });
}
