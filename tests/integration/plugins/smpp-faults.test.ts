import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { DeliveryReport, GatewayHealth, GatewayHost, InboundMessage, OutboundMessage, SubmitResult } from '../../../server/gateways/gateway-sdk.js';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadGatewayPlugins, pluginsDirFor, validateOptions, type LoadedPlugin } from '../../../server/gateways/plugin-loader.js';
import type { SmppGateway } from '../../../plugins/smpp/index.js';
import { startSmscSim, type SmscSim, type SmscSimOptions } from '../../../scripts/smsc-sim/smsc-sim.js';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function waitFor(what: string, condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

interface TestHost extends GatewayHost {
  reports: DeliveryReport[];
  inboundMessages: InboundMessage[];
  statuses: GatewayHealth[];
  warnings: string[];
  /** Replace to control what deliveryReports answers. */
  onReports: (reports: DeliveryReport[]) => Promise<void>;
}

function testHost(): TestHost {
  const host: TestHost = {
    gatewayId: 'smpp-test',
    reports: [],
    inboundMessages: [],
    statuses: [],
    warnings: [],
    onReports: async () => undefined,
    logger: { info: () => undefined, warn: (_o, msg) => void host.warnings.push(msg ?? ''), error: (_o, msg) => void host.warnings.push(msg ?? '') },
    now: () => new Date(),
    async deliveryReports(reports) {
      await host.onReports(reports);
      host.reports.push(...reports);
    },
    async inbound(messages) {
      host.inboundMessages.push(...messages);
    },
    statusChanged: (h) => void host.statuses.push(h),
  };
  return host;
}

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
let loaded: LoadedPlugin;

function gatewayFor(port: number, extra: Record<string, unknown> = {}): SmppGateway {
  const checked = validateOptions(loaded, {
    host: '127.0.0.1', port, systemId: 'peyk', password: 'secret', reconnectMinMs: 50, reconnectMaxMs: 200, responseTimeoutMs: 1_000, maxPerSecond: 50_000, ...extra,
  });
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
  return loaded.plugin.create('smpp-test', checked.options) as SmppGateway;
}

let serial = 0;
function messages(n: number, overrides: Partial<OutboundMessage> = {}): OutboundMessage[] {
  return Array.from({ length: n }, () => {
    serial++;
    return { id: `m${serial}`, to: `98912${String(serial).padStart(7, '0')}`, from: '30001234', text: `fault test ${serial}`, encoding: 'gsm7' as const, parts: 1, flash: false, ...overrides };
  });
}

function accepted(results: SubmitResult[]): string[] {
  return results.flatMap((r) => (r.status === 'accepted' ? [r.providerId] : []));
}

describe('SMPP plugin against the SMSC simulator (faults)', function () {
  this.timeout(20_000);
  let sim: SmscSim;
  let gateway: SmppGateway | null = null;
  let host: TestHost;

  before(async function () {
    const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const all = await loadGatewayPlugins(pluginsDirFor(rootDir), silent);
    const smpp = all.plugins.get('smpp');
    if (!smpp) throw new Error(`smpp did not load: ${JSON.stringify(all.broken)}`);
    loaded = smpp;
  });

  async function start(simOptions: Partial<SmscSimOptions> = {}, gatewayOptions: Record<string, unknown> = {}): Promise<SmppGateway> {
    sim = await startSmscSim({ receiptDelayMs: 5, ...simOptions });
    host = testHost();
    gateway = gatewayFor(sim.port, gatewayOptions);
    await gateway.connect(host);
    return gateway;
  }

  afterEach(async function () {
    await gateway?.disconnect({ drain: false });
    gateway = null;
    await sim?.close();
  });

  it('a bind dropped mid-send: every message gets one result, accepted or transient, none lost', async function () {
    const g = await start({ dropBindAfterSubmits: 40 }, { binds: 1, window: 20 });
    const batch = messages(100);
    const results = await g.submit(batch);
    expect(results.map((r) => r.id)).to.deep.equal(batch.map((m) => m.id));
    expect(results.every((r) => r.status === 'accepted' || r.status === 'transient'), JSON.stringify(results.filter((r) => r.status === 'rejected'))).to.equal(true);
    const transient = results.filter((r) => r.status === 'transient');
    expect(transient.length).to.be.above(0);
    expect(transient.every((r) => r.status === 'transient' && ['ConnectionLost', 'NotConnected'].includes(r.code))).to.equal(true);
    // Every accepted message arrived at the centre, once. Some that arrived were answered
    // transient: their submit_sm_resp died with the socket (in doubt, as on a real link).
    const arrived = sim.submittedMessages().flatMap((m) => m.ids);
    expect(accepted(results).filter((id) => !arrived.includes(id))).to.deep.equal([]);
    expect(arrived.length - accepted(results).length).to.be.at.most(transient.length);
    expect(sim.stats().duplicates).to.equal(0);
    // And the bind comes back by itself.
    await waitFor('the bind back up', () => sim.stats().binds === 1);
    await waitFor('health up again', () => host.statuses.at(-1)?.state === 'up');
    const again = await g.submit(messages(5));
    expect(again.every((r) => r.status === 'accepted')).to.equal(true);
  });

  it('the centre gone for good: queued and outstanding messages all answer transient, submit resolves', async function () {
    const g = await start({ submitLatencyMs: 200 }, { binds: 1, window: 2 });
    const pending = g.submit(messages(10));
    await sleep(50);
    await sim.close();
    const results = await pending;
    expect(results).to.have.length(10);
    expect(results.every((r) => r.status === 'transient'), JSON.stringify(results)).to.equal(true);
    expect(new Set(results.map((r) => r.status === 'transient' && r.code))).to.deep.equal(new Set(['ConnectionLost', 'NotConnected']));
    await waitFor('health down', () => host.statuses.at(-1)?.state === 'down');
  });

  it('announces messages through handOff before writing them, only as many as the window takes now', async function () {
    const g = await start({ submitLatencyMs: 300 }, { binds: 1, window: 3 });
    const batch = messages(9);
    const announced: string[][] = [];
    const arrivedUnannounced: string[] = [];
    const toId = new Map(batch.map((m) => [m.to, m.id]));
    const watch = setInterval(() => {
      for (const m of sim.submittedMessages()) if (!announced.flat().includes(toId.get(m.to)!)) arrivedUnannounced.push(m.to);
    }, 2);
    const pending = g.submit(batch, {
      handOff: async (ids) => {
        await sleep(20);
        announced.push(ids);
      },
    });
    await waitFor('the first window at the centre', () => sim.stats().messages === 3);
    await sleep(100);
    // The window is full and unanswered: the other six wait in the plugin, not announced.
    expect(announced).to.deep.equal([batch.slice(0, 3).map((m) => m.id)]);
    const results = await pending;
    clearInterval(watch);
    expect(results.every((r) => r.status === 'accepted'), JSON.stringify(results)).to.equal(true);
    expect(announced.flat()).to.deep.equal(batch.map((m) => m.id));
    expect(announced.every((ids) => ids.length <= 3)).to.equal(true);
    expect(arrivedUnannounced, 'written before the host recorded the hand-off').to.deep.equal([]);
  });

  it('a refused handOff writes nothing of those messages and answers them transient, not in doubt', async function () {
    const g = await start({}, { binds: 1, window: 5 });
    const results = await g.submit(messages(4), { handOff: async () => { throw new Error('lease lost'); } });
    expect(results.map((r) => r.status === 'transient' && r.code + (r.inDoubt ? ':inDoubt' : ''))).to.deep.equal(Array(4).fill('HandOffRefused'));
    expect(sim.stats().submits).to.equal(0);
    // Without a context nothing is announced and everything goes out.
    expect((await g.submit(messages(2))).every((r) => r.status === 'accepted')).to.equal(true);
  });

  it('throttled: slows down, retries the part, each message ends accepted or transient Throttled', async function () {
    const g = await start({ throttleRatio: 0.3 }, { binds: 2, throttleRetries: 3 });
    const batch = messages(60);
    const results = await g.submit(batch);
    expect(results).to.have.length(60);
    for (const r of results) {
      if (r.status !== 'accepted') expect(r).to.deep.include({ status: 'transient', code: 'Throttled' });
    }
    expect(accepted(results).length).to.be.above(50);
    expect(sim.stats().throttled).to.be.above(0);
    expect(sim.stats().duplicates).to.equal(0);
  });

  it('a response past the time-out: transient Timeout, the late response logged and ignored', async function () {
    const g = await start({ lateResponseMs: 600 }, { responseTimeoutMs: 200 });
    const results = await g.submit(messages(5));
    expect(results.every((r) => r.status === 'transient' && r.code === 'Timeout'), JSON.stringify(results)).to.equal(true);
    await sleep(700);
    expect(host.warnings.filter((w) => w.includes('late or unknown response'))).to.have.length(5);
    expect((await g.health()).state).to.equal('up');
    expect((await g.health()).inFlight).to.equal(0);
  });

  it('a receipt before its submit_sm_resp still reaches the host', async function () {
    const g = await start({ receiptBeforeResponse: true });
    const results = await g.submit(messages(20));
    const ids = accepted(results);
    expect(ids).to.have.length(20);
    await waitFor('every receipt', () => ids.every((id) => host.reports.some((r) => r.providerId === id)));
  });

  it('a receipt sent twice is handed over twice (the host drops repeats)', async function () {
    const g = await start({ duplicateReceipts: true, deliveredRatio: 1 });
    const ids = accepted(await g.submit(messages(10)));
    await waitFor('two receipts each', () => ids.every((id) => host.reports.filter((r) => r.providerId === id).length === 2));
    expect(host.reports.every((r) => r.state === 'delivered')).to.equal(true);
  });

  it('a stray receipt (an id never given) is handed over without harm', async function () {
    const g = await start({ strayReceipts: true });
    const ids = accepted(await g.submit(messages(5)));
    await waitFor('receipts', () => host.reports.length >= 10);
    expect(host.reports.filter((r) => !ids.includes(r.providerId))).to.have.length(5);
    expect((await g.health()).state).to.equal('up');
  });

  it('a wrong password: connect does not throw, health says why, reconnect keeps trying', async function () {
    sim = await startSmscSim({ password: 'right' });
    host = testHost();
    gateway = gatewayFor(sim.port, { password: 'wrong' });
    await gateway.connect(host);
    const health = await gateway.health();
    expect(health.state).to.equal('down');
    expect(health.detail).to.include('bind refused: ESME_RINVPASWD (invalid password)');
    expect(health.binds).to.deep.equal({ bound: 0, total: 1 });
    const results = await gateway.submit(messages(2));
    expect(results.every((r) => r.status === 'transient' && r.code === 'NotConnected')).to.equal(true);
    // The operator fixes the account: the back-off retry binds without a reconnect by hand.
    sim.set({ password: 'wrong' });
    await waitFor('bound after the fix', () => host.statuses.at(-1)?.state === 'up');
  });

  it('an unreachable port: health says connection refused, nothing throws', async function () {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    sim = await startSmscSim();
    host = testHost();
    gateway = gatewayFor(port, { binds: 2 });
    await gateway.connect(host);
    const health = await gateway.health();
    expect(health.state).to.equal('down');
    expect(health.detail).to.include(`connection refused 127.0.0.1:${port}`);
    expect((await gateway.submit(messages(1)))[0]).to.deep.include({ status: 'transient' });
  });

  it('acknowledges receipts only after host.deliveryReports resolved; a rejection is handed over again', async function () {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => { release = resolve; });
    const g = await start();
    let calls = 0;
    host.onReports = async () => {
      calls++;
      if (calls === 1) throw new Error('database down');
      await gate;
    };
    const ids = accepted(await g.submit(messages(10)));
    expect(ids).to.have.length(10);
    await waitFor('a second hand-over after the rejection', () => calls >= 2, 5_000);
    await sleep(100);
    expect(sim.stats().receiptsAcked, 'acked while the host has not stored them').to.equal(0);
    release();
    await waitFor('acks after the host resolved', () => sim.stats().receiptsAcked === 10);
    expect(new Set(host.reports.map((r) => r.providerId))).to.deep.equal(new Set(ids));
  });

  it('answers an unknown PDU from the centre with generic_nack and stays up', async function () {
    const g = await start();
    sim.sendBadPdu();
    await waitFor('generic_nack', () => sim.stats().genericNacks === 1);
    expect((await g.submit(messages(1)))[0]!.status).to.equal('accepted');
  });

  it('reassembles a concatenated inbound message (UDH and SAR) and acknowledges it after host.inbound', async function () {
    await start({}, { bindMode: 'transmitter-receiver' });
    await waitFor('both binds', () => sim.stats().binds === 2);
    await sim.sendMo('989121111111', '30001234', 'part one, part two, part three', { parts: 3 });
    await sim.sendMo('989122222222', '30001234', 'سلام، این یک پیام دو بخشی است', { parts: 2, sar: true });
    await waitFor('two inbound messages', () => host.inboundMessages.length === 2);
    expect(host.inboundMessages.map((m) => m.text)).to.have.members(['part one, part two, part three', 'سلام، این یک پیام دو بخشی است']);
    await waitFor('all parts acked', () => sim.stats().moAcked === 5);
  });

  it('sends a long message in parts; its receipt is the first part\'s, later parts\' receipts are absorbed', async function () {
    const g = await start({ deliveredRatio: 1 });
    const text = 'long '.repeat(80);
    const [result] = await g.submit(messages(1, { text, parts: 3 }));
    expect(result!.status).to.equal('accepted');
    const [arrived] = sim.submittedMessages();
    expect(arrived).to.deep.include({ text, parts: 3 });
    const providerId = (result as { providerId: string }).providerId;
    expect(providerId).to.equal(arrived!.ids[0]);
    await waitFor('the receipt', () => host.reports.length === 1);
    await sleep(100);
    expect(host.reports.map((r) => r.providerId)).to.deep.equal([providerId]);
    await waitFor('all three part receipts acked', () => sim.stats().receiptsAcked === 3);
  });

  it('rejects per message what the centre refuses, with refusal codes', async function () {
    const g = await start();
    const results = await g.submit([...messages(1, { to: '12' }), ...messages(1, { text: 'سلام', encoding: 'gsm7' }), ...messages(1)]);
    expect(results[0]).to.deep.include({ status: 'rejected', code: 'InvalidDestination', message: 'ESME_RINVDSTADR' });
    expect(results[1]).to.deep.include({ status: 'rejected', code: 'InvalidRequest' });
    expect(results[2]).to.deep.include({ status: 'accepted' });
  });

  it('binds over TLS, checking the certificate against tlsCa (a test key and certificate for "localhost")', async function () {
    const fixtures = path.join(rootDir, 'tests', 'integration', 'plugins', 'fixtures');
    const cert = readFileSync(path.join(fixtures, 'smsc-sim-cert.pem'), 'utf8');
    const key = readFileSync(path.join(fixtures, 'smsc-sim-key.pem'), 'utf8');
    sim = await startSmscSim({ tls: { key, cert } });
    host = testHost();
    gateway = gatewayFor(sim.port, { host: 'localhost', tls: true, tlsCa: cert });
    await gateway.connect(host);
    expect((await gateway.health()).state).to.equal('up');
    expect((await gateway.submit(messages(3))).every((r) => r.status === 'accepted')).to.equal(true);
    await gateway.disconnect({ drain: false });
    // Without the CA the certificate is refused: health says so, nothing throws.
    host = testHost();
    gateway = gatewayFor(sim.port, { host: 'localhost', tls: true });
    await gateway.connect(host);
    const health = await gateway.health();
    expect(health.state).to.equal('down');
    expect(health.detail).to.match(/certificate/i);
  });

  it('drains: waits for answers in flight, unbinds, reports down', async function () {
    const g = await start({ submitLatencyMs: 100 });
    const pending = g.submit(messages(10));
    await sleep(20);
    await g.disconnect({ drain: true });
    gateway = null;
    expect((await pending).every((r) => r.status === 'accepted')).to.equal(true);
    expect((await g.health()).state).to.equal('down');
    await waitFor('unbound at the centre', () => sim.stats().binds === 0);
  });

  it('keeps up well over a few thousand messages a second with 4 binds and window 100 on loopback', async function () {
    this.timeout(60_000);
    const g = await start({ receiptDelayMs: 20, deliveredRatio: 1 }, { binds: 4, window: 100, maxPerSecond: 100_000, maxBatchSize: 5_000 });
    await waitFor('4 binds', () => sim.stats().binds === 4);
    const total = 20_000;
    const started = performance.now();
    const batches: Promise<SubmitResult[]>[] = [];
    for (let i = 0; i < total / 5_000; i++) batches.push(g.submit(messages(5_000)));
    const results = (await Promise.all(batches)).flat();
    const seconds = (performance.now() - started) / 1_000;
    const rate = Math.round(total / seconds);
    expect(results.filter((r) => r.status === 'accepted')).to.have.length(total);
    // Reported for the lead's benchmark; the bar is low because CI shares two cores with others.
    console.log(`      smpp loopback: ${total} messages in ${seconds.toFixed(2)} s = ${rate} msg/s`);
    expect(rate).to.be.above(2_000);
    await waitFor('every receipt', () => host.reports.length === total, 20_000);
  });
});
