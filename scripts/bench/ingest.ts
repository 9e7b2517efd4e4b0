/**
 * Benchmark `ingest`: 1,000,000 numbers uploaded as text (10% duplicates, 2% invalid, mixed forms
 * and digit scripts) until the send is Ready with its credit held, on PostgreSQL. The server runs
 * in its own process with dispatching off, so only compose is measured. Prints seconds and the
 * server's peak resident memory. Aim: <= 5 s and <= 600 MB.
 *
 *   npm run bench:ingest          (DATABASE_URL defaults to the local test server)
 *   BENCH_NUMBERS=200000 npm run bench:ingest
 */
import { benchDatabase, recipientsText, setupSender, startBenchServer } from './bench-server.js';

const numbers = Number(process.env.BENCH_NUMBERS ?? 1_000_000);

async function main(): Promise<void> {
  const db = await benchDatabase();
  const server = await startBenchServer(db, Number(process.env.BENCH_PORT ?? 3378), { PEYK_DISPATCH: 'false' });
  try {
    const { sender, lineId } = await setupSender(server.base, true);
    const text = recipientsText(numbers);
    const baseline = server.peakRssMb();
    const t0 = performance.now();
    const upload = await sender.call('POST', 'ScheduledMessages/UploadRecipients?format=text', undefined, { data: text, contentType: 'text/plain' });
    const t1 = performance.now();
    const send = await sender.post('ScheduledMessages/Create', {
      senderNumberId: lineId, smsBody: 'سلام، این یک پیام آزمایشی از پیک است.', sendType: 'Bulk', recipientsUploadId: upload.uploadId, sendId: 'bench-ingest',
    });
    const t2 = performance.now();
    if (send.queueStatus !== 'Ready') throw new Error(`send is ${send.queueStatus}, not Ready`);
    console.log(`ingest: ${numbers.toLocaleString('en')} lines (${(text.length / 1e6).toFixed(1)} MB) → ${send.recipientCount.toLocaleString('en')} receivers ` +
      `(${upload.duplicateCount.toLocaleString('en')} duplicates, ${upload.wrongNumberCount.toLocaleString('en')} invalid)`);
    console.log(`  upload + parse: ${((t1 - t0) / 1000).toFixed(2)} s`);
    console.log(`  create (COPY-style load, hold, limits): ${((t2 - t1) / 1000).toFixed(2)} s`);
    console.log(`  total until Ready with credit held: ${((t2 - t0) / 1000).toFixed(2)} s (aim <= 5 s)`);
    console.log(`  server peak RSS: ${server.peakRssMb()} MB (idle before: ${baseline} MB; aim <= 600 MB)`);
  } finally {
    await server.stop();
    await db.drop();
  }
}

main().catch((err) => { console.error(err); process.exit(1); });
