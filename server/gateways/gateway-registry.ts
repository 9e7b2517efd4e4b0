import { randomUUID } from 'node:crypto';
import type { Logger } from '../platform/logger.js';
import {
  describedBy,
  healthNote,
  type DeliveryReport,
  type Gateway,
  type GatewayHealth,
  type GatewayKind,
  type HealthNoteCode,
  type InboundMessage,
  type OptionsSchema,
  isBtsPlugin,
  type GatewayPlugin,
  type BtsGateway,
} from './gateway-sdk.js';
import { createGatewayHost, type GatewayCallbacks } from './gateway-host.js';
import { validateOptions, type BrokenPlugin, type LoadedPlugin, type LoadedPlugins, type OptionsIssue, type OptionsValidation } from './plugin-loader.js';

export type { GatewayCallbacks } from './gateway-host.js';

export interface PluginDescription {
  name: string;
  title: { fa: string; en: string };
  description?: { fa: string; en: string };
  kind: GatewayKind;
  version: string;
  optionsSchema: OptionsSchema;
}

export interface RegistryClock {
  now(): Date;
}

export class UnknownGatewayPluginError extends Error {
  constructor(readonly pluginName: string) {
    super(`gateway plugin "${pluginName}" is not loaded`);
    this.name = 'UnknownGatewayPluginError';
  }
}

/**
 * A `bts` plugin behind a sender agent the dispatcher tried to send through: a BTS system takes smart
 * requests, not messages (plugins/CONTEXT.md, "Writing a BTS plugin").
 */
export class NotAMessageGatewayError extends Error {
  constructor(readonly pluginName: string) {
    super(`gateway plugin "${pluginName}" is of kind bts and sends no messages`);
    this.name = 'NotAMessageGatewayError';
  }
}

export class InvalidGatewayOptionsError extends Error {
  constructor(readonly pluginName: string, readonly errors: OptionsIssue[]) {
    super(`invalid options for gateway plugin "${pluginName}": ${errors.map((e) => `${e.propertyName} ${e.message}`).join('; ')}`);
    this.name = 'InvalidGatewayOptionsError';
  }
}

interface Entry {
  pluginName: string;
  optionsKey: string;
  /** The latest caller's callbacks; the host object reads through this so they can be replaced. */
  callbacks: GatewayCallbacks;
  gateway: Gateway | null;
  connected: boolean;
  ready: Promise<Gateway>;
  failure: string | null;
}

const errorText = (err: unknown): string => (err instanceof Error ? err.message : String(err));
/** The host's own health for an agent (no gateway to ask), in English and as a code. */
const down = (code: HealthNoteCode, params?: Record<string, string | number>): GatewayHealth => ({ state: 'down', ...describedBy(healthNote(code, params)) });

/** Same key for equal options whatever their key order, so a re-read database row is "unchanged". */
function stableKey(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableKey).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record).sort().filter((k) => record[k] !== undefined).map((k) => `${JSON.stringify(k)}:${stableKey(record[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

/**
 * Live gateway instances, one per sender agent. Connecting is shared: concurrent `gatewayFor`
 * calls for one agent wait on the same connect, and a new connect for an agent always waits until
 * its previous instance has finished disconnecting, so two instances never talk to the provider
 * on the same account at once.
 */
export class GatewayRegistry {
  private readonly entries = new Map<string, Entry>();
  /** Per agent: the disconnect of an instance that was replaced or removed, still running. */
  private readonly closing = new Map<string, Promise<void>>();

  constructor(
    private readonly loaded: LoadedPlugins,
    private readonly logger: Logger,
    private readonly clock: RegistryClock,
  ) {}

  describePlugins(): PluginDescription[] {
    return [...this.loaded.plugins.values()].map(({ plugin }) => ({
      name: plugin.manifest.name,
      title: plugin.manifest.title,
      ...(plugin.manifest.description ? { description: plugin.manifest.description } : {}),
      kind: plugin.manifest.kind,
      version: plugin.manifest.version,
      optionsSchema: plugin.optionsSchema,
    }));
  }

  /** Whether a plugin of this name was loaded at boot (a broken or removed one was not). */
  hasPlugin(pluginName: string): boolean {
    return this.loaded.plugins.has(pluginName);
  }

  /** The loaded plugin's kind, or null when no plugin of that name is loaded. */
  kindOf(pluginName: string): GatewayKind | null {
    return this.loaded.plugins.get(pluginName)?.plugin.manifest.kind ?? null;
  }

  /** Whether an agent on this plugin can carry messages: loaded, and a message gateway (not `bts`). */
  canSendMessages(pluginName: string): boolean {
    const loaded = this.loaded.plugins.get(pluginName);
    return loaded !== undefined && !isBtsPlugin(loaded.plugin);
  }

  /**
   * Whether an agent on this plugin, with these options, answers `queryStatus` (asked without
   * connecting: the plugin's `queriesStatus` over the validated options). False for a plugin not
   * loaded, of kind `bts`, without the capability, or whose options no longer fit its schema.
   */
  queriesStatus(pluginName: string, options: unknown): boolean {
    const loaded = this.loaded.plugins.get(pluginName);
    if (!loaded || isBtsPlugin(loaded.plugin) || typeof loaded.plugin.queriesStatus !== 'function') return false;
    const checked = validateOptions(loaded, options);
    return checked.ok && loaded.plugin.queriesStatus(checked.options) === true;
  }

  brokenPlugins(): BrokenPlugin[] {
    return this.loaded.broken.map((b) => ({ ...b }));
  }

  /**
   * The plugin's secret options: top-level properties its schema marks `writeOnly: true`. Null when
   * the plugin marks none (or is not loaded), so callers can fall back to guessing by key name.
   */
  secretOptions(pluginName: string): ReadonlySet<string> | null {
    const schema = this.loaded.plugins.get(pluginName)?.plugin.optionsSchema;
    const properties = (schema?.properties ?? {}) as Record<string, { writeOnly?: unknown } | undefined>;
    const keys = Object.entries(properties).filter(([, p]) => p?.writeOnly === true).map(([k]) => k);
    return keys.length > 0 ? new Set(keys) : null;
  }

  /** For saving a sender agent: the same check `gatewayFor` makes, without connecting. */
  /** The option a plugin marks `x-agent-rate` (the agent's throughput), or null. */
  rateOption(pluginName: string): string | null {
    const schema = this.loaded.plugins.get(pluginName)?.plugin.optionsSchema;
    const properties = (schema?.properties ?? {}) as Record<string, { 'x-agent-rate'?: unknown } | undefined>;
    return Object.entries(properties).find(([, p]) => p?.['x-agent-rate'] === true)?.[0] ?? null;
  }

  validateOptions(pluginName: string, options: unknown): OptionsValidation {
    return validateOptions(this.pluginOf(pluginName), options);
  }

  /**
   * A new, unconnected instance of a `bts` agent's plugin (targeting's smart requests own its
   * life: connect with their host, disconnect at stop). Throws when the plugin is not loaded, not
   * of kind `bts`, or the options do not fit its schema.
   */
  createBtsGateway(agentId: string, pluginName: string, options: unknown): BtsGateway {
    const loaded = this.pluginOf(pluginName);
    if (!isBtsPlugin(loaded.plugin)) throw new Error(`gateway plugin "${pluginName}" is not of kind bts`);
    const checked = validateOptions(loaded, options);
    if (!checked.ok) throw new InvalidGatewayOptionsError(pluginName, checked.errors);
    return loaded.plugin.create(agentId, checked.options);
  }

  /**
   * The connected gateway of a sender agent, created and connected on first use. Options equal in
   * value to the running instance's reuse it; different options (or another plugin) replace it:
   * the old instance is drained and disconnected before the new one connects.
   */
  async gatewayFor(agentId: string, pluginName: string, options: unknown, callbacks: GatewayCallbacks): Promise<Gateway> {
    const optionsKey = stableKey(options ?? {});
    const current = this.entries.get(agentId);
    if (current && current.pluginName === pluginName && current.optionsKey === optionsKey && current.failure === null) {
      current.callbacks = callbacks;
      return current.ready;
    }
    const loaded = this.pluginOf(pluginName);
    if (isBtsPlugin(loaded.plugin)) throw new NotAMessageGatewayError(pluginName);
    const plugin: GatewayPlugin = loaded.plugin;
    const checked = validateOptions(loaded, options);
    if (!checked.ok) throw new InvalidGatewayOptionsError(pluginName, checked.errors);

    if (current) this.beginClose(agentId, current, { drain: true }, 'options changed');
    const previousClose = this.closing.get(agentId) ?? Promise.resolve();
    const entry = { pluginName, optionsKey, callbacks, gateway: null, connected: false, failure: null } as Omit<Entry, 'ready'> as Entry;
    entry.ready = (async () => {
      await previousClose;
      const gateway = plugin.create(agentId, checked.options);
      entry.gateway = gateway;
      const logger = this.logger.child({ gatewayId: agentId, plugin: pluginName });
      await gateway.connect(createGatewayHost(agentId, logger, this.clock, () => entry.callbacks));
      entry.connected = true;
      return gateway;
    })();
    this.entries.set(agentId, entry);
    entry.ready.catch((err: unknown) => {
      entry.failure = err instanceof Error ? err.message : String(err);
      this.logger.warn({ agentId, plugin: pluginName, err }, 'gateway connect failed');
      // The failed instance may hold timers or a half-open socket. The entry stays (health shows
      // the failure) but loses its gateway, so a later close does not disconnect it twice.
      const failed = entry.gateway;
      entry.gateway = null;
      if (failed) this.chainClose(agentId, pluginName, async () => failed, { drain: false }, 'connect failed');
    });
    return entry.ready;
  }

  /**
   * The agent's gateway if it is connected now, without connecting: for webhook and poll routes,
   * which must not open a connection for an agent nothing sends through.
   */
  liveGateway(agentId: string): Gateway | null {
    const entry = this.entries.get(agentId);
    return entry && entry.connected && entry.failure === null ? entry.gateway : null;
  }

  /** Every connected gateway of this process (the poll timer walks them). */
  liveGateways(): [string, Gateway][] {
    const out: [string, Gateway][] = [];
    for (const [agentId, entry] of this.entries) if (entry.connected && entry.failure === null && entry.gateway) out.push([agentId, entry.gateway]);
    return out;
  }

  /**
   * Agents this process holds an instance of: connected, connecting, or whose connect failed (its
   * health tells which). Their health is this process's to answer and to publish to the others.
   */
  heldAgentIds(): string[] {
    return [...this.entries.keys()];
  }

  holds(agentId: string): boolean {
    return this.entries.has(agentId);
  }

  async health(agentId: string): Promise<GatewayHealth> {
    const entry = this.entries.get(agentId);
    if (!entry) return down('notConnected');
    if (entry.failure !== null) return down('connectFailed', { error: entry.failure });
    if (!entry.gateway) return down('connecting');
    try {
      return await entry.gateway.health();
    } catch (err) {
      return down('healthCheckFailed', { error: errorText(err) });
    }
  }

  /**
   * "Test connection": a temporary instance of the plugin with these options, connected with a
   * time-out, its health read, then disconnected. A failure is an answer (`down` and why), not an
   * error; only unknown plugins and invalid options throw. The instance is not the agent's live
   * one: it takes no receipts (handing them over is refused, so the provider keeps them for the
   * live connection) and is always let go, also when its connect outlives the time-out.
   */
  async testConnection(pluginName: string, options: unknown, timeoutMs: number): Promise<GatewayHealth> {
    const loaded = this.pluginOf(pluginName);
    const checked = validateOptions(loaded, options);
    if (!checked.ok) throw new InvalidGatewayOptionsError(pluginName, checked.errors);
    const probeId = `test-${randomUUID()}`;
    const logger = this.logger.child({ gatewayId: probeId, plugin: pluginName, probe: true });
    const refuse = () => Promise.reject(new Error('a connection test keeps no receipts'));
    // A `bts` gateway is tested the same way: connect, health, disconnect; a probe keeps no progress.
    let gateway: Pick<Gateway, 'health' | 'disconnect'>;
    let connect: () => Promise<void>;
    try {
      const host = createGatewayHost(probeId, logger, this.clock, () => ({ deliveryReports: refuse, inbound: refuse, statusChanged: () => undefined }));
      if (isBtsPlugin(loaded.plugin)) {
        const bts = loaded.plugin.create(probeId, checked.options);
        gateway = bts;
        connect = () => bts.connect({ gatewayId: host.gatewayId, logger: host.logger, now: () => host.now(), statusChanged: (h) => host.statusChanged(h), progress: refuse });
      } else {
        const messaging = loaded.plugin.create(probeId, checked.options);
        gateway = messaging;
        connect = () => messaging.connect(host);
      }
    } catch (err) {
      return down('optionsRefused', { error: errorText(err) });
    }
    const connecting = Promise.resolve().then(connect);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => { timer = setTimeout(() => resolve('late'), timeoutMs); });
    try {
      const connected = await Promise.race([connecting.then(() => 'ok' as const, (err: unknown) => err), late]);
      if (connected === 'late') return down('noConnectionWithin', { seconds: Math.round(timeoutMs / 1000) });
      if (connected !== 'ok') return down('connectFailed', { error: errorText(connected) });
      const health = await Promise.race([Promise.resolve().then(() => gateway.health()).catch((err: unknown) => down('healthCheckFailed', { error: errorText(err) })), late]);
      if (health === 'late') return down('noHealthAnswerWithin', { seconds: Math.round(timeoutMs / 1000) });
      return health;
    } finally {
      clearTimeout(timer);
      // Let go once the connect settled, however late: a hanging connect must not leak a session.
      void connecting.catch(() => undefined)
        .then(() => gateway.disconnect({ drain: false }))
        .catch((err: unknown) => logger.warn({ err }, 'disconnecting a connection test failed'));
    }
  }

  async disconnect(agentId: string, options: { drain: boolean }): Promise<void> {
    const entry = this.entries.get(agentId);
    if (entry) this.beginClose(agentId, entry, options, 'disconnect requested');
    await this.closing.get(agentId);
  }

  async closeAll(options: { drain: boolean }): Promise<void> {
    for (const [agentId, entry] of [...this.entries]) this.beginClose(agentId, entry, options, 'closing all');
    await Promise.all([...this.closing.values()]);
  }

  private pluginOf(pluginName: string): LoadedPlugin {
    const loaded = this.loaded.plugins.get(pluginName);
    if (!loaded) throw new UnknownGatewayPluginError(pluginName);
    return loaded;
  }

  /** Removes the entry now (so new callers get a fresh instance) and chains its disconnect. */
  private beginClose(agentId: string, entry: Entry, options: { drain: boolean }, why: string): void {
    if (this.entries.get(agentId) === entry) this.entries.delete(agentId);
    this.chainClose(agentId, entry.pluginName, async () => {
      try {
        await entry.ready;
      } catch {
        // The failed-connect handler already took care of that instance.
      }
      return entry.gateway;
    }, options, why);
  }

  /** Disconnects after any earlier close of the same agent, so closes and reconnects stay ordered. */
  private chainClose(agentId: string, pluginName: string, target: () => Promise<Gateway | null>, options: { drain: boolean }, why: string): void {
    const previous = this.closing.get(agentId) ?? Promise.resolve();
    const done = (async () => {
      await previous;
      const gateway = await target();
      if (!gateway) return;
      try {
        await gateway.disconnect(options);
        this.logger.info({ agentId, plugin: pluginName, drain: options.drain, why }, 'gateway disconnected');
      } catch (err) {
        this.logger.error({ agentId, plugin: pluginName, err }, 'gateway disconnect failed');
      }
    })();
    this.closing.set(agentId, done);
    void done.finally(() => {
      if (this.closing.get(agentId) === done) this.closing.delete(agentId);
    });
  }
}
