import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import { UnitOfWork } from '../../platform/unit-of-work.js';
import type { Actor } from '../../platform/actor.js';
import { badRequest, fieldError, forbidden, notFound } from '../../platform/http/errors.js';
import { normalizeSearch } from '../../platform/http/search.js';
import { AuditService } from '../audit/index.js';
import { OrganizationsService } from '../organizations/index.js';
import { TariffsRepository, type TariffListFilter } from './tariffs.repository.js';
import { MainSettingsService } from './main-settings.service.js';
import { OPERATORS, toAmount, type PartsPerOperator } from './money.js';
import { breakdown, groupPriceIsNull, operatorNumberCountIsNull, overlappingRange, ratesFor, totalParts, type TariffRange } from './pricing.js';

export interface CalculatePriceInput {
  organizationId?: number;
  /** Recipients per operator. */
  recipients: PartsPerOperator;
  /** Parts of the message (1 for a short one). */
  parts?: number;
  lineType?: string;
}

/** Tariffs (the spec's group prices), their assignment to organizations, and the price calculator. */
@injectable()
export class TariffsService {
  constructor(
    @inject(TariffsRepository) private readonly repo: TariffsRepository,
    @inject(MainSettingsService) private readonly settings: MainSettingsService,
    @inject(OrganizationsService) private readonly organizations: OrganizationsService,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(AuditService) private readonly audit: AuditService,
  ) {}

  /** Whether the installation has any tariff (the first-run checklist). */
  anyTariff(): Promise<boolean> {
    return this.repo.anyLive();
  }

  async get(ctx: Actor, id: number) {
    const tariff = await this.repo.findVisible(ctx.tenant, id);
    if (!tariff) throw notFound('billing.tariffNotFound');
    return publicTariff(tariff);
  }

  async list(ctx: Actor, filter: TariffListFilter) {
    const page = await this.repo.list(ctx.tenant, normalizeSearch(filter));
    return { ...page, items: page.items.map(publicTariff) };
  }

  async create(ctx: Actor, body: Record<string, unknown>) {
    if (!ctx.tenant.subtree) throw forbidden();
    const values = normalizeTariff(body);
    return this.uow.run(async (tx) => {
      const created = await this.repo.insert(tx, { ...values, ownerOrganizationId: ctx.tenant.organizationId, createdBy: ctx.principal.userId });
      await this.audit.record(tx, ctx, { operationType: 'Create', className: 'Tariff', referenceId: created.id, newData: publicTariff(created) });
      return publicTariff(created);
    });
  }

  async update(ctx: Actor, body: Record<string, unknown>) {
    if (!ctx.tenant.subtree) throw forbidden();
    const values = normalizeTariff(body);
    return this.uow.run(async (tx) => {
      const tariff = await this.repo.findVisible(ctx.tenant, body.id as number, tx);
      if (!tariff) throw notFound('billing.tariffNotFound');
      const updated = await this.repo.update(tx, tariff.id, values);
      if (updated.title !== tariff.title) await this.repo.renameAssigned(tx, tariff.id, updated.title);
      await this.audit.record(tx, ctx, { operationType: 'Update', className: 'Tariff', referenceId: tariff.id, oldData: publicTariff(tariff), newData: publicTariff(updated) });
      return publicTariff(updated);
    });
  }

  async delete(ctx: Actor, id: number) {
    if (!ctx.tenant.subtree) throw forbidden();
    return this.uow.run(async (tx) => {
      const tariff = await this.repo.findVisible(ctx.tenant, id, tx);
      if (!tariff) throw notFound('billing.tariffNotFound');
      if ((await this.repo.assignedCount(tx, id)) > 0) throw badRequest('billing.tariffInUse');
      await this.repo.softDelete(tx, id);
      await this.audit.record(tx, ctx, { operationType: 'Delete', className: 'Tariff', referenceId: id, oldData: publicTariff(tariff) });
      return { id };
    });
  }

  /**
   * Gives an organization a tariff (or takes it away with tariffId null). The caller must be above
   * the organization, and the tariff must belong to an organization above it too.
   */
  async assign(ctx: Actor, body: { organizationId: number; tariffId: number | null }) {
    return this.uow.run(async (tx) => {
      const org = await this.organizations.findVisible(ctx.tenant, body.organizationId, tx);
      if (!org) throw notFound('organization.notFound');
      if (!ctx.tenant.subtree || org.id === ctx.principal.organizationId || !org.path.startsWith(ctx.principal.organizationPath)) throw forbidden('billing.onlyFromAbove');
      let tariff: Awaited<ReturnType<TariffsRepository['findVisible']>> = null;
      if (body.tariffId !== null) {
        tariff = await this.repo.findVisible(ctx.tenant, body.tariffId, tx);
        if (!tariff) throw fieldError('tariffId', 'billing.tariffNotFound');
        const owner = await this.organizations.findById(tariff.ownerOrganizationId, tx);
        if (!owner || owner.id === org.id || !org.path.startsWith(owner.path)) throw fieldError('tariffId', 'billing.tariffNotAbove');
      }
      const before = await this.repo.assignedTariff(org.id, tx);
      await this.repo.assign(tx, org.id, tariff ? { id: tariff.id, title: tariff.title } : null, ctx.principal.userId);
      await this.audit.record(tx, ctx, {
        operationType: 'AssignTariff', className: 'Organization', referenceId: org.id, organizationId: org.id,
        oldData: { tariffId: before?.id ?? null }, newData: { tariffId: tariff?.id ?? null },
      });
      return { organizationId: org.id, tariffId: tariff?.id ?? null, groupPriceTitle: tariff?.title ?? null };
    });
  }

  /** The organization's assigned tariff (null when it has none), for an organization the caller sees. */
  async organizationTariff(ctx: Actor, organizationId: number) {
    const org = await this.organizations.findVisible(ctx.tenant, organizationId);
    if (!org) throw notFound('organization.notFound');
    const tariff = await this.repo.assignedTariff(org.id);
    return { organizationId: org.id, tariff: tariff ? publicTariff(tariff) : null };
  }

  /** Recipients per operator × parts → price at the organization's tariff, plus levy and VAT shown separately. */
  async calculatePrice(ctx: Actor, input: CalculatePriceInput) {
    const organizationId = input.organizationId ?? ctx.tenant.organizationId;
    const org = await this.organizations.findVisible(ctx.tenant, organizationId);
    if (!org) throw notFound('organization.notFound');
    const perMessage = input.parts ?? 1;
    const parts: PartsPerOperator = {};
    for (const op of OPERATORS) if ((input.recipients[op] ?? 0) > 0) parts[op] = (input.recipients[op] as number) * perMessage;
    if (totalParts(parts) <= 0) throw operatorNumberCountIsNull();
    const tariff = await this.repo.assignedTariff(org.id);
    if (!tariff) throw groupPriceIsNull(org.id);
    const rates = ratesFor(tariff, totalParts(parts), input.lineType, org.id, parts);
    const settings = await this.settings.priceSettings();
    const withTax = org.isTax === true;
    const b = breakdown(rates, parts, settings, withTax);
    return {
      organizationId: org.id,
      tariffId: tariff.id,
      tariffTitle: tariff.title,
      lines: OPERATORS.filter((op) => (parts[op] ?? 0) > 0).map((op) => ({
        operator: op, recipients: input.recipients[op], parts: parts[op], rate: rates[op], price: (BigInt(parts[op] as number) * BigInt(rates[op] as string)).toString(),
      })),
      totalParts: totalParts(parts),
      price: b.price.toString(),
      levyPerPart: settings.levyPerPart.toString(),
      levy: b.levy.toString(),
      // The rate applied, as on the invoice: an organization that is not taxable pays none, so a preview never says "VAT (10 %)" next to 0.
      taxPercent: withTax ? (Number(settings.taxHundredths) / 100).toString() : '0',
      isTax: withTax,
      tax: b.tax.toString(),
      total: b.total.toString(),
    };
  }
}

export function publicTariff(t: Record<string, unknown>): Record<string, unknown> {
  const { deletedAt: _d, ...rest } = t;
  return rest;
}

function normalizeTariff(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (body.title !== undefined) out.title = String(body.title).trim();
  if (body.category !== undefined) out.category = body.category === null ? null : String(body.category).trim() || null;
  if (body.internationalBenefitType !== undefined) out.internationalBenefitType = body.internationalBenefitType;
  if (body.internationalBenefitValue !== undefined) out.internationalBenefitValue = toAmount(body.internationalBenefitValue, 'internationalBenefitValue').toString();
  if (body.ranges !== undefined) {
    const ranges = (body.ranges as Record<string, any>[]).map((r, i): TariffRange => {
      const prices: TariffRange['prices'] = {};
      for (const op of OPERATORS) if (r.prices?.[op] !== undefined && r.prices[op] !== null) prices[op] = toAmount(r.prices[op], `ranges[${i}].prices.${op}`).toString();
      return { lineType: r.lineType ?? 'default', fromCount: r.fromCount, toCount: r.toCount ?? null, prices, smartPercent: r.smartPercent ?? {} };
    });
    const clash = overlappingRange(ranges);
    if (clash >= 0) throw fieldError(`ranges[${clash}]`, 'billing.rangesOverlap');
    out.ranges = ranges;
  }
  return out;
}
