/**
 * Benchmark `dispatch`: a Ready 200,000-recipient send through the simulator plugin until every
 * delivery report is stored, on PostgreSQL. The send is made by a server with dispatching off;
 * a second server start (dispatching on) is timed from boot to the send's settlement.
 * Prints messages per second. Aim: >= 10,000 messages/s.
 *
 *   npm run bench:dispatch        (DATABASE_URL defaults to the local test server)
 *   BENCH_RECIPIENTS=50000 npm run bench:dispatch
 *   REDIS_URL=redis://127.0.0.1:6379 npm run bench:dispatch   (bee-queue, pacing and pushes through Redis; BENCH_REDIS_URL wins over REDIS_URL)
 */
import { benchRedisEnv, recipientsText, timeReadySend } from './bench-server.js';

const recipients = Number(process.env.BENCH_RECIPIENTS ?? 200_000);
const port = Number(process.env.BENCH_PORT ?? 3379);

async function main(): Promise<void> {
  const run = await timeReadySend(port, async ({ admin, sender, lineId, agentId }) => {
    const agent = await admin.get(`SenderAgents/Get/${agentId}`);
    await admin.post('SenderAgents/Update', {
      id: agentId, title: agent.title, pluginName: 'simulator', maxPerSecond: 1_000_000,
      options: { submitLatencyMs: 1, deliveryDelayMs: 100, deliveryRatio: 0.95, maxPerSecond: 1_000_000, maxBatchSize: 1000, seed: 7 },
    });
    const upload = await sender.call('POST', 'ScheduledMessages/UploadRecipients?format=text', undefined, { data: recipientsText(recipients, 0, 0), contentType: 'text/plain' });
    const send = await sender.post('ScheduledMessages/Create', { senderNumberId: lineId, smsBody: 'Peyk dispatch benchmark', sendType: 'Bulk', recipientsUploadId: upload.uploadId });
    console.log(`dispatch: send ${send.id} Ready with ${send.recipientCount.toLocaleString('en')} receivers`);
    return send.id;
  });
  const last = run.send;
  console.log(`  boot: ${run.bootSeconds.toFixed(2)} s (not counted)`);
  console.log(`  submitted ${Number(last.sentCount).toLocaleString('en')}, delivered ${Number(last.deliveredCount).toLocaleString('en')}, not delivered ${Number(last.notDeliveredCount).toLocaleString('en')}; status ${last.status}`);
  console.log(`  Ready → every delivery report stored and the hold settled: ${run.seconds.toFixed(2)} s = ${Math.round(recipients / run.seconds).toLocaleString('en')} messages/s (aim >= 10,000)`);
  console.log(`  server peak RSS: ${run.peakRssMb} MB; queue and pacing: ${benchRedisEnv(port).REDIS_URL ? 'Redis' : 'database table, in-process'}`);
}

main().catch((err) => { console.error(err); process.exit(1); });
