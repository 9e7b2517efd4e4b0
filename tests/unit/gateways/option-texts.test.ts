import { expect } from 'chai';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { loadGatewayPlugins, pluginsDirFor, type LoadedPlugins } from '../../../server/gateways/plugin-loader.js';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const TEXT_KEYS = ['title', 'x-title-fa', 'description', 'x-description-fa'] as const;
/** Persian letters; a Persian text made only of Latin words would be an untranslated copy. */
const PERSIAN = /[\u0600-\u06FF]/;

type Schema = Record<string, unknown> & { properties?: Record<string, Schema> };

/** Every property at any depth, by dotted path. */
function propertiesOf(schema: Schema, prefix = ''): [string, Schema][] {
  return Object.entries(schema.properties ?? {}).flatMap(([key, prop]) => {
    const at = prefix ? `${prefix}.${key}` : key;
    return [[at, prop] as [string, Schema], ...propertiesOf(prop, at)];
  });
}

/**
 * The shipped plugins keep the texts convention of gateway-sdk.ts (OptionsSchema) everywhere,
 * nested mappings included; the contract suite checks only the top-level titles of any plugin.
 */
describe('gateway plugins: option texts in Persian and English', function () {
  let loaded: LoadedPlugins;
  before(async function () {
    this.timeout(30_000);
    loaded = await loadGatewayPlugins(pluginsDirFor(rootDir), pino({ level: 'silent' }));
  });

  it('every option of every shipped plugin has title, description, x-title-fa and x-description-fa', function () {
    expect(loaded.broken).to.deep.equal([]);
    expect([...loaded.plugins.keys()]).to.include.members(['email', 'http', 'simulator', 'smpp', 'voice']);
    const problems: string[] = [];
    for (const [name, { plugin }] of loaded.plugins) {
      for (const [at, prop] of propertiesOf(plugin.optionsSchema as Schema)) {
        for (const key of TEXT_KEYS) if (typeof prop[key] !== 'string' || (prop[key] as string).trim() === '') problems.push(`${name}: ${at} lacks ${key}`);
        for (const key of ['x-title-fa', 'x-description-fa']) if (typeof prop[key] === 'string' && !PERSIAN.test(prop[key] as string)) problems.push(`${name}: ${at} ${key} is not Persian`);
        // The old one-title-for-both-languages form ("English | فارسی") is gone.
        if (typeof prop.title === 'string' && PERSIAN.test(prop.title)) problems.push(`${name}: ${at} title has Persian in it`);
      }
    }
    expect(problems).to.deep.equal([]);
  });
});
