import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../platform/tokens.js';
import type { Tx } from '../../platform/unit-of-work.js';
import type { Tenant } from '../../platform/http/context.js';
import { whereOrganizationVisible } from '../../platform/tenancy.js';
import { lockedModulesSql } from '../../shared/billing/module-locks.js';

export interface PlanRow {
  id: number;
  ownerOrganizationId: number;
  title: string;
  planType: string;
  planPrice: string;
  extentionPrice: string | null;
  planInformation: string | null;
  modules: string[];
  isActive: boolean;
}

/** Plans, their purchases and the modules granted to organizations (by hand or by a plan). */
@injectable()
export class PlansRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  // ---- plans ------------------------------------------------------------------------------

  async insert(tx: Tx, values: Record<string, unknown>): Promise<PlanRow> {
    const [row] = await tx('plans').insert(values).returning('*');
    return row as PlanRow;
  }

  async update(tx: Tx, id: number, values: Record<string, unknown>): Promise<PlanRow> {
    const [row] = await tx('plans').where({ id }).update(values).returning('*');
    return row as PlanRow;
  }

  /** Soft delete: a deleted plan is no longer sold, but past purchases keep pointing at it. */
  async softDelete(tx: Tx, id: number): Promise<void> {
    await tx('plans').where({ id }).update({ deletedAt: tx.fn.now(), isActive: false });
  }

  /** A live plan owned inside the tenant's slice of the tree (one the caller manages). */
  async findManaged(tenant: Tenant, id: number, tx?: Tx): Promise<PlanRow | null> {
    const db = tx ?? this.knex;
    const q = db('plans as p').where('p.id', id).whereNull('p.deletedAt');
    whereOrganizationVisible(q, db as Knex, 'p.ownerOrganizationId', tenant);
    return ((await q.first('p.*')) as PlanRow | undefined) ?? null;
  }

  async listManaged(tenant: Tenant): Promise<PlanRow[]> {
    const q = this.knex('plans as p').whereNull('p.deletedAt');
    whereOrganizationVisible(q, this.knex, 'p.ownerOrganizationId', tenant);
    return (await q.select('p.*').orderBy('p.id')) as PlanRow[];
  }

  async listPurchasable(path: string): Promise<PlanRow[]> {
    return (await this.purchasable(this.knex, path).select('p.*').orderBy('p.id')) as PlanRow[];
  }

  async findPurchasable(path: string, id: number, tx?: Tx): Promise<PlanRow | null> {
    return ((await this.purchasable(tx ?? this.knex, path).where('p.id', id).first('p.*')) as PlanRow | undefined) ?? null;
  }

  /** Active plans owned by an organization strictly above `path`. */
  private purchasable(db: Knex | Tx, path: string) {
    const ancestors = path.split('/').filter(Boolean).map(Number).slice(0, -1);
    return db('plans as p').whereIn('p.ownerOrganizationId', ancestors.length ? ancestors : [0]).whereNull('p.deletedAt').where('p.isActive', true);
  }

  // ---- purchases --------------------------------------------------------------------------

  async findPurchaseByRequest(tx: Tx, organizationId: number, requestId: string): Promise<Record<string, any> | undefined> {
    return tx('plan_purchases').where({ organizationId, requestId }).first();
  }

  /** Whether the organization bought the plan before (a new purchase is then an extension). */
  async hasBought(tx: Tx, organizationId: number, planId: number): Promise<boolean> {
    return Boolean(await tx('plan_purchases').where({ organizationId, planId }).first('id'));
  }

  /** Inserts a purchase; undefined when a concurrent one took its (organization, requestId). */
  async insertPurchase(tx: Tx, values: Record<string, unknown>): Promise<Record<string, any> | undefined> {
    const [purchase] = await tx('plan_purchases').insert(values).onConflict(['organizationId', 'requestId']).ignore().returning('*');
    return purchase;
  }

  async setPurchaseLedgerEntry(tx: Tx, id: number, ledgerEntryId: unknown): Promise<Record<string, any>> {
    const [done] = await tx('plan_purchases').where({ id }).update({ ledgerEntryId }).returning('*');
    return done;
  }

  // ---- organization modules ---------------------------------------------------------------

  async organizationModules(organizationId: number): Promise<Record<string, unknown>[]> {
    return this.knex('organization_modules').where({ organizationId }).orderBy('moduleId').select('moduleId', 'planId', 'createdAt');
  }

  /**
   * What an organization's module states are read from (plans.service.ts): the modules offered by
   * live plans of the organizations strictly above it, the modules locked for it by the one rule
   * identity applies to claims (server/shared/billing/module-locks.ts), and its own grants.
   */
  async moduleStateInputs(organizationId: number): Promise<{
    offers: { moduleId: string; planId: number }[];
    locked: string[];
    own: { moduleId: string; planId: number | null; createdAt: unknown }[];
  }> {
    const org = await this.knex('organizations as o').where('o.id', organizationId)
      .first('o.path', this.knex.raw(`${lockedModulesSql('o')} as locked`));
    const path = String(org?.path ?? '').split('/').filter(Boolean).map(Number);
    const above = path.filter((id) => id !== organizationId);
    const offers = above.length === 0 ? [] : (await this.knex.raw(
      `select m.id as "moduleId", p.id as "planId"
         from organizations seller
         join plans p on p."ownerOrganizationId" = seller.id and p."isActive" and p."deletedAt" is null
         cross join lateral jsonb_array_elements_text(p.modules) as m(id)
        where seller."deletedAt" is null and seller.id = any(?::int[])
        order by p.id`, [`{${above.join(',')}}`])).rows;
    const own = await this.knex('organization_modules').where({ organizationId }).select('moduleId', 'planId', 'createdAt');
    const locked = typeof org?.locked === 'string' ? JSON.parse(org.locked) as string[] : (org?.locked as string[] | undefined) ?? [];
    return { offers, locked, own };
  }

  /** A grant by hand: an existing grant (by hand or by a plan) stays as it is. */
  async assignModule(tx: Tx, organizationId: number, moduleId: string): Promise<void> {
    await tx('organization_modules').insert({ organizationId, moduleId }).onConflict(['organizationId', 'moduleId']).ignore();
  }

  async unassignModule(tx: Tx, organizationId: number, moduleId: string): Promise<void> {
    await tx('organization_modules').where({ organizationId, moduleId }).delete();
  }

  /** A grant by a plan: an existing grant now belongs to that plan. */
  async grantModuleByPlan(tx: Tx, organizationId: number, moduleId: string, planId: number): Promise<void> {
    await tx('organization_modules').insert({ organizationId, moduleId, planId }).onConflict(['organizationId', 'moduleId']).merge(['planId']);
  }
}
