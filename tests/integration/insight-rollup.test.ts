import { expect } from 'chai';
import type { Knex } from 'knex';
import { MIGRATION_BACKENDS, openDatabaseBefore } from '../support/migration-databases.js';
import type { Database } from '../../server/platform/db.js';
import { insightDashboardRollup } from '../../migrations/20261125-0025-insight-dashboard-rollup.js';
import { InsightRepository, type Slice } from '../../server/modules/insight/insight.repository.js';
import { RollupRepository } from '../../server/modules/insight/rollup.repository.js';


const RANGE = { fromDate: '2026-11-20', toDate: '2026-11-26' };

/** Receivers per (Tehran day, send type, status) of one organization, straight from the receivers (both tables). */
async function direct(knex: Knex, organizationId: number): Promise<string[]> {
  const res = await knex.raw(
    `select to_char((s."createdAt" at time zone 'Asia/Tehran')::date, 'YYYY-MM-DD') as day, s."sendType", r."deliveryStatus", count(*)::int as n, sum(s."smsParts")::int as parts
       from (select "sendId", "deliveryStatus" from send_recipients union all select "sendId", "deliveryStatus" from send_recipients_archive) r
       join sends s on s.id = r."sendId" where s."organizationId" = ? group by 1, 2, 3`,
    [organizationId],
  );
  return (res.rows as { day: string; sendType: string; deliveryStatus: string; n: number; parts: number }[])
    .map((r) => `${r.day} ${r.sendType} ${r.deliveryStatus} ${r.n} ${r.parts}`).sort();
}

async function viaRollup(repo: InsightRepository, slice: Slice): Promise<string[]> {
  const rows = await repo.read(slice, RANGE, { breakdowns: false, topLines: 0, credit: null, creditTypes: [] });
  return rows.statuses.map((r) => `${r.day} ${r.sendType} ${r.deliveryStatus} ${r.receivers} ${r.parts}`).sort();
}

async function organization(knex: Knex, name: string): Promise<{ id: number; path: string }> {
  const [o] = await knex('organizations').insert({ name, type: 'organization', path: '/', depth: 1 }).returning('id');
  const path = `/${o.id}/`;
  await knex('organizations').where({ id: o.id }).update({ path });
  return { id: o.id, path };
}

async function addSend(knex: Knex | Knex.Transaction, organizationId: number, createdAt: string, sendType = 'Bulk', smsParts = 2): Promise<number> {
  const [row] = await knex('sends').insert({
    organizationId, userId: 1, privateNumberId: 1, senderAgentId: 1, senderNumber: '3000', lineType: 'Bulk', sendType, smsText: 'x', smsEncoding: 'ucs2', smsParts,
    queueStatus: 'Extracted', status: 'IsBeingSent', dateTimeSend: createdAt, refundPolicy: JSON.stringify({}), createdAt,
  }).returning('id');
  return Number(row.id);
}

async function addReceivers(knex: Knex | Knex.Transaction, sendId: number, count: number, status = 'WaitingForSend', from = 0): Promise<void> {
  await knex.raw(
    `insert into send_recipients ("sendId", seq, "toNumber", operator, "sendStatus", "deliveryStatus")
     select ?, g, '98912' || lpad(g::text, 7, '0'), (array['mci', 'irancell', 'rightel'])[1 + g % 3], 'Stored', ? from generate_series(?::int, ?::int - 1) g`,
    [sendId, status, from, from + count],
  );
}

const backends = MIGRATION_BACKENDS;

describe('Insight rollup: triggers, fold and the migration\'s count of older rows', function () {
  this.timeout(120_000);
  for (const backend of backends) {
    describe(backend, () => {
      let db: Database;
      let dispose: () => Promise<void>;
      let knex: Knex;
      let org: { id: number; path: string };
      let slice: Slice;
      let repo: InsightRepository;
      let rollup: RollupRepository;

      before(async () => {
        ({ db, dispose } = await openDatabaseBefore(backend, insightDashboardRollup, true));
        knex = db.knex;
        repo = new InsightRepository(knex);
        rollup = new RollupRepository(knex);
        org = await organization(knex, 'Rollup');
        slice = { tenant: { organizationId: org.id, path: org.path, subtree: false }, userId: null };
      });
      after(async () => { await dispose?.(); });

      it('counts receivers, sends and ledger entries that existed before it, by Tehran day (20:30 UTC is midnight)', async () => {
        const lateOn24th = await addSend(knex, org.id, '2026-11-24T20:29:00Z');
        const earlyOn25th = await addSend(knex, org.id, '2026-11-24T20:31:00Z', 'Single', 1);
        await addReceivers(knex, lateOn24th, 5, 'SentAndReceivedbyPhone');
        await addReceivers(knex, lateOn24th, 2, 'HaveNotReceivedToPhone', 5);
        await addReceivers(knex, earlyOn25th, 1, 'NotSent');
        await knex.raw(`insert into send_recipients_archive ("sendId", seq, "toNumber", operator, "sendStatus", "deliveryStatus") values (?, 99, '989120000099', 'mci', 'Sent', 'Expired')`, [lateOn24th]);
        const [account] = await knex('credit_accounts').insert({ organizationId: org.id }).returning('id');
        await knex('credit_ledger').insert([
          { accountId: account.id, organizationId: org.id, amount: -700, typeCreditChange: 'SendSms', typeTransaction: 'Decrease', currentCredit: 0, createdAt: '2026-11-24T20:29:00Z' },
          { accountId: account.id, organizationId: org.id, amount: -300, typeCreditChange: 'SendSms', typeTransaction: 'Decrease', currentCredit: 0, createdAt: '2026-11-24T20:31:00Z' },
          { accountId: account.id, organizationId: org.id, amount: 200, typeCreditChange: 'GiveBackCostOfUnsuccessSent', typeTransaction: 'Increase', currentCredit: 0, createdAt: '2026-11-24T20:31:00Z' },
        ]);

        await knex.transaction((tx) => insightDashboardRollup.up(tx));
        expect(await rollup.pending(), 'older rows go straight to the daily tables').to.equal(0);
        expect(await viaRollup(repo, slice)).to.deep.equal(await direct(knex, org.id));
        expect(await viaRollup(repo, slice)).to.deep.equal([
          '2026-11-24 Bulk Expired 1 2', '2026-11-24 Bulk HaveNotReceivedToPhone 2 4', '2026-11-24 Bulk SentAndReceivedbyPhone 5 10', '2026-11-25 Single NotSent 1 1',
        ]);
        const read = await repo.read(slice, RANGE, { breakdowns: true, topLines: 5, credit: { organizationId: org.id }, creditTypes: ['SendSms', 'GiveBackCostOfUnsuccessSent'] });
        expect(read.sends).to.deep.equal([{ day: '2026-11-24', sends: 1 }, { day: '2026-11-25', sends: 1 }]);
        expect(read.credit).to.deep.equal([
          { day: '2026-11-24', typeCreditChange: 'SendSms', amount: '-700', entries: 1 },
          { day: '2026-11-25', typeCreditChange: 'GiveBackCostOfUnsuccessSent', amount: '200', entries: 1 },
          { day: '2026-11-25', typeCreditChange: 'SendSms', amount: '-300', entries: 1 },
        ]);
        expect(read.operators?.reduce((n, o) => n + o.receivers, 0)).to.equal(9);
      });

      it('follows every kind of write (load, claim, submit, report, cancel, refund mark, archive move, delete) and folds without changing a number', async () => {
        const sendId = await addSend(knex, org.id, '2026-11-25T08:00:00Z');
        const check = async (label: string) => expect(await viaRollup(repo, slice), label).to.deep.equal(await direct(knex, org.id));
        await knex.transaction(async (tx) => { await addReceivers(tx, sendId, 3000); });
        await check('loaded');
        await knex.raw(`update send_recipients set "deliveryStatus" = 'IsSending' where "sendId" = ? and seq < 2000`, [sendId]);
        await check('claimed');
        await knex.raw(`update send_recipients set "deliveryStatus" = case when seq % 10 = 0 then 'NotSent' else 'SentToItc' end, "providerId" = seq::text where "sendId" = ? and "deliveryStatus" = 'IsSending'`, [sendId]);
        await check('submitted');
        const pendingBefore = await rollup.pending();
        await knex.raw(`update send_recipients set refunded = true where "sendId" = ? and "deliveryStatus" = 'NotSent'`, [sendId]);
        expect(await rollup.pending(), 'a write that moves no status leaves no delta').to.equal(pendingBefore);
        await knex.raw(`update send_recipients set "deliveryStatus" = case when seq % 3 = 0 then 'HaveNotReceivedToPhone' else 'SentAndReceivedbyPhone' end where "sendId" = ? and "deliveryStatus" = 'SentToItc'`, [sendId]);
        await check('reported');
        await knex.raw(`update send_recipients set "deliveryStatus" = 'IsCanceled' where "sendId" = ? and "deliveryStatus" = 'WaitingForSend'`, [sendId]);
        await check('cancelled');
        await knex.raw(
          `with moved as (delete from send_recipients where "sendId" = ? and seq in (select seq from send_recipients where "sendId" = ? order by seq limit 1200)
             returning "sendId", seq, "toNumber", operator, description, "sendStatus", "deliveryStatus", "providerId", attempts, refunded, "sendDateTime", "statusDateTime", "deliveryReport")
           insert into send_recipients_archive ("sendId", seq, "toNumber", operator, description, "sendStatus", "deliveryStatus", "providerId", attempts, refunded, "sendDateTime", "statusDateTime", "deliveryReport")
           select * from moved`,
          [sendId, sendId],
        );
        await check('half archived');
        await knex.raw(`delete from send_recipients where "sendId" = ? and seq >= 2900`, [sendId]);
        await check('deleted');
        // A write rolled back leaves nothing behind.
        await knex.transaction(async (tx) => {
          await tx.raw(`update send_recipients set "deliveryStatus" = 'Expired' where "sendId" = ?`, [sendId]);
          throw new Error('rolled back');
        }).catch(() => undefined);
        await check('after a rollback');

        const before = await viaRollup(repo, slice);
        expect(await rollup.pending()).to.be.above(0);
        while ((await rollup.fold(7)) > 0) { /* small batches: several folds, each atomic */ }
        expect(await rollup.pending()).to.equal(0);
        expect(await viaRollup(repo, slice)).to.deep.equal(before);
        await check('folded');
      });

      if (backend === 'postgres') {
        it('never counts a delta twice or loses one while several writers and two folds run at once', async () => {
          const sends = await Promise.all([0, 1, 2, 3].map((i) => addSend(knex, org.id, `2026-11-2${i}T10:00:00Z`)));
          const writer = async (sendId: number) => {
            for (let round = 0; round < 15; round++) {
              await knex.transaction(async (tx) => {
                await addReceivers(tx, sendId, 200, 'WaitingForSend', round * 200);
                await tx.raw(`update send_recipients set "deliveryStatus" = 'SentToItc' where "sendId" = ? and seq >= ? and seq % 2 = 0`, [sendId, round * 200]);
              });
              await knex.raw(`update send_recipients set "deliveryStatus" = 'SentAndReceivedbyPhone' where "sendId" = ? and "deliveryStatus" = 'SentToItc' and seq % 4 = 0`, [sendId]);
            }
          };
          let writing = true;
          const folder = async () => { while (writing) { await rollup.fold(50); await new Promise((r) => setTimeout(r, 5)); } };
          const folders = [folder(), folder()];
          await Promise.all(sends.map(writer));
          writing = false;
          await Promise.all(folders);
          expect(await viaRollup(repo, slice)).to.deep.equal(await direct(knex, org.id));
          while ((await rollup.fold(1000)) > 0) { /* the rest */ }
          expect(await viaRollup(repo, slice)).to.deep.equal(await direct(knex, org.id));
        });
      }
    });
  }
});
