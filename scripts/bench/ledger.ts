/**
 * Benchmark: credit holds per second on PostgreSQL — all on one hot organization account, then
 * spread over 100 organization accounts — and the time of a full ledger verify over as many
 * entries as BENCH_ENTRIES (default 1,000,000). A scratch database is created and dropped.
 * Aim: >= 2,000 holds/s on one hot account.
 *
 *   npm run bench:ledger            (DATABASE_URL defaults to the local test server)
 *   BENCH_SECONDS=10 BENCH_CONCURRENCY=32 BENCH_ENTRIES=1000000 npm run bench:ledger
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
import { BillingService, LedgerRepository } from '../../server/modules/billing/index.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const baseDatabaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32);
const entries = Number(process.env.BENCH_ENTRIES ?? 1_000_000);

async function main(): Promise<void> {
  const scratch = await createScratchPostgresDatabase(baseDatabaseUrl, 'peyk_bench_ledger');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'peyk-bench-ledger-'));
  const db = await openDatabase({ databaseUrl: scratch.url, pgliteDir: null, poolMax: concurrency + 2 });
  const kv = new MemoryKeyValueStore();
  const queues = new DbQueueFactory(db.knex);
  try {
    const config = loadConfig({ PEYK_DATA_DIR: dataDir, NODE_ENV: 'production' }, root, { databaseUrl: scratch.url });
    const container = buildContainer({ config, logger: pino({ level: 'silent' }), knex: db.knex, databaseKind: db.kind, kv, queues });
    const billing = container.get(BillingService);
    const knex = db.knex;

    const [system] = await knex('organizations').insert({ name: 'System', type: 'system', path: '/', depth: 0 }).returning('*');
    await knex('organizations').where({ id: system.id }).update({ path: `/${system.id}/` });
    const [tariff] = await knex('tariffs').insert({
      ownerOrganizationId: system.id, title: 'bench',
      ranges: JSON.stringify([{ lineType: 'default', fromCount: 0, toCount: null, prices: { mci: '100', irancell: '100', rightel: '100', other: '100' } }]),
    }).returning('id');
    const orgIds: number[] = [];
    for (let i = 0; i < 101; i++) {
      const [o] = await knex('organizations').insert({ name: `bench ${i}`, type: 'organization', parentId: system.id, path: '/', depth: 1 }).returning('id');
      await knex('organizations').where({ id: o.id }).update({ path: `/${system.id}/${o.id}/` });
      await knex('organization_tariffs').insert({ organizationId: o.id, tariffId: tariff.id });
      await db.knex.transaction(async (tx) => {
        const accountId = await billing.organizationAccountId(tx, o.id);
        await billing.credit(tx, { accountId, amount: 10n ** 15n, typeCreditChange: 'Manage', referenceType: 'bench' });
      });
      orgIds.push(o.id);
    }
    const hot = orgIds[0];
    const spread = orgIds.slice(1);

    let seq = 0;
    async function run(label: string, pickOrg: (i: number) => number): Promise<number> {
      const until = Date.now() + seconds * 1000;
      let done = 0;
      let failed = 0;
      const worker = async () => {
        while (Date.now() < until) {
          const i = seq++;
          try {
            await billing.hold(null, { reference: `${label}-${i}`, organizationId: pickOrg(i), parts: { mci: 1 } });
            done += 1;
          } catch {
            failed += 1;
          }
        }
      };
      const started = Date.now();
      await Promise.all(Array.from({ length: concurrency }, worker));
      const rate = done / ((Date.now() - started) / 1000);
      if (failed) process.stdout.write(`  (${label}: ${failed} failed holds)\n`);
      return rate;
    }

    await run('warmup', (i) => spread[i % spread.length]);
    const hotRate = await run('hot', () => hot);
    const spreadRate = await run('spread', (i) => spread[i % spread.length]);
    billing.setBatching(false);
    const hotSingleRate = await run('hot-single', () => hot);
    const spreadSingleRate = await run('spread-single', (i) => spread[i % spread.length]);
    billing.setBatching(true);

    // Bulk entries for the verify timing: amount 1 each, running currentCredit, balances moved to match.
    const started = Date.now();
    const accounts = (await knex('credit_accounts').whereIn('organizationId', spread).select('id', 'organizationId', 'balance')) as { id: number; organizationId: number; balance: string }[];
    const per = Math.ceil(entries / accounts.length);
    for (const a of accounts) {
      await knex.raw(
        `insert into credit_ledger ("accountId", "organizationId", amount, "typeCreditChange", "typeTransaction", "currentCredit", "referenceType")
         select ?, ?, 1, 'Manage', 'Increase', ?::bigint + g, 'bench' from generate_series(1, ?) g order by g`,
        [a.id, a.organizationId, a.balance, per],
      );
      await knex.raw('update credit_accounts set balance = balance + ? where id = ?', [per, a.id]);
    }
    const insertSeconds = (Date.now() - started) / 1000;
    await knex.raw('analyze');
    const ledger = container.get(LedgerRepository);
    const verifyStarted = Date.now();
    const result = await ledger.verify();
    const verifySeconds = (Date.now() - verifyStarted) / 1000;

    const lines = [
      `ledger: PostgreSQL, ${concurrency} concurrent callers, ${seconds} s per run, ${os.cpus().length} cores`,
      `  holds/s, one hot organization account     ${hotRate.toFixed(0)}   (target >= 2000: ${hotRate >= 2000 ? 'MET' : 'NOT MET'})`,
      `  holds/s, spread over 100 accounts         ${spreadRate.toFixed(0)}`,
      `  for comparison, one transaction per hold (no grouping): hot ${hotSingleRate.toFixed(0)}, spread ${spreadSingleRate.toFixed(0)}`,
      `  verify: ${result.entries} entries, ${result.accounts} accounts    ${verifySeconds.toFixed(2)} s   (${result.mismatches.length} mismatches, ${result.brokenEntries.length} broken entries; bulk insert took ${insertSeconds.toFixed(1)} s)`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    if (result.mismatches.length || result.brokenEntries.length) process.exitCode = 1;
  } finally {
    await queues.close();
    await kv.close();
    await db.close();
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
