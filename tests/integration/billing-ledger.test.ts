import 'reflect-metadata';
import { expect } from 'chai';
import { billingBackends, type BillingHarness } from '../support/billing-harness.js';
import { failureCodeOf, type HoldView } from '../../server/modules/billing/index.js';
import { PaymentsService } from '../../server/modules/billing/payments.service.js';
import { MainSettingsService } from '../../server/modules/billing/main-settings.service.js';
import { AppError } from '../../server/platform/http/errors.js';

async function failure(p: Promise<unknown>): Promise<string | null> {
  try {
    await p;
  } catch (err) {
    return failureCodeOf(err) ?? (err as Error).message;
  }
  return null;
}

for (const backend of billingBackends()) {
  describe(`billing ledger on ${backend.name}`, function () {
    this.timeout(120_000);
    let h: BillingHarness;
    let n = 0;
    const ref = (p: string) => `${p}-${++n}`;

    before(async () => { h = await backend.open(); });
    afterEach(async () => {
      const v = await h.billing.verify();
      expect(v.mismatches, 'ledger verify after the test').to.deep.equal([]);
      expect(v.brokenEntries).to.deep.equal([]);
    });
    after(async () => {
      if (!h) return;
      const v = await h.billing.verify();
      expect(v.ok, 'ledger verify after the file').to.equal(true);
      await h.dispose();
    });

    for (const mode of ['grouped', 'one transaction each'] as const) it(`1,000 concurrent holds of 1 part against 500 parts of credit (${mode}): exactly 500 succeed, never below zero`, async () => {
      const org = await h.org(null, `hot ${mode}`);
      h.billing.setBatching(mode === 'grouped');
      await h.tariff(org.parentId as number, org.id, { mci: 100 });
      await h.fund(org.id, 50_000n);
      let polling = true;
      let lowest: bigint | null = null;
      const poller = (async () => {
        while (polling) {
          const a = await h.account(org.id);
          if (a && (lowest === null || a.available < lowest)) lowest = a.available;
          await new Promise((r) => setTimeout(r, 2));
        }
      })();
      const results = await Promise.allSettled(Array.from({ length: 1000 }, (_, i) => h.billing.hold(null, { reference: `hot-${mode}-${i}`, organizationId: org.id, parts: { mci: 1 } })));
      polling = false;
      await poller;
      h.billing.setBatching(true);
      const ok = results.filter((r) => r.status === 'fulfilled');
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(ok.length).to.equal(500);
      expect(refused.length).to.equal(500);
      for (const r of refused) expect(failureCodeOf(r.reason), String(r.reason)).to.equal('OrganizationCreditNotEnough');
      const after = await h.account(org.id);
      expect(after).to.deep.include({ balance: 50_000n, held: 50_000n, available: 0n });
      expect(lowest === null || (lowest as bigint) >= 0n, `lowest available seen: ${lowest}`).to.equal(true);
      // Settling every hold spends the balance to exactly zero.
      for (const r of ok) await h.billing.settle(null, (r as PromiseFulfilledResult<HoldView>).value.reference);
      expect(await h.account(org.id)).to.deep.include({ balance: 0n, held: 0n, available: 0n });
      const [{ c }] = await h.knex('credit_ledger').whereIn('accountId', h.knex('credit_accounts').select('id').where({ organizationId: org.id })).count({ c: '*' });
      expect(Number(c)).to.equal(501);
    });

    it('holds along a three-level chain at each tariff, or nothing when the top ancestor is short', async () => {
      const top = await h.org(null, 'reseller');
      const mid = await h.org(top, 'org');
      const leaf = await h.org(mid, 'sub');
      const system = top.parentId as number;
      await h.tariff(system, top.id, { mci: 50 });
      await h.tariff(top.id, mid.id, { mci: 80 });
      await h.tariff(mid.id, leaf.id, { mci: 100 });
      await h.fund(leaf.id, 10_000n);
      await h.fund(mid.id, 10_000n);
      await h.fund(top.id, 499n); // 10 parts at 50 = 500: one rial short

      expect(await failure(h.billing.hold(null, { reference: 'chain-short', organizationId: leaf.id, parts: { mci: 10 } }))).to.equal('AdminCreditNotEnough');
      for (const o of [top, mid, leaf]) expect((await h.account(o.id))?.held, o.name).to.equal(0n);
      expect(await h.billing.getHold('chain-short')).to.equal(null);

      await h.fund(top.id, 1n);
      const held = await h.billing.hold(null, { reference: 'chain-ok', organizationId: leaf.id, parts: { mci: 10 } });
      expect(held.amount).to.equal('1000');
      expect(held.lines.map((l) => [l.organizationId, l.role, l.amount])).to.have.deep.members([
        [leaf.id, 'organization', '1000'], [mid.id, 'ancestor', '800'], [top.id, 'ancestor', '500'],
      ]);
      expect((await h.account(top.id))?.available).to.equal(0n);
      expect((await h.account(mid.id))?.available).to.equal(9_200n);

      // The middle organization short: OrganizationCreditNotEnough is for the sender, AdminCreditNotEnough for ancestors.
      expect(await failure(h.billing.hold(null, { reference: 'chain-mid', organizationId: mid.id, parts: { mci: 1 } }))).to.equal('AdminCreditNotEnough');
      expect(await failure(h.billing.hold(null, { reference: 'chain-leaf-big', organizationId: leaf.id, parts: { mci: 91 } }))).to.equal('OrganizationCreditNotEnough');
      await h.billing.release(null, 'chain-ok');
      for (const o of [top, mid, leaf]) expect((await h.account(o.id))?.held).to.equal(0n);
    });

    it("holds the user's allowance first, and answers UserCreditNotEnough", async () => {
      const org = await h.org(null, 'with-users');
      await h.tariff(org.parentId as number, org.id, { mci: 10, irancell: 12 });
      await h.fund(org.id, 1_000n);
      const limited = await h.user(org.id, `limited${Date.now()}`);
      const free = await h.user(org.id, `free${Date.now()}`);
      await h.fundUser(org.id, limited, 100n);
      expect(await failure(h.billing.hold(null, { reference: ref('u'), organizationId: org.id, userId: limited, parts: { mci: 5, irancell: 5 } }))).to.equal('UserCreditNotEnough');
      const ok = await h.billing.hold(null, { reference: ref('u'), organizationId: org.id, userId: limited, parts: { mci: 4, irancell: 5 } });
      expect(ok.lines.find((l) => l.role === 'user')?.amount).to.equal('100');
      expect((await h.account(org.id, limited))?.available).to.equal(0n);
      // A user without an allowance is limited by the organization only.
      await h.billing.hold(null, { reference: ref('u'), organizationId: org.id, userId: free, parts: { mci: 50 } });
      expect((await h.account(org.id))?.available).to.equal(400n);
    });

    it('settle twice and refund twice apply once; refunds never exceed what was held', async () => {
      const top = await h.org(null, 'r2');
      const org = await h.org(top, 'o2');
      await h.tariff(top.parentId as number, top.id, { mci: 5, other: 7 });
      await h.tariff(top.id, org.id, { mci: 10, other: 20 });
      await h.fund(top.id, 1_000n);
      await h.fund(org.id, 1_000n);
      const reference = ref('s');
      await h.billing.hold(null, { reference, organizationId: org.id, parts: { mci: 10, other: 5 } });
      const first = await h.billing.settle(null, reference);
      const second = await h.billing.settle(null, reference);
      expect([first.applied, second.applied]).to.deep.equal([true, false]);
      expect(await h.account(org.id)).to.deep.include({ balance: 800n, held: 0n });
      expect(await h.account(top.id)).to.deep.include({ balance: 915n, held: 0n });

      const r1 = await h.billing.refund(null, reference, { mci: 3, other: 1 });
      const r2 = await h.billing.refund(null, reference, { mci: 3, other: 1 });
      expect([r1.applied, r2.applied]).to.deep.equal([true, false]);
      expect((await h.account(org.id))?.balance).to.equal(850n);
      expect((await h.account(top.id))?.balance).to.equal(937n);
      // A second, different refund key is a new refund; beyond what was held it is refused.
      expect(await failure(h.billing.refund(null, reference, { mci: 8 }, 'dlr-2'))).to.match(/refundExceedsHeld|status\.400/);
      await h.billing.refund(null, reference, { mci: 7, other: 4 }, 'dlr-2');
      expect((await h.account(org.id))?.balance).to.equal(1_000n);
      expect((await h.account(top.id))?.balance).to.equal(1_000n);
      // Concurrent repeats of a settle of another hold still settle once.
      const reference2 = ref('s');
      await h.billing.hold(null, { reference: reference2, organizationId: org.id, parts: { mci: 1 } });
      const again = await Promise.all(Array.from({ length: 5 }, () => h.billing.settle(null, reference2)));
      expect(again.filter((v) => v.applied).length).to.equal(1);
      expect((await h.account(org.id))?.balance).to.equal(990n);
      // A repeated hold of the same reference changes nothing; release after settle is refused.
      const repeat = await h.billing.hold(null, { reference: reference2, organizationId: org.id, parts: { mci: 1 } });
      expect(repeat.applied).to.equal(false);
      expect(await failure(h.billing.release(null, reference2))).to.equal('billing.holdSettled');
    });

    it('refunds during an open hold free the credit at once and settle as a charge plus a give-back', async () => {
      const org = await h.org(null, 'open-refund');
      await h.tariff(org.parentId as number, org.id, { mci: 10 });
      await h.fund(org.id, 100n);
      const reference = ref('o');
      await h.billing.hold(null, { reference, organizationId: org.id, parts: { mci: 10 } });
      expect((await h.account(org.id))?.available).to.equal(0n);
      const a = await h.billing.refund(null, reference, { mci: 3 }, 'dlr-1');
      const b = await h.billing.refund(null, reference, { mci: 3 }, 'dlr-1');
      expect([a.applied, b.applied]).to.deep.equal([true, false]);
      expect(await h.account(org.id)).to.deep.include({ balance: 100n, held: 70n, available: 30n });
      await h.billing.settle(null, reference);
      expect(await h.account(org.id)).to.deep.include({ balance: 30n, held: 0n });
      const entries = await h.knex('credit_ledger').where({ organizationId: org.id, referenceId: reference }).orderBy('id').select('typeCreditChange', 'amount');
      expect(entries.map((e) => [e.typeCreditChange, String(e.amount)])).to.deep.equal([['SendSms', '-100'], ['GiveBackCostOfUnsuccessSent', '30']]);
      // After settling, a refund of the rest is an entry right away; more than was held is refused.
      await h.billing.refund(null, reference, { mci: 7 }, 'dlr-2');
      expect((await h.account(org.id))?.balance).to.equal(100n);
      expect(await failure(h.billing.refund(null, reference, { mci: 1 }, 'dlr-3'))).to.equal('billing.refundExceedsHeld');
      // A released hold gives back only what was still held.
      const other = ref('o');
      await h.billing.hold(null, { reference: other, organizationId: org.id, parts: { mci: 5 } });
      await h.billing.refund(null, other, { mci: 2 });
      await h.billing.release(null, other);
      expect(await h.account(org.id)).to.deep.include({ balance: 100n, held: 0n });
      expect(await failure(h.billing.refund(null, other, { mci: 1 }, 'late'))).to.equal('billing.holdReleased');
    });

    it('settleMany writes the entries settle writes one by one (charges, give-backs, running balances), once', async () => {
      const parent = await h.org(null, 'many-parent');
      const org = await h.org(parent, 'many-child');
      await h.tariff(parent.parentId as number, parent.id, { mci: 7 });
      await h.tariff(parent.id, org.id, { mci: 10 });
      await h.fund(parent.id, 1_000n);
      await h.fund(org.id, 1_000n);
      const one = [ref('s1'), ref('s1'), ref('s1')];
      const many = [ref('sm'), ref('sm'), ref('sm')];
      for (const reference of [...one, ...many]) await h.billing.hold(null, { reference, organizationId: org.id, parts: { mci: 2 } });
      // One of each with a refund while held: it settles as a charge plus a give-back.
      await h.billing.refund(null, one[1], { mci: 1 }, 'dlr');
      await h.billing.refund(null, many[1], { mci: 1 }, 'dlr');
      for (const reference of one) await h.billing.settle(null, reference);
      const settled = await h.uow.run((tx) => h.billing.settleMany(tx, [...many, one[0]]));
      expect(settled, 'a hold settled already is skipped').to.deep.equal(many);
      expect(await h.uow.run((tx) => h.billing.settleMany(tx, many)), 'a repeat settles nothing').to.deep.equal([]);
      const shape = async (refs: string[]) => {
        const rows = await h.knex('credit_ledger').whereIn('referenceId', refs).orderBy('id').select('referenceId', 'organizationId', 'typeCreditChange', 'amount');
        return rows.map((r) => [refs.indexOf(r.referenceId), r.organizationId, r.typeCreditChange, String(r.amount)]);
      };
      expect(await shape(many)).to.deep.equal(await shape(one));
      expect(await h.account(org.id)).to.deep.include({ held: 0n, balance: 1_000n - 2n * (3n * 20n - 10n) });
      expect(await h.account(parent.id)).to.deep.include({ held: 0n, balance: 1_000n - 2n * (3n * 14n - 7n) });
      // Each entry's currentCredit is its account's balance right after it.
      const entries = await h.knex('credit_ledger').where({ organizationId: org.id }).orderBy('id').select('amount', 'currentCredit');
      let balance = 0n;
      for (const e of entries) {
        balance += BigInt(e.amount);
        expect(BigInt(e.currentCredit)).to.equal(balance);
      }
    });

    it('concurrent holds, settles, refunds and releases over one chain keep every account exact', async () => {
      const top = await h.org(null, 'mixed-top');
      const org = await h.org(top, 'mixed-org');
      await h.tariff(top.parentId as number, top.id, { mci: 5 });
      await h.tariff(top.id, org.id, { mci: 10 });
      await h.fund(top.id, 100_000n);
      await h.fund(org.id, 100_000n);
      await Promise.all(Array.from({ length: 300 }, async (_, i) => {
        const reference = `mixed-${i}`;
        await h.billing.hold(null, { reference, organizationId: org.id, parts: { mci: 2 } });
        if (i % 3 === 0) await h.billing.settle(null, reference);
        else if (i % 3 === 1) await h.billing.release(null, reference);
        else {
          await h.billing.refund(null, reference, { mci: 1 });
          await Promise.all([h.billing.settle(null, reference), h.billing.settle(null, reference)]);
        }
      }));
      expect(await h.account(org.id)).to.deep.include({ balance: 100_000n - 3_000n, held: 0n });
      expect(await h.account(top.id)).to.deep.include({ balance: 100_000n - 1_500n, held: 0n });
    });

    it('a refused hold inside a caller transaction leaves nothing behind', async () => {
      const org = await h.org(null, 'in-tx');
      await h.tariff(org.parentId as number, org.id, { mci: 10 });
      await h.fund(org.id, 15n);
      await h.uow.run(async (tx) => {
        await h.billing.hold(tx, { reference: 'tx-ok', organizationId: org.id, parts: { mci: 1 } });
        expect(await failure(h.billing.hold(tx, { reference: 'tx-short', organizationId: org.id, parts: { mci: 1 } }))).to.equal('OrganizationCreditNotEnough');
      });
      expect(await h.billing.getHold('tx-short')).to.equal(null);
      expect((await h.billing.getHold('tx-ok'))?.status).to.equal('held');
      expect((await h.account(org.id))?.available).to.equal(5n);
    });

    it('prices with levy and VAT, and answers GroupPriceIsNull and NotDefineSmsRateType', async () => {
      const settings = h.container.get(MainSettingsService);
      const org = await h.org(null, 'taxed', { isTax: true });
      const bare = await h.org(null, 'no-tariff');
      await h.tariff(org.parentId as number, org.id, { mci: 100 });
      await h.fund(org.id, 10_000n);
      await h.fund(bare.id, 10_000n);
      await settings.update(h.systemContext(org), { Tax: '9', ResolutionOfParliament: '10' });
      const held = await h.billing.hold(null, { reference: ref('t'), organizationId: org.id, parts: { mci: 3 } });
      // 300 price + 30 levy, VAT 9 % of 330 = 29.7 → 30 (rounded up)
      expect(held.amount).to.equal('360');
      expect(await failure(h.billing.hold(null, { reference: ref('t'), organizationId: bare.id, parts: { mci: 1 } }))).to.equal('GroupPriceIsNull');
      expect(await failure(h.billing.hold(null, { reference: ref('t'), organizationId: org.id, parts: { rightel: 1 } }))).to.equal('NotDefineSmsRateType');
      await settings.update(h.systemContext(org), { Tax: '10', ResolutionOfParliament: '0' });
    });

    for (const mode of ['grouped', 'one transaction each', 'in a caller transaction'] as const) it(`answers the sending organization's price breakdown the hold computed (${mode}), the same on a repeat and later views`, async () => {
      const settings = h.container.get(MainSettingsService);
      const top = await h.org(null, `price-top ${mode}`);
      const org = await h.org(top, `price-org ${mode}`, { isTax: true });
      await h.tariff(top.parentId as number, top.id, { mci: 50, irancell: 60 });
      await h.tariff(top.id, org.id, { mci: 100, irancell: 120 });
      await h.fund(top.id, 10_000n);
      await h.fund(org.id, 10_000n);
      await settings.update(h.systemContext(org), { Tax: '9', ResolutionOfParliament: '10' });
      h.billing.setBatching(mode === 'grouped');
      try {
        const reference = ref('price');
        const input = { reference, organizationId: org.id, parts: { mci: 2, irancell: 1 } };
        const held = mode === 'in a caller transaction' ? await h.uow.run((tx) => h.billing.hold(tx, input)) : await h.billing.hold(null, input);
        // 200 + 120 price, 30 levy, VAT 9 % of 350 = 31.5 → 32: the organization's own line, not the ancestor's.
        expect(held.price).to.deep.equal({ price: '320', levy: '30', tax: '32', total: '382' });
        expect(held.amount).to.equal('382');
        expect((await h.billing.hold(null, input)).price, 'a repeat').to.deep.equal(held.price);
        expect((await h.billing.getHold(reference))?.price).to.deep.equal(held.price);
        expect((await h.billing.release(null, reference)).price).to.deep.equal(held.price);
      } finally {
        h.billing.setBatching(true);
        await settings.update(h.systemContext(org), { Tax: '10', ResolutionOfParliament: '0' });
      }
    });

    it('the system organization holds nothing: its price is the one at its own tariff, or 0 without one', async () => {
      const system = await h.knex('organizations').where({ type: 'system' }).first();
      const bare = await h.billing.hold(null, { reference: ref('sys'), organizationId: system.id, parts: { mci: 2 } });
      // Never charged: without a tariff of its own there is nothing to price it at (issue 14: the first test message).
      expect(bare).to.deep.include({ amount: '0', price: { price: '0', levy: '0', tax: '0', total: '0' }, lines: [] });
      await h.tariff(system.id, system.id, { mci: 70 });
      try {
        const priced = await h.billing.hold(null, { reference: ref('sys'), organizationId: system.id, parts: { mci: 2 } });
        expect(priced).to.deep.include({ amount: '0', lines: [] });
        expect(priced.price).to.deep.equal({ price: '140', levy: '0', tax: '0', total: '140' });
        // Nothing stored to price a repeat from: a later view answers null.
        expect((await h.billing.getHold(priced.reference))?.price).to.equal(null);
      } finally {
        await h.knex('organization_tariffs').where({ organizationId: system.id }).del();
      }
    });

    it('postpaid organizations go below zero down to their limit, and no further', async () => {
      const org = await h.org(null, 'postpaid', { isPostpaid: true });
      await h.tariff(org.parentId as number, org.id, { mci: 100 });
      const accountId = await h.uow.run((tx) => h.billing.organizationAccountId(tx, org.id));
      await h.knex('credit_accounts').where({ id: accountId }).update({ creditLimit: '250' });
      await h.billing.hold(null, { reference: ref('p'), organizationId: org.id, parts: { mci: 2 } });
      expect(await failure(h.billing.hold(null, { reference: ref('p'), organizationId: org.id, parts: { mci: 1 } }))).to.equal('OrganizationCreditNotEnough');
      expect((await h.account(org.id))?.available).to.equal(-200n);
    });

    it('confirming a payment twice concurrently credits it once; a rejected payment cannot be confirmed', async () => {
      const payments = h.container.get(PaymentsService);
      const payer = await h.org(null, 'payer');
      const system = await h.knex('organizations').where({ id: payer.parentId }).first();
      const ctx = h.systemContext(system);
      const payment = await payments.create(ctx, { organizationId: payer.id, typePayment: 'Cash', amount: '250000' }) as { id: number };
      const results = await Promise.all([payments.confirm(ctx, payment.id), payments.confirm(ctx, payment.id), payments.confirm(ctx, payment.id)]);
      expect(results.filter((r) => r.applied).length).to.equal(1);
      expect((await h.account(payer.id))?.balance).to.equal(250_000n);
      const rejected = await payments.create(ctx, { organizationId: payer.id, typePayment: 'Card', amount: 10 }) as { id: number };
      await payments.reject(ctx, rejected.id, 'no such transfer');
      expect(await failure(payments.confirm(ctx, rejected.id))).to.equal('billing.paymentAlreadyRejected');
      expect((await h.account(payer.id))?.balance).to.equal(250_000n);
    });

    it('a credit past the balance ceiling (10^18 rials) answers 400 on amount and writes nothing, a payment confirm included', async () => {
      const caught = async (p: Promise<unknown>): Promise<unknown> => { try { await p; } catch (err) { return err; } return null; };
      const ceiling = 10n ** 18n;
      const org = await h.org(null, 'ceiling');
      await h.fund(org.id, ceiling - 5n);
      const entries = async () => Number((await h.knex('credit_ledger').where({ organizationId: org.id }).count({ n: '*' }))[0].n);
      const err = await caught(h.fund(org.id, 6n));
      expect(err, 'a credit past the ceiling is refused').to.be.instanceOf(AppError);
      expect((err as AppError).status).to.equal(400);
      expect((err as AppError).validationErrors.map((v) => v.propertyName)).to.deep.equal(['amount']);
      expect((await h.account(org.id))?.balance).to.equal(ceiling - 5n);
      expect(await entries()).to.equal(1);
      // Confirming a payment onto the full account: 400, the payment stays Checking, nothing credited.
      const payments = h.container.get(PaymentsService);
      const system = await h.knex('organizations').where({ id: org.parentId }).first();
      const ctx = h.systemContext(system);
      const payment = await payments.create(ctx, { organizationId: org.id, typePayment: 'Cash', amount: '1000' }) as { id: number };
      const refused = await caught(payments.confirm(ctx, payment.id));
      expect(refused).to.be.instanceOf(AppError);
      expect((refused as AppError).status).to.equal(400);
      expect((await h.knex('payments').where({ id: payment.id }).first()).typeStatus).to.equal('Checking');
      expect(await entries()).to.equal(1);
      // Up to the ceiling itself is fine.
      await h.fund(org.id, 5n);
      expect((await h.account(org.id))?.balance).to.equal(ceiling);
    });

    it('the ledger is append-only and verify finds a tampered balance', async () => {
      const org = await h.org(null, 'tamper');
      await h.fund(org.id, 10n);
      expect(await failure(h.knex('credit_ledger').update({ amount: 11 }).where({ organizationId: org.id }))).to.match(/append-only/);
      await h.knex('credit_accounts').where({ organizationId: org.id }).update({ balance: '11' });
      const v = await h.billing.verify();
      expect(v.ok).to.equal(false);
      expect(v.mismatches.map((m) => m.organizationId)).to.include(org.id);
      await h.knex('credit_accounts').where({ organizationId: org.id }).update({ balance: '10' });
    });
  });
}
