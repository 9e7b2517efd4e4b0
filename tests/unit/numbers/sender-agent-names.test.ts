import 'reflect-metadata';
import { expect } from 'chai';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { GatewayRegistry } from '../../../server/gateways/gateway-registry.js';
import { loadGatewayPlugins, pluginsDirFor } from '../../../server/gateways/plugin-loader.js';
import { SenderAgentsService } from '../../../server/modules/numbers/sender-agents.service.js';
import type { SenderAgentsRepository } from '../../../server/modules/numbers/sender-agents.repository.js';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

describe('numbers: agent names for choosing a line\'s agent', function () {
  it('leaves out agents of a bts plugin, keeps message gateways and agents whose plugin is not loaded', async function () {
    this.timeout(30_000);
    const loaded = await loadGatewayPlugins(pluginsDirFor(rootDir), pino({ level: 'silent' }));
    const registry = new GatewayRegistry(loaded, pino({ level: 'silent' }), { now: () => new Date() });
    const rows = [
      { id: 1, title: 'Simulator', isActive: true, pluginName: 'simulator' },
      { id: 2, title: 'BTS', isActive: true, pluginName: 'bts-simulator' },
      { id: 3, title: 'Gone', isActive: false, pluginName: 'removed-plugin' },
    ];
    const agents = { listNames: async () => rows } as unknown as SenderAgentsRepository;
    const unused = {} as never;
    const service = new SenderAgentsService(agents, unused, registry, unused, unused, unused, unused);
    expect(await service.names()).to.deep.equal([
      { id: 1, title: 'Simulator', isActive: true },
      { id: 3, title: 'Gone', isActive: false },
    ]);
  });
});
