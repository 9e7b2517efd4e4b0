import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../platform/tokens.js';
import { affectedRows } from '../../platform/db.js';
import type { Tx } from '../../platform/unit-of-work.js';

/** A calendar event: a system one (`organizationId` null, the official holidays) or an organization's own. */
export interface CalendarEventRow {
  id: number;
  organizationId: number | null;
  title: string;
  titleEn: string | null;
  /** Null: every year on this Jalali month and day. */
  jalaliYear: number | null;
  jalaliMonth: number;
  jalaliDay: number;
  isHoliday: boolean;
  createdAt: Date;
}

export interface CalendarEventValues {
  title: string;
  titleEn: string | null;
  jalaliYear: number | null;
  jalaliMonth: number;
  jalaliDay: number;
  isHoliday: boolean;
}

const COLUMNS = ['id', 'organizationId', 'title', 'titleEn', 'jalaliYear', 'jalaliMonth', 'jalaliDay', 'isHoliday', 'createdAt'];

@injectable()
export class CalendarEventsRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  /** The system's events and the organization's own, in calendar order (yearly ones first on a day). */
  async list(organizationId: number, filter: { month?: number; year?: number }): Promise<CalendarEventRow[]> {
    const q = this.knex('calendar_events').select(COLUMNS).whereNull('deletedAt')
      .where((w) => w.whereNull('organizationId').orWhere('organizationId', organizationId));
    if (filter.month !== undefined) q.where('jalaliMonth', filter.month);
    if (filter.year !== undefined) q.where((w) => w.whereNull('jalaliYear').orWhere('jalaliYear', filter.year));
    const rows = await q.orderBy([{ column: 'jalaliMonth' }, { column: 'jalaliDay' }, { column: 'jalaliYear', nulls: 'first' }, { column: 'id' }]);
    return rows.map(normalize);
  }

  /** Events by id that the organization may use: system ones, or its own (`own` true: only its own). */
  async usable(organizationId: number, ids: number[], own: boolean): Promise<CalendarEventRow[]> {
    if (ids.length === 0) return [];
    const q = this.knex('calendar_events').select(COLUMNS).whereIn('id', ids).whereNull('deletedAt');
    if (own) q.where('organizationId', organizationId);
    else q.whereNull('organizationId');
    return (await q).map(normalize);
  }

  async own(organizationId: number, id: number): Promise<CalendarEventRow | null> {
    const row = await this.knex('calendar_events').select(COLUMNS).where({ id, organizationId }).whereNull('deletedAt').first();
    return row ? normalize(row) : null;
  }

  async insert(tx: Tx, organizationId: number, values: CalendarEventValues): Promise<CalendarEventRow> {
    const [row] = await tx('calendar_events').insert({ ...values, organizationId }).returning(COLUMNS);
    return normalize(row);
  }

  async update(tx: Tx, organizationId: number, id: number, values: CalendarEventValues): Promise<CalendarEventRow | null> {
    const [row] = await tx('calendar_events').where({ id, organizationId }).whereNull('deletedAt').update(values).returning(COLUMNS);
    return row ? normalize(row) : null;
  }

  async softDelete(tx: Tx, organizationId: number, id: number, at: Date): Promise<boolean> {
    return affectedRows(await tx('calendar_events').where({ id, organizationId }).whereNull('deletedAt').update({ deletedAt: at })) > 0;
  }
}

function normalize(row: Record<string, unknown>): CalendarEventRow {
  return {
    ...(row as unknown as CalendarEventRow),
    jalaliYear: row.jalaliYear === null ? null : Number(row.jalaliYear),
    jalaliMonth: Number(row.jalaliMonth),
    jalaliDay: Number(row.jalaliDay),
  };
}
