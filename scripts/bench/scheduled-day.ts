/**
 * Benchmark `scheduled-day`: an embedded install (PGlite on disk, in-process queue, as `npm start`
 * runs it) lives 24 scheduled hours on a fake clock: every occurrence of every declared job is fired
 * in time order, as the cron would in a day, while a separate thread asks `GET /api/health` every
 * 20 ms. Expired call-log rows (more than the hourly sweep's 5,000 a turn) and old leases are seeded
 * first, so the sweeps that loop take several turns. Prints the fires per job, the slowest run of
 * each, and the health answer times (p50/p99/max); exits 1 when a job hangs (past BENCH_JOB_BOUND_MS)
 * or when health p99 passes 100 ms.
 *
 *   node --import tsx scripts/bench/scheduled-day.ts                    (24 hours)
 *   BENCH_HOURS=2 node --import tsx scripts/bench/scheduled-day.ts      (a shorter day)
 */
import 'reflect-metadata';
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { pino } from 'pino';
import { loadConfig } from '../../server/platform/config.js';
import { startPeyk } from '../../server/app.js';
import { Scheduler, type ScheduledJob } from '../../server/platform/scheduler.js';
import { ScheduledRunsRepository } from '../../server/platform/scheduled-runs.repository.js';
import type { Clock } from '../../server/platform/clock.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const hours = Number(process.env.BENCH_HOURS ?? 24);
const jobBoundMs = Number(process.env.BENCH_JOB_BOUND_MS ?? 30_000);
const DAY_MS = 86_400_000;

/** Asks health every 20 ms from its own event loop, so a stalled server shows as a slow answer. */
const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
const times = [];
let running = true;
parentPort.on('message', () => { running = false; });
(async () => {
  while (running) {
    const t0 = performance.now();
    try { await (await fetch(workerData.url, { signal: AbortSignal.timeout(10000) })).arrayBuffer(); times.push(performance.now() - t0); }
    catch { times.push(10000); }
    await new Promise((r) => setTimeout(r, 20));
  }
  parentPort.postMessage(times);
})();
`;

function pct(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'peyk-bench-day-'));
  let at = new Date('2026-11-28T00:00:00Z');
  const start = at;
  const clock: Clock = { now: () => at };
  const config = loadConfig({ PORT: '0', PEYK_DATA_DIR: dataDir, PEYK_ADMIN_USER: 'admin', PEYK_ADMIN_PASSWORD: 'Bench#Pass1' }, root, { host: '127.0.0.1', databaseUrl: null, redisUrl: null });
  const logger = pino({ level: 'warn' });
  const peyk = await startPeyk(config, { rootDir: root, logger, clock });
  try {
    // The cron's own timers stop; this walk fires every occurrence instead, on the fake clock.
    const jobs: ScheduledJob[] = peyk.scheduler!.declaredJobs().filter((j) => j.name !== 'platform.prune-scheduled-runs');
    await peyk.scheduler!.stop();
    const scheduler = new Scheduler(jobs, { logger, clock, runs: new ScheduledRunsRepository(peyk.database.knex) });
    const knex = peyk.database.knex;
    await knex.raw(
      `insert into api_call_logs ("tokenIp", "requestMethod", "requestPath", status, "durationMs", "createdAt")
       select '127.0.0.1', 'POST', '/api/v1/messages/send', 200, 3, ?::timestamptz - (g * interval '1 second') from generate_series(1, 20000) g`,
      [new Date(at.getTime() - 31 * DAY_MS).toISOString()],
    );
    await knex.raw(`insert into scheduled_runs (job, "occurrence", owner) select 'bench.old', ?::timestamptz - (g * interval '1 minute'), 'x' from generate_series(1, 2000) g`, [new Date(at.getTime() - 2 * DAY_MS).toISOString()]);

    const end = new Date(start.getTime() + hours * 3_600_000);
    const occurrences: { at: number; job: ScheduledJob }[] = [];
    for (const job of scheduler.declaredJobs()) for (const o of scheduler.occurrences(job, start, end)) occurrences.push({ at: o.getTime(), job });
    occurrences.sort((a, b) => a.at - b.at);
    process.stdout.write(`scheduled-day: ${scheduler.declaredJobs().length} jobs, ${occurrences.length} occurrences in ${hours} h (embedded PGlite on disk)\n`);

    const probe = new Worker(PROBE, { eval: true, workerData: { url: `${peyk.url}/api/health` } });
    const perJob = new Map<string, { fires: number; maxMs: number; failed: number }>();
    const t0 = Date.now();
    let hung: string | null = null;
    let nextReport = t0 + 30_000;
    for (const o of occurrences) {
      at = new Date(o.at);
      const s = Date.now();
      let timer: NodeJS.Timeout | undefined;
      const ran = await Promise.race([scheduler.fire(o.job, at), new Promise<'hung'>((r) => { timer = setTimeout(() => r('hung'), jobBoundMs); })]);
      clearTimeout(timer);
      const ms = Date.now() - s;
      const stat = perJob.get(o.job.name) ?? { fires: 0, maxMs: 0, failed: 0 };
      stat.fires++;
      stat.maxMs = Math.max(stat.maxMs, ms);
      if (ran !== true) stat.failed++;
      perJob.set(o.job.name, stat);
      if (ran === 'hung') { hung = `${o.job.name} at ${at.toISOString()}`; break; }
      if (Date.now() > nextReport) {
        nextReport = Date.now() + 30_000;
        process.stdout.write(`  ... ${at.toISOString()} (${Math.round((o.at - start.getTime()) / 36_000) / 100} h) after ${Math.round((Date.now() - t0) / 1000)} s\n`);
      }
    }
    const wallS = (Date.now() - t0) / 1000;
    const times = await new Promise<number[]>((resolve) => { probe.once('message', resolve); probe.postMessage('stop'); });
    await probe.terminate();
    await scheduler.stop();
    const sorted = [...times].sort((a, b) => a - b);
    const [{ n: callLogs }] = (await knex.raw('select count(*)::int as n from api_call_logs')).rows as { n: number }[];

    process.stdout.write('\njob                                   fires   failed  slowest ms\n');
    for (const [name, s] of [...perJob].sort()) process.stdout.write(`${name.padEnd(38)}${String(s.fires).padStart(6)}${String(s.failed).padStart(9)}${String(s.maxMs).padStart(12)}\n`);
    const p99 = pct(sorted, 99);
    process.stdout.write(`\n${occurrences.length} occurrences fired in ${wallS.toFixed(1)} s wall (${Math.round(occurrences.length / wallS)} fires/s); expired call-log rows left: ${callLogs}\n`);
    process.stdout.write(`health: ${sorted.length} answers, p50 ${pct(sorted, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${(sorted[sorted.length - 1] ?? 0).toFixed(1)} ms\n`);
    if (hung) process.stdout.write(`HUNG: ${hung}\n`);
    const ok = hung === null && p99 <= 100;
    process.stdout.write(ok ? 'scheduled-day: OK (no job hung, health p99 <= 100 ms)\n' : 'scheduled-day: FAILED\n');
    process.exitCode = ok ? 0 : 1;
  } finally {
    await peyk.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => { process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`); process.exit(1); });
