/**
 * Benchmark `insight`: the dashboard's reads on PostgreSQL over millions of receivers. A scratch
 * database gets one busy organization with BENCH_RECEIVERS receivers in 50,000-receiver bulk sends
 * and BENCH_SINGLES one-receiver sends spread over the last ten Tehran days, a second organization
 * with a tenth of that (noise), and BENCH_ENTRIES ledger entries; every row goes in through the
 * rollup's triggers. Prints the load, the fold, the dashboard read (p50/p95, folded and with a
 * 50,000-receiver backlog not folded yet) and, for comparison, the same figures aggregated straight
 * from the receivers.
 *
 *   npm run bench:insight        (DATABASE_URL defaults to the local test server)
 *   BENCH_RECEIVERS=10000000 BENCH_SINGLES=1000000 npm run bench:insight
 */
import 'reflect-metadata';
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Knex } from 'knex';
import { pino } from 'pino';
import { buildContainer } from '../../server/container.js';
import { loadConfig } from '../../server/platform/config.js';
import { createScratchPostgresDatabase, openDatabase } from '../../server/platform/db.js';
import { MemoryKeyValueStore } from '../../server/platform/kv-memory.js';
import { DbQueueFactory } from '../../server/platform/queue-db.js';
import { InsightRepository, RollupRepository, type Slice } from '../../server/modules/insight/index.js';
import { lastDays } from '../../server/shared/insight/dashboard-days.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const baseDatabaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const receivers = Number(process.env.BENCH_RECEIVERS ?? 5_000_000);
const singles = Number(process.env.BENCH_SINGLES ?? 500_000);
const entries = Number(process.env.BENCH_ENTRIES ?? 1_000_000);
const BULK = 50_000;
const READS = 20;

const seconds = (t: bigint) => Number(process.hrtime.bigint() - t) / 1e9;
const fmt = (n: number) => n.toLocaleString('en');
const signed = (n: number) => (n >= 0 ? `+${n}` : String(n));

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; s: number }> {
  const t = process.hrtime.bigint();
  const value = await work();
  return { value, s: seconds(t) };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Sends of one organization: `count` rows with `perSend` receivers each, spread over the last ten days. */
async function addSends(knex: Knex, organizationId: number, count: number, sendType: string, firstDay = 0): Promise<number[]> {
  const res = await knex.raw(
    `insert into sends ("organizationId", "userId", "privateNumberId", "senderAgentId", "senderNumber", "lineType", "sendType", "smsText", "smsEncoding", "smsParts",
                        "queueStatus", status, "dateTimeSend", "refundPolicy", "createdAt")
     select ?, 1 + g % 3, 1 + g % 7, 1, '3000' || (1 + g % 7), 'Bulk', ?, 'bench', 'ucs2', 1 + g % 2, 'Completed', 'Sent', now(), '{}'::jsonb,
            now() - ((? + g) % 10) * interval '1 day'
       from generate_series(0, ? - 1) g returning id`,
    [organizationId, sendType, firstDay, count],
  );
  return (res.rows as { id: string }[]).map((r) => Number(r.id));
}

/** Receivers with final statuses in the proportions of a real day (80% delivered, the rest undelivered, refused, cancelled). */
const RECEIVER_INSERT = `
  insert into send_recipients ("sendId", seq, "toNumber", operator, "sendStatus", "deliveryStatus")
  select s.id, g, '98912' || lpad((s.id * 7 + g)::text, 7, '0'), (array['mci','mci','irancell','rightel','other'])[1 + (s.id + g) % 5], 'Sent',
         (array['SentAndReceivedbyPhone','SentAndReceivedbyPhone','SentAndReceivedbyPhone','SentAndReceivedbyPhone','SentAndReceivedbyPhone',
                'SentAndReceivedbyPhone','SentAndReceivedbyPhone','SentAndReceivedbyPhone','HaveNotReceivedToPhone','NotSent'])[1 + (g * 7 + s.id) % 10]
    from unnest(?::bigint[]) as s(id), generate_series(0, ? - 1) g`;

/**
 * What the triggers cost the send engine: dispatch's three receiver statements (claim, submit
 * answer, delivery report; 1,000 rows each, by primary key through bound arrays) on two copies of
 * the receivers table, one with the rollup's update trigger and one without, interleaved so the
 * machine's load falls on both alike.
 */
async function statementCost(knex: Knex): Promise<void> {
  const rows = Number(process.env.BENCH_STATEMENT_ROWS ?? 200_000);
  for (const t of ['bench_plain', 'bench_counted']) {
    await knex.raw(`create table ${t} (like send_recipients including defaults including constraints) with (fillfactor = 60)`);
    await knex.raw(`alter table ${t} add primary key ("sendId", seq)`);
    await knex.raw(`insert into ${t} ("sendId", seq, "toNumber", operator, "sendStatus", "deliveryStatus")
                    select 1, g, '98912' || lpad(g::text, 7, '0'), (array['mci','irancell','rightel'])[1 + g % 3], 'Stored', 'WaitingForSend' from generate_series(0, ? - 1) g`, [rows]);
    await knex.raw(`vacuum analyze ${t}`);
  }
  await knex.raw(`create trigger bench_counted_upd after update on bench_counted referencing old table as old_rows new table as new_rows
                  for each statement execute function insight_receivers_updated()`);
  const ms: Record<string, number> = {};
  const statements = {
    claim: (t: string) => `update ${t} r set "deliveryStatus" = 'IsSending', attempts = r.attempts + 1 from unnest(?::bigint[], ?::int[]) as x(sid, seq)
                            where r."sendId" = x.sid and r.seq = x.seq and r."deliveryStatus" = 'WaitingForSend'`,
    submit: (t: string) => `update ${t} r set "deliveryStatus" = 'SentToItc', "sendStatus" = 'Sent', "providerId" = x.seq::text, "sendDateTime" = now(), "statusDateTime" = now()
                             from unnest(?::bigint[], ?::int[]) as x(sid, seq) where r."sendId" = x.sid and r.seq = x.seq and r."deliveryStatus" = 'IsSending'`,
    report: (t: string) => `update ${t} r set "deliveryStatus" = 'SentAndReceivedbyPhone', "statusDateTime" = now(), "deliveryReport" = '{"providerStatus":"DELIVRD"}'::jsonb
                             from unnest(?::bigint[], ?::int[]) as x(sid, seq) where r."sendId" = x.sid and r.seq = x.seq and r."deliveryStatus" in ('SentToItc', 'ReceivedByItc')`,
  };
  for (let from = 0; from < rows; from += 1000) {
    const seqs = `{${Array.from({ length: 1000 }, (_, i) => from + i).join(',')}}`;
    const sids = `{${Array.from({ length: 1000 }, () => 1).join(',')}}`;
    for (const [kind, sql] of Object.entries(statements)) {
      for (const t of (from / 1000) % 2 ? ['bench_plain', 'bench_counted'] : ['bench_counted', 'bench_plain']) {
        const r = await timed(() => knex.raw(sql(t), [sids, seqs]));
        ms[`${kind} ${t}`] = (ms[`${kind} ${t}`] ?? 0) + r.s * 1000;
      }
    }
  }
  const per = (k: string) => ms[k] / (rows / 1000);
  const line = (kind: string) => `${kind} ${per(`${kind} bench_plain`).toFixed(2)} → ${per(`${kind} bench_counted`).toFixed(2)} ms (${signed(Math.round((per(`${kind} bench_counted`) / per(`${kind} bench_plain`) - 1) * 100))}%)`;
  console.log(`  a 1,000-receiver statement without → with the rollup trigger: ${Object.keys(statements).map(line).join('; ')}`);
}

async function main(): Promise<void> {
  const scratch = await createScratchPostgresDatabase(baseDatabaseUrl, 'peyk_bench_insight');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'peyk-bench-insight-'));
  const db = await openDatabase({ databaseUrl: scratch.url, pgliteDir: null, poolMax: 4 });
  try {
    const config = loadConfig({ PEYK_DATA_DIR: dataDir, NODE_ENV: 'production' }, root, { databaseUrl: scratch.url });
    const container = buildContainer({ config, logger: pino({ level: 'silent' }), knex: db.knex, databaseKind: db.kind, kv: new MemoryKeyValueStore(), queues: new DbQueueFactory(db.knex) });
    const knex = db.knex;
    const repo = container.get(InsightRepository);
    const rollup = container.get(RollupRepository);

    const [system] = await knex('organizations').insert({ name: 'System', type: 'system', path: '/', depth: 0 }).returning('id');
    await knex('organizations').where({ id: system.id }).update({ path: `/${system.id}/` });
    const orgs: { id: number; path: string }[] = [];
    for (const name of ['busy', 'noise']) {
      const [o] = await knex('organizations').insert({ name, type: 'organization', parentId: system.id, path: '/', depth: 1 }).returning('id');
      const orgPath = `/${system.id}/${o.id}/`;
      await knex('organizations').where({ id: o.id }).update({ path: orgPath });
      orgs.push({ id: o.id, path: orgPath });
    }
    const [busy, noise] = orgs;

    console.log(`insight: loading ${fmt(receivers)} receivers in ${fmt(Math.ceil(receivers / BULK))} bulk sends + ${fmt(singles)} single sends (busy organization), ${fmt(Math.round(receivers / 10))} receivers (noise), ${fmt(entries)} ledger entries`);
    const load = await timed(async () => {
      for (const [org, total] of [[busy, receivers], [noise, Math.round(receivers / 10)]] as const) {
        const ids = await addSends(knex, org.id, Math.ceil(total / BULK), 'Bulk');
        for (const id of ids) await knex.raw(RECEIVER_INSERT, [`{${id}}`, BULK]);
      }
      for (let done = 0; done < singles; done += BULK) {
        const ids = await addSends(knex, busy.id, Math.min(BULK, singles - done), 'Single', done);
        await knex.raw(RECEIVER_INSERT, [`{${ids.join(',')}}`, 1]);
      }
      const [account] = await knex('credit_accounts').insert({ organizationId: busy.id, balance: 0 }).returning('id');
      for (let done = 0; done < entries; done += 100_000) {
        await knex.raw(
          `insert into credit_ledger ("accountId", "organizationId", amount, "typeCreditChange", "typeTransaction", "currentCredit", "referenceType", "referenceId", "createdAt")
           select ?, ?, -100, 'SendSms', 'Decrease', 0, 'send', 'send:' || g, now() - (g % 10) * interval '1 day' from generate_series(?, ? - 1) g`,
          [account.id, busy.id, done, Math.min(done + 100_000, entries)],
        );
      }
    });
    const loaded = receivers + singles + Math.round(receivers / 10);
    console.log(`  load through the triggers: ${load.s.toFixed(1)} s (${fmt(Math.round(loaded / load.s))} receivers/s); deltas waiting: ${fmt(await rollup.pending())}`);
    await knex.raw('analyze');

    let folded = 0;
    const fold = await timed(async () => { for (let n = -1; n !== 0; folded += n) n = await rollup.fold(50_000); });
    console.log(`  fold: ${fmt(folded)} deltas in ${fold.s.toFixed(2)} s`);
    const days = await knex('insight_daily_receivers').count<{ count: string }[]>({ count: '*' }).first();
    console.log(`  daily receiver rows: ${fmt(Number(days?.count ?? 0))}`);

    const range = lastDays(new Date());
    const options = { breakdowns: true, topLines: 5, credit: { organizationId: busy.id }, creditTypes: ['SendSms', 'GiveBackCostOfUnsuccessSent'] };
    const read = async (slice: Slice) => {
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < READS; i++) {
        const r = await timed(() => repo.read(slice, range, options));
        times.push(r.s * 1000);
        total = r.value.statuses.reduce((t, s) => t + s.receivers, 0);
      }
      return { p50: percentile(times, 50), p95: percentile(times, 95), total };
    };
    const own: Slice = { tenant: { organizationId: busy.id, path: busy.path, subtree: false }, userId: null };
    const tree: Slice = { tenant: { organizationId: system.id, path: `/${system.id}/`, subtree: true }, userId: null };
    const user: Slice = { tenant: { organizationId: busy.id, path: busy.path, subtree: false }, userId: 2 };
    for (const [label, slice] of [['organization', own], ['system slice (both organizations)', tree], ['one user', user]] as const) {
      const r = await read(slice);
      console.log(`  dashboard read, ${label}: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms (${fmt(r.total)} receivers)`);
    }

    // What folding is for: a backlog the job has not folded yet is joined to its sends at every read.
    const backlog = await addSends(knex, busy.id, 1, 'Bulk');
    await knex.raw(RECEIVER_INSERT, [`{${backlog[0]}}`, BULK]);
    const withBacklog = await read(own);
    console.log(`  dashboard read with ${fmt(await rollup.pending())} deltas not folded (one 50,000-receiver send): p50 ${withBacklog.p50.toFixed(1)} ms, p95 ${withBacklog.p95.toFixed(1)} ms`);

    const direct = await timed(() => knex.raw(
      `select (s."createdAt" at time zone 'Asia/Tehran')::date as day, s."sendType", r."deliveryStatus", count(*), sum(s."smsParts")
         from sends s join send_recipients r on r."sendId" = s.id
        where s."organizationId" = ? and (s."createdAt" at time zone 'Asia/Tehran')::date between ?::date and ?::date group by 1, 2, 3`,
      [busy.id, range.fromDate, range.toDate],
    ));
    console.log(`  the same daily figures straight from the receivers (no rollup): ${(direct.s * 1000).toFixed(0)} ms`);
    await statementCost(knex);
  } finally {
    await db.close();
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => { console.error(err); process.exit(1); });
