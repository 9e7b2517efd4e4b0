import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../platform/tokens.js';
import { affectedRows } from '../../platform/db.js';
import type { Tx } from '../../platform/unit-of-work.js';
import type { Tenant } from '../../platform/http/context.js';
import { whereOrganizationVisible } from '../../platform/tenancy.js';
import { likeContains } from '../../platform/http/search.js';

export interface OptOutInsert {
  organizationId: number;
  mobile: string;
  privateNumberId: number | null;
  inboxMessageId: number;
}

export interface OptOutRow {
  id: number;
  organizationId: number;
  organizationName: string | null;
  mobile: string;
  privateNumberId: number | null;
  receiverNumber: string | null;
  inboxMessageId: number | null;
  smsText: string | null;
  createdAt: Date;
}

/** Numbers that texted an opt-out word to a line of an organization (`opt_outs`, written with the inbox row that asked). */
@injectable()
export class OptOutsRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  /** Idempotent per (organization, mobile): the first message that asked stays the one shown. */
  async insertMany(tx: Tx, items: OptOutInsert[]): Promise<number> {
    if (items.length === 0) return 0;
    const rows = await tx('opt_outs').insert(items).onConflict(['organizationId', 'mobile']).ignore().returning('id');
    return rows.length;
  }

  /** A number of an organization opts in again (it texted a safe-list's join word); whether it had opted out. */
  async deleteFor(tx: Tx, organizationId: number, mobile: string): Promise<boolean> {
    const n = await tx('opt_outs').where({ organizationId, mobile }).delete();
    return affectedRows(n) > 0;
  }

  /** The tenant's opt-outs (its organization and below), newest first, with the line and the message. */
  async list(tenant: Tenant, filter: { pageIndex: number; pageSize: number; search?: string }) {
    const q = this.knex('opt_outs as x').where((w) => { whereOrganizationVisible(w, this.knex, 'x.organizationId', tenant); });
    if (filter.search) {
      const like = likeContains(filter.search);
      q.where((w) => w.where('x.mobile', 'like', like).orWhereIn('x.privateNumberId', this.knex('private_numbers').select('id').where('number', 'like', like)));
    }
    const [{ n }] = await q.clone().count<{ n: string | number }[]>({ n: '*' });
    const items = await q.leftJoin('private_numbers as p', 'p.id', 'x.privateNumberId')
      .leftJoin('inbox_messages as m', 'm.id', 'x.inboxMessageId')
      .leftJoin('organizations as o', 'o.id', 'x.organizationId')
      .select('x.*', 'p.number as receiverNumber', 'm.smsText', 'o.name as organizationName')
      .orderBy('x.id', 'desc').offset(filter.pageIndex * filter.pageSize).limit(filter.pageSize);
    return { items: (items as Record<string, unknown>[]).map(normalize), totalCount: Number(n) };
  }

  /** The row if the tenant may see it (its organization or one below). */
  async findVisible(tx: Tx, tenant: Tenant, id: number): Promise<OptOutRow | null> {
    const q = tx('opt_outs as x').where('x.id', id);
    whereOrganizationVisible(q, tx, 'x.organizationId', tenant);
    const row = await q.first('x.*');
    return row ? normalize(row as Record<string, unknown>) : null;
  }

  async delete(tx: Tx, id: number): Promise<void> {
    await tx('opt_outs').where({ id }).delete();
  }
}

function normalize(row: Record<string, unknown>): OptOutRow {
  return {
    id: Number(row.id), organizationId: Number(row.organizationId), organizationName: (row.organizationName as string | undefined) ?? null,
    mobile: String(row.mobile), privateNumberId: row.privateNumberId == null ? null : Number(row.privateNumberId),
    receiverNumber: (row.receiverNumber as string | undefined) ?? null,
    inboxMessageId: row.inboxMessageId == null ? null : Number(row.inboxMessageId), smsText: (row.smsText as string | undefined) ?? null,
    createdAt: row.createdAt as Date,
  };
}
