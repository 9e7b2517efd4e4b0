import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../platform/tokens.js';
import type { Tenant } from '../../platform/actor.js';
import { whereOrganizationVisible } from '../../platform/tenancy.js';
import type { DayRange } from '../../shared/insight/dashboard-days.js';

/** The Tehran day of a send (of `sends s`): the day the outbox's date filter and the rollup use. */
export const TEHRAN_DAY_OF_SEND = `(s."createdAt" at time zone 'Asia/Tehran')::date`;

/**
 * The deltas not folded yet, summed per send (and operator and status), each paired with its send
 * by primary key. The shape does not depend on statistics, which swing between an empty log and a
 * full one every few seconds: with stale ones the planner hashed every send of the organization to
 * join a handful of deltas (85 ms instead of well under one). `limit 1` keeps the lateral
 * subquery from being flattened into an ordinary join, so each delta group is one index probe.
 */
export function unfolded(tx: Knex.Transaction, kind: 'receivers' | 'sends', range: DayRange): Knex.QueryBuilder {
  const deltas = kind === 'receivers'
    ? `select "sendId", operator, "deliveryStatus", sum(receivers)::bigint as receivers from insight_send_deltas where "deliveryStatus" is not null group by 1, 2, 3`
    : `select "sendId", sum(sends)::bigint as sends from insight_send_deltas where "deliveryStatus" is null group by 1`;
  return tx.from(tx.raw(`(${deltas}) as d`))
    .joinRaw(`cross join lateral (select s."organizationId", s."userId", s."createdAt", s."sendType", s."privateNumberId", s."senderNumber", s."smsParts"
                                   from sends s where s.id = d."sendId" limit 1) as s`)
    .whereRaw(`${TEHRAN_DAY_OF_SEND} between ?::date and ?::date`, [range.fromDate, range.toDate]);
}

/**
 * These statements take milliseconds, but the log's swinging statistics can put their estimated
 * cost above PostgreSQL's JIT threshold, and compiling them took ~100 ms (measured): no JIT here.
 */
export async function noJit(tx: Knex.Transaction): Promise<void> {
  await tx.raw('set local jit = off');
}

/** Whose sends: a slice of the organization tree, and only one user's sends for a plain user. */
export interface Slice {
  tenant: Tenant;
  userId: number | null;
}

/** Whose ledger account: an organization's own account, or a user's allowance account. */
export type CreditOwner = { organizationId: number } | { userId: number };

export interface StatusRow {
  day: string;
  sendType: string;
  deliveryStatus: string;
  receivers: number;
  parts: number;
}

export interface DashboardRows {
  statuses: StatusRow[];
  sends: { day: string; sends: number }[];
  operators?: { operator: string; receivers: number; parts: number }[];
  lines?: { privateNumberId: number; senderNumber: string; receivers: number; parts: number }[];
  credit?: { day: string; typeCreditChange: string; amount: string; entries: number }[];
}

export interface ReadOptions {
  /** Operators and lines over the whole range (the dashboard; the outbox statistics need neither). */
  breakdowns: boolean;
  topLines: number;
  credit: CreditOwner | null;
  creditTypes: readonly string[];
}

/**
 * The dashboard's reads: the daily tables plus the deltas not folded yet (joined to their sends),
 * all in one read-only repeatable-read transaction so every figure of one answer comes from the
 * same moment. Every query is bounded by the slice's organizations and the range's days, which
 * lead the daily tables' keys.
 */
@injectable()
export class InsightRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  async read(slice: Slice, range: DayRange, options: ReadOptions): Promise<DashboardRows> {
    return this.knex.transaction(async (tx) => {
      await noJit(tx);
      const statuses = await this.receivers(tx, slice, range, ['day', 'sendType', 'deliveryStatus']);
      const sends = await this.sends(tx, slice, range);
      const out: DashboardRows = {
        statuses: statuses.map((r) => ({ day: String(r.day), sendType: String(r.sendType), deliveryStatus: String(r.deliveryStatus), receivers: Number(r.receivers), parts: Number(r.parts) })),
        sends,
      };
      if (options.breakdowns) {
        out.operators = (await this.receivers(tx, slice, range, ['operator']))
          .map((r) => ({ operator: String(r.operator), receivers: Number(r.receivers), parts: Number(r.parts) }));
        out.lines = (await this.receivers(tx, slice, range, ['privateNumberId', 'senderNumber'], options.topLines))
          .map((r) => ({ privateNumberId: Number(r.privateNumberId), senderNumber: String(r.senderNumber), receivers: Number(r.receivers), parts: Number(r.parts) }));
      }
      if (options.credit) out.credit = await this.credit(tx, options.credit, range, options.creditTypes);
      return out;
    }, { isolationLevel: 'repeatable read', readOnly: true });
  }

  /**
   * Receivers and parts grouped by `by`, from the daily rows and the unfolded deltas of the slice's
   * sends of those days. With `top`, the largest groups by receivers first.
   */
  private async receivers(tx: Knex.Transaction, slice: Slice, range: DayRange, by: string[], top?: number): Promise<Record<string, unknown>[]> {
    return this.receiversQuery(tx, slice, range, by, top);
  }

  receiversQuery(tx: Knex.Transaction, slice: Slice, range: DayRange, by: string[], top?: number): Knex.QueryBuilder {
    const folded = tx('insight_daily_receivers as r').whereBetween('r.day', [range.fromDate, range.toDate])
      .select(tx.raw(`to_char(r.day, 'YYYY-MM-DD') as day`), 'r.sendType', 'r.operator', 'r.deliveryStatus', 'r.privateNumberId', 'r.senderNumber', 'r.receivers', 'r.parts');
    whereOrganizationVisible(folded, tx, 'r.organizationId', slice.tenant);
    if (slice.userId !== null) folded.where('r.userId', slice.userId);
    const live = unfolded(tx, 'receivers', range)
      .select(tx.raw(`to_char(${TEHRAN_DAY_OF_SEND}, 'YYYY-MM-DD') as day`), 's.sendType', 'd.operator', 'd.deliveryStatus', 's.privateNumberId', 's.senderNumber',
        'd.receivers', tx.raw('d.receivers * s."smsParts" as parts'));
    whereOrganizationVisible(live, tx, 's.organizationId', slice.tenant);
    if (slice.userId !== null) live.where('s.userId', slice.userId);
    const q = tx.from(folded.unionAll([live]).as('x'))
      .select(by.map((c) => `x.${c}`))
      .select(tx.raw('sum(x.receivers)::bigint as receivers'), tx.raw('sum(x.parts)::bigint as parts'))
      .groupBy(by.map((c) => `x.${c}`))
      .havingRaw('sum(x.receivers) <> 0');
    if (top !== undefined) q.orderByRaw('sum(x.receivers) desc').orderBy(by.map((c) => `x.${c}`)).limit(top);
    else q.orderBy(by.map((c) => `x.${c}`));
    return q;
  }

  private async sends(tx: Knex.Transaction, slice: Slice, range: DayRange): Promise<{ day: string; sends: number }[]> {
    const folded = tx('insight_daily_sends as r').whereBetween('r.day', [range.fromDate, range.toDate])
      .select(tx.raw(`to_char(r.day, 'YYYY-MM-DD') as day`), 'r.sends');
    whereOrganizationVisible(folded, tx, 'r.organizationId', slice.tenant);
    if (slice.userId !== null) folded.where('r.userId', slice.userId);
    const live = unfolded(tx, 'sends', range).select(tx.raw(`to_char(${TEHRAN_DAY_OF_SEND}, 'YYYY-MM-DD') as day`), 'd.sends');
    whereOrganizationVisible(live, tx, 's.organizationId', slice.tenant);
    if (slice.userId !== null) live.where('s.userId', slice.userId);
    const rows = await tx.from(folded.unionAll([live]).as('x')).select('x.day', tx.raw('sum(x.sends)::bigint as sends')).groupBy('x.day').orderBy('x.day');
    return (rows as { day: string; sends: string | number }[]).map((r) => ({ day: String(r.day), sends: Number(r.sends) }));
  }

  private async credit(tx: Knex.Transaction, owner: CreditOwner, range: DayRange, types: readonly string[]) {
    const q = tx('insight_daily_credit').whereBetween('day', [range.fromDate, range.toDate]).whereIn('typeCreditChange', [...types])
      .select(tx.raw(`to_char(day, 'YYYY-MM-DD') as day`), 'typeCreditChange', tx.raw('sum(amount)::text as amount'), tx.raw('sum(entries)::bigint as entries'))
      .groupBy('day', 'typeCreditChange').orderBy(['day', 'typeCreditChange']);
    if ('userId' in owner) q.where('userId', owner.userId);
    else q.where('organizationId', owner.organizationId).whereNull('userId');
    const rows = await q;
    return (rows as { day: string; typeCreditChange: string; amount: string; entries: string | number }[])
      .map((r) => ({ day: String(r.day), typeCreditChange: r.typeCreditChange, amount: String(r.amount), entries: Number(r.entries) }));
  }
}
