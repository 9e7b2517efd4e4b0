import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../platform/tokens.js';
import type { Tx } from '../../platform/unit-of-work.js';
import type { Tenant } from '../../platform/http/context.js';
import type { Page } from '../../platform/http/envelope.js';
import { whereOrganizationVisible } from '../../platform/tenancy.js';
import { likeContains } from '../../platform/http/search.js';
import type { AuthEpoch } from '../../platform/auth-epoch.js';

export interface RoleRow {
  id: number;
  organizationId: number;
  title: string;
  claims: string[];
  isTemplate: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface RoleListFilter {
  pageIndex: number;
  pageSize: number;
  search?: string;
  organizationId?: number;
  isTemplate: boolean;
  /** With organizationId: the roles a user of that organization may hold (its own roles and the role template assigned to it). */
  assignable?: boolean;
}

const COLUMNS = ['r.id', 'r.organizationId', 'o.name as organizationName', 'r.title', 'r.claims', 'r.isTemplate', 'r.createdAt', 'r.updatedAt'];

@injectable()
export class RolesRepository {
  constructor(
    @inject(TYPES.Knex) private readonly knex: Knex,
    @inject(TYPES.AuthEpoch) private readonly epoch: AuthEpoch,
  ) {}

  async findVisible(tenant: Tenant, id: number, isTemplate: boolean, tx?: Tx): Promise<RoleRow | null> {
    const db = tx ?? this.knex;
    const q = db('roles as r').join('organizations as o', 'o.id', 'r.organizationId')
      .where('r.id', id).where('r.isTemplate', isTemplate).whereNull('r.deletedAt');
    whereOrganizationVisible(q, db, 'r.organizationId', tenant);
    return ((await q.first(COLUMNS)) as RoleRow | undefined) ?? null;
  }

  async findById(id: number, tx?: Tx): Promise<RoleRow | null> {
    return ((await (tx ?? this.knex)('roles').where({ id }).whereNull('deletedAt').first()) as RoleRow | undefined) ?? null;
  }

  async list(tenant: Tenant, filter: RoleListFilter): Promise<Page<Record<string, unknown>>> {
    const q = this.knex('roles as r').join('organizations as o', 'o.id', 'r.organizationId').whereNull('r.deletedAt');
    if (filter.assignable && filter.organizationId !== undefined) {
      // What AssignToUser accepts for a user of the organization: its own roles, or the template its
      // parent assigned to it (owned above it, so visible through the organization, not the owner).
      const organizationId = filter.organizationId;
      q.whereExists(whereOrganizationVisible(this.knex('organizations').select('id').where('id', organizationId).whereNull('deletedAt'), this.knex, 'id', tenant))
        .where((w) => w.where((own) => own.where('r.isTemplate', false).where('r.organizationId', organizationId))
          .orWhereIn('r.id', this.knex('organizations').select('roleTemplateId').where('id', organizationId).whereNotNull('roleTemplateId')));
    } else {
      q.where('r.isTemplate', filter.isTemplate);
      whereOrganizationVisible(q, this.knex, 'r.organizationId', tenant);
      if (filter.organizationId !== undefined) q.where('r.organizationId', filter.organizationId);
    }
    if (filter.search) q.whereILike('r.title', likeContains(filter.search));
    const [{ n }] = await q.clone().count<{ n: string }[]>({ n: '*' });
    const items = await q.select(COLUMNS).orderBy('r.id').limit(filter.pageSize).offset(filter.pageIndex * filter.pageSize);
    return { items, totalCount: Number(n) };
  }

  async insert(tx: Tx, values: { organizationId: number; title: string; claims: string[]; isTemplate: boolean }): Promise<RoleRow> {
    const [row] = await tx('roles').insert({ ...values, claims: JSON.stringify(values.claims) }).returning('*');
    return row as RoleRow;
  }

  async update(tx: Tx, id: number, values: { title?: string; claims?: string[] }): Promise<void> {
    this.epoch.bumpAfterCommit(tx);
    const patch: Record<string, unknown> = { updatedAt: tx.fn.now() };
    if (values.title !== undefined) patch.title = values.title;
    if (values.claims !== undefined) patch.claims = JSON.stringify(values.claims);
    await tx('roles').where({ id }).update(patch);
  }

  async softDelete(tx: Tx, id: number): Promise<void> {
    this.epoch.bumpAfterCommit(tx);
    await tx('roles').where({ id }).update({ deletedAt: tx.fn.now() });
  }

  async countOrganizationsWithTemplate(templateId: number, tx?: Tx): Promise<number> {
    const [{ n }] = await (tx ?? this.knex)('organizations').where({ roleTemplateId: templateId }).whereNull('deletedAt').count<{ n: string }[]>({ n: '*' });
    return Number(n);
  }
}
