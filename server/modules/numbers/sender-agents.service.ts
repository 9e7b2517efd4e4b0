import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import { TYPES } from '../../platform/tokens.js';
import { UnitOfWork, afterCommit, type Tx } from '../../platform/unit-of-work.js';
import type { Actor } from '../../platform/actor.js';
import { AppError, conflict, fieldError, notFound } from '../../platform/http/errors.js';
import { GatewayRegistry, UnknownGatewayPluginError } from '../../gateways/gateway-registry.js';
import { AuditService } from '../audit/index.js';
import { SenderAgentsRepository, type SenderAgentRow } from './sender-agents.repository.js';
import { PrivateNumbersRepository } from './private-numbers.repository.js';
import { randomBytes } from 'node:crypto';
import { webhookSecretHash } from './gateway-webhooks.service.js';
import { AGENT_FIELDS, MASKED, isSecretOption, maskOptions } from './line-fields.js';
import type { SchemaType } from '../../platform/http/router.js';
import type { createAgentSchema, updateAgentSchema } from './numbers.schemas.js';

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
  ) {}

  async create(ctx: Actor, body: SchemaType<typeof createAgentSchema>) {
    return this.uow.run(async (tx) => {
      const values = this.values(body, null);
      const row = await this.agents.insert(tx, { ...values, organizationId: ctx.tenant.organizationId });
      await this.audit.record(tx, ctx, { operationType: 'Create', className: 'SenderAgent', referenceId: row.id, newData: this.answer(row) });
      return this.answer(row);
    });
  }

  async update(ctx: Actor, body: SchemaType<typeof updateAgentSchema>) {
    return this.uow.run(async (tx) => {
      const current = await this.managed(ctx, body.id, tx);
      const row = await this.agents.update(tx, current.id, this.values(body, current));
      await this.audit.record(tx, ctx, { operationType: 'Update', className: 'SenderAgent', referenceId: row.id, oldData: this.answer(current), newData: this.answer(row) });
      return this.answer(row);
    });
  }

  async get(ctx: Actor, id: number) {
    return this.answer(await this.managed(ctx, id));
  }

  async list(ctx: Actor) {
    const items = (await this.agents.listVisible(ctx.tenant)).map((a) => this.answer(a));
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
    return this.registry.health(String(id));
  }

  /** Names of live agents, for choosing one on a line (resellers cannot list agents themselves). */
  async names() {
    return this.agents.listNames();
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
    const pluginName = (values.pluginName ?? current?.pluginName) as string;
    if (body.options !== undefined || !current || values.pluginName !== undefined) {
      const given = (body.options ?? current?.options ?? {}) as Record<string, unknown>;
      const options: Record<string, unknown> = {};
      // Secrets are the new plugin's writeOnly properties; a masked one keeps the stored value
      // only while the plugin stays the same (another plugin's secret means something else).
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
      if (!checked.ok) {
        const issues = checked.errors.map((e) => ({ propertyName: e.propertyName, key: 'numbers.optionInvalid', params: { field: e.propertyName, message: e.message } }));
        throw new AppError(400, 'numbers.optionInvalid', issues[0]?.params ?? {}, issues);
      }
      values.options = JSON.stringify(options);
    }
    return values;
  }
}
