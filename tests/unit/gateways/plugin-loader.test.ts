import { expect } from 'chai';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadGatewayPlugins, pluginsDirFor, validateOptions } from '../../../server/gateways/plugin-loader.js';

interface LoggedLine {
  level: string;
  obj: object;
  msg?: string;
}

function recordingLogger() {
  const lines: LoggedLine[] = [];
  return {
    lines,
    info: (obj: object, msg?: string) => void lines.push({ level: 'info', obj, msg }),
    warn: (obj: object, msg?: string) => void lines.push({ level: 'warn', obj, msg }),
    error: (obj: object, msg?: string) => void lines.push({ level: 'error', obj, msg }),
  };
}

const goodManifest = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  version: '1.0.0',
  apiVersion: 1,
  kind: 'sms',
  title: { fa: 'آزمایشی', en: 'Test' },
  ...extra,
});

const goodSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ratio: { type: 'number', minimum: 0, maximum: 1, default: 0.5, title: 'Ratio', 'x-title-fa': 'نسبت', description: 'A share.', 'x-description-fa': 'یک سهم.' },
    nested: { type: 'object', properties: { depth: { type: 'integer', default: 2, 'x-title-fa': 'عمق' } }, default: {} },
    url: { type: 'string', format: 'uri' },
  },
};

function pluginSource(manifest: unknown, schema: unknown = goodSchema, create = '() => ({})'): string {
  return `export const plugin = { manifest: ${JSON.stringify(manifest)}, optionsSchema: ${JSON.stringify(schema)}, create: ${create} };\n`;
}

describe('plugin loader', function () {
  let dir: string;

  beforeEach(function () {
    dir = mkdtempSync(path.join(tmpdir(), 'peyk-plugins-'));
  });
  afterEach(function () {
    rmSync(dir, { recursive: true, force: true });
  });

  function addPlugin(folder: string, source: string | null, peyk: unknown = { apiVersion: 1, kind: 'sms' }, rawPackageJson?: string): void {
    const pluginDir = path.join(dir, folder);
    mkdirSync(pluginDir, { recursive: true });
    writeFileSync(path.join(pluginDir, 'package.json'), rawPackageJson ?? JSON.stringify({ name: `@peyk-plugin/${folder}`, version: '1.0.0', private: true, type: 'module', peyk }));
    if (source !== null) writeFileSync(path.join(pluginDir, 'index.ts'), source);
  }

  it('loads a good plugin and reports each broken one with its reason, without throwing', async function () {
    addPlugin('good', pluginSource(goodManifest('good')));
    addPlugin('no-export', 'export const somethingElse = 1;\n');
    addPlugin('old-api', pluginSource(goodManifest('old-api', { apiVersion: 0 })));
    addPlugin('future-package', pluginSource(goodManifest('future-package')), { apiVersion: 2, kind: 'sms' });
    addPlugin('bad-schema', pluginSource(goodManifest('bad-schema'), { type: 'object', properties: { a: { type: 'nonsense' } } }));
    addPlugin('misspelt-keyword', pluginSource(goodManifest('misspelt-keyword'), { type: 'object', properties: { a: { type: 'number', minimun: 1 } } }));
    addPlugin('fa-title-not-text', pluginSource(goodManifest('fa-title-not-text'), { type: 'object', properties: { a: { type: 'number', 'x-title-fa': 1 } } }));
    addPlugin('other-annotation', pluginSource(goodManifest('other-annotation'), { type: 'object', properties: { a: { type: 'number', 'x-title-de': 'A' } } }));
    addPlugin('not-object-schema', pluginSource(goodManifest('not-object-schema'), { type: 'string' }));
    addPlugin('renamed', pluginSource(goodManifest('other-name')));
    addPlugin('throws', "throw new Error('boom at import');\n");
    addPlugin('no-create', pluginSource(goodManifest('no-create'), goodSchema, '42'));
    addPlugin('no-title', pluginSource(goodManifest('no-title', { title: { fa: '', en: 'x' } })));
    addPlugin('wrong-kind', pluginSource(goodManifest('wrong-kind', { kind: 'voice' })));
    addPlugin('no-entry', null);
    addPlugin('bad-json', null, null, '{ not json');
    addPlugin('not-a-plugin', null, null, JSON.stringify({ name: 'helper-lib', version: '1.0.0' }));
    mkdirSync(path.join(dir, 'empty-folder'));
    writeFileSync(path.join(dir, 'stray-file.txt'), 'ignored');

    const logger = recordingLogger();
    const { plugins, broken } = await loadGatewayPlugins(dir, logger);

    expect([...plugins.keys()]).to.deep.equal(['good']);
    const reasons = Object.fromEntries(broken.map((b) => [b.name, b.reason]));
    expect(Object.keys(reasons).sort()).to.deep.equal([
      'bad-json', 'bad-schema', 'fa-title-not-text', 'future-package', 'misspelt-keyword', 'no-create', 'no-entry', 'no-export',
      'no-title', 'not-object-schema', 'old-api', 'other-annotation', 'renamed', 'throws', 'wrong-kind',
    ]);
    expect(reasons['no-export']).to.match(/no named export "plugin"/);
    expect(reasons['old-api']).to.match(/manifest\.apiVersion is 0/);
    expect(reasons['future-package']).to.match(/peyk\.apiVersion is 2/);
    expect(reasons['bad-schema']).to.match(/does not compile/);
    expect(reasons['misspelt-keyword']).to.match(/does not compile.*minimun/);
    // The Persian texts are annotations the loader knows; any other unknown keyword is still refused.
    expect(reasons['fa-title-not-text']).to.match(/does not compile.*x-title-fa/);
    expect(reasons['other-annotation']).to.match(/does not compile.*x-title-de/);
    expect(reasons['not-object-schema']).to.match(/type "object"/);
    expect(reasons.renamed).to.match(/"other-name" differs from the folder name "renamed"/);
    expect(reasons.throws).to.match(/importing index\.ts failed: boom at import/);
    expect(reasons['no-create']).to.match(/create is not a function/);
    expect(reasons['no-title']).to.match(/title/);
    expect(reasons['wrong-kind']).to.match(/kind "voice" differs/);
    expect(reasons['no-entry']).to.match(/no entry file/);
    expect(reasons['bad-json']).to.match(/not valid JSON/);

    const errors = logger.lines.filter((l) => l.level === 'error');
    expect(errors).to.have.length(broken.length);
    expect(errors.map((l) => (l.obj as { plugin: string }).plugin).sort()).to.deep.equal(Object.keys(reasons).sort());
  });

  it('answers an empty result when the plugins folder does not exist', async function () {
    const logger = recordingLogger();
    const result = await loadGatewayPlugins(path.join(dir, 'missing'), logger);
    expect(result.plugins.size).to.equal(0);
    expect(result.broken).to.deep.equal([]);
    expect(logger.lines.map((l) => l.level)).to.deep.equal(['warn']);
  });

  it('validates options: defaults applied on a copy, errors named options.<path>', async function () {
    addPlugin('good', pluginSource(goodManifest('good')));
    const { plugins } = await loadGatewayPlugins(dir, recordingLogger());
    const loaded = plugins.get('good')!;

    const input = {};
    const ok = validateOptions(loaded, input);
    expect(ok).to.deep.equal({ ok: true, options: { ratio: 0.5, nested: { depth: 2 } } });
    expect(input).to.deep.equal({});
    expect(validateOptions(loaded, undefined)).to.deep.equal(ok);

    const bad = validateOptions(loaded, { ratio: 'high', nested: { depth: 1.5 }, url: 'not a uri', extra: true });
    expect(bad.ok).to.equal(false);
    if (bad.ok) return;
    expect(bad.errors.map((e) => e.propertyName).sort()).to.deep.equal(['options.extra', 'options.nested.depth', 'options.ratio', 'options.url']);
    for (const e of bad.errors) expect(e.message).to.be.a('string').and.not.equal('');
  });

  describe('pluginsDirFor', function () {
    it('under tsx reads manifests and code from <root>/plugins', function () {
      const location = pluginsDirFor('/srv/peyk', pathToFileURL('/srv/peyk/server/gateways/plugin-loader.ts').href);
      expect(location).to.deep.equal({ manifestDir: '/srv/peyk/plugins', codeDir: '/srv/peyk/plugins', entryFiles: ['index.ts', 'index.js'] });
    });

    it('when built reads manifests from <root>/plugins and code from <outDir>/plugins', function () {
      const location = pluginsDirFor('/srv/peyk', pathToFileURL('/srv/peyk/dist/server/gateways/plugin-loader.js').href);
      expect(location).to.deep.equal({ manifestDir: '/srv/peyk/plugins', codeDir: '/srv/peyk/dist/plugins', entryFiles: ['index.js'] });
    });

    it('loads plugins whose code lives apart from their package.json', async function () {
      const manifestDir = path.join(dir, 'src');
      const codeDir = path.join(dir, 'out');
      mkdirSync(path.join(manifestDir, 'split'), { recursive: true });
      mkdirSync(path.join(codeDir, 'split'), { recursive: true });
      writeFileSync(path.join(manifestDir, 'split', 'package.json'), JSON.stringify({ type: 'module', peyk: { apiVersion: 1, kind: 'sms' } }));
      // The built tree has no package.json, so the .mjs extension keeps the entry an ES module here.
      writeFileSync(path.join(codeDir, 'split', 'index.mjs'), pluginSource(goodManifest('split')));
      const { plugins, broken } = await loadGatewayPlugins({ manifestDir, codeDir, entryFiles: ['index.mjs'] }, recordingLogger());
      expect(broken).to.deep.equal([]);
      expect([...plugins.keys()]).to.deep.equal(['split']);
    });
  });
});
