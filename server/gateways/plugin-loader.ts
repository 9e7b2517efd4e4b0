import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { GATEWAY_API_VERSION, type AnyGatewayPlugin, type GatewayKind, type GatewayLogger } from './gateway-sdk.js';

// ajv-formats ships CommonJS with a default export; under NodeNext the callable sits on .default.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => Ajv2020;

const KINDS: readonly GatewayKind[] = ['sms', 'voice', 'email', 'bts'];
const NAME_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Where plugins live. The manifest side (package.json, README) is always the source tree: tsc does
 * not copy package.json into dist/, and the runtime image ships `plugins/` next to `dist/`. The
 * code side is the source tree under tsx and `<outDir>/plugins` for the built server.
 */
export interface PluginsLocation {
  /** Folder holding `<name>/package.json` for every plugin. */
  manifestDir: string;
  /** Folder holding `<name>/<entry>` for every plugin. */
  codeDir: string;
  /** Entry file names tried in order. */
  entryFiles: readonly string[];
}

export interface LoadedPlugin {
  name: string;
  plugin: AnyGatewayPlugin;
  /** The plugin's source folder (package.json, README.md). */
  dir: string;
  entryPath: string;
  validate: ValidateFunction;
}

export interface BrokenPlugin {
  name: string;
  reason: string;
}

export interface LoadedPlugins {
  plugins: Map<string, LoadedPlugin>;
  broken: BrokenPlugin[];
}

export interface OptionsIssue {
  propertyName: string;
  message: string;
}

export type OptionsValidation =
  | { ok: true; options: Record<string, unknown> }
  | { ok: false; errors: OptionsIssue[] };

function runningFromSource(moduleUrl: string): boolean {
  return fileURLToPath(moduleUrl).endsWith('.ts');
}

/**
 * The plugins of the repository at `rootDir`, for whichever way this module runs. The built loader
 * sits at `<outDir>/server/gateways/`, so `<outDir>/plugins` is found relative to it instead of
 * hard-coding `dist`.
 */
export function pluginsDirFor(rootDir: string, moduleUrl: string = import.meta.url): PluginsLocation {
  const manifestDir = path.join(rootDir, 'plugins');
  if (runningFromSource(moduleUrl)) return { manifestDir, codeDir: manifestDir, entryFiles: ['index.ts', 'index.js'] };
  const outDir = path.resolve(path.dirname(fileURLToPath(moduleUrl)), '..', '..');
  return { manifestDir, codeDir: path.join(outDir, 'plugins'), entryFiles: ['index.js'] };
}

/** A plain folder holds both manifests and code (tests, or a plugins folder outside the repo). */
function locationOf(dir: string | PluginsLocation): PluginsLocation {
  if (typeof dir !== 'string') return dir;
  const entryFiles = runningFromSource(import.meta.url) ? ['index.ts', 'index.js'] : ['index.js'];
  return { manifestDir: dir, codeDir: dir, entryFiles };
}

class PluginProblem extends Error {}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isBilingual(value: unknown): boolean {
  return isRecord(value) && typeof value.fa === 'string' && value.fa !== '' && typeof value.en === 'string' && value.en !== '';
}

function describeError(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** null = the folder is not a Peyk plugin at all (no `peyk` key), which is not an error. */
function readPeykSection(folder: string): { kind: GatewayKind; version: string | null } | null {
  const pkgPath = path.join(folder, 'package.json');
  if (!existsSync(pkgPath)) return null;
  let pkg: unknown;
  try {
    pkg = JSON.parse(readFileSync(pkgPath, 'utf8'));
  } catch (err) {
    throw new PluginProblem(`package.json is not valid JSON: ${describeError(err)}`);
  }
  if (!isRecord(pkg) || pkg.peyk === undefined) return null;
  const peyk = pkg.peyk;
  if (!isRecord(peyk)) throw new PluginProblem('package.json "peyk" must be an object');
  if (peyk.apiVersion !== GATEWAY_API_VERSION) {
    throw new PluginProblem(`package.json peyk.apiVersion is ${JSON.stringify(peyk.apiVersion)}; this host supports ${GATEWAY_API_VERSION}`);
  }
  if (!KINDS.includes(peyk.kind as GatewayKind)) {
    throw new PluginProblem(`package.json peyk.kind must be one of ${KINDS.join(', ')}`);
  }
  return { kind: peyk.kind as GatewayKind, version: typeof pkg.version === 'string' ? pkg.version : null };
}

/**
 * Persian texts of an option (`title`/`description` are the English ones; see `OptionsSchema` in
 * gateway-sdk.ts). Registered as annotations only: they validate nothing, and strict mode still
 * refuses any other unknown keyword.
 */
export const OPTION_TEXT_KEYWORDS = ['x-title-fa', 'x-description-fa'] as const;

/**
 * Hints for the options form, annotations as well (see `OptionsSchema` in gateway-sdk.ts):
 * `x-multiline` asks for a multi-line field (a PEM), `x-agent-rate` marks the option that is the
 * agent's throughput (the form then asks for it once, and the agent's rate follows it).
 */
export const OPTION_FORM_KEYWORDS = ['x-multiline', 'x-agent-rate'] as const;

/** Makes an ajv instance accept the option annotations (texts and form hints; the loader's own, and tests' ajv). */
export function addOptionTextKeywords<T extends Pick<Ajv2020, 'addKeyword'>>(ajv: T): T {
  for (const keyword of OPTION_TEXT_KEYWORDS) ajv.addKeyword({ keyword, schemaType: 'string' });
  for (const keyword of OPTION_FORM_KEYWORDS) ajv.addKeyword({ keyword, schemaType: 'boolean' });
  return ajv;
}

function buildAjv(): Ajv2020 {
  // strict: a misspelt keyword in a plugin's schema would otherwise silently validate nothing.
  const ajv = new Ajv2020({ allErrors: true, useDefaults: true, strict: true, allowUnionTypes: true });
  addFormats(ajv);
  addOptionTextKeywords(ajv);
  return ajv;
}

function checkPlugin(name: string, exported: unknown, kind: GatewayKind): { plugin: AnyGatewayPlugin; validate: ValidateFunction } {
  if (!isRecord(exported)) throw new PluginProblem('the entry has no named export "plugin"');
  const manifest = exported.manifest;
  if (!isRecord(manifest)) throw new PluginProblem('plugin.manifest is missing');
  if (manifest.apiVersion !== GATEWAY_API_VERSION) {
    throw new PluginProblem(`manifest.apiVersion is ${JSON.stringify(manifest.apiVersion)}; this host supports ${GATEWAY_API_VERSION}`);
  }
  if (typeof manifest.name !== 'string' || !NAME_PATTERN.test(manifest.name)) {
    throw new PluginProblem('manifest.name must be lower-case letters, digits and dashes');
  }
  if (manifest.name !== name) throw new PluginProblem(`manifest.name "${manifest.name}" differs from the folder name "${name}"`);
  if (typeof manifest.version !== 'string' || manifest.version === '') throw new PluginProblem('manifest.version must be a non-empty string');
  if (manifest.kind !== kind) throw new PluginProblem(`manifest.kind "${String(manifest.kind)}" differs from package.json peyk.kind "${kind}"`);
  if (!isBilingual(manifest.title)) throw new PluginProblem('manifest.title must have non-empty fa and en');
  if (manifest.description !== undefined && !isBilingual(manifest.description)) {
    throw new PluginProblem('manifest.description, when given, must have non-empty fa and en');
  }
  if (typeof exported.create !== 'function') throw new PluginProblem('plugin.create is not a function');
  const schema = exported.optionsSchema;
  if (!isRecord(schema) || schema.type !== 'object') throw new PluginProblem('plugin.optionsSchema must be a JSON schema with type "object"');
  let validate: ValidateFunction;
  try {
    validate = buildAjv().compile(schema);
  } catch (err) {
    throw new PluginProblem(`plugin.optionsSchema does not compile: ${describeError(err)}`);
  }
  return { plugin: exported as unknown as AnyGatewayPlugin, validate };
}

/**
 * Loads every plugin folder. A broken plugin is logged and listed, never thrown: one bad folder
 * must not keep the panel (and every other sender agent) from starting.
 */
export async function loadGatewayPlugins(pluginsDir: string | PluginsLocation, logger: GatewayLogger): Promise<LoadedPlugins> {
  const location = locationOf(pluginsDir);
  const plugins = new Map<string, LoadedPlugin>();
  const broken: BrokenPlugin[] = [];
  if (!existsSync(location.manifestDir)) {
    logger.warn({ dir: location.manifestDir }, 'gateway plugins folder not found');
    return { plugins, broken };
  }
  let folders: string[];
  try {
    folders = readdirSync(location.manifestDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
      .map((entry) => entry.name)
      .sort();
  } catch (err) {
    logger.error({ dir: location.manifestDir, reason: describeError(err) }, 'gateway plugins folder cannot be read');
    return { plugins, broken };
  }

  for (const name of folders) {
    const dir = path.join(location.manifestDir, name);
    try {
      const peyk = readPeykSection(dir);
      if (!peyk) continue;
      const codeFolder = path.join(location.codeDir, name);
      const entryPath = location.entryFiles.map((file) => path.join(codeFolder, file)).find((file) => existsSync(file));
      if (!entryPath) throw new PluginProblem(`no entry file (${location.entryFiles.join(' or ')}) in ${codeFolder}`);
      let mod: Record<string, unknown>;
      try {
        mod = (await import(pathToFileURL(entryPath).href)) as Record<string, unknown>;
      } catch (err) {
        throw new PluginProblem(`importing ${path.basename(entryPath)} failed: ${describeError(err)}`);
      }
      const { plugin, validate } = checkPlugin(name, mod.plugin, peyk.kind);
      if (peyk.version !== null && peyk.version !== plugin.manifest.version) {
        logger.warn({ plugin: name, manifest: plugin.manifest.version, packageJson: peyk.version }, 'gateway plugin version differs from its package.json');
      }
      plugins.set(name, { name, plugin, dir, entryPath, validate });
      logger.info({ plugin: name, version: plugin.manifest.version, kind: plugin.manifest.kind }, 'gateway plugin loaded');
    } catch (err) {
      const reason = err instanceof PluginProblem ? err.message : `unexpected: ${describeError(err)}`;
      broken.push({ name, reason });
      logger.error({ plugin: name, reason }, 'gateway plugin is broken and was not loaded');
    }
  }
  return { plugins, broken };
}

function propertyNameOf(error: ErrorObject): string {
  const parts = error.instancePath.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required') parts.push(String(params.missingProperty));
  if (error.keyword === 'additionalProperties') parts.push(String(params.additionalProperty));
  let out = 'options';
  for (const part of parts) out += /^\d+$/.test(part) ? `[${part}]` : `.${part}`;
  return out;
}

/**
 * Validates a sender agent's options against its plugin's schema. Works on a copy, so the caller's
 * object (often straight from the database row) never gains the defaults.
 */
export function validateOptions(loaded: LoadedPlugin, options: unknown): OptionsValidation {
  const copy: unknown = options === undefined || options === null ? {} : structuredClone(options);
  if (loaded.validate(copy)) return { ok: true, options: copy as Record<string, unknown> };
  const seen = new Set<string>();
  const errors: OptionsIssue[] = [];
  for (const error of loaded.validate.errors ?? []) {
    const issue = { propertyName: propertyNameOf(error), message: error.message ?? 'is invalid' };
    const key = `${issue.propertyName}\u0000${issue.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    errors.push(issue);
  }
  return { ok: false, errors };
}
