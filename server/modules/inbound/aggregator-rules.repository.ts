import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../platform/tokens.js';
import type { Tx } from '../../platform/unit-of-work.js';
import type { Tenant } from '../../platform/http/context.js';
import { whereOrganizationVisible } from '../../platform/tenancy.js';
import { likeContains } from '../../platform/http/search.js';

export interface AggregatorRuleValues {
  privateNumberId: number;
  organizationId: number;
  regex: string;
  smsAggregator: string | null;
  isActive: boolean;
}

export interface AggregatorRuleRow extends AggregatorRuleValues {
  id: number;
  ownerOrganizationId: number;
  ownerOrganizationName: string | null;
  organizationName: string | null;
  receiverNumber: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** What routing needs of a line's active rules, oldest first (the first match wins). */
export interface ActiveAggregatorRule {
  id: number;
  privateNumberId: number;
  organizationId: number;
  regex: string;
  smsAggregator: string | null;
}

/** `aggregator_rules`: patterns that route a shared line's inbound texts to other organizations. */
@injectable()
export class AggregatorRulesRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  private base(db: Knex | Tx) {
    return db('aggregator_rules as r')
      .leftJoin('private_numbers as p', 'p.id', 'r.privateNumberId')
      .leftJoin('organizations as o', 'o.id', 'r.organizationId')
      .leftJoin('organizations as w', 'w.id', 'r.ownerOrganizationId')
      .select('r.*', 'p.number as receiverNumber', 'o.name as organizationName', 'w.name as ownerOrganizationName');
  }

  /** Active rules of these lines whose target organization is not deleted, in id order. */
  async activeForLines(tx: Tx | null, lineIds: number[]): Promise<ActiveAggregatorRule[]> {
    if (lineIds.length === 0) return [];
    const rows = await (tx ?? this.knex)('aggregator_rules as r').join('organizations as o', 'o.id', 'r.organizationId').whereNull('o.deletedAt')
      .whereIn('r.privateNumberId', lineIds).where('r.isActive', true).orderBy('r.id')
      .select('r.id', 'r.privateNumberId', 'r.organizationId', 'r.regex', 'r.smsAggregator');
    return (rows as Record<string, unknown>[]).map((r) => ({ id: Number(r.id), privateNumberId: Number(r.privateNumberId), organizationId: Number(r.organizationId), regex: String(r.regex), smsAggregator: (r.smsAggregator as string | null) ?? null }));
  }

  async list(tenant: Tenant, filter: { pageIndex: number; pageSize: number; search?: string; privateNumberId?: number }) {
    const q = this.knex('aggregator_rules as r').where((w) => { whereOrganizationVisible(w, this.knex, 'r.ownerOrganizationId', tenant); });
    if (filter.privateNumberId) q.where('r.privateNumberId', filter.privateNumberId);
    if (filter.search) {
      const like = likeContains(filter.search);
      q.where((w) => w.where('r.regex', 'like', like)
        .orWhereIn('r.privateNumberId', this.knex('private_numbers').select('id').where('number', 'like', like))
        .orWhereIn('r.organizationId', this.knex('organizations').select('id').where('name', 'like', like)));
    }
    const [{ n }] = await q.clone().count<{ n: string | number }[]>({ n: '*' });
    const ids = q.clone().select('r.id');
    const rows = await this.base(this.knex).whereIn('r.id', ids).orderBy('r.id', 'desc').offset(filter.pageIndex * filter.pageSize).limit(filter.pageSize);
    return { items: (rows as Record<string, unknown>[]).map(normalize), totalCount: Number(n) };
  }

  async findVisible(tx: Tx | null, tenant: Tenant, id: number): Promise<AggregatorRuleRow | null> {
    const db = tx ?? this.knex;
    const q = this.base(db).where('r.id', id);
    whereOrganizationVisible(q, db, 'r.ownerOrganizationId', tenant);
    const row = await q.first();
    return row ? normalize(row as Record<string, unknown>) : null;
  }

  async insert(tx: Tx, ownerOrganizationId: number, values: AggregatorRuleValues): Promise<number> {
    const [row] = await tx('aggregator_rules').insert({ ...values, ownerOrganizationId }).returning('id');
    return Number((row as { id: number }).id ?? row);
  }

  async update(tx: Tx, id: number, values: AggregatorRuleValues): Promise<void> {
    await tx('aggregator_rules').where({ id }).update({ ...values, updatedAt: tx.raw('clock_timestamp()') });
  }

  async delete(tx: Tx, id: number): Promise<void> {
    await tx('aggregator_rules').where({ id }).delete();
  }
}

function normalize(r: Record<string, unknown>): AggregatorRuleRow {
  return {
    id: Number(r.id), ownerOrganizationId: Number(r.ownerOrganizationId), ownerOrganizationName: (r.ownerOrganizationName as string | null) ?? null,
    privateNumberId: Number(r.privateNumberId), receiverNumber: (r.receiverNumber as string | null) ?? null,
    organizationId: Number(r.organizationId), organizationName: (r.organizationName as string | null) ?? null,
    regex: String(r.regex), smsAggregator: (r.smsAggregator as string | null) ?? null, isActive: Boolean(r.isActive),
    createdAt: r.createdAt as Date, updatedAt: r.updatedAt as Date,
  };
}
