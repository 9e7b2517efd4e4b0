/**
 * Benchmark: the REST API v1 "send one" (POST /api/v1/messages/send) with a fresh idempotency key
 * (`sendId`) per request, against the built server on PostgreSQL. Every answered send is durable:
 * its row and its hold are committed before the answer, which this script checks afterwards by
 * counting the sends and holds in the database against the 2xx answers.
 * Aim (issue 30): >= 4,000 req/s, p99 <= 50 ms, zero errors, 64 connections, 20 s; >= 2,000 req/s with BENCH_CPU_HOG=2.
 *
 *   npm run bench:api-send                 (DATABASE_URL defaults to the local test server)
 *   BENCH_SECONDS=5 BENCH_CONNECTIONS=64 npm run bench:api-send
 *   BENCH_CPU_HOG=2 npm run bench:api-send   (then again with 2 busy processes beside the server; both printed)
 * DATABASE_URL, REDIS_URL (or BENCH_REDIS_URL), PEYK_REDIS_PREFIX, HOST and BENCH_PORT point it.
 */
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { benchDatabase, benchSetting, cpuHogCount, setupSender, startBenchServer, startCpuHogs } from './bench-server.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 64);
const port = Number(process.env.BENCH_PORT ?? 3381);

async function main(): Promise<void> {
  const db = await benchDatabase();
  // BENCH_ROLE=web measures the API alone (no dispatcher in the process; sends wait for a worker).
  const server = await startBenchServer(db, port, process.env.BENCH_ROLE ? { PEYK_ROLE: process.env.BENCH_ROLE } : {});
  try {
    const { sender, lineId } = await setupSender(server.base, true);
    const token = await sender.post('ApiTokens/Create', { title: 'bench', isCanSend: true, isIgnoreCheckIp: true });
    const url = `${server.base}/api/v1/messages/send`;
    const headers = { 'content-type': 'application/json', 'x-api-key': token.token as string };
    let n = 0;
    const run = (duration: number, tag: string) => autocannon({
      url, method: 'POST', headers, connections, duration,
      requests: [{
        setupRequest: (req) => {
          n++;
          const local = String(1_000_000 + (n % 9_000_000)).slice(-7);
          return { ...req, body: JSON.stringify({ to: `0912${local}`, text: 'Your code is 48213', line: lineId, sendId: `${tag}-${n}` }) };
        },
      }],
    });
    await run(3, 'warm'); // JIT, pool, plans
    const hogs = cpuHogCount();
    const lines = [
      `api-send: POST /api/v1/messages/send, fresh sendId each, PostgreSQL, ${connections} connections, ${seconds} s, ${os.cpus().length} cores`,
      benchSetting(port),
    ];
    let met = true;
    // BENCH_CPU_HOG=N: the same measurement again with N busy processes beside the server; both are printed.
    for (const phase of hogs > 0 ? [0, hogs] : [0]) {
      const tag = phase === 0 ? 'run' : `hog${phase}`;
      const cpu = phase > 0 ? startCpuHogs(phase) : null;
      let result: autocannon.Result;
      try {
        result = await run(seconds, tag);
        await new Promise((r) => setTimeout(r, 2_000)); // requests still in flight when the clock ran out
      } finally {
        await cpu?.stop();
      }
      const after = await counts(db.url, tag);
      const bad = result.non2xx + result.errors + result.timeouts;
      // With a dispatcher in the process (role all): how long until every send is sent, reported and settled.
      let settledLine = '  settled      (BENCH_ROLE=web: no dispatcher in this process)';
      if (process.env.BENCH_ROLE !== 'web') {
        const t0 = Date.now();
        let done = 0;
        while (Date.now() - t0 < 180_000) {
          done = await completed(db.url, tag);
          if (done >= after.sends) break;
          await new Promise((r) => setTimeout(r, 500));
        }
        const s = (Date.now() - t0) / 1000;
        settledLine = `  settled      ${done} of ${after.sends} sends sent, reported and settled ${s.toFixed(1)} s after the last answer (end to end ${(done / (seconds + 2 + s)).toFixed(0)} sends/s)`;
      }
      const stored = after.sends;
      const holds = after.holds;
      const ok = result['2xx'];
      // Answered sends are all stored; a few more may be stored whose answer the clock cut off.
      const durable = holds === stored && stored >= ok && stored <= ok + connections;
      const aimRate = phase === 0 ? 4000 : 2000;
      const phaseMet = result.requests.average >= aimRate && (phase > 0 || result.latency.p99 <= 50) && bad === 0 && durable;
      met &&= phaseMet;
      lines.push(
        phase === 0 ? '  -- the machine as it is' : `  -- with BENCH_CPU_HOG=${phase} busy processes beside the server`,
        `  requests/s   mean ${result.requests.average.toFixed(0)}  (total ${result.requests.total}, 2xx ${ok}, non-2xx/errors/timeouts ${bad})`,
        `  latency ms   p50 ${result.latency.p50}  p90 ${result.latency.p90}  p99 ${result.latency.p99}  max ${result.latency.max}`,
        `  durable      sends stored ${stored} with ${holds} holds for ${ok} answered (${durable ? 'every answered send stored and held' : 'MISMATCH'})`,
        settledLine,
        `  aim          ${phase === 0 ? '>= 4000 req/s, p99 <= 50 ms' : '>= 2000 req/s'}, zero errors, durable: ${phaseMet ? 'MET' : 'NOT MET'}`,
      );
    }
    lines.push(`  peak RSS     ${server.peakRssMb()} MB`, `  target       ${met ? 'MET' : 'NOT MET'}`);
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await server.stop();
    await db.drop();
  }
}

/** Sends of the API and their holds, counted in the database (a send without its hold would be free). */
async function counts(url: string, tag: string): Promise<{ sends: number; holds: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const s = await client.query(`select count(*)::int as n from sends where "clientSendId" like $1`, [`${tag}-%`]);
    const h = await client.query(`select count(*)::int as n from credit_holds h join sends s on h.reference = 'send:' || s.id where s."clientSendId" like $1`, [`${tag}-%`]);
    return { sends: s.rows[0].n, holds: h.rows[0].n };
  } finally {
    await client.end();
  }
}

async function completed(url: string, tag: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query(`select count(*)::int as n from sends where "clientSendId" like $1 and "queueStatus" = 'Completed'`, [`${tag}-%`]);
    return r.rows[0].n;
  } finally {
    await client.end();
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
