import { expect } from 'chai';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { pino } from 'pino';
import { GatewayRegistry } from '../../../server/gateways/gateway-registry.js';
import { GatewayHosts, type GatewaySinks } from '../../../server/gateways/gateway-host.js';
import type { DeliveryReport, Gateway, GatewayHealth, GatewayHost, GatewayPlugin } from '../../../server/gateways/gateway-sdk.js';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A polling plugin whose poll takes `pollMs` and hands one report; it counts overlapping polls. */
function pollingPlugin(state: { running: number; overlaps: number; polls: number; pollMs: number; host: GatewayHost | null }, withPoll: boolean): GatewayPlugin {
  return {
    manifest: { name: withPoll ? 'poller' : 'plain', version: '0.1.0', apiVersion: 1, kind: 'sms', title: { fa: 'آزمایشی', en: 'Test' } },
    optionsSchema: { type: 'object', properties: { writeMe: { type: 'string', writeOnly: true }, apiKey: { type: 'string' } }, additionalProperties: false },
    create(): Gateway {
      let own: GatewayHost | null = null;
      const gateway: Gateway = {
        maxBatchSize: 10,
        maxPerSecond: 100,
        idempotentSubmit: false,
        pollIntervalMs: 1,
        async connect(host) {
          own = host;
          state.host = host;
          host.statusChanged({ state: 'up' });
        },
        async submit(batch) {
          return batch.map((m) => ({ id: m.id, status: 'accepted' as const, providerId: `p-${m.id}` }));
        },
        async health(): Promise<GatewayHealth> {
          return { state: 'up' };
        },
        async disconnect() {},
      };
      if (withPoll) {
        gateway.pollDeliveryReports = async () => {
          state.running++;
          state.polls++;
          if (state.running > 1) state.overlaps++;
          await sleep(state.pollMs);
          await own!.deliveryReports([{ providerId: `p${state.polls}`, state: 'delivered', providerStatus: 'DELIVRD', at: new Date() }]);
          state.running--;
        };
      }
      return gateway;
    },
  };
}

describe('GatewayHosts (the host bridge)', function () {
  const state = { running: 0, overlaps: 0, polls: 0, pollMs: 40, host: null as GatewayHost | null };
  const received: { agentId: number; reports: DeliveryReport[] }[] = [];
  const statuses: { agentId: number; health: GatewayHealth }[] = [];
  let registry: GatewayRegistry;
  let hosts: GatewayHosts;

  beforeEach(function () {
    const plugins = new Map();
    for (const withPoll of [true, false]) {
      const plugin = pollingPlugin(state, withPoll);
      const validate = new Ajv2020({ useDefaults: true, allErrors: true }).compile(plugin.optionsSchema);
      plugins.set(plugin.manifest.name, { name: plugin.manifest.name, plugin, dir: '/nowhere', entryPath: '/nowhere/index.ts', validate });
    }
    const silent = pino({ level: 'silent' });
    registry = new GatewayRegistry({ plugins, broken: [] }, silent, { now: () => new Date() });
    const sinks: GatewaySinks = {
      deliveryReports: async (agentId, reports) => void received.push({ agentId, reports }),
      inbound: async () => undefined,
      statusChanged: (agentId, health) => void statuses.push({ agentId, health }),
    };
    hosts = new GatewayHosts(registry, sinks, silent, { now: () => new Date() });
  });
  afterEach(async function () {
    await registry.closeAll({ drain: false });
  });

  it('carries reports and status of each agent to the sinks under its own id', async function () {
    await hosts.gatewayOf({ id: 7, pluginName: 'poller', options: {} });
    await state.host!.deliveryReports([{ providerId: 'x', state: 'delivered', providerStatus: 'DELIVRD', at: new Date() }]);
    expect(received.at(-1)).to.deep.include({ agentId: 7 });
    expect(statuses.at(-1)).to.deep.equal({ agentId: 7, health: { state: 'up' } });
    expect(hosts.lastStatusOf(7)!.health).to.deep.equal({ state: 'up' });
  });

  it('polls only gateways that implement polling, never twice at once for one agent', async function () {
    state.overlaps = 0;
    state.polls = 0;
    await hosts.gatewayOf({ id: 1, pluginName: 'poller', options: {} });
    await hosts.gatewayOf({ id: 2, pluginName: 'plain', options: {} });
    for (let i = 0; i < 20; i++) {
      hosts.pollDue();
      await sleep(5);
    }
    await hosts.pollsSettled();
    expect(state.polls).to.be.within(1, 5);
    expect(state.overlaps).to.equal(0);
    expect(received.filter((r) => r.agentId === 2)).to.deep.equal([]);
  });

  it('takes the secret options from the schema (writeOnly), not from key names', function () {
    expect([...(registry.secretOptions('poller') ?? [])]).to.deep.equal(['writeMe']);
  });
});
