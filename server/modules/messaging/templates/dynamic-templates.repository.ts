import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../../platform/tokens.js';
import type { Tx } from '../../../platform/unit-of-work.js';
import type { Tenant } from '../../../platform/actor.js';
import { whereOrganizationVisible } from '../../../platform/tenancy.js';
import { likeContains } from '../../../platform/http/search.js';
import type { TemplateFormat } from '../../../shared/text/template-placeholders.js';

export interface DynamicTemplateRow {
  id: number;
  organizationId: number;
  userId: number;
  title: string;
  customText: string;
  format: TemplateFormat;
  createdAt: Date;
  lastModified: Date;
  deletedAt: Date | null;
}

export type NewDynamicTemplate = Pick<DynamicTemplateRow, 'organizationId' | 'userId' | 'title' | 'customText' | 'format' | 'lastModified'>;

export interface DynamicTemplateFilter {
  pageIndex: number;
  pageSize: number;
  search?: string;
  format?: TemplateFormat;
}

const COLUMNS = ['id', 'organizationId', 'userId', 'title', 'customText', 'format', 'createdAt', 'lastModified', 'deletedAt'];

/** The spec's dynamic templates; deleted rows (`deletedAt`) are invisible to every read here. */
@injectable()
export class DynamicTemplatesRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  async insert(tx: Tx, row: NewDynamicTemplate): Promise<DynamicTemplateRow> {
    const [created] = await tx('dynamic_templates').insert(row).returning(COLUMNS);
    return created as DynamicTemplateRow;
  }

  /** Templates in the tenant's slice; only the caller's own unless `ownerId` is null (a manager). */
  async list(tenant: Tenant, ownerId: number | null, f: DynamicTemplateFilter): Promise<{ items: (DynamicTemplateRow & { userName: string; organizationName: string })[]; totalCount: number }> {
    const q = this.knex('dynamic_templates as d').join('users as u', 'u.id', 'd.userId').join('organizations as o', 'o.id', 'd.organizationId').whereNull('d.deletedAt');
    whereOrganizationVisible(q, this.knex, 'd.organizationId', tenant);
    if (ownerId !== null) q.where('d.userId', ownerId);
    if (f.format) q.where('d.format', f.format);
    if (f.search) q.where((w) => w.where('d.title', 'ilike', likeContains(f.search!)).orWhere('d.customText', 'ilike', likeContains(f.search!)));
    const [count, items] = await Promise.all([
      q.clone().count<{ n: string | number }[]>({ n: '*' }).first(),
      q.clone().select(COLUMNS.map((c) => `d.${c}`)).select('u.userName as userName', 'o.name as organizationName').orderBy('d.id', 'desc').offset(f.pageIndex * f.pageSize).limit(f.pageSize),
    ]);
    return { items: items as (DynamicTemplateRow & { userName: string; organizationName: string })[], totalCount: Number(count?.n ?? 0) };
  }

  /** The templates a user may pick in one organization (parsers' and patterns' pickers), newest first. */
  async usable(organizationId: number, ownerId: number | null): Promise<DynamicTemplateRow[]> {
    const q = this.knex('dynamic_templates').select(COLUMNS).where({ organizationId }).whereNull('deletedAt').orderBy('id', 'desc').limit(500);
    if (ownerId !== null) q.where('userId', ownerId);
    return (await q) as DynamicTemplateRow[];
  }

  /** One visible template (locked when read inside a change), or null. */
  async findVisible(tenant: Tenant, ownerId: number | null, id: number, tx?: Tx): Promise<DynamicTemplateRow | null> {
    const db = tx ?? this.knex;
    const q = db('dynamic_templates as d').select(COLUMNS.map((c) => `d.${c}`)).where('d.id', id).whereNull('d.deletedAt');
    if (tx) q.forUpdate();
    whereOrganizationVisible(q, db, 'd.organizationId', tenant);
    if (ownerId !== null) q.where('d.userId', ownerId);
    return ((await q.first()) as DynamicTemplateRow | undefined) ?? null;
  }

  /** A live template of one organization (a plain user's own), as a pattern of that organization may name it. */
  async findInOrganization(organizationId: number, ownerId: number | null, id: number): Promise<DynamicTemplateRow | null> {
    const q = this.knex('dynamic_templates').select(COLUMNS).where({ id, organizationId }).whereNull('deletedAt');
    if (ownerId !== null) q.where('userId', ownerId);
    return ((await q.first()) as DynamicTemplateRow | undefined) ?? null;
  }

  async update(tx: Tx, id: number, patch: Partial<DynamicTemplateRow>): Promise<DynamicTemplateRow> {
    const [row] = await tx('dynamic_templates').where({ id }).update(patch).returning(COLUMNS);
    return row as DynamicTemplateRow;
  }
}
