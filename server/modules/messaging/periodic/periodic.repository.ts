import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../../platform/tokens.js';
import { affectedRows } from '../../../platform/db.js';
import type { Tx } from '../../../platform/unit-of-work.js';
import type { Tenant } from '../../../platform/http/context.js';
import type { Page } from '../../../platform/http/envelope.js';
import { likeContains } from '../../../platform/http/search.js';
import { whereOrganizationVisible } from '../../../platform/tenancy.js';
import type { RecipientInput } from '../receivers.repository.js';
import type { PeriodType } from './periodic-schedule.js';

export type PeriodicStatus = 'Active' | 'Canceled' | 'Finished';

export interface PeriodicSendRow {
  id: number;
  organizationId: number;
  userId: number;
  privateNumberId: number;
  senderAgentId: number;
  senderNumber: string;
  lineType: string;
  smsText: string;
  isFlashSms: boolean;
  sendType: string;
  description: string | null;
  recipientCount: number;
  wrongNumberCount: number;
  duplicateCount: number;
  periodType: PeriodType;
  period: number;
  daysOfWeek: number[];
  sendHour: number;
  sendMinute: number;
  startDate: string;
  endDate: string | null;
  maxOccurrences: number | null;
  /** GradualPeriodic: each occurrence goes out in steps; both null for a plain periodic send. */
  gradualStepCount: number | null;
  gradualIntervalMinutes: number | null;
  occurrences: number;
  failedOccurrences: number;
  dateTimeNext: Date | null;
  dateTimeLast: Date | null;
  lastSendId: number | null;
  lastFailureCode: string | null;
  status: PeriodicStatus;
  createdAt: Date;
  updatedAt: Date;
  [key: string]: unknown;
}

const RECIPIENT_CHUNK = 20_000;

/** Periodic send definitions and their stored receivers. */
@injectable()
export class PeriodicRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  private db(tx?: Tx): Knex {
    return tx ?? this.knex;
  }

  async insert(tx: Tx, values: Record<string, unknown>): Promise<PeriodicSendRow> {
    const [row] = await tx('periodic_sends').insert({ ...values, daysOfWeek: JSON.stringify(values.daysOfWeek) }).returning('*');
    return normalize(row);
  }

  async insertRecipients(tx: Tx, periodicSendId: number, recipients: RecipientInput[]): Promise<void> {
    for (let i = 0; i < recipients.length; i += RECIPIENT_CHUNK) {
      const chunk = recipients.slice(i, i + RECIPIENT_CHUNK);
      const payload = JSON.stringify(chunk.map((r, j) => [i + j, r.number, r.operator, r.description ?? null]));
      await tx.raw(
        `insert into periodic_send_recipients ("periodicSendId", seq, "toNumber", operator, description)
         select ?, (e->>0)::int, e->>1, e->>2, e->>3 from jsonb_array_elements(?::jsonb) e`,
        [periodicSendId, payload],
      );
    }
  }

  async recipients(periodicSendId: number): Promise<RecipientInput[]> {
    const rows = await this.knex('periodic_send_recipients').where({ periodicSendId }).orderBy('seq').select('toNumber', 'operator', 'description');
    return rows.map((r: { toNumber: string; operator: string; description: string | null }) => ({ number: r.toNumber, operator: r.operator, description: r.description }));
  }

  async findVisible(tenant: Tenant, id: number): Promise<PeriodicSendRow | null> {
    const q = this.knex('periodic_sends as p').leftJoin('users as u', 'u.id', 'p.userId').where('p.id', id).select('p.*', 'u.userName as userName');
    whereOrganizationVisible(q, this.knex, 'p.organizationId', tenant);
    const row = await q.first();
    return row ? normalize(row) : null;
  }

  async list(tenant: Tenant, filter: { pageIndex: number; pageSize: number; status?: string; userId?: number; search?: string | null }): Promise<Page<PeriodicSendRow>> {
    const base = this.knex('periodic_sends as p').join('organizations as o', 'o.id', 'p.organizationId');
    whereOrganizationVisible(base, this.knex, 'p.organizationId', tenant);
    if (filter.status) base.where('p.status', filter.status);
    if (filter.userId) base.where('p.userId', filter.userId);
    if (filter.search) {
      const like = likeContains(filter.search);
      base.where((w) => w.whereILike('p.smsText', like).orWhereILike('p.senderNumber', like));
    }
    const [{ count }] = await base.clone().count<{ count: string }[]>({ count: '*' });
    const rows = await base.clone().leftJoin('users as u', 'u.id', 'p.userId')
      .select('p.*', 'o.name as organizationName', 'u.userName as userName')
      .orderBy('p.id', 'desc').offset(filter.pageIndex * filter.pageSize).limit(filter.pageSize);
    return { items: rows.map(normalize), totalCount: Number(count) };
  }

  /** Active definitions whose next occurrence is due (the scheduler's pick). */
  async due(now: Date, limit: number): Promise<PeriodicSendRow[]> {
    const rows = await this.knex('periodic_sends').where('status', 'Active').where('dateTimeNext', '<=', now).orderBy('dateTimeNext').limit(limit);
    return rows.map(normalize);
  }

  /**
   * Records an occurrence: moves the definition on only if nobody else recorded this occurrence
   * first (the occurrence count is the guard); answers whether it moved.
   */
  async advance(tx: Tx, id: number, expectedOccurrences: number, values: Record<string, unknown>): Promise<boolean> {
    const count = await tx('periodic_sends').where({ id, occurrences: expectedOccurrences, status: 'Active' })
      .update({ ...values, updatedAt: this.knex.fn.now() });
    return affectedRows(count) === 1;
  }

  /** Active → Canceled; null when it was not active any more. */
  async cancel(tx: Tx | undefined, id: number): Promise<PeriodicSendRow | null> {
    const [row] = await this.db(tx)('periodic_sends').where({ id, status: 'Active' })
      .update({ status: 'Canceled', dateTimeNext: null, updatedAt: this.knex.fn.now() }).returning('*');
    return row ? normalize(row) : null;
  }
}

function normalize(row: Record<string, unknown>): PeriodicSendRow {
  return {
    ...row,
    id: Number(row.id),
    lastSendId: row.lastSendId === null || row.lastSendId === undefined ? null : Number(row.lastSendId),
    daysOfWeek: typeof row.daysOfWeek === 'string' ? JSON.parse(row.daysOfWeek) : row.daysOfWeek,
  } as PeriodicSendRow;
}
