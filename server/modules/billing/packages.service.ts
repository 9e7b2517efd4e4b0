import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import { UnitOfWork, type Tx } from '../../platform/unit-of-work.js';
import type { Actor } from '../../platform/actor.js';
import type { Clock } from '../../platform/clock.js';
import { badRequest, conflict, fieldError, forbidden, notFound } from '../../platform/http/errors.js';
import { AuditService } from '../audit/index.js';
import { OrganizationsService } from '../organizations/index.js';
import { PackagesRepository, type ListFilter, type PackageRow, type PurchaseRow } from './packages.repository.js';
import { BillingService } from './billing.service.js';
import { DiscountsService, discountAmountOf, discountNotCorrect } from './discounts.service.js';
import { big, toAmount } from './money.js';
import { InvoicesService } from './invoices.service.js';
import type { SchemaType } from '../../platform/http/router.js';
import type { createPackageSchema, updatePackageSchema } from './billing.schemas.js';

export const EXPIRATION_TYPES = ['hour', 'day', 'week', 'month'] as const;

/** When credit bought now with a package of this expiration runs out (0 hour, 1 day, 2 week, 3 month; months are calendar months). */
export function expiryOf(from: Date, expirationType: number, expiration: number): Date {
  const d = new Date(from.getTime());
  if (expirationType === 0) d.setUTCHours(d.getUTCHours() + expiration);
  else if (expirationType === 1) d.setUTCDate(d.getUTCDate() + expiration);
  else if (expirationType === 2) d.setUTCDate(d.getUTCDate() + 7 * expiration);
  else {
    // Calendar months, the day clamped to the target month's last day (Jan 31 + 1 month = Feb 28/29).
    const day = d.getUTCDate();
    d.setUTCDate(1);
    d.setUTCMonth(d.getUTCMonth() + expiration);
    d.setUTCDate(Math.min(day, new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate()));
  }
  return d;
}

export function publicPackage(p: Record<string, unknown>): Record<string, unknown> {
  const { deletedAt: _d, ...rest } = p;
  return { ...rest, expirationTypeName: EXPIRATION_TYPES[p.expirationType as number] ?? null };
}

/**
 * Packages: credit sold by the system or a reseller to the organizations below it. The buyer pays
 * `depositPrice` (less a discount) from its own credit and receives `chargeAmount` (always more)
 * in the same transaction.
 */
@injectable()
export class PackagesService {
  constructor(
    @inject(PackagesRepository) private readonly repo: PackagesRepository,
    @inject(BillingService) private readonly billing: BillingService,
    @inject(DiscountsService) private readonly discounts: DiscountsService,
    @inject(OrganizationsService) private readonly organizations: OrganizationsService,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(AuditService) private readonly audit: AuditService,
    @inject(TYPES.Clock) private readonly clock: Clock,
    @inject(InvoicesService) private readonly invoices: InvoicesService,
  ) {}

  /** A package the caller manages or may buy. */
  async get(ctx: Actor, id: number) {
    const p = (await this.repo.findManaged(ctx.tenant, id)) ?? (await this.repo.findPurchasable(ctx.tenant.path, id));
    if (!p) throw notFound('billing.packageNotFound');
    return publicPackage(p);
  }

  /** The packages the caller manages, or with `forPurchase` those its organization may buy. */
  async list(ctx: Actor, filter: ListFilter & { forPurchase?: boolean }) {
    const page = await this.repo.listPackages(ctx.tenant, filter);
    return { ...page, items: page.items.map(publicPackage) };
  }

  async purchases(ctx: Actor, filter: ListFilter & { organizationId?: number }) {
    return this.repo.listPurchases(ctx.tenant, filter);
  }

  async create(ctx: Actor, body: SchemaType<typeof createPackageSchema>) {
    const values = normalizePackage(body, null);
    return this.uow.run(async (tx) => {
      await this.assertOwner(ctx, tx);
      const created = await this.repo.insertPackage(tx, { ...values, ownerOrganizationId: ctx.tenant.organizationId, createdBy: ctx.principal.userId });
      await this.audit.record(tx, ctx, { operationType: 'Create', className: 'Package', referenceId: created.id, newData: publicPackage(created) });
      return publicPackage(created);
    });
  }

  async update(ctx: Actor, body: SchemaType<typeof updatePackageSchema>) {
    return this.uow.run(async (tx) => {
      await this.assertOwner(ctx, tx);
      const current = await this.repo.findManaged(ctx.tenant, body.id, tx);
      if (!current) throw notFound('billing.packageNotFound');
      const updated = await this.repo.updatePackage(tx, current.id, normalizePackage(body, current));
      await this.audit.record(tx, ctx, { operationType: 'Update', className: 'Package', referenceId: current.id, oldData: publicPackage(current), newData: publicPackage(updated) });
      return publicPackage(updated);
    });
  }

  async delete(ctx: Actor, id: number) {
    return this.uow.run(async (tx) => {
      await this.assertOwner(ctx, tx);
      const current = await this.repo.findManaged(ctx.tenant, id, tx);
      if (!current) throw notFound('billing.packageNotFound');
      await this.repo.softDeletePackage(tx, id);
      await this.audit.record(tx, ctx, { operationType: 'Delete', className: 'Package', referenceId: id, oldData: publicPackage(current) });
      return { id };
    });
  }

  /**
   * `Packages/Buy {packageId, discountCode?, requestId}`: in one transaction the buyer organization
   * (the caller's) pays depositPrice less the discount from its credit (Decrease, Manage) and
   * receives chargeAmount (Increase, Manage), both entries referencing the package; a discount use
   * is counted under its guard. Idempotent by (organization, requestId): a repeat answers the
   * first purchase with applied false. Nothing is written when any step fails.
   */
  async buy(ctx: Actor, body: { packageId: number; discountCode?: string; requestId: string }) {
    return this.uow.run(async (tx) => {
      const buyer = await this.organizations.findById(ctx.tenant.organizationId, tx);
      if (!buyer || buyer.type === 'system') throw forbidden('billing.systemPays');
      const earlier = await this.repo.findPurchase(tx, buyer.id, body.requestId);
      if (earlier) return this.repeat(earlier, body.packageId);
      const pkg = await this.repo.findPurchasable(buyer.path, body.packageId, tx);
      if (!pkg) throw notFound('billing.packageNotFound');
      const owner = await this.organizations.findById(pkg.ownerOrganizationId, tx);
      const deposit = big(pkg.depositPrice);
      const charge = big(pkg.chargeAmount);
      const discount = body.discountCode ? await this.discounts.usable(tx, body.discountCode, buyer, owner?.path ?? '', 'discountCode') : null;
      const off = discount ? discountAmountOf(discount, deposit) : 0n;
      const paid = deposit - off;

      const purchase = await this.repo.insertPurchase(tx, {
        packageId: pkg.id, organizationId: buyer.id, userId: ctx.principal.userId, requestId: body.requestId, packageTitle: pkg.title,
        depositPrice: deposit.toString(), discountId: discount?.id ?? null, discountCode: discount?.code ?? null, discountAmount: off.toString(),
        paidAmount: paid.toString(), chargeAmount: charge.toString(), expiresAt: expiryOf(this.clock.now(), pkg.expirationType, pkg.expiration),
        createdByUserName: ctx.principal.userName,
      });
      // A concurrent request with the same requestId committed first: answer its purchase.
      if (!purchase) return this.repeat((await this.repo.findPurchase(tx, buyer.id, body.requestId)) as PurchaseRow, body.packageId);
      if (discount && !(await this.discounts.use(tx, discount.id))) throw discountNotCorrect('discountCode');

      const accountId = await this.billing.organizationAccountId(tx, buyer.id);
      const [account] = await this.billing.lockAccounts(tx, [accountId]);
      const common = {
        accountId, typeCreditChange: 'Manage' as const, referenceType: 'package', referenceId: pkg.id,
        description: `Package ${pkg.title}`.slice(0, 500), createdByUserId: ctx.principal.userId, createdByUserName: ctx.principal.userName,
      };
      let payEntryId: string | null = null;
      if (paid > 0n) {
        const pay = await this.billing.debit(tx, {
          ...common, amount: paid, limit: buyer.isPostpaid ? big(account.creditLimit) : 0n, idempotencyKey: `package:${purchase.id}:pay`,
        });
        if (!pay) throw badRequest('billing.OrganizationCreditNotEnough', {}, [{ propertyName: 'packageId', key: 'billing.OrganizationCreditNotEnough' }]);
        payEntryId = pay.id;
      }
      const credited = await this.billing.credit(tx, { ...common, amount: charge, idempotencyKey: `package:${purchase.id}:charge` });
      const done = await this.repo.setPurchaseEntries(tx, purchase.id, payEntryId, credited.id);
      const { invoice } = await this.invoices.issueForPackagePurchase(tx, Number(done.id));
      await this.audit.record(tx, ctx, {
        operationType: 'BuyPackage', className: 'Package', referenceId: pkg.id, organizationId: buyer.id,
        newData: { purchaseId: done.id, requestId: body.requestId, paidAmount: paid.toString(), discountAmount: off.toString(), chargeAmount: charge.toString(), discountCode: discount?.code ?? null, currentCredit: credited.currentCredit },
      });
      return { purchase: done, applied: true, currentCredit: credited.currentCredit, invoiceId: invoice.id };
    });
  }

  /**
   * Takes back the unused credit of package purchases past `expiresAt` (decision: package credit
   * is spent first, so unused = chargeAmount − what the account spent since the purchase, and
   * never more than the account's available credit). One transaction per purchase; repeats and
   * concurrent sweeps take nothing twice (row lock + `expiredAt`, idempotency key).
   */
  async expireDue(limit = 500): Promise<PurchaseRow[]> {
    const now = this.clock.now();
    const done: PurchaseRow[] = [];
    for (const id of await this.repo.dueExpiries(now, limit)) {
      const expired = await this.uow.run(async (tx) => {
        const purchase = await this.repo.lockForExpiry(tx, id);
        if (!purchase || purchase.chargeEntryId === null) return null;
        const accountId = await this.billing.organizationAccountId(tx, purchase.organizationId);
        const [account] = await this.billing.lockAccounts(tx, [accountId]);
        const spent = await this.repo.spentSince(tx, accountId, String(purchase.chargeEntryId));
        const unused = big(purchase.chargeAmount) - spent;
        const available = big(account.balance) - big(account.held);
        const take = unused < available ? unused : available;
        let entryId: string | null = null;
        if (take > 0n) {
          const entry = await this.billing.debit(tx, {
            accountId, amount: take, limit: 0n, typeCreditChange: 'Manage', referenceType: 'package-expiry', referenceId: purchase.packageId,
            idempotencyKey: `package:${purchase.id}:expire`, description: `Package ${purchase.packageTitle} expired`.slice(0, 500),
          });
          entryId = entry ? entry.id : null;
        }
        return this.repo.markExpired(tx, id, { expiredAt: now, expiredAmount: entryId ? take : 0n, expiryEntryId: entryId });
      });
      if (expired) done.push(expired);
    }
    return done;
  }

  private repeat(earlier: PurchaseRow, packageId: number) {
    if (earlier.packageId !== packageId) throw conflict('billing.requestIdReused', {}, [{ propertyName: 'requestId', key: 'billing.requestIdReused' }]);
    return { purchase: earlier, applied: false };
  }

  private async assertOwner(ctx: Actor, tx: Tx): Promise<void> {
    const org = await this.organizations.findById(ctx.tenant.organizationId, tx);
    if (!ctx.tenant.subtree || !org || (org.type !== 'system' && org.type !== 'reseller')) throw forbidden('billing.ownerSystemOrReseller');
  }
}

function normalizePackage(body: Record<string, unknown>, current: PackageRow | null): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (body.title !== undefined) out.title = String(body.title).trim();
  if (body.description !== undefined) out.description = body.description === null ? null : String(body.description).trim() || null;
  for (const f of ['expirationType', 'expiration', 'isActive'] as const) if (body[f] !== undefined) out[f] = body[f];
  for (const f of ['depositPrice', 'chargeAmount'] as const) {
    if (body[f] === undefined) continue;
    const v = toAmount(body[f], f);
    if (v <= 0n) throw fieldError(f, 'billing.amountInvalid', { field: f });
    out[f] = v.toString();
  }
  const deposit = big(out.depositPrice ?? current?.depositPrice);
  const charge = big(out.chargeAmount ?? current?.chargeAmount);
  if (charge <= deposit) throw fieldError('chargeAmount', 'billing.packageChargeNotMore');
  return out;
}
