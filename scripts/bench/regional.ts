/**
 * Benchmark `regional` (issue 26): a number bank of BENCH_NUMBERS numbers (default 10,000,000) on
 * PostgreSQL, made with generate_series (not through the import: the import's own speed is not
 * what is measured), over 31 provinces (one holding a quarter of the bank), 15 cities each and 5
 * areas per city; operators 50% MCI, 35% Irancell, 10% Rightel, 5% other; 2% blacklisted.
 * Prints the load, the index builds, the recount of every zone, then p50/p95 of the zone-count
 * query (the zone tree with its counts, what the screens read) and of live counts by filters
 * (the customer's NumberBank/Count: province + operator + gender, city + SIM type, postal code
 * prefix, several provinces). Then a regional send (`CreateRegionalScheduledMessage`) of
 * BENCH_SEND receivers (default 1,000,000, or all there are) by province + operator + gender through
 * the panel as `npm start` runs it (dispatching off): the preview's time, and from the request to
 * queue status Ready with the credit held; then the receivers' load the scheduler makes when it
 * takes the send (Extracting), timed apart (it is not in the request).
 *
 *   npm run bench:regional          (DATABASE_URL defaults to the local test server)
 *   BENCH_NUMBERS=2000000 npm run bench:regional
 *   BENCH_SEND_REPEAT=3 BENCH_READS=10 npm run bench:regional   (three sends, fewer reads)
 */
import 'reflect-metadata';
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { buildContainer } from '../../server/container.js';
import { loadConfig } from '../../server/platform/config.js';
import { createScratchPostgresDatabase, openDatabase } from '../../server/platform/db.js';
import { MemoryKeyValueStore } from '../../server/platform/kv-memory.js';
import { DbQueueFactory } from '../../server/platform/queue-db.js';
import type { Actor } from '../../server/platform/actor.js';
import { NumberBankService } from '../../server/modules/targeting/index.js';
import { SelectionLoader } from '../../server/modules/messaging/index.js';
import { GatewayRegistry } from '../../server/gateways/gateway-registry.js';
import { systemClock } from '../../server/platform/clock.js';
import { setupSender, startBenchServer } from './bench-server.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const baseDatabaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const numbers = Number(process.env.BENCH_NUMBERS ?? 10_000_000);
const READS = Number(process.env.BENCH_READS ?? 50);
const SEND = Number(process.env.BENCH_SEND ?? 1_000_000);
/** How many times the regional send is made (a new send each time, same filters, no gray list). */
const SEND_REPEAT = Number(process.env.BENCH_SEND_REPEAT ?? 1);
const CHUNK = 1_000_000;
const PROVINCES = 31;
const CITIES = 15;
const AREAS = 5;

const seconds = (t: bigint) => Number(process.hrtime.bigint() - t) / 1e9;
const fmt = (n: number) => n.toLocaleString('en');

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function latencies(label: string, work: (i: number) => Promise<unknown>): Promise<void> {
  await work(0);
  const ms: number[] = [];
  for (let i = 0; i < READS; i++) {
    const t = process.hrtime.bigint();
    await work(i);
    ms.push(seconds(t) * 1000);
  }
  console.log(`${label.padEnd(58)} p50 ${percentile(ms, 50).toFixed(1).padStart(7)} ms   p95 ${percentile(ms, 95).toFixed(1).padStart(7)} ms`);
}

async function main(): Promise<void> {
  const scratch = await createScratchPostgresDatabase(baseDatabaseUrl, 'peyk_bench_regional');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'peyk-bench-regional-'));
  const db = await openDatabase({ databaseUrl: scratch.url, pgliteDir: null, poolMax: 4 });
  try {
    const config = loadConfig({ PEYK_DATA_DIR: dataDir, NODE_ENV: 'production' }, root, { databaseUrl: scratch.url });
    const container = buildContainer({ config, logger: pino({ level: 'silent' }), knex: db.knex, databaseKind: db.kind, kv: new MemoryKeyValueStore(), queues: new DbQueueFactory(db.knex) });
    // No plugin is loaded here: the load reads lines (LinesService), which only needs the registry bound.
    container.bind(GatewayRegistry).toConstantValue(new GatewayRegistry({ plugins: new Map(), broken: [] }, pino({ level: 'silent' }), systemClock));
    const bank = container.get(NumberBankService);
    const knex = db.knex;
    console.log(`number bank: ${fmt(numbers)} numbers, ${PROVINCES} provinces × ${CITIES} cities × ${AREAS} areas`);

    // Zones: ids are dense, so a number's zone ids are arithmetic on its index.
    let t = process.hrtime.bigint();
    await knex.raw(`insert into targeting_zones ("zoneType", "parentId", name) values (0, null, 'Iran')`);
    await knex.raw(`insert into targeting_zones ("zoneType", "parentId", name) select 1, 1, 'Province ' || p from generate_series(1, ${PROVINCES}) p`);
    await knex.raw(`insert into targeting_zones ("zoneType", "parentId", name) select 2, 1 + p, 'City ' || p || '-' || c from generate_series(1, ${PROVINCES}) p, generate_series(1, ${CITIES}) c order by p, c`);
    await knex.raw(`insert into targeting_zones ("zoneType", "parentId", name)
      select 3, 1 + ${PROVINCES} + (p - 1) * ${CITIES} + c, 'Area ' || p || '-' || c || '-' || a from generate_series(1, ${PROVINCES}) p, generate_series(1, ${CITIES}) c, generate_series(1, ${AREAS}) a order by p, c, a`);
    const [{ count: zoneCount }] = await knex('targeting_zones').count<{ count: string }[]>('* as count');

    // The indexes are built after the load (as one would restore a bank), and timed.
    const indexes = (await knex.raw(`select indexname, indexdef from pg_indexes where tablename = 'targeting_numbers' and indexname <> 'targeting_numbers_pkey'`)).rows as { indexname: string; indexdef: string }[];
    for (const i of indexes) await knex.raw(`drop index ${i.indexname}`);
    // The zone foreign keys are checked row by row (three lookups a number): off while generating ids known to be valid.
    await knex.raw('alter table targeting_numbers disable trigger all');

    // Province: a quarter of the bank in province 1, the rest spread; city and area follow the index.
    const provinceOf = `(case when g % 4 = 0 then 1 else 2 + (g / 4) % ${PROVINCES - 1} end)`;
    const cityOf = `(${provinceOf} - 1) * ${CITIES} + (g / 7) % ${CITIES}`;
    for (let from = 0; from < numbers; from += CHUNK) {
      const to = Math.min(numbers, from + CHUNK) - 1;
      await knex.raw(`
        insert into targeting_numbers (mobile, "provinceId", "cityId", "areaId", "mobileOperator", "genderType", "simType", "zipCode", "guildName", "isBlackList", "isBlackListLocal")
        select 989000000000 + g * 7 % 999999999, 1 + ${provinceOf}, 2 + ${PROVINCES} + ${cityOf},
               2 + ${PROVINCES} + ${PROVINCES * CITIES} + (${cityOf}) * ${AREAS} + (g / 11) % ${AREAS},
               (array[1,1,1,1,1,1,1,1,1,1,2,2,2,2,2,2,2,3,3,4])[1 + (g / 3) % 20], g % 3, (g / 5) % 3,
               lpad(((g * 7919) % 10000000000)::text, 10, '0'), 'Guild ' || (g % 40), g % 50 = 0, false
          from generate_series(?::bigint, ?::bigint) g`, [from, to]);
      process.stdout.write(`\r  loaded ${fmt(to + 1)} (${seconds(t).toFixed(0)} s)`);
    }
    await knex.raw('alter table targeting_numbers enable trigger all');
    console.log(`\nload: ${seconds(t).toFixed(1)} s (${fmt(Number(zoneCount))} zones)`);
    t = process.hrtime.bigint();
    for (const i of indexes) await knex.raw(i.indexdef);
    console.log(`index builds (${indexes.length}): ${seconds(t).toFixed(1)} s`);
    t = process.hrtime.bigint();
    await knex.raw('vacuum analyze targeting_numbers');
    console.log(`vacuum analyze: ${seconds(t).toFixed(1)} s`);
    t = process.hrtime.bigint();
    const recounted = await bank.recountAllZones();
    console.log(`recount of every zone (${fmt(recounted)} zones, one transaction): ${seconds(t).toFixed(1)} s`);
    const tree = await bank.zoneTree();
    const country = tree.items.find((z) => z.zoneType === 'Country')!;
    console.log(`country: MCI ${fmt(country.mciCount)}, Irancell ${fmt(country.mtnCount)}, Rightel ${fmt(country.rightelCount)}, other ${fmt(country.otherCount)}`);

    const ctx = {} as Actor;
    const all = { genderType: 'All', simType: 'All' } as const;
    const province = (i: number) => 2 + (i % PROVINCES);
    const city = (i: number) => 2 + PROVINCES + ((i * 37) % (PROVINCES * CITIES));
    console.log(`\n${READS} reads each:`);
    await latencies('zone counts: one zone (Zones/Get)', (i) => bank.zone(1 + ((i * 97) % Number(zoneCount))));
    await latencies('zone counts: a province\'s cities (Zones/GetAll?parentId)', (i) => bank.zonesUnder({ parentId: province(i) }));
    await latencies('zone counts: every province (Zones/GetAll?parentId=country)', () => bank.zonesUnder({ parentId: 1 }));
    await latencies(`zone counts: the whole tree (Zones/GetTree, ${fmt(Number(zoneCount))} zones)`, () => bank.zoneTree());
    await latencies('count: one province (kept zone counts)', (i) => bank.count(ctx, { ...all, zoneIds: [province(i)] }));
    await latencies('count: one province + SIM type (live)', (i) => bank.count(ctx, { ...all, zoneIds: [province(i)], simType: 'Credits' }));
    await latencies('count: the big province (25%) + MCI + Woman', () => bank.count(ctx, { ...all, zoneIds: [2], mobileOperators: ['MCI'], genderType: 'Woman' }));
    await latencies('count: province + operator + gender', (i) => bank.count(ctx, { ...all, zoneIds: [province(i)], mobileOperators: [i % 2 ? 'MCI' : 'Irancell'], genderType: i % 2 ? 'Man' : 'Woman' }));
    await latencies('count: city + SIM type', (i) => bank.count(ctx, { ...all, zoneIds: [city(i)], simType: 'Credits' }));
    await latencies('count: 5 provinces + gender', (i) => bank.count(ctx, { ...all, zoneIds: [0, 1, 2, 3, 4].map((k) => province(i + k * 3)), genderType: 'Man' }));
    await latencies('count: province + postal code prefix (3 digits)', (i) => bank.count(ctx, { ...all, zoneIds: [province(i)], zipCodePrefix: String(100 + ((i * 37) % 900)) }));
    await latencies('count: whole bank + guild', (i) => bank.count(ctx, { ...all, guildName: `Guild ${i % 40}` }));

    // The regional send: MCI women of the big province, and of as many further provinces as it takes to reach SEND.
    const zoneIds = [2];
    const filters = { mobileOperators: ['MCI'] as ('MCI')[], genderType: 'Woman' as const };
    let availableCount = (await bank.count(ctx, { ...all, ...filters, zoneIds })).totalCount;
    while (availableCount < SEND && zoneIds.length < PROVINCES) {
      zoneIds.push(2 + zoneIds.length);
      availableCount = (await bank.count(ctx, { ...all, ...filters, zoneIds })).totalCount;
    }
    const wanted = Math.min(SEND, availableCount);
    if (process.env.BENCH_EXPLAIN === '1') {
      // The plans of the slow statements (≥ 1 s) go to the PostgreSQL server's log, with timings.
      await knex.raw(`do $$ begin
        execute format('alter database %I set session_preload_libraries = ''auto_explain''', current_database());
        execute format('alter database %I set auto_explain.log_min_duration = ''1s''', current_database());
        execute format('alter database %I set auto_explain.log_analyze = on', current_database());
        execute format('alter database %I set auto_explain.log_buffers = on', current_database());
      end $$`);
    }
    const server = await startBenchServer({ url: scratch.url, dataDir, drop: async () => {} }, Number(process.env.BENCH_PORT ?? 3381), { PEYK_DISPATCH: 'false' });
    try {
      const { sender, lineId } = await setupSender(server.base, true);
      await knex('private_numbers').where({ id: lineId }).update({ isSendGender: true, isAutomaticBulk: true });
      const body = { senderNumberId: lineId, smsBody: 'Bench regional', simType: 'All', zoneIds, ...filters, count: wanted };
      let t0 = performance.now();
      const quote = await sender.post('ScheduledMessages/GetRegionalScheduledMessageCalculations', body);
      console.log(`\nregional send: MCI women of ${zoneIds.length} province(s), ${fmt(availableCount)} available, ${fmt(wanted)} asked`);
      console.log(`  preview (GetRegionalScheduledMessageCalculations): ${((performance.now() - t0) / 1000).toFixed(2)} s, ${fmt(quote.recipientCount)} receivers, price ${quote.totalPrice}`);
      for (let repeat = 0; repeat < SEND_REPEAT; repeat++) {
        const cpu0 = server.cpuSeconds();
        t0 = performance.now();
        const send = await sender.post('ScheduledMessages/CreateRegionalScheduledMessage', { ...body, sendId: `bench-regional-${repeat}` });
        const t1 = performance.now();
        let current = send;
        while (current.queueStatus !== 'Ready') {
          if (current.queueStatus !== 'Stored') throw new Error(`send is ${current.queueStatus}, not Ready`);
          await new Promise((r) => setTimeout(r, 20));
          current = await sender.get(`OutBox/Get/${send.id}`);
        }
        const t2 = performance.now();
        console.log(`  time to answer (picked, stored, credit held): ${((t1 - t0) / 1000).toFixed(2)} s (server CPU ${(server.cpuSeconds() - cpu0).toFixed(2)} s; load average ${os.loadavg()[0].toFixed(1)})`);
        console.log(`  time to Ready: ${((t2 - t0) / 1000).toFixed(2)} s (aim <= 5 s); ${fmt(send.recipientCount)} receivers, held ${send.totalPrice} rials`);
        // The receivers are written when the scheduler takes the send (queue status Extracting);
        // dispatch is off here, so the load the scheduler would make is made and timed directly.
        const t3 = performance.now();
        const loaded = await container.get(SelectionLoader).load(send.id);
        const rows = Number((await knex('send_recipients').where({ sendId: send.id }).count<{ count: string }[]>('* as count'))[0].count);
        console.log(`  then, at extraction (not in the request): receivers loaded in ${((performance.now() - t3) / 1000).toFixed(2)} s (${fmt(rows)} rows; ${fmt(loaded?.recipientCount ?? 0)} sendable; load average ${os.loadavg()[0].toFixed(1)})`);
      }
      console.log(`  server peak RSS: ${server.peakRssMb()} MB`);
    } finally {
      await server.stop();
    }
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
    await scratch.drop();
  }
}

main().then(() => process.exit(0), (err: unknown) => {
  console.error(err);
  process.exit(1);
});
