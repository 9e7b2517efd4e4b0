import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../platform/tokens.js';
import type { Tx } from '../../platform/unit-of-work.js';
import type { Tenant } from '../../platform/http/context.js';
import type { Page } from '../../platform/http/envelope.js';
import { escapeLike } from '../../platform/tenancy.js';
import { likeContains } from '../../platform/http/search.js';
import type { AuthEpoch } from '../../platform/auth-epoch.js';
import type { OrganizationRow, OrganizationType } from './organization.fields.js';

export interface OrganizationListFilter {
  pageIndex: number;
  pageSize: number;
  search?: string;
  parentId?: number;
  includeArchived?: boolean;
  isActive?: boolean;
  type?: OrganizationType;
}

const LIST_COLUMNS = ['o.id', 'o.parentId', 'o.resellerId', 'o.path', 'o.depth', 'o.type', 'o.name', 'o.organName', 'o.isActive',
  'o.isArchived', 'o.expireTime', 'o.isPostpaid', 'o.isRealPerson', 'o.nationalId', 'o.ceoFullName', 'o.roleTemplateId', 'o.createdAt'];

@injectable()
export class OrganizationsRepository {
  constructor(
    @inject(TYPES.Knex) private readonly knex: Knex,
    @inject(TYPES.AuthEpoch) private readonly epoch: AuthEpoch,
  ) {}

  private visible(db: Knex | Tx, tenant: Tenant) {
    const q = db('organizations as o').whereNull('o.deletedAt');
    if (tenant.subtree) q.where('o.path', 'like', `${escapeLike(tenant.path)}%`);
    else q.where('o.id', tenant.organizationId);
    return q;
  }

  /** The organization if it lies in the tenant's slice of the tree, else null (callers answer 404). */
  async findVisible(tenant: Tenant, id: number, tx?: Tx): Promise<OrganizationRow | null> {
    const row = await this.visible(tx ?? this.knex, tenant).where('o.id', id).first('o.*');
    return (row as OrganizationRow | undefined) ?? null;
  }

  async findById(id: number, tx?: Tx): Promise<OrganizationRow | null> {
    const row = await (tx ?? this.knex)('organizations').where({ id }).whereNull('deletedAt').first();
    return (row as OrganizationRow | undefined) ?? null;
  }

  async findByIdForUpdate(tx: Tx, id: number): Promise<OrganizationRow | null> {
    const row = await tx('organizations').where({ id }).whereNull('deletedAt').forUpdate().first();
    return (row as OrganizationRow | undefined) ?? null;
  }

  /** Every organization on the path from the root to this one (inclusive), root first. */
  async chain(path: string, tx?: Tx): Promise<OrganizationRow[]> {
    const ids = path.split('/').filter(Boolean).map(Number);
    const rows = (await (tx ?? this.knex)('organizations').whereIn('id', ids)) as OrganizationRow[];
    return rows.sort((a, b) => a.depth - b.depth);
  }

  async systemOrganization(): Promise<OrganizationRow | null> {
    return ((await this.knex('organizations').where({ type: 'system' }).whereNull('deletedAt').orderBy('id').first()) as OrganizationRow | undefined) ?? null;
  }

  /** Any organization besides the system one, not deleted. */
  async anyCustomer(): Promise<boolean> {
    return !!(await this.knex('organizations').whereNot({ type: 'system' }).whereNull('deletedAt').first('id'));
  }

  async count(): Promise<number> {
    const [{ n }] = await this.knex('organizations').count<{ n: string }[]>({ n: '*' });
    return Number(n);
  }

  async list(tenant: Tenant, filter: OrganizationListFilter): Promise<Page<Record<string, unknown>>> {
    const q = this.visible(this.knex, tenant);
    if (!filter.includeArchived) q.where('o.isArchived', false);
    if (filter.parentId !== undefined) q.where('o.parentId', filter.parentId);
    if (filter.isActive !== undefined) q.where('o.isActive', filter.isActive);
    if (filter.type) q.where('o.type', filter.type);
    if (filter.search) {
      const term = likeContains(filter.search);
      q.where((w) => w.whereILike('o.name', term).orWhereILike('o.organName', term).orWhereILike('o.nationalId', term).orWhereILike('o.ceoFullName', term));
    }
    const [{ n }] = await q.clone().count<{ n: string }[]>({ n: '*' });
    const items = await q
      .select(LIST_COLUMNS)
      .select(this.knex.raw('exists (select 1 from organizations c where c."parentId" = o.id and c."deletedAt" is null) as "hasChildren"'))
      .orderBy('o.path')
      .limit(filter.pageSize)
      .offset(filter.pageIndex * filter.pageSize);
    return { items, totalCount: Number(n) };
  }

  /**
   * A live user of exactly this organization (its administrator user is one of its own). Reads the
   * identity module's table, as the send engine reads the blacklist: a check, not a dependency.
   */
  async isOwnUser(tx: Tx, organizationId: number, userId: number): Promise<boolean> {
    return Boolean(await tx('users').where({ id: userId, organizationId }).whereNull('deletedAt').first('id'));
  }

  /** A live line (numbers' private_numbers) owned by one of these organizations: the chain an organization sends under. */
  async isLineOwnedByAny(tx: Tx, organizationIds: number[], lineId: number): Promise<boolean> {
    return Boolean(await tx('private_numbers').where({ id: lineId }).whereIn('organizationId', organizationIds).whereNull('deletedAt').first('id'));
  }

  /** A white-label domain (this module's customer_domains) owned by one of these organizations. */
  async isDomainOwnedByAny(tx: Tx, organizationIds: number[], domainId: number): Promise<boolean> {
    return Boolean(await tx('customer_domains').where({ id: domainId }).whereIn('organizationId', organizationIds).first('id'));
  }

  async countLiveChildren(tx: Tx, parentId: number): Promise<number> {
    const [{ n }] = await tx('organizations').where({ parentId }).whereNull('deletedAt').count<{ n: string }[]>({ n: '*' });
    return Number(n);
  }

  async insert(tx: Tx, parent: OrganizationRow | null, values: Record<string, unknown>): Promise<OrganizationRow> {
    const [created] = await tx('organizations')
      .insert({ ...values, parentId: parent?.id ?? null, path: '/', depth: parent ? parent.depth + 1 : 0 })
      .returning('id');
    const id = (created as { id: number }).id;
    const path = `${parent ? parent.path : '/'}${id}/`;
    await tx('organizations').where({ id }).update({ path });
    await this.recomputeResellers(tx, path);
    return (await this.findById(id, tx)) as OrganizationRow;
  }

  async update(tx: Tx, id: number, values: Record<string, unknown>): Promise<void> {
    if (Object.keys(values).length === 0) return;
    this.epoch.bumpAfterCommit(tx);
    await tx('organizations').where({ id }).update({ ...values, updatedAt: tx.fn.now() });
  }

  /** Moves a subtree under a new parent, rewriting every descendant's path and depth. */
  async move(tx: Tx, org: OrganizationRow, newParent: OrganizationRow): Promise<void> {
    const newPath = `${newParent.path}${org.id}/`;
    const depthDelta = newParent.depth + 1 - org.depth;
    this.epoch.bumpAfterCommit(tx);
    await tx('organizations').where({ id: org.id }).update({ parentId: newParent.id });
    await tx.raw(
      'update organizations set path = ? || substr(path, ?), depth = depth + ? where path like ?',
      [newPath, org.path.length + 1, depthDelta, `${escapeLike(org.path)}%`],
    );
    await this.recomputeResellers(tx, newPath);
  }

  /** Deletes one organization and lifts its children (and their subtrees) one level up. */
  async deleteOnly(tx: Tx, org: OrganizationRow): Promise<number[]> {
    const parentPath = org.path.slice(0, org.path.length - `${org.id}/`.length);
    this.epoch.bumpAfterCommit(tx);
    await tx('organizations').where({ id: org.id }).update({ deletedAt: tx.fn.now(), updatedAt: tx.fn.now() });
    await tx('organizations').where({ parentId: org.id }).whereNull('deletedAt').update({ parentId: org.parentId });
    await tx.raw(
      'update organizations set path = ? || substr(path, ?), depth = depth - 1 where path like ? and id <> ?',
      [parentPath, org.path.length + 1, `${escapeLike(org.path)}%`, org.id],
    );
    await this.recomputeResellers(tx, parentPath);
    return [org.id];
  }

  async deleteSubtree(tx: Tx, org: OrganizationRow): Promise<number[]> {
    this.epoch.bumpAfterCommit(tx);
    const rows = await tx('organizations')
      .where('path', 'like', `${escapeLike(org.path)}%`)
      .whereNull('deletedAt')
      .update({ deletedAt: tx.fn.now(), updatedAt: tx.fn.now() })
      .returning('id');
    return rows.map((r: { id: number }) => r.id);
  }

  async subtreeIds(tx: Tx, path: string): Promise<number[]> {
    const rows = await tx('organizations').where('path', 'like', `${escapeLike(path)}%`).whereNull('deletedAt').select('id');
    return rows.map((r: { id: number }) => r.id);
  }

  // The reseller of an organization is its nearest reseller ancestor; it is derived, never typed in.
  private async recomputeResellers(tx: Tx, path: string): Promise<void> {
    await tx.raw(
      `update organizations o set "resellerId" = (
         select r.id from organizations r
         where r.type = 'reseller' and r.id <> o.id and o.path like r.path || '%' and r."deletedAt" is null
         order by r.depth desc limit 1)
       where o.path like ?`,
      [`${escapeLike(path)}%`],
    );
  }
}
