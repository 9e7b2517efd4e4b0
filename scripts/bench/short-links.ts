/**
 * Benchmark: short links' redirect (issue 28), against the built server on PostgreSQL. 1,000
 * personal codes (a real PerReceiver send) and 100 public ones (made by hand) are requested at
 * random by autocannon; every redirect is answered only after its click is in the process's
 * journal (written to the OS; also fsync'd with PEYK_SHORT_LINK_FSYNC=true), which a drain moves into the database.
 * Afterwards the clicks in the database are counted against the answered redirects (302s), first
 * while the server runs (the drain) and again after a graceful stop (the flush): equal, or MISMATCH.
 * Aim: >= 10,000 redirects/s on this 2-core machine.
 *
 *   npm run bench:short-links               (DATABASE_URL defaults to the local test server)
 *   BENCH_REQUESTS=100000 BENCH_CONNECTIONS=64 PEYK_SHORT_LINK_FSYNC=true npm run bench:short-links
 */
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { benchDatabase, setupSender, startBenchServer } from './bench-server.js';

// A fixed number of requests (not a duration): every request is answered before the count, so answered = counted exactly.
const requests = Number(process.env.BENCH_REQUESTS ?? 200_000);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 64);
const port = Number(process.env.BENCH_PORT ?? 3391);
const fsync = process.env.PEYK_SHORT_LINK_FSYNC === 'true';

async function main(): Promise<void> {
  const db = await benchDatabase();
  const server = await startBenchServer(db, port, { PEYK_DISPATCH: 'false', PEYK_SHORT_LINK_FSYNC: String(fsync) });
  let stopped = false;
  try {
    const { admin, sender, lineId } = await setupSender(server.base, true);
    const organizationId = await one<number>(db.url, `select id from organizations where name = 'Bench organization'`);
    await admin.post('Organizations/Update', { id: organizationId, isAllowLink: true });
    const receivers = Array.from({ length: 1000 }, (_, i) => `0912${String(1_000_000 + i).slice(-7)}`);
    await sender.post('ScheduledMessages/Create', { senderNumberId: lineId, smsBody: 'Spring sale https://shop.example.com/spring', sendType: 'Bulk', receivers, shortLinkMode: 'PerReceiver' });
    for (let i = 0; i < 100; i++) await sender.post('ShortLinks/Create', { mainUrl: `https://example.com/page/${i}` });
    const codes = await rows<string>(db.url, `select code from short_links order by id`);
    const paths = codes.map((c) => `/l/${c}`);
    const uas = ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120', 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36'];
    // Every code once per cycle, in a scattered order, each with one of the user agents: a fixed
    // list autocannon renders once and cycles through per connection (a per-request setup callback
    // cost the client, on the same two cores, more than the server's redirect).
    const cycle = paths.map((_, i) => ({ method: 'GET' as const, path: paths[(i * 7919) % paths.length], headers: { 'user-agent': uas[i % uas.length] } }));
    const run = (amount: number) => autocannon({ url: server.base, connections, amount, requests: cycle });
    const warm = await run(5_000);
    const result = await run(requests);
    const answered = warm['3xx'] + result['3xx'];
    const bad = result.non2xx - result['3xx'] + result.errors + result.timeouts;
    // The drain (every second) moves the journal into the database while the server runs.
    const t0 = Date.now();
    let drained = 0;
    while (Date.now() - t0 < 60_000) {
      drained = await one<number>(db.url, `select count(*)::int from short_link_clicks`);
      if (drained >= answered) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const drainSeconds = (Date.now() - t0) / 1000;
    const rss = server.peakRssMb();
    await server.stop();
    stopped = true;
    const stored = await one<number>(db.url, `select count(*)::int from short_link_clicks`);
    const devices = await rows<string>(db.url, `select device || ' ' || count(*) from short_link_clicks group by device order by device`);
    const personal = await one<number>(db.url, `select count(*)::int from short_link_clicks where receiver is not null`);
    const lines = [
      `short-links: GET /l/<code> (${codes.length} codes: 1000 personal, 100 public), PostgreSQL, ${connections} connections, ${requests} requests in ${result.duration.toFixed(1)} s, fsync ${fsync ? 'on' : 'off'}, ${os.cpus().length} cores`,
      `  redirects/s  mean ${result.requests.average.toFixed(0)}  (total ${result.requests.total}, 302 ${result['3xx']}, other/errors/timeouts ${bad})`,
      `  latency ms   p50 ${result.latency.p50}  p90 ${result.latency.p90}  p99 ${result.latency.p99}  max ${result.latency.max}`,
      `  clicks       answered ${answered} (warm-up included); in the database ${drained} ${drainSeconds.toFixed(1)} s after the run, ${stored} after a graceful stop (${personal} on personal links; ${devices.join(', ')})`,
      `  durable      ${stored === answered ? 'every answered redirect counted once' : 'MISMATCH'}`,
      `  peak RSS     ${rss} MB`,
      `  target       >= 10000 redirects/s, zero errors: ${result.requests.average >= 10_000 && bad === 0 && stored === answered ? 'MET' : 'NOT MET'}`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    if (!stopped) await server.stop();
    await db.drop();
  }
}

async function rows<T>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query({ text: sql, rowMode: 'array' })).rows.map((r) => r[0] as T);
  } finally {
    await client.end();
  }
}

async function one<T>(url: string, sql: string): Promise<T> {
  return (await rows<T>(url, sql))[0];
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
