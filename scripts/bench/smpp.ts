/**
 * Benchmark `smpp`: a Ready 200,000-recipient send through the SMPP client plugin (4 binds,
 * window 100 each) to the SMSC simulator over loopback, until every delivery receipt is stored in
 * PostgreSQL and the hold settled. Same shape as `bench:dispatch`: the send is made by a server with
 * dispatching off; a second start (dispatching on) is timed from boot to the send's settlement.
 * The simulator runs in this process (it answers submits and sends receipts), the panel in its own.
 * Prints messages per second and the panel's peak RSS. Aim: >= 10,000 messages/s, <= 600 MB.
 *
 *   npm run bench:smpp            (DATABASE_URL defaults to the local test server)
 *   BENCH_RECIPIENTS=50000 BENCH_BINDS=2 BENCH_WINDOW=200 npm run bench:smpp
 */
import { startSmscSim } from '../smsc-sim/smsc-sim.js';
import { Api, benchDatabase, recipientsText, setupSender, startBenchServer } from './bench-server.js';

const recipients = Number(process.env.BENCH_RECIPIENTS ?? 200_000);
const binds = Number(process.env.BENCH_BINDS ?? 4);
const windowSize = Number(process.env.BENCH_WINDOW ?? 100);
const port = Number(process.env.BENCH_PORT ?? 3381);

async function main(): Promise<void> {
  const sim = await startSmscSim({ port: 0, systemId: 'bench', password: 'bench-pw', deliveredRatio: 0.95, receiptDelayMs: 100, seed: 7 });
  console.log(`smpp: SMSC simulator on 127.0.0.1:${sim.port}`);
  const db = await benchDatabase();
  let server = await startBenchServer(db, port, { PEYK_DISPATCH: 'false' });
  let sendId: number;
  try {
    const { admin, sender, lineId, agentId } = await setupSender(server.base, true);
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
    sendId = send.id;
    console.log(`  send ${sendId} Ready with ${send.recipientCount.toLocaleString('en')} receivers; ${binds} binds, window ${windowSize}`);
  } finally {
    await server.stop();
  }
  try {
    const t0 = performance.now();
    server = await startBenchServer(db, port, { PEYK_DISPATCH: 'true' });
    const tBoot = performance.now();
    const { sender } = await setupSender(server.base, false);
    let last: any;
    let lastPrint = Date.now();
    for (;;) {
      last = await new Api(server.base, sender.token).get(`OutBox/Get/${sendId}`);
      if (last.queueStatus === 'Completed') break;
      if (Date.now() - lastPrint > 5_000) {
        lastPrint = Date.now();
        const s = sim.stats();
        console.log(`  … ${((performance.now() - tBoot) / 1000).toFixed(0)} s: submitted ${last.sentCount}, delivered ${last.deliveredCount}, pending ${last.pendingCount}; centre: ${s.messages} messages, ${s.receiptsAcked}/${s.receiptsSent} receipts acknowledged`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    const seconds = (performance.now() - tBoot) / 1000;
    const s = sim.stats();
    console.log(`  boot: ${((tBoot - t0) / 1000).toFixed(2)} s (not counted)`);
    console.log(`  submitted ${Number(last.sentCount).toLocaleString('en')}, delivered ${Number(last.deliveredCount).toLocaleString('en')}, not delivered ${Number(last.notDeliveredCount).toLocaleString('en')}; status ${last.status}`);
    console.log(`  centre saw ${s.messages.toLocaleString('en')} messages (${s.duplicates} repeated), sent ${s.receiptsSent.toLocaleString('en')} receipts, ${s.receiptsAcked.toLocaleString('en')} acknowledged`);
    console.log(`  Ready → every receipt stored and the hold settled: ${seconds.toFixed(2)} s = ${Math.round(recipients / seconds).toLocaleString('en')} messages/s (aim >= 10,000)`);
    console.log(`  panel peak RSS: ${server.peakRssMb()} MB (aim <= 600)`);
  } finally {
    await server.stop();
    await sim.close();
    await db.drop();
  }
}

main().catch((err) => { console.error(err); process.exit(1); });
