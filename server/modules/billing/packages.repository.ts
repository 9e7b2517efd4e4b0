import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../platform/tokens.js';
import type { Tx } from '../../platform/unit-of-work.js';
import type { Tenant } from '../../platform/http/context.js';
import type { Page } from '../../platform/http/envelope.js';
import { whereOrganizationVisible } from '../../platform/tenancy.js';
import { likeContains } from '../../platform/http/search.js';
import { str } from './money.js';

export interface PackageRow {
  id: number;
  ownerOrganizationId: number;
  title: string;
  expirationType: number;
  expiration: number;
  depositPrice: string;
  chargeAmount: string;
  isActive: boolean;
  [field: string]: unknown;
}

export interface DiscountRow {
  id: number;
  ownerOrganizationId: number;
  code: string;
  isPercentage: boolean;
  discountPercentageValue: string | null;
  discountValue: string | null;
  maximumAmount: string | null;
  maximumUse: number | null;
  usedCount: number;
  specialOrganizationId: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  isActive: boolean;
  [field: string]: unknown;
}

export interface PurchaseRow {
  id: string;
  packageId: number;
  organizationId: number;
  requestId: string;
  [field: string]: unknown;
}

export interface ListFilter {
  pageIndex: number;
  pageSize: number;
  search?: string;
}

const amountOrNull = (v: unknown) => (v === null || v === undefined ? null : str(v));

export function toPackage(r: Record<string, any>): PackageRow {
  return { ...r, depositPrice: str(r.depositPrice), chargeAmount: str(r.chargeAmount) } as PackageRow;
}

export function toDiscount(r: Record<string, any>): DiscountRow {
  return {
    ...r,
    discountPercentageValue: r.discountPercentageValue === null || r.discountPercentageValue === undefined ? null : String(Number(r.discountPercentageValue)),
    discountValue: amountOrNull(r.discountValue), maximumAmount: amountOrNull(r.maximumAmount),
  } as DiscountRow;
}

export function toPurchase(r: Record<string, any>): PurchaseRow {
  return {
    ...r, id: String(r.id), depositPrice: str(r.depositPrice), discountAmount: str(r.discountAmount), paidAmount: str(r.paidAmount), chargeAmount: str(r.chargeAmount),
    payEntryId: r.payEntryId === null ? null : String(r.payEntryId), chargeEntryId: r.chargeEntryId === null ? null : String(r.chargeEntryId),
    expiredAmount: r.expiredAmount == null ? null : str(r.expiredAmount), expiryEntryId: r.expiryEntryId == null ? null : String(r.expiryEntryId),
  } as unknown as PurchaseRow;
}

/** SQL of packages, discount codes and package purchases. */
@injectable()
export class PackagesRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  // ---- packages ----

  /** Packages owned in the tenant's slice of the tree (what its administrators manage). */
  async findManaged(tenant: Tenant, id: number, tx?: Tx): Promise<PackageRow | null> {
    const db = tx ?? this.knex;
    const q = db('packages as p').whereNull('p.deletedAt').where('p.id', id);
    whereOrganizationVisible(q, db, 'p.ownerOrganizationId', tenant);
    const row = await q.first('p.*');
    return row ? toPackage(row) : null;
  }

  /** A package the organization at `path` may buy: active, owned by an organization strictly above it. */
  async findPurchasable(path: string, id: number, tx?: Tx): Promise<PackageRow | null> {
    const row = await this.purchasable(tx ?? this.knex, path).where('p.id', id).first('p.*');
    return row ? toPackage(row) : null;
  }

  private purchasable(db: Knex | Tx, path: string) {
    const ancestors = path.split('/').filter(Boolean).map(Number).slice(0, -1);
    return db('packages as p').whereNull('p.deletedAt').where('p.isActive', true).whereIn('p.ownerOrganizationId', ancestors.length ? ancestors : [0]);
  }

  async listPackages(tenant: Tenant, filter: ListFilter & { forPurchase?: boolean }): Promise<Page<Record<string, unknown>>> {
    let q;
    if (filter.forPurchase) q = this.purchasable(this.knex, tenant.path);
    else {
      q = this.knex('packages as p').whereNull('p.deletedAt');
      whereOrganizationVisible(q, this.knex, 'p.ownerOrganizationId', tenant);
    }
    if (filter.search) q.whereILike('p.title', likeContains(filter.search));
    const [{ n }] = await q.clone().count<{ n: string }[]>({ n: '*' });
    const rows = await q.select('p.*').orderBy('p.id', 'desc').limit(filter.pageSize).offset(filter.pageIndex * filter.pageSize);
    return { items: rows.map(toPackage), totalCount: Number(n) };
  }

  async insertPackage(tx: Tx, values: Record<string, unknown>): Promise<PackageRow> {
    const [row] = await tx('packages').insert(values).returning('*');
    return toPackage(row);
  }

  async updatePackage(tx: Tx, id: number, values: Record<string, unknown>): Promise<PackageRow> {
    const [row] = await tx('packages').where({ id }).update({ ...values, updatedAt: tx.fn.now() }).returning('*');
    return toPackage(row);
  }

  async softDeletePackage(tx: Tx, id: number): Promise<void> {
    await tx('packages').where({ id }).update({ deletedAt: tx.fn.now() });
  }

  // ---- discounts ----

  async findManagedDiscount(tenant: Tenant, id: number, tx?: Tx): Promise<DiscountRow | null> {
    const db = tx ?? this.knex;
    const q = db('discounts as d').whereNull('d.deletedAt').where('d.id', id);
    whereOrganizationVisible(q, db, 'd.ownerOrganizationId', tenant);
    const row = await q.first('d.*');
    return row ? toDiscount(row) : null;
  }

  async findDiscountByCode(code: string, tx?: Tx): Promise<(DiscountRow & { ownerPath: string }) | null> {
    const row = await (tx ?? this.knex)('discounts as d').join('organizations as o', 'o.id', 'd.ownerOrganizationId')
      .whereNull('d.deletedAt').whereRaw('lower(d.code) = lower(?)', [code]).first('d.*', 'o.path as ownerPath');
    return row ? (toDiscount(row) as DiscountRow & { ownerPath: string }) : null;
  }

  async codeTaken(tx: Tx, code: string, exceptId?: number): Promise<boolean> {
    const q = tx('discounts').whereNull('deletedAt').whereRaw('lower(code) = lower(?)', [code]);
    if (exceptId) q.whereNot('id', exceptId);
    return !!(await q.first('id'));
  }

  async listDiscounts(tenant: Tenant, filter: ListFilter): Promise<Page<Record<string, unknown>>> {
    const q = this.knex('discounts as d').whereNull('d.deletedAt');
    whereOrganizationVisible(q, this.knex, 'd.ownerOrganizationId', tenant);
    if (filter.search) q.where((w) => w.whereILike('d.code', likeContains(filter.search as string)).orWhereILike('d.title', likeContains(filter.search as string)));
    const [{ n }] = await q.clone().count<{ n: string }[]>({ n: '*' });
    const rows = await q.select('d.*').orderBy('d.id', 'desc').limit(filter.pageSize).offset(filter.pageIndex * filter.pageSize);
    return { items: rows.map(toDiscount), totalCount: Number(n) };
  }

  async insertDiscount(tx: Tx, values: Record<string, unknown>): Promise<DiscountRow> {
    const [row] = await tx('discounts').insert(values).returning('*');
    return toDiscount(row);
  }

  async updateDiscount(tx: Tx, id: number, values: Record<string, unknown>): Promise<DiscountRow> {
    const [row] = await tx('discounts').where({ id }).update({ ...values, updatedAt: tx.fn.now() }).returning('*');
    return toDiscount(row);
  }

  async softDeleteDiscount(tx: Tx, id: number): Promise<void> {
    await tx('discounts').where({ id }).update({ deletedAt: tx.fn.now() });
  }

  /**
   * Counts one use, guarded: only while usedCount < maximumUse (and the code is still active and
   * not deleted). Concurrent uses wait on the row and re-check, so a code is never used more often
   * than allowed. False when no use is left.
   */
  async useDiscount(tx: Tx, id: number): Promise<boolean> {
    const n = await tx('discounts').where({ id, isActive: true }).whereNull('deletedAt')
      .where((w) => w.whereNull('maximumUse').orWhereRaw('"usedCount" < "maximumUse"'))
      .increment('usedCount', 1);
    return Number(n) === 1;
  }

  // ---- purchases ----

  /** Inserts the purchase row, or answers null when the buyer already used this requestId (waits for a concurrent one to commit). */
  async insertPurchase(tx: Tx, values: Record<string, unknown>): Promise<PurchaseRow | null> {
    const rows = await tx('package_purchases').insert(values).onConflict(['organizationId', 'requestId']).ignore().returning('*');
    return rows[0] ? toPurchase(rows[0]) : null;
  }

  /** Purchases whose package credit has expired and was not yet taken back, oldest expiry first. */
  async dueExpiries(now: Date, limit: number): Promise<number[]> {
    const rows = await this.knex('package_purchases').whereNull('expiredAt').whereNotNull('chargeEntryId').where('expiresAt', '<=', now).orderBy('expiresAt').limit(limit).select('id');
    return rows.map((r: { id: number }) => Number(r.id));
  }

  /** Locks a purchase that is still to expire (concurrent sweeps: the second finds nothing). */
  async lockForExpiry(tx: Tx, id: number): Promise<Record<string, any> | null> {
    return (await tx('package_purchases').where({ id }).whereNull('expiredAt').forUpdate().first()) ?? null;
  }

  /**
   * What the account spent after an entry: its Decrease entries, except package payments and
   * expiries (buying a package is not using package credit).
   */
  async spentSince(tx: Tx, accountId: number, afterEntryId: string): Promise<bigint> {
    const [row] = await tx('credit_ledger').where({ accountId }).where('id', '>', afterEntryId).where('amount', '<', 0)
      .where((q) => q.whereNull('referenceType').orWhereNotIn('referenceType', ['package', 'package-expiry'])).sum({ s: 'amount' });
    return -BigInt(String(row?.s ?? '0').split('.')[0] || '0');
  }

  async markExpired(tx: Tx, id: number, values: { expiredAt: Date; expiredAmount: bigint; expiryEntryId: string | null }): Promise<PurchaseRow> {
    const [row] = await tx('package_purchases').where({ id }).update({ ...values, expiredAmount: values.expiredAmount.toString() }).returning('*');
    return toPurchase(row);
  }

  async findPurchase(db: Tx | Knex | undefined, organizationId: number, requestId: string): Promise<PurchaseRow | null> {
    const row = await (db ?? this.knex)('package_purchases').where({ organizationId, requestId }).first();
    return row ? toPurchase(row) : null;
  }

  async setPurchaseEntries(tx: Tx, id: string, payEntryId: string | null, chargeEntryId: string): Promise<PurchaseRow> {
    const [row] = await tx('package_purchases').where({ id }).update({ payEntryId, chargeEntryId }).returning('*');
    return toPurchase(row);
  }

  async listPurchases(tenant: Tenant, filter: ListFilter & { organizationId?: number }): Promise<Page<Record<string, unknown>>> {
    const q = this.knex('package_purchases as pp');
    whereOrganizationVisible(q, this.knex, 'pp.organizationId', tenant);
    if (filter.organizationId) q.where('pp.organizationId', filter.organizationId);
    const [{ n }] = await q.clone().count<{ n: string }[]>({ n: '*' });
    const rows = await q.select('pp.*').orderBy('pp.id', 'desc').limit(filter.pageSize).offset(filter.pageIndex * filter.pageSize);
    return { items: rows.map(toPurchase), totalCount: Number(n) };
  }
}
