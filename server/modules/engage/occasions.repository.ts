import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../platform/tokens.js';
import { affectedRows } from '../../platform/db.js';
import type { Tx } from '../../platform/unit-of-work.js';
import type { Tenant } from '../../platform/http/context.js';
import { escapeLike, whereOrganizationVisible } from '../../platform/tenancy.js';

/** The spec's occasion scheduled message, as stored. */
export interface OccasionRow {
  id: number;
  organizationId: number;
  userId: number;
  title: string;
  privateNumberId: number;
  phonebookIds: number[];
  dynamicTemplateTitle: string;
  smsBody: string;
  sendHour: number;
  howManyDaysSendItBeforeDueDate: number;
  calenderEvent: boolean;
  calendarEvents: number[];
  calenderOrganizationEvents: number[];
  phonebookCustomFieldNameEn: string | null;
  toConsiderYear: boolean;
  isActive: boolean;
  lastRunDay: string | null;
  lastSendId: number | null;
  lastFailureCode: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export type OccasionValues = Omit<OccasionRow, 'id' | 'organizationId' | 'userId' | 'lastRunDay' | 'lastSendId' | 'lastFailureCode' | 'createdAt' | 'updatedAt'>;

/** One day's answer of an occasion: its send, nobody due (no send, no failure), or a refusal. */
export interface OccasionRun {
  occasionId: number;
  runDay: string;
  sendId: number | null;
  recipientCount: number;
  failureCode: string | null;
}

const JSON_COLUMNS = ['phonebookIds', 'calendarEvents', 'calenderOrganizationEvents'] as const;

@injectable()
export class OccasionsRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  async list(tenant: Tenant, filter: { pageIndex: number; pageSize: number; search?: string; userId?: number }): Promise<{ items: (OccasionRow & { senderNumber: string | null; userName: string | null })[]; totalCount: number }> {
    const base = this.knex('occasion_scheduled_messages as o').whereNull('o.deletedAt');
    whereOrganizationVisible(base, this.knex, 'o.organizationId', tenant);
    if (filter.userId !== undefined) base.where('o.userId', filter.userId);
    if (filter.search) base.where((w) => w.where('o.title', 'ilike', `%${escapeLike(filter.search!)}%`).orWhere('o.smsBody', 'ilike', `%${escapeLike(filter.search!)}%`));
    const [{ count }] = await base.clone().count<{ count: string }[]>({ count: '*' });
    const rows = await base.clone()
      .leftJoin('private_numbers as p', 'p.id', 'o.privateNumberId')
      .leftJoin('users as u', 'u.id', 'o.userId')
      .select('o.*', 'p.number as senderNumber', 'u.userName as userName')
      .orderBy('o.id', 'desc').offset(filter.pageIndex * filter.pageSize).limit(filter.pageSize);
    return { items: rows.map((r: Record<string, unknown>) => ({ ...normalize(r), senderNumber: (r.senderNumber as string) ?? null, userName: (r.userName as string) ?? null })), totalCount: Number(count) };
  }

  async visible(tenant: Tenant, id: number): Promise<OccasionRow | null> {
    const q = this.knex('occasion_scheduled_messages').where({ id }).whereNull('deletedAt');
    whereOrganizationVisible(q, this.knex, 'organizationId', tenant);
    const row = await q.first();
    return row ? normalize(row) : null;
  }

  async byId(id: number): Promise<OccasionRow | null> {
    const row = await this.knex('occasion_scheduled_messages').where({ id }).whereNull('deletedAt').first();
    return row ? normalize(row) : null;
  }

  async insert(tx: Tx, owner: { organizationId: number; userId: number }, values: OccasionValues): Promise<OccasionRow> {
    const [row] = await tx('occasion_scheduled_messages').insert({ ...owner, ...serialize(values) }).returning('*');
    return normalize(row);
  }

  async update(tx: Tx, id: number, values: Partial<OccasionValues>, at: Date): Promise<OccasionRow | null> {
    const [row] = await tx('occasion_scheduled_messages').where({ id }).whereNull('deletedAt').update({ ...serialize(values), updatedAt: at }).returning('*');
    return row ? normalize(row) : null;
  }

  async softDelete(tx: Tx, id: number, at: Date): Promise<boolean> {
    return affectedRows(await tx('occasion_scheduled_messages').where({ id }).whereNull('deletedAt').update({ deletedAt: at, isActive: false })) > 0;
  }

  /**
   * Active occasions due by `hour` (Tehran) with no run on `runDay` yet, made before `createdBefore`,
   * in id order after `afterId` (keyset: occasions whose hour has not come never fill a page).
   */
  async dueWithoutRun(filter: { runDay: string; hour: number; createdBefore: Date; afterId: number; limit: number }): Promise<OccasionRow[]> {
    const rows = await this.knex('occasion_scheduled_messages as o').select('o.*')
      .where('o.isActive', true).whereNull('o.deletedAt').where('o.sendHour', '<=', filter.hour)
      .where('o.createdAt', '<', filter.createdBefore).where('o.id', '>', filter.afterId)
      .whereNotExists(this.knex('occasion_runs as r').select(this.knex.raw('1')).whereRaw('r."occasionId" = o.id').where('r.runDay', filter.runDay))
      .orderBy('o.id').limit(filter.limit);
    return rows.map(normalize);
  }

  async run(occasionId: number, runDay: string): Promise<OccasionRun | null> {
    return (await this.knex('occasion_runs').where({ occasionId, runDay }).first()) ?? null;
  }

  /** The once-only mark of a day's send, inside the send's transaction: a second one fails on the primary key. */
  async insertRun(tx: Tx, run: OccasionRun): Promise<void> {
    await tx('occasion_runs').insert(run);
    await this.markLast(tx, run);
  }

  /** A day without a send (nobody due, or refused): recorded unless another process answered first; true when this one did. */
  async recordOutcome(tx: Tx, run: OccasionRun): Promise<boolean> {
    const inserted = await tx('occasion_runs').insert(run).onConflict(['occasionId', 'runDay']).ignore().returning('occasionId');
    if (inserted.length === 0) return false;
    await this.markLast(tx, run);
    return true;
  }

  /** The occasion shows its latest day's answer as it was: a day without a send has no send to link. */
  private async markLast(tx: Tx, run: OccasionRun): Promise<void> {
    await tx('occasion_scheduled_messages').where({ id: run.occasionId }).update({ lastRunDay: run.runDay, lastFailureCode: run.failureCode, lastSendId: run.sendId });
  }

  /** The latest runs of an occasion, with their sends' outcome for the panel's links. */
  async runs(occasionId: number, limit: number): Promise<Record<string, unknown>[]> {
    const rows = await this.knex('occasion_runs as r').leftJoin('sends as s', 's.id', 'r.sendId')
      .where('r.occasionId', occasionId)
      .select('r.runDay', 'r.sendId', 'r.recipientCount', 'r.failureCode', 'r.createdAt', 's.queueStatus', 's.status', 's.totalPrice')
      .orderBy('r.runDay', 'desc').limit(limit);
    return rows.map((r: Record<string, unknown>) => ({ ...r, sendId: r.sendId === null ? null : Number(r.sendId), totalPrice: r.totalPrice == null ? null : String(r.totalPrice) }));
  }
}

function serialize(values: Partial<OccasionValues>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...values };
  for (const c of JSON_COLUMNS) if (values[c] !== undefined) out[c] = JSON.stringify(values[c]);
  return out;
}

function normalize(row: Record<string, unknown>): OccasionRow {
  const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as number[];
  return {
    ...(row as unknown as OccasionRow),
    phonebookIds: json(row.phonebookIds), calendarEvents: json(row.calendarEvents), calenderOrganizationEvents: json(row.calenderOrganizationEvents),
    sendHour: Number(row.sendHour), howManyDaysSendItBeforeDueDate: Number(row.howManyDaysSendItBeforeDueDate),
    lastSendId: row.lastSendId == null ? null : Number(row.lastSendId),
  };
}
