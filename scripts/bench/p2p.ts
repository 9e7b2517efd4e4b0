/**
 * Benchmark `p2p`: an xlsx of 100,000 rows (mobile, name, amount; 10% of the mobiles repeated, as
 * Excel writes it: shared strings) uploaded with `UploadP2PFile`, previewed and sent with a template
 * through `CreateP2PScheduledMessage` until Ready with the credit held, on PostgreSQL, dispatching
 * off (only upload and compose are measured). While it runs /api/health is asked every 50 ms: its
 * slowest answers show how long the event loop was held. Prints seconds, health p99/max and the
 * server's peak resident memory.
 *
 *   npm run bench:p2p          (DATABASE_URL defaults to the local test server)
 *   BENCH_ROWS=300000 npm run bench:p2p
 */
import { createReadStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { benchDatabase, setupSender, startBenchServer } from './bench-server.js';

const rows = Number(process.env.BENCH_ROWS ?? 100_000);
const port = Number(process.env.BENCH_PORT ?? 3397);

async function writeXlsx(file: string): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: true });
  const sheet = workbook.addWorksheet('Sheet1');
  sheet.addRow(['mobile', 'name', 'amount']).commit();
  for (let i = 0; i < rows; i++) {
    // Every tenth row repeats the mobile of the row before it.
    const n = i % 10 === 9 ? i - 1 : i;
    sheet.addRow([`0${['912', '935', '901', '990'][n % 4]}${String(n).padStart(7, '0')}`, `Customer${i % 5000}`, (i * 37) % 1_000_000]).commit();
  }
  sheet.commit();
  await workbook.commit();
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'peyk-bench-p2p-'));
  const file = path.join(dir, 'p2p.xlsx');
  await writeXlsx(file);
  const db = await benchDatabase();
  const server = await startBenchServer(db, port, { PEYK_DISPATCH: 'false' });
  try {
    const { sender, lineId } = await setupSender(server.base, true);
    const idle = server.peakRssMb();
    const latencies: number[] = [];
    const slow: { at: number; ms: number }[] = [];
    let probing = true;
    const probe = (async () => {
      while (probing) {
        const t = performance.now();
        await fetch(`${server.base}/api/health`).then((r) => r.arrayBuffer());
        latencies.push(performance.now() - t);
        if (performance.now() - t > 100) slow.push({ at: t, ms: performance.now() - t });
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const t0 = performance.now();
    const res = await fetch(`${server.base}/api/ScheduledMessages/UploadP2PFile?fileName=p2p.xlsx&culture=en-US`, {
      method: 'POST', headers: { authorization: `Bearer ${sender.token}`, 'content-type': 'application/octet-stream', 'content-length': String(statSync(file).size) },
      body: Readable.toWeb(createReadStream(file)) as ReadableStream, duplex: 'half',
    } as RequestInit);
    const uploaded = (await res.json() as { data: any; message?: string }).data;
    if (!uploaded) throw new Error(`upload failed: ${res.status}`);
    const t1 = performance.now();
    const body = { senderNumberId: lineId, uploadId: uploaded.uploadId, smsBody: 'سلام {name}، مانده حساب شما {amount} ریال است.' };
    const quote = await sender.post('ScheduledMessages/GetScheduledMessageCalculationsByP2P', body);
    const t2 = performance.now();
    const send = await sender.post('ScheduledMessages/CreateP2PScheduledMessage', { ...body, sendId: 'bench-p2p' });
    const t3 = performance.now();
    probing = false;
    await probe;
    if (send.queueStatus !== 'Ready') throw new Error(`send is ${send.queueStatus}, not Ready`);
    if (send.totalPrice !== quote.totalPrice) throw new Error(`preview ${quote.totalPrice} ≠ send ${send.totalPrice}`);
    const sorted = [...latencies].sort((a, b) => a - b);
    console.log(`p2p: ${rows.toLocaleString('en')} rows (${(statSync(file).size / 1e6).toFixed(1)} MB xlsx) → ${send.recipientCount.toLocaleString('en')} receivers ` +
      `(${send.duplicateCount.toLocaleString('en')} duplicates removed), ${send.smsParts} parts at most, total ${send.totalPrice} rials`);
    console.log(`  upload + read + rules: ${((t1 - t0) / 1000).toFixed(2)} s`);
    console.log(`  preview: ${((t2 - t1) / 1000).toFixed(2)} s`);
    console.log(`  create (texts, load, hold, limits): ${((t3 - t2) / 1000).toFixed(2)} s`);
    console.log(`  /api/health meanwhile: p99 ${sorted[Math.floor(sorted.length * 0.99)]?.toFixed(0)} ms, slowest ${sorted.at(-1)?.toFixed(0)} ms (${sorted.length} probes)`);
    // Which phase held the event loop (answers slower than 100 ms, by when they were asked).
    const phase = (at: number) => (at < t1 ? 'upload' : at < t2 ? 'preview' : 'create');
    if (slow.length) console.log(`  slow health answers: ${slow.map((x) => `${x.ms.toFixed(0)} ms in ${phase(x.at)}`).join(', ')}`);
    console.log(`  server peak RSS: ${server.peakRssMb()} MB (idle before: ${idle} MB)`);
  } finally {
    await server.stop();
    await db.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => { console.error(err); process.exit(1); });
