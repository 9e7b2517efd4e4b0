/**
 * Benchmark `outbox-search`: the outbox advanced search (OutBox/AdvancedSearch) on PostgreSQL over
 * BENCH_RECEIVERS receivers (default 10,000,000) in 1,000-receiver sends spread over the last 90
 * days, half of them one busy organization's, the rest two others' (noise); about 2,000,000
 * distinct numbers, each a receiver of ~5 sends. Rows are made with generate_series (the insight
 * triggers are off while loading: they are not what is measured here). Prints the load, the index
 * builds, p50/p95 of a search by number and by delivery status + date range (7 and 90 days, the
 * organization and the system administrator's whole tree), a rare status, and what the new number
 * index costs each 1,000,000-receiver insert, and the export of BENCH_EXPORT_ROWS (default
 * 1,000,000) receivers to .xlsx by the export job (time, peak RSS of this process while it runs).
 *
 *   npm run bench:outbox-search        (DATABASE_URL defaults to the local test server)
 *   BENCH_RECEIVERS=2000000 npm run bench:outbox-search
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
import type { Tenant } from '../../server/platform/actor.js';
import { ExcelRequestsRepository, OutboxExporter, OutboxSearchRepository, type ReceiverSearch } from '../../server/modules/messaging/index.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const baseDatabaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const receivers = Number(process.env.BENCH_RECEIVERS ?? 10_000_000);
const PER_SEND = 1_000;
const NUMBERS = Math.max(10_000, Math.round(receivers / 5));
const READS = Number(process.env.BENCH_READS ?? 40);
const DAY = 86_400_000;

const seconds = (t: bigint) => Number(process.hrtime.bigint() - t) / 1e9;
const fmt = (n: number) => n.toLocaleString('en');

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; s: number }> {
  const t = process.hrtime.bigint();
  const value = await work();
  return { value, s: seconds(t) };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** 80% delivered, 10% not delivered, 5% refused, 3% expired, 2% cancelled (by seq and send, so spread evenly). */
const STATUS_OF = `(array['SentAndReceivedbyPhone','SentAndReceivedbyPhone','SentAndReceivedbyPhone','SentAndReceivedbyPhone','SentAndReceivedbyPhone',
  'SentAndReceivedbyPhone','SentAndReceivedbyPhone','SentAndReceivedbyPhone','HaveNotReceivedToPhone','NotSent'])[1 + (g * 7 + s.id) % 10]`;

/** The receivers of sends `from..to` (ids): numbers drawn from NUMBERS distinct mobiles. */
const RECEIVER_INSERT = `
  insert into send_recipients ("sendId", seq, "toNumber", operator, "sendStatus", "deliveryStatus", "sendDateTime", "statusDateTime")
  select s.id, g, '98912' || lpad(((s.id * 7919 + g * 104729) % ?::int)::text, 7, '0'), (array['mci','mci','irancell','rightel','other'])[1 + (s.id + g) % 5], 'Sent',
         case when (s.id + g) % 50 = 0 then 'Expired' when (s.id + g) % 97 = 0 then 'IsCanceled' else ${STATUS_OF} end,
         s."dateTimeSend", s."dateTimeSend" + interval '5 seconds'
    from sends s, generate_series(0, ?::int - 1) g where s.id between ? and ?`;

async function main(): Promise<void> {
  const scratch = await createScratchPostgresDatabase(baseDatabaseUrl, 'peyk_bench_outbox_search');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'peyk-bench-outbox-search-'));
  const db = await openDatabase({ databaseUrl: scratch.url, pgliteDir: null, poolMax: 4 });
  try {
    const config = loadConfig({ PEYK_DATA_DIR: dataDir, NODE_ENV: 'production' }, root, { databaseUrl: scratch.url });
    const container = buildContainer({ config, logger: pino({ level: 'silent' }), knex: db.knex, databaseKind: db.kind, kv: new MemoryKeyValueStore(), queues: new DbQueueFactory(db.knex) });
    const knex = db.knex;
    const repo = container.get(OutboxSearchRepository);

    const [system] = await knex('organizations').insert({ name: 'System', type: 'system', path: '/', depth: 0 }).returning('id');
    await knex('organizations').where({ id: system.id }).update({ path: `/${system.id}/` });
    const orgs: { id: number; path: string }[] = [];
    for (const name of ['busy', 'noise 1', 'noise 2']) {
      const [o] = await knex('organizations').insert({ name, type: 'organization', parentId: system.id, path: '/', depth: 1 }).returning('id');
      const orgPath = `/${system.id}/${o.id}/`;
      await knex('organizations').where({ id: o.id }).update({ path: orgPath });
      orgs.push({ id: o.id, path: orgPath });
    }
    const sendCount = Math.ceil(receivers / PER_SEND);
    console.log(`outbox-search: ${fmt(receivers)} receivers in ${fmt(sendCount)} sends of ${fmt(PER_SEND)} over 90 days, ${fmt(NUMBERS)} distinct numbers`);
    await knex.raw('alter table send_recipients disable trigger user');
    await knex.raw('alter table sends disable trigger user');
    await knex.raw('drop index send_recipients_to_number');
    const load = await timed(async () => {
      // Every other send is the busy organization's; ids rise with time like real sends.
      await knex.raw(
        `insert into sends ("organizationId", "userId", "privateNumberId", "senderAgentId", "senderNumber", "lineType", "sendType", "smsText", "smsEncoding", "smsParts",
                            "queueStatus", status, "dateTimeSend", "refundPolicy", "createdAt", "recipientCount")
         select case when g % 2 = 0 then ?::int when g % 4 = 1 then ?::int else ?::int end, 1 + g % 3, 1, 1, '30001', 'Bulk', 'Bulk', 'bench ' || g, 'ucs2', 1, 'Completed', 'Sent',
                t, '{}'::jsonb, t, ?::int
           from generate_series(0, ?::int - 1) g, lateral (select now() - interval '90 days' + (g::float8 / ?::int) * interval '90 days' as t) x`,
        [orgs[0].id, orgs[1].id, orgs[2].id, PER_SEND, sendCount, sendCount],
      );
      const { min, max } = (await knex('sends').min('id as min').max('id as max').first()) as { min: string; max: string };
      for (let from = Number(min); from <= Number(max); from += 1_000) {
        await knex.raw(RECEIVER_INSERT, [NUMBERS, PER_SEND, from, Math.min(from + 999, Number(max))]);
      }
    });
    console.log(`  load: ${load.s.toFixed(1)} s (${fmt(Math.round(receivers / load.s))} receivers/s)`);
    const build = await timed(() => knex.raw('create index send_recipients_to_number on send_recipients ("toNumber", "sendId", seq)'));
    console.log(`  build of send_recipients_to_number over ${fmt(receivers)} rows: ${build.s.toFixed(1)} s`);
    await knex.raw('alter table send_recipients enable trigger user');
    await knex.raw('alter table sends enable trigger user');
    await knex.raw('vacuum analyze sends');
    await knex.raw('vacuum analyze send_recipients');

    const now = Date.now();
    const busy: Tenant = { organizationId: orgs[0].id, path: orgs[0].path, subtree: false };
    const everything: Tenant = { organizationId: system.id, path: `/${system.id}/`, subtree: true };
    const full = { from: new Date(now - 90 * DAY + 60_000), to: new Date(now + 60_000) };
    let seed = 12345;
    const random = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
    const week = () => { const end = now - random() * 83 * DAY; return { from: new Date(end - 7 * DAY), to: new Date(end) }; };
    const number = () => `98912${String(Math.floor(random() * NUMBERS)).padStart(7, '0')}`;

    const measure = async (label: string, tenant: Tenant, make: () => ReceiverSearch, pages = 1) => {
      const times: number[] = [];
      let rows = 0;
      for (let i = 0; i < READS; i++) {
        const q = make();
        const r = await timed(async () => {
          let after: { sendId: number; seq: number } | undefined;
          let got = 0;
          for (let p = 0; p < pages; p++) {
            const page = await repo.page(tenant, q, 51, after);
            got += page.length;
            if (page.length < 51) break;
            after = { sendId: page[50].sendId, seq: page[50].seq };
          }
          return got;
        });
        times.push(r.s * 1000);
        rows += r.value;
      }
      console.log(`  ${label}: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms (avg ${(rows / READS).toFixed(0)} rows a search)`);
    };
    const statuses = ['SentAndReceivedbyPhone', 'HaveNotReceivedToPhone', 'NotSent'];
    await measure('by number, the organization, 90 days', busy, () => ({ ...full, toNumber: number() }));
    await measure('by number, the whole tree (system administrator), 90 days', everything, () => ({ ...full, toNumber: number() }));
    await measure('by status + 7-day range, the organization (first page of 50)', busy, () => ({ ...week(), deliveryStatus: [statuses[Math.floor(random() * 3)]] }));
    await measure('by status + 7-day range, the organization (pages 1-5 by cursor)', busy, () => ({ ...week(), deliveryStatus: [statuses[Math.floor(random() * 3)]] }), 5);
    await measure('by status + 90 days, the whole tree', everything, () => ({ ...full, deliveryStatus: [statuses[Math.floor(random() * 3)]] }));
    await measure('by a rare status (Expired, 2%) + 7-day range, the organization', busy, () => ({ ...week(), deliveryStatus: ['Expired'] }));
    // The worst case of the status shape: a status no receiver has walks every receiver of the range.
    await measure('by a status nobody has (BlackList) + 7-day range, the organization (worst case)', busy, () => ({ ...week(), deliveryStatus: ['BlackList'] }));
    await measure('by number + status + 7-day range', busy, () => ({ ...week(), toNumber: number(), deliveryStatus: ['SentAndReceivedbyPhone'] }));

    // The export job on ~BENCH_EXPORT_ROWS receivers: the busy organization's newest sends.
    const exportRows = Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000);
    const busySends = Math.ceil(exportRows / PER_SEND);
    const since = await knex('sends').where({ organizationId: orgs[0].id }).orderBy('id', 'desc').offset(busySends - 1).first('dateTimeSend');
    const exportFrom = since ? new Date(since.dateTimeSend) : full.from;
    const request = await container.get(ExcelRequestsRepository).create({
      organizationId: orgs[0].id, userId: 1, type: 'OutboxSearch', downloadKey: '0'.repeat(48),
      filter: { tenant: busy, search: { from: exportFrom.toISOString(), to: full.to.toISOString() } },
    });
    const counted = await timed(() => repo.count(busy, { from: exportFrom, to: full.to }));
    console.log(`  count of the export's ${fmt(counted.value)} receivers (its progress denominator): ${(counted.s * 1000).toFixed(0)} ms`);
    const exporter = container.get(OutboxExporter);
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 50);
    const exported = await timed(() => exporter.run(request.id));
    clearInterval(sampler);
    const after = await container.get(ExcelRequestsRepository).find(request.id);
    const { size } = await import('node:fs/promises').then((fs) => fs.stat(exporter.filePath(request.id)));
    console.log(`  export of ${fmt(after?.rowCount ?? 0)} receivers to xlsx (${after?.status}): ${exported.s.toFixed(1)} s, ${(size / 1e6).toFixed(0)} MB file, peak RSS ${(peak / 1e6).toFixed(0)} MB (${(rssBefore / 1e6).toFixed(0)} MB before)`);

    // What the number index costs the ingest: one 1,000,000-receiver send inserted into a copy of
    // the table without it and with it (fillfactor and primary key as the real one), twice each.
    const rows = Number(process.env.BENCH_INSERT_ROWS ?? 1_000_000);
    const cost: Record<string, number[]> = { without: [], with: [] };
    for (const round of [0, 1]) {
      for (const kind of round === 0 ? ['without', 'with'] : ['with', 'without']) {
        await knex.raw('drop table if exists bench_insert');
        await knex.raw('create table bench_insert (like send_recipients including defaults including constraints) with (fillfactor = 60)');
        await knex.raw('alter table bench_insert add primary key ("sendId", seq)');
        await knex.raw(`create index bench_insert_provider on bench_insert ("providerId") where "providerId" is not null`);
        if (kind === 'with') await knex.raw('create index bench_insert_to_number on bench_insert ("toNumber", "sendId", seq)');
        const r = await timed(() => knex.raw(
          `insert into bench_insert ("sendId", seq, "toNumber", operator, "sendStatus", "deliveryStatus")
           select 1, g, '98912' || lpad(((g::bigint * 104729) % 10000000)::text, 7, '0'), 'mci', 'Stored', 'WaitingForSend' from generate_series(0, ?::int - 1) g`, [rows]));
        cost[kind].push(r.s);
      }
    }
    await knex.raw('drop table if exists bench_insert');
    const best = (k: string) => Math.min(...cost[k]);
    console.log(`  a ${fmt(rows)}-receiver insert without → with the number index: ${best('without').toFixed(2)} → ${best('with').toFixed(2)} s (best of 2; +${Math.round((best('with') / best('without') - 1) * 100)}%)`);
  } finally {
    await db.close();
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => { console.error(err); process.exit(1); });
