import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DeliveryReport, GatewayHost, InboundMessage, OutboundMessage, SubmitResult } from '../../../server/gateways/gateway-sdk.js';
import { loadGatewayPlugins, pluginsDirFor, validateOptions, type LoadedPlugin } from '../../../server/gateways/plugin-loader.js';
import type { SimulatorGateway } from '../../../plugins/simulator/index.js';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function waitFor(what: string, condition: () => boolean, timeoutMs = 3_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

interface TestHost extends GatewayHost {
  reports: DeliveryReport[];
  inboundMessages: InboundMessage[];
  warnings: unknown[];
  calls: number;
  failNext: number;
}

function testHost(): TestHost {
  const host: TestHost = {
    gatewayId: 'sim',
    reports: [],
    inboundMessages: [],
    warnings: [],
    calls: 0,
    failNext: 0,
    logger: { info: () => undefined, warn: (o) => void host.warnings.push(o), error: (o) => void host.warnings.push(o) },
    now: () => new Date(),
    async deliveryReports(reports) {
      host.calls++;
      if (host.failNext > 0) {
        host.failNext--;
        throw new Error('database busy');
      }
      for (const r of reports) host.reports.push(r);
    },
    async inbound(messages) {
      host.inboundMessages.push(...messages);
    },
    statusChanged: () => undefined,
  };
  return host;
}

let n = 0;
function messages(count: number, overrides: Partial<OutboundMessage> = {}): OutboundMessage[] {
  return Array.from({ length: count }, () => ({
    id: `m${++n}`,
    to: '989121234567',
    from: '30001234',
    text: 'hello',
    encoding: 'gsm7' as const,
    parts: 1,
    flash: false,
    ...overrides,
  }));
}

const providerIds = (results: SubmitResult[]) => results.flatMap((r) => (r.status === 'accepted' ? [r.providerId] : []));

describe('simulator gateway plugin', function () {
  let loaded: LoadedPlugin;
  const open: SimulatorGateway[] = [];

  before(async function () {
    this.timeout(30_000);
    const result = await loadGatewayPlugins(pluginsDirFor(rootDir), { info: () => undefined, warn: () => undefined, error: () => undefined });
    loaded = result.plugins.get('simulator')!;
    expect(loaded, JSON.stringify(result.broken)).to.not.equal(undefined);
  });
  afterEach(async function () {
    for (const g of open.splice(0)) await g.disconnect({ drain: false });
  });

  async function connect(options: Record<string, unknown>, host = testHost()): Promise<{ gateway: SimulatorGateway; host: TestHost }> {
    const checked = validateOptions(loaded, options);
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
    const gateway = loaded.plugin.create('sim', checked.options) as SimulatorGateway;
    open.push(gateway);
    await gateway.connect(host);
    return { gateway, host };
  }

  it('has the documented defaults', function () {
    const checked = validateOptions(loaded, {});
    expect(checked).to.deep.equal({
      ok: true,
      options: {
        acceptRatio: 1, lostAnswerRatio: 0, submitLatencyMs: 5, deliveryRatio: 0.95, deliveryDelayMs: 200, expireRatio: 0.2,
        failureCodes: ['InvalidDestination', 'Throttled'], inboundEcho: false, maxPerSecond: 10_000, maxBatchSize: 500, deduplicate: true,
        receiptDelivery: 'callback', pollIntervalMs: 500,
      },
    });
    expect(validateOptions(loaded, { acceptRatio: 2 }).ok).to.equal(false);
    expect(validateOptions(loaded, { unknownOption: 1 }).ok).to.equal(false);
  });

  it('repeats every choice for the same seed', async function () {
    const options = { seed: 7, acceptRatio: 0.6, deliveryRatio: 0.5, expireRatio: 0.5, deliveryDelayMs: 5, submitLatencyMs: 0 };
    const outcome = async () => {
      const { gateway, host } = await connect(options);
      const results = await gateway.submit(messages(200));
      await gateway.disconnect({ drain: true });
      return { statuses: results.map((r) => (r.status === 'accepted' ? 'accepted' : `${r.status}:${r.code}`)), states: host.reports.map((r) => r.state) };
    };
    const first = await outcome();
    const second = await outcome();
    expect(second).to.deep.equal(first);
    expect(new Set(first.statuses)).to.deep.equal(new Set(['accepted', 'rejected:InvalidDestination', 'transient:Throttled']));
    expect(new Set(first.states)).to.deep.equal(new Set(['delivered', 'undelivered', 'expired']));
  });

  it('maps failure codes: Throttled is transient, others rejected', async function () {
    const { gateway } = await connect({ acceptRatio: 0, failureCodes: ['Throttled'], submitLatencyMs: 0 });
    expect((await gateway.submit(messages(3))).map((r) => r.status)).to.deep.equal(['transient', 'transient', 'transient']);
    const other = await connect({ acceptRatio: 0, failureCodes: ['Blacklisted'], submitLatencyMs: 0 });
    expect(await other.gateway.submit(messages(1, { id: 'x1' }))).to.deep.equal([
      { id: 'x1', status: 'rejected', code: 'Blacklisted', message: 'refused by the simulated operator' },
    ]);
  });

  it('writes SMPP-like receipts with the final state', async function () {
    const { gateway, host } = await connect({ deliveryRatio: 0, expireRatio: 1, deliveryDelayMs: 1, submitLatencyMs: 0 });
    const [result] = await gateway.submit(messages(1));
    await waitFor('the report', () => host.reports.length === 1);
    const report = host.reports[0]!;
    expect(report).to.include({ providerId: (result as { providerId: string }).providerId, state: 'expired', providerStatus: 'EXPIRED' });
    expect(report.raw).to.deep.include({ id: report.providerId, stat: 'EXPIRED', err: '002' });
    expect((report.raw as { done_date: string }).done_date).to.match(/^\d{10}$/);
  });

  it('echoes "echo " messages back as inbound from the recipient', async function () {
    const { gateway, host } = await connect({ inboundEcho: true, deliveryDelayMs: 1, submitLatencyMs: 0 });
    await gateway.submit([...messages(1, { text: 'echo salam', to: '989120000001', from: '3000' }), ...messages(1, { text: 'no echo' })]);
    await waitFor('the inbound message', () => host.inboundMessages.length === 1 && host.reports.length === 2);
    expect(host.inboundMessages[0]).to.include({ from: '989120000001', to: '3000', text: 'salam' });
    await sleep(50);
    expect(host.inboundMessages).to.have.length(1);
  });

  it('hands an inbound load over in groups on connect: senders and texts in turn, the same ids on every connect', async function () {
    const load = { count: 2_500, to: '30001234', texts: ['1', 'hello', 'stop'], senders: 1_000, groupSize: 1_000 };
    const sizes: number[] = [];
    const host = testHost();
    const inbound = host.inbound;
    host.inbound = async (messages) => { sizes.push(messages.length); await inbound(messages); };
    const { gateway } = await connect({ inboundLoad: load }, host);
    await waitFor('the whole load', () => host.inboundMessages.length === 2_500);
    expect(sizes).to.deep.equal([1_000, 1_000, 500]);
    expect(host.inboundMessages[0]).to.include({ from: '989120000000', to: '30001234', text: '1', providerId: 'load-0' });
    expect(host.inboundMessages[1_001]).to.include({ from: '989120000001', text: 'stop', providerId: 'load-1001' });
    expect(new Set(host.inboundMessages.map((m) => m.providerId)).size).to.equal(2_500);
    expect(validateOptions(loaded, { inboundLoad: { count: 1, to: '3000' } }).ok, 'texts required').to.equal(false);
    // A reconnect hands the same messages again (the host stores each once by provider id).
    await gateway.disconnect({ drain: true });
    expect(host.inboundMessages).to.have.length(2_500);
    await gateway.connect(host);
    await waitFor('the load again', () => host.inboundMessages.length === 5_000);
    expect(host.inboundMessages[2_500]!.providerId).to.equal('load-0');
  });

  it('hands `concurrency` load groups at once, the next wave after all of them', async function () {
    const host = testHost();
    let inFlight = 0;
    let most = 0;
    const inbound = host.inbound;
    host.inbound = async (messages) => {
      most = Math.max(most, ++inFlight);
      await sleep(10);
      inFlight--;
      await inbound(messages);
    };
    await connect({ inboundLoad: { count: 50, to: '3000', texts: ['x'], groupSize: 10, concurrency: 3 } }, host);
    await waitFor('the load', () => host.inboundMessages.length === 50);
    expect(most).to.equal(3);
    expect(host.inboundMessages.map((m) => m.providerId).sort()).to.deep.equal(Array.from({ length: 50 }, (_, i) => `load-${i}`).sort());
  });

  it('retries a load group the host failed to take', async function () {
    const host = testHost();
    let fail = 1;
    const inbound = host.inbound;
    host.inbound = async (messages) => {
      if (fail-- > 0) throw new Error('database busy');
      await inbound(messages);
    };
    await connect({ inboundLoad: { count: 30, to: '3000', texts: ['x'], groupSize: 10 } }, host);
    await waitFor('the load', () => host.inboundMessages.length === 30);
    expect(host.inboundMessages.map((m) => m.providerId)).to.deep.equal(Array.from({ length: 30 }, (_, i) => `load-${i}`));
  });

  it('answers Throttled above maxPerSecond', async function () {
    const { gateway } = await connect({ maxPerSecond: 100, submitLatencyMs: 0, maxBatchSize: 500 });
    const results = await gateway.submit(messages(150));
    expect(results.filter((r) => r.status === 'accepted')).to.have.length(100);
    expect(results.slice(100).every((r) => r.status === 'transient' && r.code === 'Throttled')).to.equal(true);
  });

  it('retries a group of reports the host failed to take', async function () {
    const host = testHost();
    host.failNext = 1;
    const { gateway } = await connect({ deliveryDelayMs: 1, submitLatencyMs: 0 }, host);
    const results = await gateway.submit(messages(5));
    await waitFor('all reports after a retry', () => host.reports.length === 5);
    expect(host.calls).to.equal(2);
    expect(host.reports.map((r) => r.providerId)).to.deep.equal(providerIds(results));
  });

  it('drops pending reports on disconnect without drain, and sends none afterwards', async function () {
    const { gateway, host } = await connect({ deliveryDelayMs: 30, submitLatencyMs: 0 });
    await gateway.submit(messages(10));
    await gateway.disconnect({ drain: false });
    await sleep(80);
    expect(host.reports).to.deep.equal([]);
    expect(host.warnings).to.have.length(1);
    expect((await gateway.submit(messages(1)))[0]).to.include({ status: 'transient', code: 'NotConnected' });
  });

  it('joins a second disconnect to the first, handing each report over once', async function () {
    const { gateway, host } = await connect({ deliveryDelayMs: 5_000, submitLatencyMs: 0 });
    await gateway.submit(messages(20));
    await Promise.all([gateway.disconnect({ drain: true }), gateway.disconnect({ drain: true })]);
    expect(host.reports).to.have.length(20);
    expect((await gateway.health()).state).to.equal('down');
  });

  it('logs submits and stays idempotent across a restart through the submit log', async function () {
    const dir = mkdtempSync(path.join(tmpdir(), 'peyk-sim-'));
    try {
      const logPath = path.join(dir, 'submits.log');
      const options = { submitLogPath: logPath, deliveryDelayMs: 1, submitLatencyMs: 0 };
      const batch = messages(3);
      const first = await connect(options);
      const r1 = await first.gateway.submit(batch);
      const again = await first.gateway.submit(batch.slice(0, 1));
      expect(again[0]).to.deep.equal(r1[0]);
      await first.gateway.disconnect({ drain: true });
      expect(first.host.reports).to.have.length(3);

      // A new process (as after kill -9) reads the log back: the ids stay known, and reports the
      // host already took are not sent again.
      const second = await connect(options);
      const r2 = await second.gateway.submit(batch);
      expect(r2).to.deep.equal(r1);
      await second.gateway.disconnect({ drain: true });
      expect(second.host.reports).to.deep.equal([]);

      // A message accepted but never reported (the process died first) is reported after a restart.
      const third = await connect({ ...options, deliveryDelayMs: 60_000 });
      const lost = await third.gateway.submit(messages(1));
      await third.gateway.disconnect({ drain: false });
      const fourth = await connect(options);
      await fourth.gateway.disconnect({ drain: true });
      expect(fourth.host.reports.map((r) => r.providerId)).to.deep.equal(providerIds(lost));

      const lines = readFileSync(logPath, 'utf8').trim().split('\n').map((l) => l.split('\t'));
      expect(lines.filter((l) => l[2] !== 'reported').map((l) => l[2])).to.deep.equal(['new', 'new', 'new', 'repeat', 'repeat', 'repeat', 'repeat', 'new']);
      expect(lines.filter((l) => l[2] === 'reported')).to.have.length(4);
      expect(lines.slice(0, 3).map((l) => l[0])).to.deep.equal(batch.map((m) => m.id));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('without deduplicate, a repeated id is a second message (new provider id, second report) and the host is told it is not idempotent', async function () {
    const dir = mkdtempSync(path.join(tmpdir(), 'peyk-sim-'));
    try {
      const logPath = path.join(dir, 'submits.log');
      const { gateway, host } = await connect({ submitLogPath: logPath, deliveryDelayMs: 1, submitLatencyMs: 0, deliveryRatio: 1, deduplicate: false });
      expect(gateway.idempotentSubmit).to.equal(false);
      const batch = messages(2);
      const r1 = await gateway.submit(batch);
      const r2 = await gateway.submit(batch.slice(0, 1));
      expect(r2[0]!.status).to.equal('accepted');
      expect(providerIds(r2)[0]).to.not.equal(providerIds(r1)[0]);
      await gateway.disconnect({ drain: true });
      expect(host.reports).to.have.length(3);
      const kinds = readFileSync(logPath, 'utf8').trim().split('\n').map((l) => l.split('\t')).filter((l) => l[2] !== 'reported');
      expect(kinds.map((l) => [l[0], l[2]])).to.deep.equal([[batch[0]!.id, 'new'], [batch[1]!.id, 'new'], [batch[0]!.id, 'new']]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('handles 200,000 messages in batches of 500 well above 10,000 msg/s', async function () {
    this.timeout(60_000);
    const { gateway, host } = await connect({ maxPerSecond: 1_000_000, seed: 3 });
    const total = 200_000;
    const started = performance.now();
    let accepted = 0;
    for (let sent = 0; sent < total; sent += 500) {
      const results = await gateway.submit(messages(500));
      for (const r of results) if (r.status === 'accepted') accepted++;
    }
    const submitMs = performance.now() - started;
    await waitFor('every report', () => host.reports.length === accepted, 30_000);
    const allMs = performance.now() - started;
    const rate = Math.round(total / (submitMs / 1_000));
    console.log(`      simulator: ${total} messages submitted in ${Math.round(submitMs)} ms (${rate} msg/s), all ${accepted} reports in ${Math.round(allMs)} ms, ${host.calls} report hand-overs`);
    expect(accepted).to.equal(total);
    expect(rate).to.be.above(10_000);
  });
});
