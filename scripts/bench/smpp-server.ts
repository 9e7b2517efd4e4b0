/**
 * Benchmark `smpp-server`: the built-in SMPP server under an integrator's load. The panel (built,
 * in its own process, PostgreSQL) listens for SMPP; this process is the client: 4 binds
 * (transceiver), window 100 each, 200,000 submit_sm in total, until every delivery receipt has
 * come back as deliver_sm. The operator behind the line is the simulator plugin. Each submit_sm
 * is a billed single send through the panel's compose → hold → dispatch path.
 * Prints submits per second (submit_sm_resp OK), end-to-end messages per second (first submit
 * until the last receipt) and the panel's peak RSS. Aim (issue 30): >= 4,000 messages/s end to
 * end, and >= 2,000 with BENCH_CPU_HOG=2 (the same load again with two busy processes beside the
 * server; both figures printed). DATABASE_URL, REDIS_URL (or BENCH_REDIS_URL), PEYK_REDIS_PREFIX,
 * HOST, BENCH_PORT and BENCH_SMPP_PORT point it.
 *
 *   npm run bench:smpp-server                    (DATABASE_URL defaults to the local test server)
 *   BENCH_MESSAGES=20000 BENCH_BINDS=2 BENCH_WINDOW=50 npm run bench:smpp-server
 */
import { createRequire } from 'node:module';
import pg from 'pg';
import { benchConnectHost, benchDatabase, benchSetting, cpuHogCount, setupSender, startBenchServer, startCpuHogs } from './bench-server.js';

const total = Number(process.env.BENCH_MESSAGES ?? 200_000);
const binds = Number(process.env.BENCH_BINDS ?? 4);
const windowSize = Number(process.env.BENCH_WINDOW ?? 100);
const port = Number(process.env.BENCH_PORT ?? 3383);
const smppPort = Number(process.env.BENCH_SMPP_PORT ?? 3775);
/** Second phase: this many receipts written straight into the outbox, timed until every one is at the client (the server's deliver_sm path alone). */
const outboxRows = Number(process.env.BENCH_OUTBOX ?? 100_000);

interface Pdu { command_status: number; sequence_number: number; message_id?: string; receipted_message_id?: string; esm_class?: number; response(): Pdu }
interface Session {
  socket: { writable: boolean };
  on(event: string, fn: (pdu: Pdu) => void): void;
  once(event: string, fn: (arg?: unknown) => void): void;
  send(pdu: unknown, onResponse?: (pdu: Pdu) => void): boolean;
  destroy(): void;
}
const smpp = createRequire(import.meta.url)('smpp') as { connect(o: Record<string, unknown>): Session; PDU: new (c: string, o?: Record<string, unknown>) => unknown };

async function bind(systemId: string, password: string): Promise<Session> {
  const session = smpp.connect({ host: benchConnectHost().replace(/^\[|\]$/g, ''), port: smppPort });
  await new Promise<void>((resolve, reject) => { session.once('connect', () => resolve()); session.once('error', reject); });
  const resp = await new Promise<Pdu>((resolve) => session.send(new smpp.PDU('bind_transceiver', { system_id: systemId, password }), resolve));
  if (resp.command_status !== 0) throw new Error(`bind refused: 0x${resp.command_status.toString(16)}`);
  return session;
}

async function main(): Promise<void> {
  const db = await benchDatabase();
  const server = await startBenchServer(db, port, { PEYK_SMPP_SERVER_PORT: String(smppPort) });
  try {
    const { admin, sender, agentId } = await setupSender(server.base, true);
    const agent = await admin.get(`SenderAgents/Get/${agentId}`);
    await admin.post('SenderAgents/Update', {
      id: agentId, title: agent.title, pluginName: 'simulator', maxPerSecond: 1_000_000,
      options: { ...agent.options, acceptRatio: 1, lostAnswerRatio: 0, expireRatio: 0, submitLatencyMs: 0, deliveryRatio: 1, deliveryDelayMs: 100, maxPerSecond: 100_000, maxBatchSize: 1000 },
    });
    const me = await sender.get('Account/GetCurrentUser');
    const userId = Number(me.id ?? me.userId ?? me.user?.id);
    const single = await sender.get('PrivateNumbers/GetMyNumbers?sendType=Single');
    const line = (Array.isArray(single) ? single : single.items)[0];
    await admin.post('SmppAccounts/Create', { systemId: 'bench', password: 'bench-pw', userId, maxBinds: binds, windowSize, throughput: 100_000, defaultLineId: line.id });
    const sessions = await Promise.all(Array.from({ length: binds }, () => bind('bench', 'bench-pw')));
    console.log(`smpp-server: ${binds} binds, window ${windowSize}, ${total.toLocaleString('en')} submit_sm from line ${line.number}`);

    console.log(benchSetting(port));

    // One measured pass: `count` submits from the lanes, until every accepted one's receipt is back.
    // Receipts are matched to the pass by the message ids its submits were answered with.
    const receipts = new Set<string>();
    let pass: { ids: Set<string>; got: number; accepted: number; submittedAll: boolean; resolve: () => void } | null = null;
    for (const s of sessions) {
      s.on('deliver_sm', (p) => {
        s.send(p.response());
        const id = p.receipted_message_id;
        if (!id) return;
        receipts.add(id);
        if (pass && pass.ids.has(id)) {
          pass.ids.delete(id);
          pass.got++;
          if (pass.submittedAll && pass.got >= pass.accepted) pass.resolve();
        }
      });
    }
    const measure = async (label: string, count: number, offset: number): Promise<{ endToEnd: number; submits: number }> => {
      const statuses = new Map<number, number>();
      let retried = 0;
      let resolveDone!: () => void;
      const done = new Promise<void>((resolve) => { resolveDone = resolve; });
      const state = { ids: new Set<string>(), got: 0, accepted: 0, submittedAll: false, resolve: resolveDone };
      pass = state;
      let next = 0;
      const t0 = performance.now();
      const lane = async (s: Session): Promise<void> => {
        for (;;) {
          const i = next++;
          if (i >= count) return;
          for (;;) {
            const n = offset + i;
            const to = `98912${String(1_000_000 + (n % 9_000_000)).padStart(7, '0')}`;
            const resp = await new Promise<Pdu>((resolve) => s.send(new smpp.PDU('submit_sm', { source_addr: line.number, destination_addr: to, short_message: `Peyk SMPP server bench ${n}`, registered_delivery: 1 }), resolve));
            statuses.set(resp.command_status, (statuses.get(resp.command_status) ?? 0) + 1);
            if (resp.command_status === 0) {
              state.accepted++;
              // A receipt can overtake its submit_sm_resp: count it as already back.
              if (resp.message_id && receipts.has(resp.message_id)) state.got++;
              else if (resp.message_id) state.ids.add(resp.message_id);
              break;
            }
            // Throttled or queue full: the server asks for patience, not for giving up.
            if (resp.command_status === 0x58 || resp.command_status === 0x14) {
              retried++;
              await new Promise((r) => setTimeout(r, 20));
              continue;
            }
            break;
          }
        }
      };
      const progress = setInterval(() => {
        console.log(`  … ${label} ${((performance.now() - t0) / 1000).toFixed(0)} s: accepted ${state.accepted.toLocaleString('en')}, receipts ${state.got.toLocaleString('en')}`);
      }, 5_000);
      await Promise.all(sessions.flatMap((s) => Array.from({ length: windowSize }, () => lane(s))));
      const lastSubmitAt = performance.now();
      state.submittedAll = true;
      if (state.got >= state.accepted) resolveDone();
      await done;
      clearInterval(progress);
      pass = null;
      const t1 = performance.now();
      const submitSeconds = (lastSubmitAt - t0) / 1000;
      const seconds = (t1 - t0) / 1000;
      console.log(`  -- ${label}`);
      console.log(`  submit_sm answered: ${[...statuses].map(([k, v]) => `0x${k.toString(16)}×${v}`).join(', ')} (retries after throttling/queue full: ${retried})`);
      console.log(`  all ${state.accepted.toLocaleString('en')} submits accepted in ${submitSeconds.toFixed(2)} s = ${Math.round(state.accepted / submitSeconds).toLocaleString('en')} submit_sm/s`);
      console.log(`  first submit → every receipt back: ${seconds.toFixed(2)} s = ${Math.round(state.accepted / seconds).toLocaleString('en')} messages/s`);
      return { endToEnd: state.accepted / seconds, submits: state.accepted / submitSeconds };
    };
    const quiet = await measure('the machine as it is', total, 0);
    const hogs = cpuHogCount();
    let loaded: { endToEnd: number } | null = null;
    if (hogs > 0) {
      // BENCH_CPU_HOG=N: the same load again with N busy processes beside the server; both printed.
      const cpu = startCpuHogs(hogs);
      try {
        loaded = await measure(`with BENCH_CPU_HOG=${hogs} busy processes beside the server`, total, total);
      } finally {
        await cpu.stop();
      }
    }
    console.log(`  aim: >= 4,000 messages/s end to end: ${quiet.endToEnd >= 4000 ? 'MET' : 'NOT MET'} (${Math.round(quiet.endToEnd).toLocaleString('en')})` +
      (loaded ? `; >= 2,000 with BENCH_CPU_HOG=${hogs}: ${loaded.endToEnd >= 2000 ? 'MET' : 'NOT MET'} (${Math.round(loaded.endToEnd).toLocaleString('en')})` : ''));
    console.log(`  panel peak RSS: ${server.peakRssMb()} MB`);

    if (outboxRows > 0) {
      // The receipt hand-out alone: rows as the receipts listener writes them, the same binds acknowledge.
      const account = await admin.get('SmppAccounts/GetAll');
      const accountId = account.items.find((a: { systemId: string }) => a.systemId === 'bench').id;
      const before = receipts.size;
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      const t2 = performance.now();
      await client.query(
        `insert into smpp_outbox ("accountId", kind, "messageId", "sourceAddr", "destAddr", body, "messageState")
         select $1, 'receipt', 'bench' || g, '989120000000', $2, 'id:bench' || g || ' sub:001 dlvrd:001 submit date:2611250000 done date:2611250000 stat:DELIVRD err:000 text:bench', 2
         from generate_series(1, $3) g`,
        [accountId, line.number, outboxRows],
      );
      await client.end();
      const tInserted = performance.now();
      while (receipts.size < before + outboxRows) await new Promise((r) => setTimeout(r, 50));
      const t3 = performance.now();
      console.log(`  outbox hand-out alone: ${outboxRows.toLocaleString('en')} receipts inserted in ${((tInserted - t2) / 1000).toFixed(2)} s, all at the client ${((t3 - t2) / 1000).toFixed(2)} s after the insert began = ${Math.round(outboxRows / ((t3 - t2) / 1000)).toLocaleString('en')} deliver_sm/s`);
    }
    for (const s of sessions) s.destroy();
  } finally {
    await server.stop();
    await db.drop();
  }
}

main().catch((err) => { console.error(err); process.exit(1); });
