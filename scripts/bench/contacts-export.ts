/**
 * Benchmark `contacts-export`: a phonebook of 1,000,000 contacts (names, email, birthdate,
 * address, 5 custom fields: String, Integer, Boolean, Datetime, Float) exported to xlsx and to
 * CSV through ContactExports/Create, on PostgreSQL. The contacts are written straight into the
 * scratch database with one insert … select generate_series (not timed). Each export is timed
 * from the request until it is Done; meanwhile /api/health is asked every 100 ms (is the server
 * still answering?) and the server's peak RSS is read. Aim: the server stays responsive and
 * under ~500 MB.
 *
 *   npm run bench:contacts-export          (DATABASE_URL defaults to the local test server)
 *   BENCH_ROWS=200000 npm run bench:contacts-export
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import knexFactory from 'knex';
import { benchDatabase, setupSender, startBenchServer } from './bench-server.js';

const rows = Number(process.env.BENCH_ROWS ?? 1_000_000);
const port = Number(process.env.BENCH_PORT ?? 3383);

/** User + system CPU seconds of a process so far. */
function cpuSecondsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function main(): Promise<void> {
  const db = await benchDatabase();
  const server = await startBenchServer(db, port);
  try {
    const { sender } = await setupSender(server.base, true);
    const defs: { id: number; type: string }[] = [];
    for (const [type, nameEn, nameFa] of [['String', 'city', 'شهر'], ['Integer', 'score', 'امتیاز'], ['Boolean', 'vip', 'ویژه'], ['Datetime', 'joined', 'عضویت'], ['Float', 'ratio', 'نسبت']]) {
      defs.push(await sender.post('CustomFields/Create', { type, nameEn, nameFa }));
    }
    const book = await sender.post('Phonebooks/Create', { title: 'Bench export' });
    const knex = knexFactory({ client: 'pg', connection: db.url });
    let t = performance.now();
    const [city, score, vip, joined, ratio] = defs.map((d) => String(d.id));
    await knex.raw(
      `insert into contacts ("phonebookId", cellphone, "firstName", "lastName", email, birthdate, address, "phonebookGroup", "createType", fields)
       select ?, '98912' || lpad(i::text, 7, '0'), 'نام' || (i % 5000), 'Family' || (i % 7919), 'user' || i || '@example.com',
         date '1960-01-01' + (i % 20000), 'تهران، خیابان ' || (i % 300), case when i % 3 = 0 then 'VIP' end, 'Import',
         jsonb_build_object(?::text, 'City' || (i % 400), ?::text, i % 100000, ?::text, i % 2 = 0, ?::text,
           to_char(timestamp '2020-01-01' + (i % 1500) * interval '1 day' - interval '3 hours 30 minutes', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), ?::text, (i % 1000) / 8.0)
       from generate_series(1, ?) as i`,
      [book.id, city, score, vip, joined, ratio, rows],
    );
    await knex('phonebooks').where({ id: book.id }).update({ contactsCount: rows });
    await knex.raw('vacuum analyze contacts');
    await knex.destroy();
    console.log(`server RSS before exporting: ${server.peakRssMb()} MB`);
    console.log(`${rows.toLocaleString('en')} contacts written in ${((performance.now() - t) / 1000).toFixed(1)} s (not timed)`);

    for (const format of ['xlsx', 'csv'] as const) {
      const latencies: number[] = [];
      let probing = true;
      const probe = (async () => {
        while (probing) {
          const started = performance.now();
          await fetch(`${server.base}/api/health`).then((r) => r.arrayBuffer());
          latencies.push(performance.now() - started);
          await new Promise((r) => setTimeout(r, 100));
        }
      })();
      const cpu0 = cpuSecondsOf(server.process.pid!);
      t = performance.now();
      const request = await sender.post('ContactExports/Create', { phonebookId: book.id, selectAll: true, format });
      let last: any;
      for (;;) {
        last = await sender.get(`ContactExports/Get/${request.id}`);
        if (last.status === 'Done' || last.status === 'Failed') break;
        await new Promise((r) => setTimeout(r, 200));
      }
      const seconds = (performance.now() - t) / 1000;
      const cpu = (cpuSecondsOf(server.process.pid!)) - cpu0;
      probing = false;
      await probe;
      if (last.status !== 'Done') throw new Error(`export ${last.status}: ${last.failedReason}`);
      const file = path.join(db.dataDir, 'exports', `contacts-${request.id}.${format}`);
      const sorted = [...latencies].sort((a, b) => a - b);
      console.log(`export ${format}: ${Number(last.rowCount).toLocaleString('en')} contacts, ${(statSync(file).size / 1e6).toFixed(1)} MB in ${seconds.toFixed(1)} s ` +
        `(${Math.round(rows / seconds).toLocaleString('en')} rows/s), server CPU ${cpu.toFixed(1)} s`);
      console.log(`  /api/health while exporting: p99 ${(sorted[Math.floor(sorted.length * 0.99)] ?? 0).toFixed(0)} ms, slowest ${(sorted.at(-1) ?? 0).toFixed(0)} ms`);
      console.log(`  server peak RSS so far: ${server.peakRssMb()} MB`);
    }
  } finally {
    await server.stop();
    await db.drop();
  }
}

main().catch((err) => { console.error(err); process.exit(1); });
