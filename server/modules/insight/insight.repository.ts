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

export interface ReportRows {
  statuses: StatusRow[];
  operators: { operator: string; receivers: number; parts: number }[];
  sends: { day: string; sends: number }[];
  credit: { day: string; typeCreditChange: string; amount: string; entries: number }[] | null;
  tree: {
    statuses: { organizationId: number; deliveryStatus: string; receivers: number; parts: number }[];
    sends: { organizationId: number; sends: number }[];
    organizations: { id: number; path: string }[];
    credit: { organizationId: number; typeCreditChange: string; amount: string }[];
  } | null;
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
      .select(tx.raw(`to_char(r.day, 'YYYY-MM-DD') as day`), 'r.organizationId', 'r.sendType', 'r.operator', 'r.deliveryStatus', 'r.privateNumberId', 'r.senderNumber', 'r.receivers', 'r.parts');
    whereOrganizationVisible(folded, tx, 'r.organizationId', slice.tenant);
    if (slice.userId !== null) folded.where('r.userId', slice.userId);
    const live = unfolded(tx, 'receivers', range)
      .select(tx.raw(`to_char(${TEHRAN_DAY_OF_SEND}, 'YYYY-MM-DD') as day`), 's.organizationId', 's.sendType', 'd.operator', 'd.deliveryStatus', 's.privateNumberId', 's.senderNumber',
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
    const rows = await this.sendsBy(tx, slice, range, 'day');
    return rows.map((r) => ({ day: String(r.day), sends: Number(r.sends) }));
  }

  /** Sends of the slice and range (daily rows plus the unfolded log) per day or per organization. */
  private async sendsBy(tx: Knex.Transaction, slice: Slice, range: DayRange, by: 'day' | 'organizationId'): Promise<Record<string, unknown>[]> {
    const folded = tx('insight_daily_sends as r').whereBetween('r.day', [range.fromDate, range.toDate])
      .select(tx.raw(`to_char(r.day, 'YYYY-MM-DD') as day`), 'r.organizationId', 'r.sends');
    whereOrganizationVisible(folded, tx, 'r.organizationId', slice.tenant);
    if (slice.userId !== null) folded.where('r.userId', slice.userId);
    const live = unfolded(tx, 'sends', range).select(tx.raw(`to_char(${TEHRAN_DAY_OF_SEND}, 'YYYY-MM-DD') as day`), 's.organizationId', 'd.sends');
    whereOrganizationVisible(live, tx, 's.organizationId', slice.tenant);
    if (slice.userId !== null) live.where('s.userId', slice.userId);
    return tx.from(folded.unionAll([live]).as('x')).select(`x.${by}`, tx.raw('sum(x.sends)::bigint as sends')).groupBy(`x.${by}`).orderBy(`x.${by}`);
  }

  /**
   * A report's rows (reports.service.ts), in one repeatable-read transaction like the dashboard:
   * receivers per day, send type and status; per operator; sends per day; the owner's ledger per
   * day; and, for a tree report, receivers per organization and status, sends per organization,
   * the organizations of the slice (to fold each into its child of the root) and the children's
   * own accounts over the range.
   */
  async readReport(slice: Slice, range: DayRange, options: { credit: CreditOwner | null; creditTypes: readonly string[]; tree: { childIds: number[]; credit: boolean } | null }): Promise<ReportRows> {
    return this.knex.transaction(async (tx) => {
      await noJit(tx);
      const statuses = (await this.receivers(tx, slice, range, ['day', 'sendType', 'deliveryStatus']))
        .map((r) => ({ day: String(r.day), sendType: String(r.sendType), deliveryStatus: String(r.deliveryStatus), receivers: Number(r.receivers), parts: Number(r.parts) }));
      const operators = (await this.receivers(tx, slice, range, ['operator']))
        .map((r) => ({ operator: String(r.operator), receivers: Number(r.receivers), parts: Number(r.parts) }));
      const sends = await this.sends(tx, slice, range);
      const out: ReportRows = { statuses, operators, sends, credit: options.credit ? await this.credit(tx, options.credit, range, options.creditTypes) : null, tree: null };
      if (options.tree) {
        const orgStatuses = (await this.receivers(tx, slice, range, ['organizationId', 'deliveryStatus']))
          .map((r) => ({ organizationId: Number(r.organizationId), deliveryStatus: String(r.deliveryStatus), receivers: Number(r.receivers), parts: Number(r.parts) }));
        const orgSends = (await this.sendsBy(tx, slice, range, 'organizationId')).map((r) => ({ organizationId: Number(r.organizationId), sends: Number(r.sends) }));
        const organizations = (await whereOrganizationVisible(tx('organizations').select('id', 'path'), tx, 'id', slice.tenant))
          .map((r: { id: number; path: string }) => ({ id: Number(r.id), path: String(r.path) }));
        let credit: { organizationId: number; typeCreditChange: string; amount: string }[] = [];
        if (options.tree.credit && options.tree.childIds.length > 0) {
          const rows = await tx('insight_daily_credit').whereBetween('day', [range.fromDate, range.toDate]).whereIn('typeCreditChange', [...options.creditTypes])
            .whereIn('organizationId', options.tree.childIds).whereNull('userId')
            .select('organizationId', 'typeCreditChange', tx.raw('sum(amount)::text as amount')).groupBy('organizationId', 'typeCreditChange');
          credit = (rows as { organizationId: number; typeCreditChange: string; amount: string }[]).map((r) => ({ organizationId: Number(r.organizationId), typeCreditChange: r.typeCreditChange, amount: String(r.amount) }));
        }
        out.tree = { statuses: orgStatuses, sends: orgSends, organizations, credit };
      }
      return out;
    }, { isolationLevel: 'repeatable read', readOnly: true });
  }

  /** Direct children of an organization (a tree report's rows), by name. */
  async children(organizationId: number): Promise<{ id: number; name: string; path: string }[]> {
    const rows = await this.knex('organizations').where('parentId', organizationId).whereNull('deletedAt').select('id', 'name', 'path').orderBy(['name', 'id']);
    return (rows as { id: number; name: string; path: string }[]).map((r) => ({ id: Number(r.id), name: String(r.name), path: String(r.path) }));
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
