/**
 * Benchmark `dispatch`: a Ready 200,000-recipient send through the simulator plugin until every
 * delivery report is stored, on PostgreSQL. The send is made by a server with dispatching off;
 * a second server start (dispatching on) is timed from boot to the send's settlement.
 * Prints messages per second. Aim: >= 10,000 messages/s.
 *
 *   npm run bench:dispatch        (DATABASE_URL defaults to the local test server)
 *   BENCH_RECIPIENTS=50000 npm run bench:dispatch
 *   BENCH_REDIS_URL=redis://127.0.0.1:6379 npm run bench:dispatch   (bee-queue, pacing and pushes through Redis)
 */
import { Api, benchDatabase, recipientsText, setupSender, startBenchServer } from './bench-server.js';

const recipients = Number(process.env.BENCH_RECIPIENTS ?? 200_000);
const port = Number(process.env.BENCH_PORT ?? 3379);

async function main(): Promise<void> {
  const db = await benchDatabase();
  let server = await startBenchServer(db, port, { PEYK_DISPATCH: 'false' });
  let sendId: number;
  try {
    const { admin, sender, lineId, agentId } = await setupSender(server.base, true);
    const agent = await admin.get(`SenderAgents/Get/${agentId}`);
    await admin.post('SenderAgents/Update', {
      id: agentId, title: agent.title, pluginName: 'simulator', maxPerSecond: 1_000_000,
      options: { submitLatencyMs: 1, deliveryDelayMs: 100, deliveryRatio: 0.95, maxPerSecond: 1_000_000, maxBatchSize: 1000, seed: 7 },
    });
    const upload = await sender.call('POST', 'ScheduledMessages/UploadRecipients?format=text', undefined, { data: recipientsText(recipients, 0, 0), contentType: 'text/plain' });
    const send = await sender.post('ScheduledMessages/Create', { senderNumberId: lineId, smsBody: 'Peyk dispatch benchmark', sendType: 'Bulk', recipientsUploadId: upload.uploadId });
    sendId = send.id;
    console.log(`dispatch: send ${sendId} Ready with ${send.recipientCount.toLocaleString('en')} receivers`);
  } finally {
    await server.stop();
  }
  try {
    const t0 = performance.now();
    server = await startBenchServer(db, port, { PEYK_DISPATCH: 'true' });
    const tBoot = performance.now();
    console.log('  second start (dispatching on) is up');
    const { sender } = await setupSender(server.base, false);
    let last: any;
    let lastPrint = Date.now();
    for (;;) {
      last = await new Api(server.base, sender.token).get(`OutBox/Get/${sendId}`);
      if (last.queueStatus === 'Completed') break;
      if (Date.now() - lastPrint > 5_000) {
        lastPrint = Date.now();
        console.log(`  … ${((performance.now() - tBoot) / 1000).toFixed(0)} s: submitted ${last.sentCount}, delivered ${last.deliveredCount}, pending ${last.pendingCount}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    const t1 = performance.now();
    const seconds = (t1 - tBoot) / 1000;
    console.log(`  boot: ${((tBoot - t0) / 1000).toFixed(2)} s (not counted)`);
    console.log(`  submitted ${Number(last.sentCount).toLocaleString('en')}, delivered ${Number(last.deliveredCount).toLocaleString('en')}, not delivered ${Number(last.notDeliveredCount).toLocaleString('en')}; status ${last.status}`);
    console.log(`  Ready → every delivery report stored and the hold settled: ${seconds.toFixed(2)} s = ${Math.round(recipients / seconds).toLocaleString('en')} messages/s (aim >= 10,000)`);
    console.log(`  server peak RSS: ${server.peakRssMb()} MB; queue and pacing: ${process.env.BENCH_REDIS_URL ? 'Redis' : 'database table, in-process'}`);
  } finally {
    await server.stop();
    await db.drop();
  }
}

main().catch((err) => { console.error(err); process.exit(1); });
