/**
 * Benchmark `rfm`: the nightly RFM run (insight's `insight.rfm-nightly`) on PostgreSQL for
 * BENCH_CUSTOMERS customers (default 10,000, under BENCH_RESELLERS resellers) with BENCH_RECEIVERS
 * receivers (default 10,000,000) over the 90 days of the window. The rollup's daily tables and the
 * ledger's daily rows are written straight with generate_series (as the triggers and the fold
 * would leave them; not timed). The panel runs in this process (as `npm start` would, scheduler
 * included) and the run is made inside it, while /api/health is asked every 50 ms: prints the
 * run's time, the process's peak RSS during it and the health answers' p99. Aims (issue 27): run
 * ≤ 60 s, peak RSS ≤ 600 MB, health p99 ≤ 100 ms.
 *
 *   npm run bench:rfm            (DATABASE_URL defaults to the local test server)
 *   BENCH_CUSTOMERS=2000 BENCH_RECEIVERS=1000000 npm run bench:rfm
 */
import 'reflect-metadata';
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Knex } from 'knex';
import { pino } from 'pino';
import { startPeyk } from '../../server/app.js';
import { loadConfig } from '../../server/platform/config.js';
import { createScratchPostgresDatabase } from '../../server/platform/db.js';
import { TYPES } from '../../server/platform/tokens.js';
import { RfmService } from '../../server/modules/insight/index.js';
import { addDays, tehranDayOf } from '../../server/shared/insight/dashboard-days.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const baseDatabaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const customers = Number(process.env.BENCH_CUSTOMERS ?? 10_000);
const resellers = Number(process.env.BENCH_RESELLERS ?? 10);
const receivers = Number(process.env.BENCH_RECEIVERS ?? 10_000_000);
/** Each customer sends on a third of the 90 days; three delivery statuses a day. */
const ACTIVE_EVERY = 3;
const STATUSES = ['SentAndReceivedbyPhone', 'HaveNotReceivedToPhone', 'NotSent'];

const fmt = (n: number) => n.toLocaleString('en');

function rssMb(): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : Math.round(process.memoryUsage().rss / 1048576);
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

async function seed(knex: Knex, day: string): Promise<number[]> {
  const [system] = await knex('organizations').where({ type: 'system' }).select('id', 'path');
  const resellerIds: number[] = [];
  for (let r = 0; r < resellers; r++) {
    const [o] = await knex('organizations').insert({ name: `Reseller ${r}`, type: 'reseller', parentId: system.id, resellerId: null, path: '/', depth: 1 }).returning('id');
    await knex('organizations').where({ id: o.id }).update({ path: `${system.path}${o.id}/` });
    resellerIds.push(Number(o.id));
  }
  // Customers: the organizations of each reseller, one level below it.
  await knex.raw(
    `insert into organizations (name, type, "parentId", "resellerId", path, depth)
     select 'Customer ' || g, 'organization', r.id, r.id, r.path, 2
       from generate_series(0, ? - 1) g join (select id, path, row_number() over (order by id) - 1 as n from organizations where type = 'reseller') r on r.n = g % ?`,
    [customers, resellers],
  );
  await knex.raw(`update organizations set path = path || id || '/' where type = 'organization' and depth = 2 and name like 'Customer %'`);
  const from = addDays(day, -90);
  const activeRows = customers * Math.ceil(90 / ACTIVE_EVERY) * STATUSES.length;
  const perRow = Math.max(1, Math.round(receivers / activeRows));
  const ids = `select id, row_number() over (order by id) as n from organizations where name like 'Customer %'`;
  await knex.raw(
    `insert into insight_daily_receivers ("organizationId", day, "userId", "privateNumberId", "sendType", operator, "deliveryStatus", "senderNumber", receivers, parts)
     select c.id, ?::date + d, 1, 1, 'Bulk', 'mci', st, '3000', ? + (c.n + d) % 5 - 2, 2 * (? + (c.n + d) % 5 - 2)
       from (${ids}) c cross join generate_series(0, 89) d cross join unnest(?::text[]) st
      where (c.n + d) % ? = 0`,
    [from, perRow, perRow, `{${STATUSES.join(',')}}`, ACTIVE_EVERY],
  );
  await knex.raw(
    `insert into insight_daily_sends ("organizationId", day, "userId", "privateNumberId", "sendType", "senderNumber", sends)
     select c.id, ?::date + d, 1, 1, 'Bulk', '3000', 1 + c.n % 4 from (${ids}) c cross join generate_series(0, 89) d where (c.n + d) % ? = 0`,
    [from, ACTIVE_EVERY],
  );
  await knex.raw(
    `insert into insight_daily_credit ("accountId", day, "typeCreditChange", "organizationId", "userId", amount, entries)
     select c.id, ?::date + d, t.type, c.id, null, case when t.type = 'SendSms' then -1000 * (1 + c.n % 50) else 100 * (c.n % 7) end, 1
       from (${ids}) c cross join generate_series(0, 89) d cross join (values ('SendSms'), ('GiveBackCostOfUnsuccessSent')) t(type)
      where (c.n + d) % ? = 0`,
    [from, ACTIVE_EVERY],
  );
  await knex.raw('analyze');
  return resellerIds;
}

async function main(): Promise<void> {
  const scratch = await createScratchPostgresDatabase(baseDatabaseUrl, 'peyk_bench');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'peyk-bench-'));
  const config = loadConfig({ PORT: '0', PEYK_DATA_DIR: dataDir, PEYK_ADMIN_USER: 'admin', PEYK_ADMIN_PASSWORD: 'Initial#Pass1', NODE_ENV: 'production' }, root,
    { host: '127.0.0.1', databaseUrl: scratch.url });
  const peyk = await startPeyk(config, { rootDir: root, logger: pino({ level: 'warn' }) });
  try {
    const knex = peyk.container.get<Knex>(TYPES.Knex);
    const now = new Date();
    const day = tehranDayOf(now);
    console.log(`rfm: ${fmt(customers)} customers under ${resellers} resellers, ~${fmt(receivers)} receivers over 90 days (rollup rows written directly)`);
    let t = performance.now();
    await seed(knex, day);
    const rows = await knex('insight_daily_receivers').count<{ n: string }[]>({ n: '*' }).sum<{ s: string }[]>({ s: 'receivers' }).first() as unknown as { n: string; s: string };
    console.log(`  seeded ${fmt(Number(rows.n))} daily receiver rows (${fmt(Number(rows.s))} receivers) in ${((performance.now() - t) / 1000).toFixed(1)} s (not timed)`);
    await knex('rfm_runs').delete();

    const health: number[] = [];
    let probing = true;
    let peakRss = rssMb();
    const rssBefore = peakRss;
    // Peak RSS from here: Linux's high-water mark reset where allowed, sampled besides.
    try { writeFileSync('/proc/self/clear_refs', '5'); } catch { /* not allowed here: the samples alone */ }
    const probe = (async () => {
      while (probing) {
        const started = performance.now();
        await fetch(`${peyk.url}/api/health`).then((r) => r.arrayBuffer());
        health.push(performance.now() - started);
        peakRss = Math.max(peakRss, rssMb());
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    t = performance.now();
    const done = await peyk.container.get(RfmService).runDue(now);
    const runS = (performance.now() - t) / 1000;
    probing = false;
    await probe;
    const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    if (hwm) peakRss = Math.max(peakRss, Math.round(Number(hwm[1]) / 1024));
    const results = await knex('rfm_results').count<{ n: string }[]>({ n: '*' }).first();
    console.log(`  nightly run: ${runS.toFixed(1)} s for ${done} resellers (the system organization included), ${fmt(Number(results?.n ?? 0))} results (aim ≤ 60 s)`);
    console.log(`  process RSS: ${rssBefore} MB before, peak ${peakRss} MB during the run (aim ≤ 600 MB)`);
    console.log(`  /api/health during the run: ${health.length} answers, p50 ${percentile(health, 50).toFixed(1)} ms, p99 ${percentile(health, 99).toFixed(1)} ms, slowest ${Math.max(0, ...health).toFixed(1)} ms (aim p99 ≤ 100 ms)`);
  } finally {
    await peyk.stop();
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => { console.error(err); process.exit(1); });
