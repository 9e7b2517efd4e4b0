import { expect } from 'chai';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadGatewayPlugins, pluginsDirFor, type LoadedPlugins } from '../../server/gateways/plugin-loader.js';
import { describeGatewayPluginContract, type GatewayContractFixture } from './gateway-plugin.contract.js';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Each plugin's fixture lives beside it (`plugins/<name>/contract.fixture.ts`, named export
 * `fixture`). A plugin without one still gets its manifest and options checked; its behaviour tests
 * stay pending until a fixture (and whatever it talks to) is added.
 */
async function fixtureOf(codeDir: string, name: string): Promise<GatewayContractFixture | null> {
  const file = ['contract.fixture.ts', 'contract.fixture.js'].map((f) => path.join(codeDir, name, f)).find((f) => existsSync(f));
  if (!file) return null;
  const mod = (await import(pathToFileURL(file).href)) as { fixture?: GatewayContractFixture };
  if (!mod.fixture) throw new Error(`${file} has no named export "fixture"`);
  return mod.fixture;
}

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

/** The package.json's `peyk.kind`, which decides which behaviour suite a plugin gets. */
function declaredKind(dir: string, name: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(path.join(dir, name, 'package.json'), 'utf8')) as { peyk?: { kind?: string } }).peyk?.kind;
  } catch {
    return undefined;
  }
}

const location = pluginsDirFor(rootDir);
// Top-level await: mocha declares the suites only after every fixture is read.
const fixtures = new Map<string, GatewayContractFixture | null>();
for (const name of pluginFolders(location.manifestDir)) fixtures.set(name, await fixtureOf(location.manifestDir, name));

describe('gateway plugins (contract)', function () {
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
    describeGatewayPluginContract(name, getLoaded, fixtures.get(name) ?? null, declaredKind(location.manifestDir, name));
  }
});
