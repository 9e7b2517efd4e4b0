import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../platform/tokens.js';
import type { Tx } from '../../platform/unit-of-work.js';
import type { Tenant } from '../../platform/http/context.js';
import type { Page } from '../../platform/http/envelope.js';
import { whereOrganizationVisible } from '../../platform/tenancy.js';

export type InvoiceKind = 'payment' | 'package' | 'plan';

export interface InvoiceListFilter {
  pageIndex: number;
  pageSize: number;
  organizationId?: number;
  kind?: InvoiceKind;
  referenceId?: number;
}

@injectable()
export class InvoicesRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  /** Inserts the invoice of `(kind, referenceId)` unless it exists; answers the one invoice either way. */
  async issue(tx: Tx, values: Record<string, unknown>): Promise<{ row: Record<string, any>; issued: boolean }> {
    const [row] = await tx('invoices').insert(values).onConflict(['kind', 'referenceId']).ignore().returning('*');
    if (row) return { row, issued: true };
    return { row: await tx('invoices').where({ kind: values.kind, referenceId: values.referenceId }).first(), issued: false };
  }

  async organization(db: Knex | Tx, id: number | null): Promise<Record<string, any> | null> {
    if (id === null) return null;
    return (await db('organizations').where({ id }).first('id', 'name', 'type', 'organName', 'nationalId', 'economicCode', 'workplaceAddress', 'workplacePhone', 'workplaceZipCode', 'isTax')) ?? null;
  }

  /** The seller's bank accounts (live ones, oldest first) as printed on its invoices. */
  async bankAccounts(db: Knex | Tx, organizationId: number): Promise<Record<string, unknown>[]> {
    return db('account_informations').where({ organizationId }).whereNull('deletedAt').orderBy('id').select('accountNo', 'branch', 'cardNo', 'iban', 'owner');
  }

  async findPackagePurchase(tx: Tx, id: number): Promise<Record<string, any> | undefined> {
    return tx('package_purchases as pp').join('packages as p', 'p.id', 'pp.packageId').where('pp.id', id).first('pp.*', 'p.ownerOrganizationId');
  }

  async findPlanPurchase(tx: Tx, id: number): Promise<Record<string, any> | undefined> {
    return tx('plan_purchases as pp').join('plans as p', 'p.id', 'pp.planId').where('pp.id', id).first('pp.*', 'p.ownerOrganizationId');
  }

  // ---- pre-invoices -----------------------------------------------------------------------

  /** A live, active package or plan owned by one of `ancestors` (what the buyer may be offered). */
  async findOffer(table: 'packages' | 'plans', id: number, ancestors: number[]): Promise<Record<string, any> | undefined> {
    return this.knex(table).where({ id, isActive: true }).whereNull('deletedAt').whereIn('ownerOrganizationId', ancestors.length ? ancestors : [0]).first();
  }

  async insertPreInvoice(values: Record<string, unknown>): Promise<Record<string, any>> {
    const [row] = await this.knex('pre_invoices').insert(values).returning('*');
    return row;
  }

  /** A pre-invoice of the tenant's slice of the tree, with its organization's name. */
  async findVisiblePreInvoice(tenant: Tenant, id: number): Promise<Record<string, any> | undefined> {
    const q = this.knex('pre_invoices as i').where('i.id', id);
    whereOrganizationVisible(q, this.knex, 'i.organizationId', tenant);
    return q.leftJoin('organizations as o', 'o.id', 'i.organizationId').first('i.*', 'o.name as organizationName');
  }

  async findVisible(tenant: Tenant, id: number): Promise<Record<string, any> | null> {
    const q = this.knex('invoices as i').where('i.id', id);
    whereOrganizationVisible(q, this.knex, 'i.organizationId', tenant);
    return (await q.first('i.*')) ?? null;
  }

  async list(tenant: Tenant, filter: InvoiceListFilter): Promise<Page<Record<string, any>>> {
    const q = this.knex('invoices as i');
    whereOrganizationVisible(q, this.knex, 'i.organizationId', tenant);
    if (filter.organizationId) q.where('i.organizationId', filter.organizationId);
    if (filter.kind) q.where('i.kind', filter.kind);
    if (filter.referenceId) q.where('i.referenceId', filter.referenceId);
    const [{ n }] = await q.clone().count<{ n: string }[]>({ n: '*' });
    const rows = await q.select('i.*').orderBy('i.id', 'desc').limit(filter.pageSize).offset(filter.pageIndex * filter.pageSize);
    return { items: rows, totalCount: Number(n) };
  }
}
