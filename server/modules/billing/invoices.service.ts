import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../platform/tokens.js';
import type { Clock } from '../../platform/clock.js';
import type { AuthedContext } from '../../platform/http/context.js';
import { AppError, fieldError, forbidden, notFound } from '../../platform/http/errors.js';
import { whereOrganizationVisible } from '../../platform/tenancy.js';
import { OrganizationsService } from '../organizations/index.js';
import { SettingsService } from './settings.service.js';
import { amountBreakdown } from './pricing.js';
import { str, toAmount } from './money.js';

/** How long a pre-invoice is valid (the spec: one day). */
export const PRE_INVOICE_VALIDITY_MS = 24 * 60 * 60 * 1000;

function publicPreInvoice(r: Record<string, any>): Record<string, unknown> {
  return {
    ...r, price: str(r.price), levy: str(r.levy), tax: str(r.tax), total: str(r.total),
    lines: (r.lines as Record<string, unknown>[]).map((l) => ({ ...l })),
  };
}

/**
 * Pre-invoices of what an organization is about to pay for (a package, a plan, a credit charge):
 * the lines, the levy and VAT separately (the pricing rule of `amountBreakdown`), valid one day.
 */
@injectable()
export class InvoicesService {
  constructor(
    @inject(TYPES.Knex) private readonly knex: Knex,
    @inject(TYPES.Clock) private readonly clock: Clock,
    @inject(OrganizationsService) private readonly organizations: OrganizationsService,
    @inject(SettingsService) private readonly settings: SettingsService,
  ) {}

  async createPreInvoice(ctx: AuthedContext, body: { kind: 'package' | 'plan' | 'charge'; id?: number; amount?: unknown }) {
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
      const row = await this.knex(table).where({ id: body.id, isActive: true }).whereNull('deletedAt').whereIn('ownerOrganizationId', ancestors.length ? ancestors : [0]).first();
      if (!row) throw notFound(body.kind === 'package' ? 'billing.packageNotFound' : 'billing.planNotFound');
      price = BigInt(body.kind === 'package' ? row.depositPrice : row.planPrice);
      title = `${body.kind === 'package' ? 'Package' : 'Plan'} ${row.title}`;
    }
    const settings = await this.settings.priceSettings();
    // A credit purchase carries no SMS parts, so its levy (per part) is 0; it is still shown.
    const b = amountBreakdown(price, 0n, settings, Boolean(buyer.isTax));
    const now = this.clock.now();
    const [row] = await this.knex('pre_invoices').insert({
      organizationId: buyer.id, userId: ctx.principal.userId, kind: body.kind, referenceId: body.kind === 'charge' ? null : body.id,
      lines: JSON.stringify([{ title, quantity: 1, unitPrice: price.toString(), amount: price.toString() }]),
      price: b.price.toString(), levy: b.levy.toString(), taxPercent: buyer.isTax ? (Number(settings.taxHundredths) / 100).toString() : '0', tax: b.tax.toString(), total: b.total.toString(),
      createdAt: now, expiresAt: new Date(now.getTime() + PRE_INVOICE_VALIDITY_MS),
    }).returning('*');
    return { ...publicPreInvoice(row), organizationName: buyer.name };
  }

  /** A pre-invoice of the caller's tree; past its day it is refused (400 billing.preInvoiceExpired). */
  async getPreInvoice(ctx: AuthedContext, id: number) {
    const q = this.knex('pre_invoices as i').where('i.id', id);
    whereOrganizationVisible(q, this.knex, 'i.organizationId', ctx.tenant);
    const row = await q.leftJoin('organizations as o', 'o.id', 'i.organizationId').first('i.*', 'o.name as organizationName');
    if (!row) throw notFound('billing.preInvoiceNotFound');
    if (new Date(row.expiresAt).getTime() <= this.clock.now().getTime()) throw new AppError(400, 'billing.preInvoiceExpired', {}, [{ propertyName: 'id', key: 'billing.preInvoiceExpired' }]);
    return publicPreInvoice(row);
  }
}
