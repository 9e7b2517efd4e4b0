/**
 * Benchmark: what safe IPs, rate rules and the call log add to a REST API v1 call. Two tokens of
 * the same user call GET /api/v1/credit in turn: one bare, one with a confirmed safe IP, three rate
 * rules that apply to every call (limits far above the load, so all pass) and a client rule. Every
 * call of both is written to the call log. Prints req/s and p50/p99 of each; the difference is the
 * guard (one KV increment per applicable rule, rules from the per-process cache).
 *
 *   node --import tsx scripts/bench/api-guard.ts            (PostgreSQL; REDIS_URL or BENCH_REDIS_URL for Redis counters)
 *   BENCH_SECONDS=10 BENCH_CONNECTIONS=64 node --import tsx scripts/bench/api-guard.ts
 */
import autocannon from 'autocannon';
import pg from 'pg';
import { benchDatabase, benchRedisEnv, setupSender, startBenchServer } from './bench-server.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 64);
const port = Number(process.env.BENCH_PORT ?? 3383);

async function main(): Promise<void> {
  const db = await benchDatabase();
  const server = await startBenchServer(db, port);
  try {
    const { sender } = await setupSender(server.base, true);
    const bare = await sender.post('ApiTokens/Create', { title: 'bare', isIgnoreCheckIp: true });
    const guarded = await sender.post('ApiTokens/Create', { title: 'guarded', isIgnoreCheckIp: false });
    await sender.post('ApiTokens/SafeIps/Create', { apiTokenId: guarded.id, ip: '127.0.0.1-10' });
    const big = { limit: 1_000_000_000, period: 1 };
    await sender.post('ApiTokens/IpRules/Create', { apiTokenId: guarded.id, ...big, periodType: 'Second' });
    await sender.post('ApiTokens/IpRules/Create', { apiTokenId: guarded.id, ...big, periodType: 'Daily', endpoint: 'credit' });
    await sender.post('ApiTokens/IpRules/Create', { apiTokenId: guarded.id, ...big, periodType: 'Minute', ip: '127.0.0.1' });
    await sender.post('ApiTokens/ClientRules/Create', { apiTokenId: guarded.id, ...big, periodType: 'Hour', clientId: null });
    const url = `${server.base}/api/v1/credit`;
    const run = (key: string, duration: number) => autocannon({ url, connections, duration, headers: { 'x-api-key': key, 'x-client-id': 'bench-client' } });
    await run(bare.token, 2); // warm-up
    await run(guarded.token, 2);
    const results: Record<string, { rps: number; p50: number; p99: number; non2xx: number; errors: number }> = {};
    for (const [name, key] of [['bare', bare.token], ['guarded', guarded.token]] as const) {
      const r = await run(key, seconds);
      results[name] = { rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
    }
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    // The writer is off the request path: give it a moment to drain, then count.
    await new Promise((r) => setTimeout(r, 1_000));
    const logged = (await client.query('select count(*)::int as n from api_call_logs')).rows[0].n as number;
    await client.end();
    console.log(JSON.stringify({ seconds, connections, redis: benchRedisEnv(port).REDIS_URL !== '', results, callLogRows: logged, peakRssMb: server.peakRssMb() }, null, 2));
  } finally {
    await server.stop();
    await db.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
