import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../platform/tokens.js';
import type { Tx } from '../../platform/unit-of-work.js';
import type { Tenant } from '../../platform/http/context.js';
import type { Page } from '../../platform/http/envelope.js';
import { whereOrganizationVisible } from '../../platform/tenancy.js';
import { likeContains } from '../../platform/http/search.js';
import { str } from './money.js';
import type { TariffRow } from './pricing.js';

export interface TariffListFilter {
  pageIndex: number;
  pageSize: number;
  search?: string;
  category?: string;
}

function toRow(r: Record<string, any>): TariffRow & Record<string, unknown> {
  return { ...r, internationalBenefitValue: str(r.internationalBenefitValue) } as TariffRow & Record<string, unknown>;
}

@injectable()
export class TariffsRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  private visible(db: Knex | Tx, tenant: Tenant) {
    const q = db('tariffs as t').whereNull('t.deletedAt');
    whereOrganizationVisible(q, db, 't.ownerOrganizationId', tenant);
    return q;
  }

  async findVisible(tenant: Tenant, id: number, tx?: Tx): Promise<(TariffRow & Record<string, unknown>) | null> {
    const row = await this.visible(tx ?? this.knex, tenant).where('t.id', id).first('t.*');
    return row ? toRow(row) : null;
  }

  async list(tenant: Tenant, filter: TariffListFilter): Promise<Page<Record<string, unknown>>> {
    const q = this.visible(this.knex, tenant);
    if (filter.category) q.where('t.category', filter.category);
    if (filter.search) q.whereILike('t.title', likeContains(filter.search));
    const [{ n }] = await q.clone().count<{ n: string }[]>({ n: '*' });
    const rows = await q.select('t.*').orderBy('t.id', 'desc').limit(filter.pageSize).offset(filter.pageIndex * filter.pageSize);
    return { items: rows.map(toRow), totalCount: Number(n) };
  }

  async insert(tx: Tx, values: Record<string, unknown>): Promise<TariffRow & Record<string, unknown>> {
    const [row] = await tx('tariffs').insert({ ...values, ranges: JSON.stringify(values.ranges ?? []) }).returning('*');
    return toRow(row);
  }

  async update(tx: Tx, id: number, values: Record<string, unknown>): Promise<TariffRow & Record<string, unknown>> {
    const patch = { ...values, updatedAt: tx.fn.now() } as Record<string, unknown>;
    if (values.ranges !== undefined) patch.ranges = JSON.stringify(values.ranges);
    const [row] = await tx('tariffs').where({ id }).update(patch).returning('*');
    return toRow(row);
  }

  async softDelete(tx: Tx, id: number): Promise<void> {
    await tx('tariffs').where({ id }).update({ deletedAt: tx.fn.now() });
  }

  async assignedCount(tx: Tx, tariffId: number): Promise<number> {
    const [{ n }] = await tx('organization_tariffs as ot').join('organizations as o', 'o.id', 'ot.organizationId')
      .where('ot.tariffId', tariffId).whereNull('o.deletedAt').count<{ n: string }[]>({ n: '*' });
    return Number(n);
  }

  async anyLive(): Promise<boolean> {
    return !!(await this.knex('tariffs').whereNull('deletedAt').first('id'));
  }

  async assignedTariff(organizationId: number, tx?: Tx): Promise<(TariffRow & Record<string, unknown>) | null> {
    const row = await (tx ?? this.knex)('organization_tariffs as ot').join('tariffs as t', 't.id', 'ot.tariffId')
      .where('ot.organizationId', organizationId).whereNull('t.deletedAt').first('t.*');
    return row ? toRow(row) : null;
  }

  /** Sets (or, with null, removes) an organization's tariff and keeps its groupPriceTitle as the display copy. */
  async assign(tx: Tx, organizationId: number, tariff: { id: number; title: string } | null, userId: number): Promise<void> {
    if (tariff) {
      await tx('organization_tariffs').insert({ organizationId, tariffId: tariff.id, assignedBy: userId, assignedAt: tx.fn.now() })
        .onConflict('organizationId').merge(['tariffId', 'assignedBy', 'assignedAt']);
    } else {
      await tx('organization_tariffs').where({ organizationId }).del();
    }
    await tx('organizations').where({ id: organizationId }).update({ groupPriceTitle: tariff?.title ?? null });
  }

  async renameAssigned(tx: Tx, tariffId: number, title: string): Promise<void> {
    await tx('organizations').whereIn('id', tx('organization_tariffs').select('organizationId').where({ tariffId })).update({ groupPriceTitle: title });
  }
}
