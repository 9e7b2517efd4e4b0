/**
 * Benchmark: where a REST API v1 request's time goes before any send is made (issue 30 part 2).
 * The same built server on PostgreSQL answers, one after another under the same load:
 *   health        GET /api/health: Express, the app's middleware, no authentication
 *   v1 refused    GET /api/v1/credit with an unknown x-api-key: the edge up to the key check (401)
 *   v1 credit     GET /api/v1/credit: the key checked (token cache), the rules, the call log, one read
 *   v1 invalid    POST /api/v1/messages/send with a body the schema refuses: all of the edge
 *                 (key, rules, body read, validation, error envelope, call log) and nothing of compose
 * Each figure is requests/s and p50/p99; the differences are what each layer costs.
 *
 *   npm run bench:api-edge
 *   BENCH_SECONDS=10 BENCH_CONNECTIONS=64 npm run bench:api-edge
 * DATABASE_URL, REDIS_URL (or BENCH_REDIS_URL), PEYK_REDIS_PREFIX, HOST and BENCH_PORT point it.
 */
import os from 'node:os';
import autocannon from 'autocannon';
import { benchDatabase, benchSetting, setupSender, startBenchServer } from './bench-server.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 64);
const port = Number(process.env.BENCH_PORT ?? 3383);

async function main(): Promise<void> {
  const db = await benchDatabase();
  const server = await startBenchServer(db, port);
  try {
    const { sender, lineId } = await setupSender(server.base, true);
    const token = (await sender.post('ApiTokens/Create', { title: 'edge', isCanSend: true, isIgnoreCheckIp: true })).token as string;
    const key = { 'x-api-key': token };
    const cases: { name: string; opts: autocannon.Options; expect: number }[] = [
      { name: 'health', opts: { url: `${server.base}/api/health` }, expect: 200 },
      { name: 'v1 refused', opts: { url: `${server.base}/api/v1/credit`, headers: { 'x-api-key': 'pk_unknown_key_0000000000000000' } }, expect: 401 },
      { name: 'v1 credit', opts: { url: `${server.base}/api/v1/credit`, headers: key }, expect: 200 },
      {
        name: 'v1 invalid',
        opts: { url: `${server.base}/api/v1/messages/send`, method: 'POST', headers: { ...key, 'content-type': 'application/json' }, body: JSON.stringify({ line: lineId, to: '', text: '' }) },
        expect: 400,
      },
    ];
    const lines = [`api-edge: ${connections} connections, ${seconds} s per case, ${os.cpus().length} cores`, benchSetting(port)];
    for (const c of cases) {
      await autocannon({ ...c.opts, connections, duration: 2 }); // warm: JIT, caches, plans
      const r = await autocannon({ ...c.opts, connections, duration: seconds });
      const statusOk = c.expect === 200 ? r['2xx'] : r.non2xx;
      lines.push(`  ${c.name.padEnd(12)} ${r.requests.average.toFixed(0).padStart(6)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  (${statusOk} of ${r.requests.total} answered ${c.expect}, errors ${r.errors + r.timeouts})`);
    }
    lines.push(`  peak RSS     ${server.peakRssMb()} MB`);
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await server.stop();
    await db.drop();
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
