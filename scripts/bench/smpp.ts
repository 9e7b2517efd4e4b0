/**
 * Benchmark `smpp`: a Ready 200,000-recipient send through the SMPP client plugin (4 binds,
 * window 100 each) to the SMSC simulator over loopback, until every delivery receipt is stored in
 * PostgreSQL and the hold settled. Same shape as `bench:dispatch` (timeReadySend). The simulator
 * runs in this process (it answers submits and sends receipts), the panel in its own.
 * Prints messages per second and the panel's peak RSS. Aim: >= 10,000 messages/s, <= 600 MB.
 *
 *   npm run bench:smpp            (DATABASE_URL defaults to the local test server)
 *   BENCH_RECIPIENTS=50000 BENCH_BINDS=2 BENCH_WINDOW=200 npm run bench:smpp
 */
import { startSmscSim } from '../smsc-sim/smsc-sim.js';
import { recipientsText, timeReadySend } from './bench-server.js';

const recipients = Number(process.env.BENCH_RECIPIENTS ?? 200_000);
const binds = Number(process.env.BENCH_BINDS ?? 4);
const windowSize = Number(process.env.BENCH_WINDOW ?? 100);
const port = Number(process.env.BENCH_PORT ?? 3381);

async function main(): Promise<void> {
  const sim = await startSmscSim({ port: 0, systemId: 'bench', password: 'bench-pw', deliveredRatio: 0.95, receiptDelayMs: 100, seed: 7 });
  console.log(`smpp: SMSC simulator on 127.0.0.1:${sim.port}`);
  try {
    const run = await timeReadySend(port, async ({ admin, sender, lineId, agentId }) => {
      const agent = await admin.get(`SenderAgents/Get/${agentId}`);
      await admin.post('SenderAgents/Update', {
        id: agentId, title: agent.title, pluginName: 'smpp', maxPerSecond: 1_000_000,
        options: {
          host: '127.0.0.1', port: sim.port, systemId: 'bench', password: 'bench-pw', bindMode: 'transceiver',
          binds, window: windowSize, maxPerSecond: 100_000, maxBatchSize: 1000, enquireLinkMs: 30_000,
        },
      });
      const upload = await sender.call('POST', 'ScheduledMessages/UploadRecipients?format=text', undefined, { data: recipientsText(recipients, 0, 0), contentType: 'text/plain' });
      const send = await sender.post('ScheduledMessages/Create', { senderNumberId: lineId, smsBody: 'Peyk SMPP benchmark', sendType: 'Bulk', recipientsUploadId: upload.uploadId });
      console.log(`  send ${send.id} Ready with ${send.recipientCount.toLocaleString('en')} receivers; ${binds} binds, window ${windowSize}`);
      return send.id;
    }, () => {
      const s = sim.stats();
      return `; centre: ${s.messages} messages, ${s.receiptsAcked}/${s.receiptsSent} receipts acknowledged`;
    });
    const last = run.send;
    const s = sim.stats();
    console.log(`  boot: ${run.bootSeconds.toFixed(2)} s (not counted)`);
    console.log(`  submitted ${Number(last.sentCount).toLocaleString('en')}, delivered ${Number(last.deliveredCount).toLocaleString('en')}, not delivered ${Number(last.notDeliveredCount).toLocaleString('en')}; status ${last.status}`);
    console.log(`  centre saw ${s.messages.toLocaleString('en')} messages (${s.duplicates} repeated), sent ${s.receiptsSent.toLocaleString('en')} receipts, ${s.receiptsAcked.toLocaleString('en')} acknowledged`);
    console.log(`  Ready → every receipt stored and the hold settled: ${run.seconds.toFixed(2)} s = ${Math.round(recipients / run.seconds).toLocaleString('en')} messages/s (aim >= 10,000)`);
    console.log(`  panel peak RSS: ${run.peakRssMb} MB (aim <= 600)`);
  } finally {
    await sim.close();
  }
}

main().catch((err) => { console.error(err); process.exit(1); });
