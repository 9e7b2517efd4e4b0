import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../platform/tokens.js';
import type { Tx } from '../../platform/unit-of-work.js';
import type { Tenant } from '../../platform/http/context.js';
import { whereOrganizationVisible } from '../../platform/tenancy.js';
import { likeContains } from '../../platform/http/search.js';

export interface BlacklistRow {
  id: number;
  organizationId: number | null;
  mobile: string;
  description: string | null;
  createdAt: Date;
}

@injectable()
export class BlacklistRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  /** Inserts the numbers not yet on that list; answers the rows added. */
  async insertMany(tx: Tx, organizationId: number | null, items: { mobile: string; description: string | null }[]): Promise<BlacklistRow[]> {
    if (items.length === 0) return [];
    const res = await tx.raw(
      `insert into blacklist_numbers ("organizationId", mobile, description)
       select ?::integer, i.mobile, i.description from jsonb_to_recordset(?::jsonb) as i(mobile text, description text)
       on conflict ((coalesce("organizationId", 0)), mobile) do nothing returning *`,
      [organizationId, JSON.stringify(items)],
    );
    return res.rows as BlacklistRow[];
  }

  async findOn(tx: Tx, organizationId: number | null, mobile: string): Promise<BlacklistRow | null> {
    const q = tx('blacklist_numbers').where({ mobile });
    if (organizationId === null) q.whereNull('organizationId');
    else q.where({ organizationId });
    return ((await q.first()) as BlacklistRow | undefined) ?? null;
  }

  /**
   * The tenant's lists (its organization and below) and, when asked, the general list.
   */
  async list(tenant: Tenant, filter: { pageIndex: number; pageSize: number; search?: string; includeGeneral: boolean }) {
    const q = this.knex('blacklist_numbers as b').where((w) => {
      w.where((own) => { whereOrganizationVisible(own, this.knex, 'b.organizationId', tenant); });
      if (filter.includeGeneral) w.orWhereNull('b.organizationId');
    });
    if (filter.search) {
      const like = likeContains(filter.search);
      q.where((w) => w.where('b.mobile', 'like', like).orWhere('b.description', 'ilike', like));
    }
    const [{ n }] = await q.clone().count<{ n: string | number }[]>({ n: '*' });
    const items = await q.select('b.*').orderBy('b.id', 'desc').offset(filter.pageIndex * filter.pageSize).limit(filter.pageSize);
    return { items: items as BlacklistRow[], totalCount: Number(n) };
  }

  async findById(tx: Tx, id: number): Promise<BlacklistRow | null> {
    return ((await tx('blacklist_numbers').where({ id }).first()) as BlacklistRow | undefined) ?? null;
  }

  /** Whether the organization lies in the tenant's slice. */
  async organizationVisible(tx: Tx, tenant: Tenant, organizationId: number): Promise<boolean> {
    const q = tx('organizations as o').where('o.id', organizationId).whereNull('o.deletedAt');
    whereOrganizationVisible(q, tx, 'o.id', tenant);
    return Boolean(await q.first('o.id'));
  }

  async delete(tx: Tx, id: number): Promise<void> {
    await tx('blacklist_numbers').where({ id }).delete();
  }
}
