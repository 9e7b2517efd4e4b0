import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../platform/tokens.js';
import type { Tx } from '../../platform/unit-of-work.js';
import type { Tenant } from '../../platform/http/context.js';
import { whereOrganizationVisible } from '../../platform/tenancy.js';
import { likeContains } from '../../platform/http/search.js';
import type { LineClass } from './number-class-match.js';

export interface NumberClassRow {
  id: number;
  title: string;
  operatorClasses: Partial<Record<string, string>>;
  patterns: string[];
  description: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface LineClassCheck {
  privateNumberId: number;
  checkTime: Date;
  classes: LineClass[];
}

/** jsonb read back: both drivers parse it, but a text column copy (or an old driver) answers a string. */
function json<T>(value: unknown, fallback: T): T {
  if (typeof value === 'string') {
    try { return JSON.parse(value) as T; } catch { return fallback; }
  }
  return (value ?? fallback) as T;
}

function classRow(r: Record<string, unknown>): NumberClassRow {
  return { ...(r as unknown as NumberClassRow), operatorClasses: json(r.operatorClasses, {}), patterns: json(r.patterns, []) };
}

@injectable()
export class NumberClassesRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  private db(tx?: Tx): Knex | Tx { return tx ?? this.knex; }

  async list(filter: { pageIndex: number; pageSize: number; search?: string }) {
    const q = this.knex('number_classes as c');
    if (filter.search) {
      const like = likeContains(filter.search);
      // A pattern's text is searched too, so "3000" finds the class that lists it.
      q.where((w) => w.where('c.title', 'ilike', like).orWhereRaw(`c.patterns::text like ?`, [like]).orWhere('c.description', 'ilike', like));
    }
    const [{ n }] = await q.clone().count<{ n: string | number }[]>({ n: '*' });
    const items = await q.select('c.*').orderBy('c.id', 'asc').offset(filter.pageIndex * filter.pageSize).limit(filter.pageSize);
    return { items: (items as Record<string, unknown>[]).map(classRow), totalCount: Number(n) };
  }

  /** Every class: the check reads the whole list once (an operator publishes tens, not thousands). */
  async all(tx?: Tx): Promise<NumberClassRow[]> {
    return ((await this.db(tx)('number_classes').select('*').orderBy('id')) as Record<string, unknown>[]).map(classRow);
  }

  async findById(id: number, tx?: Tx): Promise<NumberClassRow | null> {
    const row = (await this.db(tx)('number_classes').where({ id }).first()) as Record<string, unknown> | undefined;
    return row ? classRow(row) : null;
  }

  async insert(tx: Tx, values: { title: string; operatorClasses: Record<string, string>; patterns: string[]; description: string | null }): Promise<NumberClassRow> {
    const [row] = await tx('number_classes')
      .insert({ ...values, operatorClasses: JSON.stringify(values.operatorClasses), patterns: JSON.stringify(values.patterns) })
      .returning('*');
    return classRow(row as Record<string, unknown>);
  }

  async update(tx: Tx, id: number, values: { title: string; operatorClasses: Record<string, string>; patterns: string[]; description: string | null }, at: Date): Promise<NumberClassRow> {
    const [row] = await tx('number_classes').where({ id })
      .update({ ...values, operatorClasses: JSON.stringify(values.operatorClasses), patterns: JSON.stringify(values.patterns), updatedAt: at })
      .returning('*');
    return classRow(row as Record<string, unknown>);
  }

  async delete(tx: Tx, id: number): Promise<void> {
    await tx('number_classes').where({ id }).delete();
  }

  /**
   * Live lines by id after `afterId` (a page of the check), the tenant's slice when given, or one
   * line when `onlyId` is given.
   */
  async linesAfter(afterId: number, limit: number, scope: { tenant?: Tenant; onlyId?: number }): Promise<{ id: number; number: string | null }[]> {
    const q = this.knex('private_numbers as l').whereNull('l.deletedAt').where('l.id', '>', afterId);
    if (scope.tenant) whereOrganizationVisible(q, this.knex, 'l.organizationId', scope.tenant);
    if (scope.onlyId !== undefined) q.where('l.id', scope.onlyId);
    return (await q.select('l.id', 'l.number').orderBy('l.id').limit(limit)) as { id: number; number: string | null }[];
  }

  /** One statement per page of lines: the latest check replaces the previous one. */
  async saveChecks(checks: LineClassCheck[]): Promise<void> {
    if (checks.length === 0) return;
    await this.knex.raw(
      `insert into private_number_class_checks ("privateNumberId", "checkTime", classes)
       select c."privateNumberId", c."checkTime", coalesce(c.classes, '[]'::jsonb)
       from jsonb_to_recordset(?::jsonb) as c("privateNumberId" integer, "checkTime" timestamptz, classes jsonb)
       on conflict ("privateNumberId") do update set "checkTime" = excluded."checkTime", classes = excluded.classes`,
      [JSON.stringify(checks.map((c) => ({ ...c, checkTime: c.checkTime.toISOString() })))],
    );
  }

  /** The last check of each of these lines (absent: never checked). */
  async checksOf(lineIds: number[]): Promise<Map<number, LineClassCheck>> {
    const out = new Map<number, LineClassCheck>();
    if (lineIds.length === 0) return out;
    const rows = (await this.knex('private_number_class_checks').whereIn('privateNumberId', lineIds).select('*')) as Record<string, unknown>[];
    for (const r of rows) {
      out.set(Number(r.privateNumberId), { privateNumberId: Number(r.privateNumberId), checkTime: new Date(r.checkTime as string | Date), classes: json(r.classes, []) });
    }
    return out;
  }
}
