import { expect } from 'chai';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadGatewayPlugins, pluginsDirFor, type LoadedPlugins } from '../../server/gateways/plugin-loader.js';
import { describeGatewayPluginContract, type GatewayContractFixture } from './gateway-plugin.contract.js';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * One entry per plugin in plugins/. A plugin without one still gets its manifest and options
 * checked; its behaviour tests stay pending until a fixture (and whatever it talks to) is added.
 */
const fixtures: Record<string, GatewayContractFixture> = {
  simulator: {
    // A fixed seed and a mix of outcomes: some accepted, some transient or rejected.
    options: { seed: 42, acceptRatio: 0.8, deliveryRatio: 0.7, deliveryDelayMs: 30, submitLatencyMs: 1, maxBatchSize: 200 },
    reportTimeoutMs: 2_000,
  },
};

/** Folder names are read synchronously so mocha can declare one suite per plugin up front. */
function pluginFolders(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(path.join(dir, e.name, 'package.json')))
    .filter((e) => {
      try {
        return JSON.parse(readFileSync(path.join(dir, e.name, 'package.json'), 'utf8')).peyk !== undefined;
      } catch {
        return true;
      }
    })
    .map((e) => e.name)
    .sort();
}

describe('gateway plugins (contract)', function () {
  const location = pluginsDirFor(rootDir);
  let loaded: LoadedPlugins | null = null;
  const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

  before(async function () {
    this.timeout(30_000);
    loaded = await loadGatewayPlugins(location, silent);
  });

  it('loads every plugin in plugins/ without a broken one', function () {
    expect(loaded!.broken).to.deep.equal([]);
    expect([...loaded!.plugins.keys()].sort()).to.deep.equal(pluginFolders(location.manifestDir));
  });

  for (const name of pluginFolders(location.manifestDir)) {
    const getLoaded = () => {
      const plugin = loaded?.plugins.get(name);
      if (!plugin) throw new Error(`plugin ${name} did not load: ${loaded?.broken.find((b) => b.name === name)?.reason ?? 'unknown'}`);
      return plugin;
    };
    describeGatewayPluginContract(name, getLoaded, fixtures[name] ?? null);
  }
});
