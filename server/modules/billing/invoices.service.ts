import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import type { Clock } from '../../platform/clock.js';
import type { Actor } from '../../platform/actor.js';
import { AppError, fieldError, forbidden, notFound } from '../../platform/http/errors.js';
import { OrganizationsService } from '../organizations/index.js';
import { MainSettingsService } from './main-settings.service.js';
import type { Tx } from '../../platform/unit-of-work.js';
import { amountBreakdown, type PriceSettings } from './pricing.js';
import { str, toAmount } from './money.js';
import { InvoicesRepository, type InvoiceKind, type InvoiceListFilter } from './invoices.repository.js';

/** How long a pre-invoice is valid (the spec: one day). */
export const PRE_INVOICE_VALIDITY_MS = 24 * 60 * 60 * 1000;

function publicPreInvoice(r: Record<string, any>): Record<string, unknown> {
  return {
    ...r, price: str(r.price), levy: str(r.levy), tax: str(r.tax), total: str(r.total),
    lines: (r.lines as Record<string, unknown>[]).map((l) => ({ ...l })),
  };
}

/**
 * A paid amount split into price, levy and the VAT it contains: price = amount × 100 / (100 +
 * Tax) rounded half up, VAT = the rest. The levy is per SMS part and a credit purchase has no
 * parts, so it is 0 (shown, as on a pre-invoice).
 */
export function vatIncluded(amount: bigint, settings: PriceSettings, withTax: boolean): { price: bigint; levy: bigint; tax: bigint; total: bigint } {
  if (!withTax || settings.taxHundredths === 0n) return { price: amount, levy: 0n, tax: 0n, total: amount };
  const d = 10_000n + settings.taxHundredths;
  const price = (amount * 10_000n * 2n + d) / (2n * d);
  return { price, levy: 0n, tax: amount - price, total: amount };
}

function party(org: Record<string, any> | null, bankAccounts: Record<string, unknown>[]): Record<string, unknown> {
  if (!org) return { id: null, name: null, bankAccounts: [] };
  return {
    id: org.id, name: org.name, type: org.type, organName: org.organName ?? null, nationalId: org.nationalId ?? null, economicCode: org.economicCode ?? null,
    address: org.workplaceAddress ?? null, phone: org.workplacePhone ?? null, zipCode: org.workplaceZipCode ?? null, bankAccounts,
  };
}

function publicInvoice(r: Record<string, any>): Record<string, unknown> {
  return {
    ...r, invoiceNumber: String(r.id).padStart(8, '0'), amount: str(r.amount), price: str(r.price), levy: str(r.levy), tax: str(r.tax), total: str(r.total),
  };
}

/**
 * Pre-invoices of what an organization is about to pay for (a package, a plan, a credit charge):
 * the lines, the levy and VAT separately (the pricing rule of `amountBreakdown`), valid one day.
 */
@injectable()
export class InvoicesService {
  constructor(
    @inject(TYPES.Clock) private readonly clock: Clock,
    @inject(OrganizationsService) private readonly organizations: OrganizationsService,
    @inject(MainSettingsService) private readonly settings: MainSettingsService,
    @inject(InvoicesRepository) private readonly repo: InvoicesRepository,
  ) {}

  // ---- final invoices ---------------------------------------------------------------------

  /** The invoice of a payment that has just been confirmed (by an administrator or a verified callback), in its transaction. */
  async issueForPayment(tx: Tx, payment: { id: number; organizationId: number; receiverOrganizationId: number | null; userId?: number | null; createdByUserId?: unknown; typePayment: string; amount: string | bigint }) {
    const amount = BigInt(payment.amount);
    return this.issue(tx, {
      kind: 'payment', referenceId: payment.id, buyerId: payment.organizationId, sellerId: payment.receiverOrganizationId,
      userId: (payment.createdByUserId as number | null) ?? null, amount,
      lines: [{ title: `Credit charge (${payment.typePayment} payment ${payment.id})`, quantity: 1, unitPrice: amount.toString(), amount: amount.toString() }],
    });
  }

  /** The invoice of a package purchase, in the purchase's transaction; the buyer paid `paidAmount` (after the discount). */
  async issueForPackagePurchase(tx: Tx, purchaseId: number) {
    const p = await this.repo.findPackagePurchase(tx, purchaseId);
    if (!p) throw notFound('billing.packageNotFound');
    const lines: Record<string, unknown>[] = [{ title: `Package ${p.packageTitle}`, quantity: 1, unitPrice: str(p.depositPrice), amount: str(p.depositPrice) }];
    if (BigInt(p.discountAmount) > 0n) lines.push({ title: `Discount ${p.discountCode}`, quantity: 1, unitPrice: `-${str(p.discountAmount)}`, amount: `-${str(p.discountAmount)}` });
    return this.issue(tx, { kind: 'package', referenceId: p.id, buyerId: p.organizationId, sellerId: p.ownerOrganizationId, userId: p.userId, amount: BigInt(p.paidAmount), lines });
  }

  /** The invoice of a plan purchase or extension, in its transaction. */
  async issueForPlanPurchase(tx: Tx, purchaseId: number) {
    const p = await this.repo.findPlanPurchase(tx, purchaseId);
    if (!p) throw notFound('billing.planNotFound');
    const title = `${p.kind === 'extend' ? 'Plan extension' : 'Plan'} ${p.planTitle}`;
    return this.issue(tx, {
      kind: 'plan', referenceId: p.id, buyerId: p.organizationId, sellerId: p.ownerOrganizationId, userId: p.userId, amount: BigInt(p.amount),
      lines: [{ title, quantity: 1, unitPrice: str(p.amount), amount: str(p.amount) }],
    });
  }

  async get(ctx: Actor, id: number) {
    const row = await this.repo.findVisible(ctx.tenant, id);
    if (!row) throw notFound('billing.invoiceNotFound');
    return publicInvoice(row);
  }

  async list(ctx: Actor, filter: InvoiceListFilter) {
    const page = await this.repo.list(ctx.tenant, filter);
    return { items: page.items.map(publicInvoice), totalCount: page.totalCount };
  }

  /**
   * One invoice per `(kind, referenceId)`: a repeated confirmation answers the first invoice. The
   * amount was charged as it is (VAT is not collected on top), so the VAT is the part of it that
   * is tax: see `vatIncluded`.
   */
  private async issue(tx: Tx, o: { kind: InvoiceKind; referenceId: number; buyerId: number; sellerId: number | null; userId: number | null; amount: bigint; lines: Record<string, unknown>[] }) {
    const buyer = await this.repo.organization(tx, o.buyerId);
    const seller = await this.repo.organization(tx, o.sellerId);
    const settings = await this.settings.priceSettings(tx);
    const withTax = Boolean(buyer?.isTax);
    const split = vatIncluded(o.amount, settings, withTax);
    const { row, issued } = await this.repo.issue(tx, {
      kind: o.kind, referenceId: o.referenceId, organizationId: o.buyerId, userId: o.userId, sellerOrganizationId: seller?.id ?? null,
      buyer: JSON.stringify(party(buyer, [])),
      seller: JSON.stringify(party(seller, seller ? await this.repo.bankAccounts(tx, seller.id) : [])),
      lines: JSON.stringify(o.lines), amount: o.amount.toString(), price: split.price.toString(), levy: split.levy.toString(),
      taxPercent: withTax ? (Number(settings.taxHundredths) / 100).toString() : '0', tax: split.tax.toString(), total: split.total.toString(),
      issuedAt: this.clock.now(),
    });
    return { invoice: publicInvoice(row), issued };
  }

  async createPreInvoice(ctx: Actor, body: { kind: 'package' | 'plan' | 'charge'; id?: number; amount?: unknown }) {
    const buyer = await this.organizations.findById(ctx.tenant.organizationId);
    if (!buyer || buyer.type === 'system') throw forbidden('billing.systemPays');
    const ancestors = buyer.path.split('/').filter(Boolean).map(Number).slice(0, -1);
    let title: string;
    let price: bigint;
    if (body.kind === 'charge') {
      price = toAmount(body.amount, 'amount');
      if (price <= 0n) throw fieldError('amount', 'billing.amountInvalid', { field: 'amount' });
      title = 'Credit charge';
    } else {
      if (!body.id) throw fieldError('id', 'validation.required', { field: 'id' });
      const table = body.kind === 'package' ? 'packages' : 'plans';
      const row = await this.repo.findOffer(table, body.id, ancestors);
      if (!row) throw notFound(body.kind === 'package' ? 'billing.packageNotFound' : 'billing.planNotFound');
      price = BigInt(body.kind === 'package' ? row.depositPrice : row.planPrice);
      title = `${body.kind === 'package' ? 'Package' : 'Plan'} ${row.title}`;
    }
    const settings = await this.settings.priceSettings();
    // A credit purchase carries no SMS parts, so its levy (per part) is 0; it is still shown.
    const b = amountBreakdown(price, 0n, settings, Boolean(buyer.isTax));
    const now = this.clock.now();
    const row = await this.repo.insertPreInvoice({
      organizationId: buyer.id, userId: ctx.principal.userId, kind: body.kind, referenceId: body.kind === 'charge' ? null : body.id,
      lines: JSON.stringify([{ title, quantity: 1, unitPrice: price.toString(), amount: price.toString() }]),
      price: b.price.toString(), levy: b.levy.toString(), taxPercent: buyer.isTax ? (Number(settings.taxHundredths) / 100).toString() : '0', tax: b.tax.toString(), total: b.total.toString(),
      createdAt: now, expiresAt: new Date(now.getTime() + PRE_INVOICE_VALIDITY_MS),
    });
    return { ...publicPreInvoice(row), organizationName: buyer.name };
  }

  /** A pre-invoice of the caller's tree; past its day it is refused (400 billing.preInvoiceExpired). */
  async getPreInvoice(ctx: Actor, id: number) {
    const row = await this.repo.findVisiblePreInvoice(ctx.tenant, id);
    if (!row) throw notFound('billing.preInvoiceNotFound');
    if (new Date(row.expiresAt).getTime() <= this.clock.now().getTime()) throw new AppError(400, 'billing.preInvoiceExpired', {}, [{ propertyName: 'id', key: 'billing.preInvoiceExpired' }]);
    return publicPreInvoice(row);
  }
}
