import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import { TYPES } from '../../platform/tokens.js';
import { UnitOfWork, afterCommit, type Tx } from '../../platform/unit-of-work.js';
import type { Actor } from '../../platform/actor.js';
import { AppError, conflict, fieldError, notFound } from '../../platform/http/errors.js';
import { GatewayRegistry, InvalidGatewayOptionsError, UnknownGatewayPluginError } from '../../gateways/gateway-registry.js';
import type { OptionsIssue } from '../../gateways/plugin-loader.js';
import { AgentHealthService } from './agent-health.service.js';
import { AuditService } from '../audit/index.js';
import { SenderAgentsRepository, type PluginAgentRow, type SenderAgentRow } from './sender-agents.repository.js';
import { PrivateNumbersRepository } from './private-numbers.repository.js';
import { randomBytes } from 'node:crypto';
import { webhookSecretHash } from './gateway-webhooks.service.js';
import { AGENT_FIELDS, MASKED, isSecretOption, maskOptions } from './line-fields.js';
import type { SchemaType } from '../../platform/http/router.js';
import type { createAgentSchema, testConnectionSchema, updateAgentSchema } from './numbers.schemas.js';
import { normalizeClockTime } from '../../shared/dates/clock-time.js';

/** A fresh install's BTS agent (`btsAgents`): the simulator, as numbers' seeded SMS simulator. */
const BTS_SEED_PLUGIN = 'bts-simulator';
const BTS_SEED_TITLE = 'BTS simulator';

/** A sender agent of a `bts` plugin, as smart requests connect it. */
export type BtsAgent = PluginAgentRow;

/** How long "test connection" waits for the provider before it answers down. */
export const TEST_CONNECTION_TIMEOUT_MS = 10_000;

/** A plugin's option issues as the spec's 400: one item per field, `options.<field>`. */
function optionsInvalid(errors: OptionsIssue[]): AppError {
  const issues = errors.map((e) => ({ propertyName: e.propertyName, key: 'numbers.optionInvalid', params: { field: e.propertyName, message: e.message } }));
  return new AppError(400, 'numbers.optionInvalid', issues[0]?.params ?? {}, issues);
}

/**
 * An agent as answered (and audited): its options without secret values. `secretKeys` come from
 * the plugin's schema (`writeOnly`); null falls back to key names.
 */
export function publicAgent(a: SenderAgentRow, secretKeys: ReadonlySet<string> | null): Record<string, unknown> {
  const { deletedAt: _deletedAt, webhookSecretHash, ...rest } = a;
  return { ...rest, options: maskOptions(a.options, secretKeys), maxPerSecond: Number(a.maxPerSecond), hasWebhookSecret: typeof webhookSecretHash === 'string' };
}

/** Sender agents: a gateway plugin and its options, owned by the system organization. */
@injectable()
export class SenderAgentsService {
  constructor(
    @inject(SenderAgentsRepository) private readonly agents: SenderAgentsRepository,
    @inject(PrivateNumbersRepository) private readonly lines: PrivateNumbersRepository,
    @inject(GatewayRegistry) private readonly registry: GatewayRegistry,
    @inject(AuditService) private readonly audit: AuditService,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TYPES.Logger) private readonly logger: Logger,
    @inject(AgentHealthService) private readonly liveHealth: AgentHealthService,
  ) {}

  async create(ctx: Actor, body: SchemaType<typeof createAgentSchema>) {
    return this.uow.run(async (tx) => {
      const values = this.values(body, null);
      const row = await this.agents.insert(tx, { ...values, organizationId: ctx.tenant.organizationId });
      await this.audit.record(tx, ctx, { operationType: 'Create', className: 'SenderAgent', referenceId: row.id, newData: this.answer(row) });
      // The process holding connections connects it now rather than at its first send.
      afterCommit(tx, () => this.liveHealth.agentChanged(row.id));
      return this.answer(row);
    });
  }

  async update(ctx: Actor, body: SchemaType<typeof updateAgentSchema>) {
    return this.uow.run(async (tx) => {
      const current = await this.managed(ctx, body.id, tx);
      const row = await this.agents.update(tx, current.id, this.values(body, current));
      await this.audit.record(tx, ctx, { operationType: 'Update', className: 'SenderAgent', referenceId: row.id, oldData: this.answer(current), newData: this.answer(row) });
      afterCommit(tx, () => this.liveHealth.agentChanged(row.id));
      return this.answer(row);
    });
  }

  async get(ctx: Actor, id: number) {
    return this.answer(await this.managed(ctx, id));
  }

  /** Each agent with its `health`: this process's connection, else the holding worker's record (`AgentHealthService.healthOf`). */
  async list(ctx: Actor) {
    const rows = await this.agents.listVisible(ctx.tenant);
    const health = await this.liveHealth.healthOf(rows.map((a) => a.id), ctx.culture);
    const items = rows.map((a) => ({ ...this.answer(a), health: health.get(a.id) }));
    return { items, totalCount: items.length };
  }

  async delete(ctx: Actor, id: number) {
    return this.uow.run(async (tx) => {
      const current = await this.managed(ctx, id, tx);
      if ((await this.lines.liveLinesOfAgent(tx, id)) > 0) throw conflict('numbers.agentInUse');
      await this.agents.softDelete(tx, id);
      await this.audit.record(tx, ctx, { operationType: 'Delete', className: 'SenderAgent', referenceId: id, oldData: this.answer(current) });
      // A deleted agent's live connection is let go once the deletion is certain.
      afterCommit(tx, () => {
        this.registry.disconnect(String(id), { drain: true }).catch((err: unknown) => this.logger.warn({ err, agentId: id }, 'disconnecting a deleted agent failed'));
        this.liveHealth.agentChanged(id);
      });
      return null;
    });
  }

  /**
   * A new webhook secret for the agent: answered this once (only its hash is kept), and the old one
   * stops working at commit. The provider is then configured with `webhookPath?secret=…`.
   */
  async rotateWebhookSecret(ctx: Actor, id: number) {
    return this.uow.run(async (tx) => {
      const current = await this.managed(ctx, id, tx);
      const secret = randomBytes(32).toString('base64url');
      await this.agents.setWebhookSecretHash(tx, current.id, webhookSecretHash(secret));
      await this.audit.record(tx, ctx, { operationType: 'Update', className: 'SenderAgent', referenceId: current.id, newData: { webhookSecret: 'rotated' } });
      return { webhookSecret: secret, webhookPath: `/api/gateways/${current.id}/webhook` };
    });
  }

  plugins() {
    return { plugins: this.registry.describePlugins(), broken: this.registry.brokenPlugins() };
  }

  async health(ctx: Actor, id: number) {
    await this.managed(ctx, id);
    return this.liveHealth.healthOfOne(id, ctx.culture);
  }

  /**
   * Connects a temporary instance and answers its health: a saved agent (`id`, optionally with
   * edited `options` whose `***` secrets keep the stored values), or an unsaved `pluginName` +
   * `options`. An unreachable provider is a normal answer (down, with why).
   */
  async testConnection(ctx: Actor, body: SchemaType<typeof testConnectionSchema>) {
    const current = body.id !== undefined ? await this.managed(ctx, body.id) : null;
    const pluginName = body.pluginName ?? current?.pluginName;
    if (!pluginName) throw fieldError('pluginName', 'numbers.pluginUnknown', { pluginName: '' });
    const { options } = this.mergedOptions(pluginName, (body.options ?? current?.options ?? {}) as Record<string, unknown>, current);
    try {
      const health = await this.registry.testConnection(pluginName, options, TEST_CONNECTION_TIMEOUT_MS);
      return { state: health.state, detail: health.detail ?? null, detailNotes: health.detailNotes ?? null };
    } catch (err) {
      if (err instanceof UnknownGatewayPluginError) throw fieldError('pluginName', 'numbers.pluginUnknown', { pluginName });
      if (err instanceof InvalidGatewayOptionsError) throw optionsInvalid(err.errors);
      throw err;
    }
  }

  /** Names of the loaded plugins of kind `bts`. */
  private btsPluginNames(): string[] {
    return this.registry.describePlugins().filter((p) => p.kind === 'bts').map((p) => p.name);
  }

  /**
   * The one reader of BTS agents (targeting's smart requests): the live agents of loaded `bts`
   * plugins, oldest first (the first active one is the default). A fresh install gets a
   * `bts-simulator` agent ("BTS simulator", default options) in the system organization when that
   * plugin is loaded and no agent of any `bts` plugin was ever made — a deleted one counts, so an
   * administrator's removal is not undone. The system organization's row lock makes two first calls
   * seed one agent. Numbers owns `sender_agents`.
   */
  async btsAgents(): Promise<BtsAgent[]> {
    const names = this.btsPluginNames();
    const live = await this.agents.ofPlugins(names);
    if (live.length > 0 || !names.includes(BTS_SEED_PLUGIN)) return live;
    await this.uow.run(async (tx) => {
      const systemId = await this.agents.lockSystemOrganization(tx);
      if (systemId === null) return;
      if ((await this.agents.ofPlugins(names, { withDeleted: true, tx })).length > 0) return;
      await this.agents.insert(tx, { organizationId: systemId, title: BTS_SEED_TITLE, pluginName: BTS_SEED_PLUGIN, options: JSON.stringify({}), isBts: true, isSendSmartActive: true });
    });
    // Read again: seeded here, by a concurrent first call, or still none (every agent deleted on purpose).
    return this.agents.ofPlugins(names);
  }

  /**
   * Names of live agents, for choosing one on a line (resellers cannot list agents themselves). An
   * agent of a `bts` plugin is left out: it takes smart requests and never carries a line's messages.
   * One whose plugin is not loaded stays (its kind is unknown; the line is simply not sendable).
   */
  async names() {
    const rows = await this.agents.listNames();
    return rows.filter((a) => this.registry.kindOf(a.pluginName) !== 'bts').map(({ id, title, isActive }) => ({ id, title, isActive }));
  }

  private answer(a: SenderAgentRow): Record<string, unknown> {
    return publicAgent(a, this.registry.secretOptions(a.pluginName));
  }

  private async managed(ctx: Actor, id: number, tx?: Tx): Promise<SenderAgentRow> {
    const row = await this.agents.findVisible(ctx.tenant, id, tx);
    if (!row) throw notFound('numbers.agentNotFound');
    return row;
  }

  /**
   * The columns to write. Options are checked against the plugin's schema whenever they or the
   * plugin change; a secret sent back masked keeps the stored value. Stored as given: defaults are
   * the plugin's business at connect.
   */
  private values(body: Record<string, unknown>, current: SenderAgentRow | null): Record<string, unknown> {
    const values: Record<string, unknown> = {};
    for (const f of AGENT_FIELDS) if (body[f] !== undefined) values[f] = body[f];
    for (const f of ['internalCredit', 'externalCredit'] as const) if (typeof values[f] === 'number') values[f] = String(values[f]);
    // The schema's 'hhmm' takes 8:00 and Persian digits; the window is stored as HH:mm.
    for (const f of ['startTime', 'endTime'] as const) if (typeof values[f] === 'string') values[f] = normalizeClockTime(values[f] as string);
    const pluginName = (values.pluginName ?? current?.pluginName) as string;
    if (body.options !== undefined || !current || values.pluginName !== undefined) {
      const given = (body.options ?? current?.options ?? {}) as Record<string, unknown>;
      const merged = this.mergedOptions(pluginName, given, current);
      values.options = JSON.stringify(merged.options);
      // One throughput per agent: the option a plugin marks as the agent's rate (SMPP's maxPerSecond,
      // its default when left out) sets the agent's rate too, so the dispatcher's and the plugin's
      // limits never disagree and the form asks once.
      const rateKey = this.registry.rateOption(pluginName);
      const rate = rateKey ? merged.withDefaults[rateKey] : undefined;
      if (typeof rate === 'number') values.maxPerSecond = Math.max(1, Math.round(rate));
    }
    return values;
  }

  /**
   * The options to store (or test), checked against the plugin's schema. Secrets are the plugin's
   * writeOnly properties; a masked one keeps the stored value only while the plugin stays the same
   * (another plugin's secret means something else).
   */
  private mergedOptions(pluginName: string, given: Record<string, unknown>, current: SenderAgentRow | null): { options: Record<string, unknown>; withDefaults: Record<string, unknown> } {
    const options: Record<string, unknown> = {};
    const secretKeys = this.registry.secretOptions(pluginName);
    const samePlugin = current !== null && current.pluginName === pluginName;
    for (const [k, v] of Object.entries(given)) {
      options[k] = v === MASKED && isSecretOption(k, secretKeys) && samePlugin && current.options && k in current.options ? current.options[k] : v;
    }
    let checked;
    try {
      checked = this.registry.validateOptions(pluginName, options);
    } catch (err) {
      if (err instanceof UnknownGatewayPluginError) throw fieldError('pluginName', 'numbers.pluginUnknown', { pluginName });
      throw err;
    }
    if (!checked.ok) throw optionsInvalid(checked.errors);
    return { options, withDefaults: checked.options };
  }
}
