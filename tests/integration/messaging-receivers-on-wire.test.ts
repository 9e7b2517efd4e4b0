import 'reflect-metadata';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { testDatabases } from '../support/databases.js';
import { ReceiversRepository } from '../../server/modules/messaging/receivers.repository.js';
import { DispatchLeasesRepository, type HeldLease } from '../../server/modules/messaging/dispatch/dispatch-leases.repository.js';
import { UnitOfWork } from '../../server/platform/unit-of-work.js';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * The receivers' hand-off mark (messaging CONTEXT "Written or only claimed"): a claim for a gateway
 * that announces its writes leaves `onWire` false, an announcement marks it true; a successor puts
 * back only the unmarked ones; and a holder that lost its range marks nothing (the claim's attempts
 * are its token), so it can never write a receiver the successor sends.
 */
for (const backend of testDatabases()) {
  describe(`dispatch hand-off marks on ${backend.name}`, function () {
    this.timeout(60_000);
    let knex: Knex;
    let dispose: () => Promise<void>;
    let receivers: ReceiversRepository;
    let leases: DispatchLeasesRepository;
    let uow: UnitOfWork;
    let sendId = 7_000;

    before(async () => {
      const opened = await backend.open();
      knex = opened.db.knex;
      dispose = opened.dispose;
      receivers = new ReceiversRepository(knex, opened.db.kind);
      leases = new DispatchLeasesRepository(knex);
      uow = new UnitOfWork(knex);
    });
    after(async () => { await dispose(); });

    async function freshSend(count: number): Promise<number> {
      sendId++;
      await uow.run((tx) => receivers.insertRecipients(tx, sendId, Array.from({ length: count }, (_, i) => ({ number: `98912${String(i).padStart(7, '0')}`, operator: 'MCI' })), 0, 'WaitingForSend'));
      return sendId;
    }
    async function take(id: number, toSeq: number, ttlMs: number): Promise<HeldLease> {
      const taken = await leases.acquire({ sendId: id, fromSeq: 0, toSeq }, 'test', ttlMs);
      if (!taken.held) throw new Error('range not free');
      return taken.held;
    }
    const rows = async (id: number) => (await knex('send_recipients').where({ sendId: id }).orderBy('seq').select('seq', 'deliveryStatus', 'attempts', 'onWire')) as { seq: number; deliveryStatus: string; attempts: number; onWire: boolean | null }[];
    const mark = (id: number, list: { seq: number; attempts: number }[]) => uow.run((tx) => receivers.markOnWire(tx, list.map((r) => ({ sendId: id, ...r }))));

    it('a successor sends again what was claimed but never announced, and judges only the announced ones', async () => {
      const id = await freshSend(5);
      const first = await take(id, 5, 100);
      const claimed = await receivers.claimNext(first, 0, 5, false, true);
      expect(claimed.map((r) => r.seq)).to.deep.equal([0, 1, 2, 3, 4]);
      expect((await rows(id)).map((r) => r.onWire)).to.deep.equal([false, false, false, false, false]);
      expect(await mark(id, claimed.slice(0, 2))).to.equal(true);

      await sleep(150);
      const second = await take(id, 5, 10_000);
      expect(await receivers.requeueNeverWritten(first), 'the old holder is fenced out').to.equal(0);
      expect(await receivers.requeueNeverWritten(second)).to.equal(3);
      expect(await receivers.inFlight(second)).to.deep.equal([0, 1]);
      expect((await rows(id)).map((r) => r.deliveryStatus)).to.deep.equal(['IsSending', 'IsSending', 'WaitingForSend', 'WaitingForSend', 'WaitingForSend']);

      // The old holder, still alive after all, may not write what it never announced.
      expect(await mark(id, [claimed[2]!])).to.equal(false);
      const again = await receivers.claimNext(second, 0, 5, false, true);
      expect(again.map((r) => [r.seq, r.attempts])).to.deep.equal([[2, 2], [3, 2], [4, 2]]);
      expect(await mark(id, [claimed[3]!]), 'an old claim\'s token').to.equal(false);
      expect(await mark(id, again)).to.equal(true);
      expect((await rows(id)).map((r) => r.onWire)).to.deep.equal([true, true, true, true, true]);
    });

    it('a claim for a gateway that does not announce leaves the mark empty: in doubt after a crash, as before', async () => {
      const id = await freshSend(3);
      const first = await take(id, 3, 100);
      const claimed = await receivers.claimNext(first, 0, 3, false, false);
      expect((await rows(id)).map((r) => r.onWire)).to.deep.equal([null, null, null]);
      expect(await mark(id, claimed)).to.equal(false);
      await sleep(150);
      const second = await take(id, 3, 10_000);
      expect(await receivers.requeueNeverWritten(second)).to.equal(0);
      expect(await receivers.inFlight(second)).to.deep.equal([0, 1, 2]);
    });

    it('single sends claimed for an announcing gateway are marked the same way', async () => {
      const id = await freshSend(1);
      const [lease] = await leases.acquireSingles([id], 'test', 100);
      const claimed = await receivers.claimSingles([lease!], true);
      expect(claimed).to.have.length(1);
      expect((await rows(id))[0]!.onWire).to.equal(false);
      await sleep(150);
      const second = await take(id, 1, 10_000);
      expect(await receivers.requeueNeverWritten(second)).to.equal(1);
      expect((await rows(id))[0]!.deliveryStatus).to.equal('WaitingForSend');
    });
  });
}
