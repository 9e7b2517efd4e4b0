import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import { UnitOfWork, type Tx } from '../../platform/unit-of-work.js';
import type { Actor } from '../../platform/actor.js';
import type { Clock } from '../../platform/clock.js';
import { fieldError, forbidden, notFound } from '../../platform/http/errors.js';
import { AuditService } from '../audit/index.js';
import { OrganizationsService } from '../organizations/index.js';
import { PackagesRepository, type DiscountRow, type ListFilter } from './packages.repository.js';
import { percentHundredths, toAmount } from './money.js';
import type { SchemaType } from '../../platform/http/router.js';
import type { createDiscountSchema, updateDiscountSchema } from './billing.schemas.js';

/** The spec's answer to a code that cannot be used (unknown, expired, used up, not for this organization): one message for all. */
export const discountNotCorrect = (propertyName = 'code') => fieldError(propertyName, 'billing.discountNotCorrect');

/** What a discount takes off `amount`: percent (rounded down) or fixed, capped by maximumAmount and by the amount itself. */
export function discountAmountOf(d: Pick<DiscountRow, 'isPercentage' | 'discountPercentageValue' | 'discountValue' | 'maximumAmount'>, amount: bigint): bigint {
  let off = d.isPercentage ? (amount * (percentHundredths(String(d.discountPercentageValue ?? '0')) ?? 0n)) / 10_000n : BigInt(d.discountValue ?? '0');
  if (d.maximumAmount !== null && d.maximumAmount !== undefined && off > BigInt(d.maximumAmount)) off = BigInt(d.maximumAmount);
  return off > amount ? amount : off;
}

export function publicDiscount(d: Record<string, unknown>): Record<string, unknown> {
  const { deletedAt: _d, ownerPath: _p, ...rest } = d;
  return { ...rest, discountCode: d.code, discountType: d.isPercentage ? 'percentage' : 'fixed' };
}

/**
 * Discount codes: created by the system or a reseller for the organizations below it (or one of
 * them), percent or fixed, capped per use and in number of uses.
 */
@injectable()
export class DiscountsService {
  constructor(
    @inject(PackagesRepository) private readonly repo: PackagesRepository,
    @inject(OrganizationsService) private readonly organizations: OrganizationsService,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(AuditService) private readonly audit: AuditService,
    @inject(TYPES.Clock) private readonly clock: Clock,
  ) {}

  async get(ctx: Actor, id: number) {
    const d = await this.repo.findManagedDiscount(ctx.tenant, id);
    if (!d) throw notFound('billing.discountNotFound');
    return publicDiscount(d);
  }

  async list(ctx: Actor, filter: ListFilter) {
    const page = await this.repo.listDiscounts(ctx.tenant, filter);
    return { ...page, items: page.items.map(publicDiscount) };
  }

  async create(ctx: Actor, body: SchemaType<typeof createDiscountSchema>) {
    return this.uow.run(async (tx) => {
      await this.assertOwner(ctx, tx);
      const values = await this.normalize(ctx, tx, body, null);
      if (await this.repo.codeTaken(tx, values.code as string)) throw fieldError('code', 'billing.discountCodeTaken');
      const created = await this.repo.insertDiscount(tx, { ...values, ownerOrganizationId: ctx.tenant.organizationId, createdBy: ctx.principal.userId });
      await this.audit.record(tx, ctx, { operationType: 'Create', className: 'Discount', referenceId: created.id, newData: publicDiscount(created) });
      return publicDiscount(created);
    });
  }

  async update(ctx: Actor, body: SchemaType<typeof updateDiscountSchema>) {
    return this.uow.run(async (tx) => {
      await this.assertOwner(ctx, tx);
      const current = await this.repo.findManagedDiscount(ctx.tenant, body.id, tx);
      if (!current) throw notFound('billing.discountNotFound');
      const values = await this.normalize(ctx, tx, body, current);
      if (values.code !== undefined && (await this.repo.codeTaken(tx, values.code as string, current.id))) throw fieldError('code', 'billing.discountCodeTaken');
      const updated = await this.repo.updateDiscount(tx, current.id, values);
      await this.audit.record(tx, ctx, { operationType: 'Update', className: 'Discount', referenceId: current.id, oldData: publicDiscount(current), newData: publicDiscount(updated) });
      return publicDiscount(updated);
    });
  }

  async delete(ctx: Actor, id: number) {
    return this.uow.run(async (tx) => {
      await this.assertOwner(ctx, tx);
      const current = await this.repo.findManagedDiscount(ctx.tenant, id, tx);
      if (!current) throw notFound('billing.discountNotFound');
      await this.repo.softDeleteDiscount(tx, id);
      await this.audit.record(tx, ctx, { operationType: 'Delete', className: 'Discount', referenceId: id, oldData: publicDiscount(current) });
      return { id };
    });
  }

  /** `Discounts/Check {code, amount}`: the discount this caller's organization would get, or the spec's 'not correct' answer. */
  async check(ctx: Actor, body: { code: string; amount: unknown }) {
    const amount = toAmount(body.amount, 'amount');
    if (amount <= 0n) throw fieldError('amount', 'billing.amountInvalid', { field: 'amount' });
    const buyer = await this.organizations.findById(ctx.tenant.organizationId);
    if (!buyer) throw notFound('organization.notFound');
    const d = await this.usable(undefined, body.code, buyer, null, 'code');
    const off = discountAmountOf(d, amount);
    return {
      ...publicDiscount(d), usedCount: undefined, specialOrganizationId: undefined,
      amount: amount.toString(), discountAmount: off.toString(), payable: (amount - off).toString(),
    };
  }

  /**
   * The discount a code names if `buyer` may use it now (on a package of `packageOwnerPath`, when
   * given): active, inside its window, uses left, owned by an organization strictly above the
   * buyer (and at or above the package's owner), and for the buyer when it is special. Anything
   * else is the spec's single 'not correct' answer.
   */
  async usable(tx: Tx | undefined, code: string, buyer: { id: number; path: string }, packageOwnerPath: string | null, propertyName: string): Promise<DiscountRow> {
    const d = await this.repo.findDiscountByCode(code.trim(), tx);
    const now = this.clock.now().getTime();
    if (!d || !d.isActive) throw discountNotCorrect(propertyName);
    if (d.startsAt && new Date(d.startsAt).getTime() > now) throw discountNotCorrect(propertyName);
    if (d.endsAt && new Date(d.endsAt).getTime() <= now) throw discountNotCorrect(propertyName);
    if (d.maximumUse !== null && d.usedCount >= d.maximumUse) throw discountNotCorrect(propertyName);
    if (d.ownerOrganizationId === buyer.id || !buyer.path.startsWith(d.ownerPath)) throw discountNotCorrect(propertyName);
    if (d.specialOrganizationId !== null && d.specialOrganizationId !== buyer.id) throw discountNotCorrect(propertyName);
    if (packageOwnerPath !== null && !packageOwnerPath.startsWith(d.ownerPath)) throw discountNotCorrect(propertyName);
    return d;
  }

  /** Counts one use under the row's guard; false when the last use went to someone else meanwhile. */
  use(tx: Tx, id: number): Promise<boolean> {
    return this.repo.useDiscount(tx, id);
  }

  private async assertOwner(ctx: Actor, tx: Tx): Promise<void> {
    const org = await this.organizations.findById(ctx.tenant.organizationId, tx);
    if (!ctx.tenant.subtree || !org || (org.type !== 'system' && org.type !== 'reseller')) throw forbidden('billing.ownerSystemOrReseller');
  }

  private async normalize(ctx: Actor, tx: Tx, body: Record<string, unknown>, current: DiscountRow | null): Promise<Record<string, unknown>> {
    const out: Record<string, unknown> = {};
    if (body.code !== undefined) out.code = String(body.code).trim();
    if (body.title !== undefined) out.title = body.title === null ? null : String(body.title).trim() || null;
    if (body.isPercentage !== undefined) out.isPercentage = body.isPercentage;
    if (body.discountPercentageValue !== undefined) {
      if (body.discountPercentageValue === null) out.discountPercentageValue = null;
      else {
        const h = percentHundredths(String(body.discountPercentageValue));
        if (h === null || h <= 0n) throw fieldError('discountPercentageValue', 'billing.percentInvalid');
        out.discountPercentageValue = (Number(h) / 100).toFixed(2);
      }
    }
    for (const f of ['discountValue', 'maximumAmount'] as const) {
      if (body[f] === undefined) continue;
      if (body[f] === null) { out[f] = null; continue; }
      const v = toAmount(body[f], f);
      if (v <= 0n) throw fieldError(f, 'billing.amountInvalid', { field: f });
      out[f] = v.toString();
    }
    if (body.maximumUse !== undefined) out.maximumUse = body.maximumUse;
    if (body.isActive !== undefined) out.isActive = body.isActive;
    for (const f of ['startsAt', 'endsAt'] as const) if (body[f] !== undefined) out[f] = body[f];
    if (body.specialOrganizationId !== undefined) {
      if (body.specialOrganizationId === null) out.specialOrganizationId = null;
      else {
        const org = await this.organizations.findVisible(ctx.tenant, body.specialOrganizationId as number, tx);
        if (!org || org.id === ctx.tenant.organizationId) throw fieldError('specialOrganizationId', 'organization.notFound');
        out.specialOrganizationId = org.id;
      }
    }
    const merged = { ...(current ?? {}), ...out } as Record<string, unknown>;
    if (merged.isPercentage === true) {
      if (merged.discountPercentageValue === null || merged.discountPercentageValue === undefined) throw fieldError('discountPercentageValue', 'validation.required', { field: 'discountPercentageValue' });
      out.discountValue = null;
    } else {
      if (merged.discountValue === null || merged.discountValue === undefined) throw fieldError('discountValue', 'validation.required', { field: 'discountValue' });
      out.discountPercentageValue = null;
    }
    if (merged.startsAt && merged.endsAt && new Date(merged.endsAt as string).getTime() <= new Date(merged.startsAt as string).getTime()) {
      throw fieldError('endsAt', 'billing.windowInvalid');
    }
    if (current && merged.maximumUse !== null && merged.maximumUse !== undefined && (merged.maximumUse as number) < current.usedCount) {
      throw fieldError('maximumUse', 'billing.maximumUseBelowUsed', { used: current.usedCount });
    }
    return out;
  }
}
