import { expect } from 'chai';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { pino } from 'pino';
import {
  GatewayRegistry,
  InvalidGatewayOptionsError,
  NotAMessageGatewayError,
  UnknownGatewayPluginError,
  type GatewayCallbacks,
} from '../../../server/gateways/gateway-registry.js';
import type { DeliveryReport, Gateway, GatewayHealth, GatewayHost, GatewayPlugin } from '../../../server/gateways/gateway-sdk.js';
import { loadGatewayPlugins, pluginsDirFor, type LoadedPlugins } from '../../../server/gateways/plugin-loader.js';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface FakeLog {
  events: string[];
  hosts: GatewayHost[];
  failConnect: boolean;
}

/** A plugin that records the order of create/connect/disconnect and can be told to fail. */
function fakePlugin(log: FakeLog): GatewayPlugin {
  return {
    manifest: { name: 'fake', version: '0.1.0', apiVersion: 1, kind: 'sms', title: { fa: 'ساختگی', en: 'Fake' } },
    optionsSchema: { type: 'object', properties: { label: { type: 'string', default: 'x' }, n: { type: 'integer' } }, additionalProperties: false },
    create(id, options): Gateway {
      const label = `${id}:${String(options.label)}:${String(options.n ?? '')}`;
      log.events.push(`create ${label}`);
      let up = false;
      return {
        maxBatchSize: 10,
        maxPerSecond: 100,
        idempotentSubmit: false,
        async connect(host) {
          log.events.push(`connect ${label}`);
          await sleep(20);
          if (log.failConnect) throw new Error('provider unreachable');
          up = true;
          log.hosts.push(host);
          log.events.push(`connected ${label}`);
        },
        async submit(batch) {
          return batch.map((m) => ({ id: m.id, status: 'accepted' as const, providerId: `p-${m.id}` }));
        },
        async health(): Promise<GatewayHealth> {
          return up ? { state: 'up' } : { state: 'down' };
        },
        async disconnect({ drain }) {
          log.events.push(`disconnect ${label} drain=${drain}`);
          await sleep(20);
          up = false;
          log.events.push(`disconnected ${label}`);
        },
      };
    },
  };
}

function callbacks(): GatewayCallbacks & { reports: DeliveryReport[]; statuses: GatewayHealth[] } {
  const reports: DeliveryReport[] = [];
  const statuses: GatewayHealth[] = [];
  return {
    reports,
    statuses,
    deliveryReports: async (r) => void reports.push(...r),
    inbound: async () => undefined,
    statusChanged: (h) => void statuses.push(h),
  };
}

describe('GatewayRegistry', function () {
  let loaded: LoadedPlugins;
  let log: FakeLog;
  let registry: GatewayRegistry;
  const clock = { now: () => new Date('2026-11-22T10:00:00Z') };

  before(async function () {
    this.timeout(30_000);
    loaded = await loadGatewayPlugins(pluginsDirFor(rootDir), pino({ level: 'silent' }));
  });

  beforeEach(function () {
    log = { events: [], hosts: [], failConnect: false };
    const plugin = fakePlugin(log);
    const validate = new Ajv2020({ useDefaults: true, allErrors: true }).compile(plugin.optionsSchema);
    const plugins = new Map(loaded.plugins);
    plugins.set('fake', { name: 'fake', plugin, dir: '/nowhere', entryPath: '/nowhere/index.ts', validate });
    registry = new GatewayRegistry({ plugins, broken: [{ name: 'sick', reason: 'because' }] }, pino({ level: 'silent' }), clock);
  });
  afterEach(async function () {
    await registry.closeAll({ drain: false });
  });

  it('describes loaded plugins and lists broken ones', function () {
    const described = registry.describePlugins();
    const simulator = described.find((p) => p.name === 'simulator');
    expect(simulator).to.include({ kind: 'sms', version: '1.0.0' });
    expect(simulator!.title.en).to.be.a('string');
    expect(simulator!.optionsSchema).to.have.property('type', 'object');
    expect(registry.brokenPlugins()).to.deep.equal([{ name: 'sick', reason: 'because' }]);
  });

  it('shares one connect between concurrent callers and reuses equal options', async function () {
    const [a, b] = await Promise.all([
      registry.gatewayFor('agent-1', 'fake', { label: 'a', n: 1 }, callbacks()),
      registry.gatewayFor('agent-1', 'fake', { n: 1, label: 'a' }, callbacks()),
    ]);
    const c = await registry.gatewayFor('agent-1', 'fake', { label: 'a', n: 1 }, callbacks());
    expect(registry.liveGateway('agent-1')).to.equal(a);
    expect(registry.liveGateway('agent-2')).to.equal(null);
    expect(a).to.equal(b);
    expect(c).to.equal(a);
    expect(log.events).to.deep.equal(['create agent-1:a:1', 'connect agent-1:a:1', 'connected agent-1:a:1']);
  });

  it('reconnects when the options change, after the old instance drained and disconnected', async function () {
    const first = await registry.gatewayFor('agent-1', 'fake', { label: 'a' }, callbacks());
    const [second, third] = await Promise.all([
      registry.gatewayFor('agent-1', 'fake', { label: 'b' }, callbacks()),
      registry.gatewayFor('agent-1', 'fake', { label: 'b' }, callbacks()),
    ]);
    expect(second).to.not.equal(first);
    expect(third).to.equal(second);
    expect(log.events).to.deep.equal([
      'create agent-1:a:', 'connect agent-1:a:', 'connected agent-1:a:',
      'disconnect agent-1:a: drain=true', 'disconnected agent-1:a:',
      'create agent-1:b:', 'connect agent-1:b:', 'connected agent-1:b:',
    ]);
  });

  it('keeps agents apart', async function () {
    const a = await registry.gatewayFor('agent-1', 'fake', {}, callbacks());
    const b = await registry.gatewayFor('agent-2', 'fake', {}, callbacks());
    expect(a).to.not.equal(b);
    await registry.disconnect('agent-1', { drain: true });
    expect((await registry.health('agent-1')).state).to.equal('down');
    expect((await registry.health('agent-2')).state).to.equal('up');
    expect(registry.liveGateway('agent-1')).to.equal(null);
  });

  it('refuses unknown plugins and invalid options', async function () {
    let error: unknown = null;
    await registry.gatewayFor('agent-1', 'nope', {}, callbacks()).catch((e: unknown) => { error = e; });
    expect(error).to.be.instanceOf(UnknownGatewayPluginError);
    error = null;
    await registry.gatewayFor('agent-1', 'fake', { n: 'three' }, callbacks()).catch((e: unknown) => { error = e; });
    expect(error).to.be.instanceOf(InvalidGatewayOptionsError);
    expect((error as InvalidGatewayOptionsError).errors.map((e) => e.propertyName)).to.deep.equal(['options.n']);
    expect(log.events).to.deep.equal([]);
    expect(registry.validateOptions('fake', {})).to.deep.equal({ ok: true, options: { label: 'x' } });
  });

  it('lists a bts plugin but never connects it as a message gateway; its connection test still answers', async function () {
    expect(registry.describePlugins().find((p) => p.name === 'bts-simulator')).to.include({ kind: 'bts' });
    expect(registry.canSendMessages('bts-simulator')).to.equal(false);
    expect(registry.canSendMessages('simulator')).to.equal(true);
    expect(registry.canSendMessages('nope')).to.equal(false);
    let error: unknown = null;
    await registry.gatewayFor('agent-bts', 'bts-simulator', {}, callbacks()).catch((e: unknown) => { error = e; });
    expect(error).to.be.instanceOf(NotAMessageGatewayError);
    expect(registry.holds('agent-bts')).to.equal(false);
    const health = await registry.testConnection('bts-simulator', { populationSize: 100 }, 5_000);
    expect(health.state).to.equal('up');
  });

  it('reports a failed connect in health and retries on the next call', async function () {
    log.failConnect = true;
    let error: unknown = null;
    await registry.gatewayFor('agent-1', 'fake', {}, callbacks()).catch((e: unknown) => { error = e; });
    expect((error as Error).message).to.equal('provider unreachable');
    const health = await registry.health('agent-1');
    expect(health).to.deep.equal({
      state: 'down', detail: 'connect failed: provider unreachable', detailNotes: [{ code: 'connectFailed', params: { error: 'provider unreachable' } }],
    });
    log.failConnect = false;
    const gateway = await registry.gatewayFor('agent-1', 'fake', {}, callbacks());
    expect(await gateway.health()).to.deep.equal({ state: 'up' });
    expect((await registry.health('agent-1')).state).to.equal('up');
  });

  it('gives the plugin a host with the agent id, the clock and the callbacks', async function () {
    const cb = callbacks();
    await registry.gatewayFor('agent-9', 'fake', {}, cb);
    const host = log.hosts[0]!;
    expect(host.gatewayId).to.equal('agent-9');
    expect(host.now().toISOString()).to.equal('2026-11-22T10:00:00.000Z');
    await host.deliveryReports([{ providerId: 'p', state: 'delivered', providerStatus: 'DELIVRD', at: host.now() }]);
    host.statusChanged({ state: 'degraded' });
    expect(cb.reports).to.have.length(1);
    expect(cb.statuses).to.deep.equal([{ state: 'degraded' }]);
    host.logger.info({ any: 1 }, 'plugins may log');
  });

  it('drives the simulator end to end and drains it on closeAll', async function () {
    const cb = callbacks();
    const gateway = await registry.gatewayFor('sim-1', 'simulator', { deliveryDelayMs: 10_000, submitLatencyMs: 0, seed: 1 }, cb);
    const results = await gateway.submit([{ id: 'm1', to: '989121234567', from: '3000', text: 'hi', encoding: 'gsm7', parts: 1, flash: false }]);
    expect(results[0]).to.include({ id: 'm1', status: 'accepted' });
    expect(cb.statuses).to.deep.equal([{ state: 'up' }]);
    await registry.closeAll({ drain: true });
    expect(cb.reports.map((r) => r.providerId)).to.deep.equal([(results[0] as { providerId: string }).providerId]);
    expect(cb.reports[0]!.at.toISOString()).to.equal('2026-11-22T10:00:00.000Z');
    expect(cb.statuses.at(-1)!.state).to.equal('down');
    expect((await registry.health('sim-1')).state).to.equal('down');
  });
});
