import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../platform/tokens.js';
import type { Tx } from '../../platform/unit-of-work.js';
import type { Tenant } from '../../platform/http/context.js';
import { whereOrganizationVisible } from '../../platform/tenancy.js';

export interface SenderAgentRow {
  id: number;
  organizationId: number;
  title: string;
  pluginName: string;
  options: Record<string, unknown>;
  isActive: boolean;
  isSendActive: boolean;
  isActiveAllTime: boolean;
  startTime: string | null;
  endTime: string | null;
  maxPerSecond: number;
  deletedAt: Date | null;
  /** SHA-256 (hex) of the webhook secret; never answered. */
  webhookSecretHash: string | null;
  [field: string]: unknown;
}

/** An agent as a plugin's instance needs it (the BTS agents smart requests use). */
export interface PluginAgentRow {
  id: number;
  title: string;
  organizationId: number;
  pluginName: string;
  options: Record<string, unknown>;
  isActive: boolean;
}

@injectable()
export class SenderAgentsRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  private db(tx?: Tx): Knex | Tx { return tx ?? this.knex; }

  async insert(tx: Tx, values: Record<string, unknown>): Promise<SenderAgentRow> {
    const [row] = await tx('sender_agents').insert(values).returning('*');
    return row as SenderAgentRow;
  }

  async update(tx: Tx, id: number, values: Record<string, unknown>): Promise<SenderAgentRow> {
    const [row] = await tx('sender_agents').where({ id }).update(values).returning('*');
    return row as SenderAgentRow;
  }

  async setWebhookSecretHash(tx: Tx, id: number, hash: string): Promise<void> {
    await tx('sender_agents').where({ id }).update({ webhookSecretHash: hash });
  }

  /** A live agent's plugin and webhook secret hash, for the webhook route (no tenant: the caller is an operator). */
  async findForWebhook(id: number): Promise<{ id: number; pluginName: string; webhookSecretHash: string | null } | null> {
    const row = await this.knex('sender_agents').where({ id }).whereNull('deletedAt').first('id', 'pluginName', 'webhookSecretHash');
    return (row as { id: number; pluginName: string; webhookSecretHash: string | null } | undefined) ?? null;
  }

  async softDelete(tx: Tx, id: number): Promise<void> {
    await tx('sender_agents').where({ id }).update({ deletedAt: tx.fn.now(), isActive: false });
  }

  /** A live agent inside the tenant's slice of the tree. */
  async findVisible(tenant: Tenant, id: number, tx?: Tx): Promise<SenderAgentRow | null> {
    const db = this.db(tx);
    const q = db('sender_agents as a').where('a.id', id).whereNull('a.deletedAt');
    whereOrganizationVisible(q, db, 'a.organizationId', tenant);
    return ((await q.first('a.*')) as SenderAgentRow | undefined) ?? null;
  }

  async listVisible(tenant: Tenant): Promise<SenderAgentRow[]> {
    const q = this.knex('sender_agents as a').whereNull('a.deletedAt');
    whereOrganizationVisible(q, this.knex, 'a.organizationId', tenant);
    return (await q.select('a.*').orderBy('a.id')) as SenderAgentRow[];
  }

  /** Any agent by id, deleted ones included (the send engine judges them). */
  async findById(id: number, tx?: Tx): Promise<SenderAgentRow | null> {
    return ((await this.db(tx)('sender_agents').where({ id }).first()) as SenderAgentRow | undefined) ?? null;
  }

  async listLive(tx?: Tx): Promise<SenderAgentRow[]> {
    return (await this.db(tx)('sender_agents').whereNull('deletedAt').orderBy('id')) as SenderAgentRow[];
  }

  /** Live agents' ids and titles, for choosing an agent when editing a line. */
  async listNames(): Promise<{ id: number; title: string; isActive: boolean; pluginName: string }[]> {
    return this.knex('sender_agents').whereNull('deletedAt').orderBy('id').select('id', 'title', 'isActive', 'pluginName');
  }

  async countAll(tx: Tx): Promise<number> {
    const row = await tx('sender_agents').count<{ n: string | number }[]>({ n: '*' }).first();
    return Number(row?.n ?? 0);
  }

  /**
   * The agents of these plugins, oldest first: live ones, or with `withDeleted` every one ever made
   * (the BTS seed asks whether any was). The one read of BTS agents (SenderAgentsService.btsAgents).
   */
  async ofPlugins(pluginNames: string[], opts: { withDeleted?: boolean; tx?: Tx } = {}): Promise<PluginAgentRow[]> {
    if (pluginNames.length === 0) return [];
    const q = this.db(opts.tx)('sender_agents').whereIn('pluginName', pluginNames).orderBy('id')
      .select('id', 'title', 'organizationId', 'pluginName', 'options', 'isActive');
    if (!opts.withDeleted) q.whereNull('deletedAt');
    const rows = (await q) as (Omit<PluginAgentRow, 'options'> & { options: unknown })[];
    // The embedded client may answer jsonb as text.
    return rows.map((r) => ({ ...r, options: (typeof r.options === 'string' ? JSON.parse(r.options) : r.options ?? {}) as Record<string, unknown> }));
  }

  /** The system organization, locked: concurrent first-start seeds wait on it instead of both seeding. */
  async lockSystemOrganization(tx: Tx): Promise<number | null> {
    const row = await tx('organizations').where({ type: 'system' }).whereNull('deletedAt').orderBy('id').forUpdate().first('id');
    return (row?.id as number | undefined) ?? null;
  }
}
