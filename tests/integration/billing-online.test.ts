import 'reflect-metadata';
import { expect } from 'chai';
import { billingBackends, type BillingHarness } from '../support/billing-harness.js';
import { AppError } from '../../server/platform/http/errors.js';
import { GatewaysService } from '../../server/modules/billing/gateways/gateways.service.js';
import { sandboxSignature } from '../../server/modules/billing/gateways/sandbox.provider.js';
import type { OrganizationRow } from '../../server/modules/organizations/index.js';

const SECRET = 'integration-secret-0123456789';

for (const backend of billingBackends()) {
  describe(`billing online payments (sandbox gateway) on ${backend.name}`, function () {
    this.timeout(120_000);
    let h: BillingHarness;
    let gateways: GatewaysService;
    let reseller: OrganizationRow;
    let payer: OrganizationRow;
    let gatewayId: number;

    const params = (authority: string, amount: string, status: string, secret = SECRET) => ({ authority, amount, status, signature: sandboxSignature(secret, authority, amount, status) });
    const outcome = async (p: Promise<unknown>) => {
      try {
        return ((await p) as { status: string }).status;
      } catch (err) {
        if (err instanceof AppError) return `refused:${err.key}`;
        throw err;
      }
    };
    const onlineEntries = (paymentId: number) => h.knex('credit_ledger').where({ referenceType: 'payment', referenceId: String(paymentId), typeCreditChange: 'OnlinePayment' });

    before(async () => {
      h = await backend.open();
      gateways = h.container.get(GatewaysService);
      reseller = await h.org(null, 'Reseller', { type: 'reseller' });
      payer = await h.org(reseller, 'Payer');
      const gw = (await gateways.createGateway(h.systemContext(reseller), { typeIPG: 'Sandbox', title: 'Sandbox', configJson: { secret: SECRET } })) as { id: number };
      gatewayId = gw.id;
    });
    afterEach(async () => {
      const v = await h.billing.verify();
      expect(v.mismatches, 'ledger verify after the test').to.deep.equal([]);
      expect(v.brokenEntries).to.deep.equal([]);
    });
    after(async () => {
      if (h) await h.dispose();
    });

    it('20 concurrent genuine callbacks credit exactly once (OnlinePayment through the ledger)', async () => {
      const started = (await gateways.createOnline(h.systemContext(payer), { amount: '123456', gatewayId })) as any;
      expect(started.payment.typeStatus).to.equal('WatingForPay');
      expect(await h.account(payer.id)).to.satisfy((a: any) => a === null || a.balance === 0n);
      const p = params(started.authority, '123456', 'OK');
      const results = await Promise.all(Array.from({ length: 20 }, () => outcome(gateways.callback(h.systemContext(payer), p))));
      expect(results.filter((r) => r === 'confirmed')).to.have.length(1);
      expect(results.filter((r) => r === 'alreadyConfirmed')).to.have.length(19);
      expect(await h.account(payer.id)).to.deep.include({ balance: 123_456n, held: 0n });
      const entries = await onlineEntries(started.payment.id);
      expect(entries).to.have.length(1);
      expect(String(entries[0].amount)).to.equal('123456');
      expect((await h.knex('payments').where({ id: started.payment.id }).first()).typeStatus).to.equal('Confirmed');
    });

    it('failure, forged signature, wrong amount and unknown authority write nothing', async () => {
      const before = (await h.account(payer.id))?.balance ?? 0n;
      const started = (await gateways.createOnline(h.systemContext(payer), { amount: 5000, gatewayId })) as any;
      const a = started.authority as string;
      expect(await outcome(gateways.callback(h.systemContext(payer), params(a, '5000', 'OK', 'wrong-secret-0123456789')))).to.equal('refused:billing.callbackRefused');
      expect(await outcome(gateways.callback(h.systemContext(payer), params(a, '50', 'OK')))).to.equal('refused:billing.callbackRefused');
      expect(await outcome(gateways.callback(h.systemContext(payer), params('SBXnope', '5000', 'OK')))).to.equal('refused:billing.callbackRefused');
      expect(await outcome(gateways.callback(h.systemContext(payer), { authority: a, status: 'OK', amount: '5000' }))).to.equal('refused:billing.callbackRefused');
      expect((await h.knex('payments').where({ id: started.payment.id }).first()).typeStatus).to.equal('WatingForPay');
      expect(await outcome(gateways.callback(h.systemContext(payer), params(a, '5000', 'NOK')))).to.equal('failed');
      expect(await outcome(gateways.callback(h.systemContext(payer), params(a, '5000', 'OK')))).to.equal('failed');
      expect((await h.account(payer.id))?.balance ?? 0n).to.equal(before);
      expect(await onlineEntries(started.payment.id)).to.have.length(0);
      expect((await h.knex('payments').where({ id: started.payment.id }).first()).typeStatus).to.equal('Rejected');
    });
  });
}
