import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../platform/tokens.js';
import { SENT_STATUSES } from '../../shared/insight/delivery-buckets.js';
import type { DayRange } from '../../shared/insight/dashboard-days.js';
import { TEHRAN_DAY_OF_SEND, noJit, unfolded } from './insight.repository.js';

export type RfmIndex = 'recency' | 'frequency' | 'monetary';

export interface StrategyRow {
  index: RfmIndex;
  range: number;
  valueStartRange: string;
  valueEndRange: string | null;
  point: number;
}

/** A customer's raw figures over the window, before points (amounts and counts as decimal strings). */
export interface CustomerFigures {
  organizationId: number;
  totalUsedCredit: bigint;
  realUsedCredit: bigint;
  totalSentCount: bigint;
  realSentCount: bigint;
  totalSentParts: bigint;
  realSentParts: bigint;
  sendSmsFrequency: number;
  lastSendDay: string | null;
}

export interface ResultRow {
  organizationId: number;
  totalPoint: number;
  recencyPoint: number;
  frequencyPoint: number;
  monetaryPoint: number;
  totalUsedCredit: string;
  realUsedCredit: string;
  totalSentCount: string;
  realSentCount: string;
  totalSentParts: string;
  realSentParts: string;
  sendSmsFrequency: number;
  recentSendSms: number | null;
  usedCreditPerEachFrequency: string;
}

export interface ResultFilter {
  resellerId: number;
  name?: string;
  minTotalPoint?: number;
  maxTotalPoint?: number;
  withoutSends?: boolean;
  sort: 'totalPoint' | 'realUsedCredit' | 'realSentCount' | 'sendSmsFrequency' | 'recentSendSms';
  offset: number;
  limit: number;
}

const CHARGE = 'SendSms';
const GIVE_BACK = 'GiveBackCostOfUnsuccessSent';
/** Rows per insert: knex compiles a statement synchronously, so small ones keep the event loop free for requests. */
const INSERT_CHUNK = 250;

/** The rows of a figure: bigint from the database's text (numeric and bigint sums arrive as strings on pg, numbers on PGlite). */
const big = (v: unknown): bigint => BigInt(v === null || v === undefined ? 0 : String(v));

/**
 * RFM's reads and writes: the point strategy of a reseller, the figures of its customers over a
 * window of Tehran days (from the rollup's daily rows plus the unfolded delta log, and the
 * ledger's daily rows), and the stored results the screen ranks.
 */
@injectable()
export class RfmRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  async strategy(resellerId: number): Promise<StrategyRow[]> {
    const rows = await this.knex('rfm_point_strategies').where({ organizationId: resellerId })
      .select('index', 'range', this.knex.raw('"valueStartRange"::text as "valueStartRange"'), this.knex.raw('"valueEndRange"::text as "valueEndRange"'), 'point')
      .orderBy(['index', 'range']);
    return (rows as StrategyRow[]).map((r) => ({ index: r.index, range: Number(r.range), valueStartRange: String(r.valueStartRange), valueEndRange: r.valueEndRange === null ? null : String(r.valueEndRange), point: Number(r.point) }));
  }

  /** Replaces the whole strategy in one transaction: the screen edits it as one table. */
  async replaceStrategy(resellerId: number, rows: StrategyRow[]): Promise<void> {
    await this.knex.transaction(async (tx) => {
      await tx('rfm_point_strategies').where({ organizationId: resellerId }).delete();
      if (rows.length) await tx('rfm_point_strategies').insert(rows.map((r) => ({ organizationId: resellerId, ...r })));
    });
  }

  /** Organizations that rank customers: the system organization and every reseller. */
  async resellers(): Promise<{ id: number; path: string; type: string }[]> {
    const rows = await this.knex('organizations').whereIn('type', ['system', 'reseller']).whereNull('deletedAt').select('id', 'path', 'type').orderBy('id');
    return (rows as { id: number; path: string; type: string }[]).map((r) => ({ id: Number(r.id), path: String(r.path), type: String(r.type) }));
  }

  /** Resellers whose results are not of `day` yet (the hourly job computes each once a day). */
  async dueResellers(day: string): Promise<{ id: number; path: string; type: string }[]> {
    const done = new Set(((await this.knex('rfm_runs').where('day', '>=', day).select('resellerId')) as { resellerId: number }[]).map((r) => Number(r.resellerId)));
    return (await this.resellers()).filter((r) => !done.has(r.id));
  }

  /**
   * The figures of every customer of a reseller over `window`. A customer is an organization whose
   * nearest reseller is this one (the system organization's: those with none); its sends are those
   * of its whole subtree (its own account pays for all of them: the chain hold charges each
   * organization of a send's chain), its money its own account's send charges and refunds.
   */
  async figures(reseller: { id: number; path: string; type: string }, window: DayRange): Promise<CustomerFigures[]> {
    return this.knex.transaction(async (tx) => {
      await noJit(tx);
      const customers = tx('organizations').whereNull('deletedAt').whereNot('type', 'system').select('id');
      if (reseller.type === 'system') customers.where((w) => w.whereNull('resellerId').orWhere('resellerId', reseller.id));
      else customers.where('resellerId', reseller.id);
      const ids = ((await customers) as { id: number }[]).map((r) => Number(r.id));
      if (!ids.length) return [];
      const byId = new Map<number, CustomerFigures>(ids.map((id) => [id, {
        organizationId: id, totalUsedCredit: 0n, realUsedCredit: 0n, totalSentCount: 0n, realSentCount: 0n, totalSentParts: 0n, realSentParts: 0n, sendSmsFrequency: 0, lastSendDay: null,
      }]));

      // Each organization of the reseller's slice paired with the customer above it (or itself),
      // read from its materialized path: a hash join, never a prefix comparison per pair.
      // (A join with the unnested ids, not `= any(array)`: that compared every path element with
      // every id, 30 M comparisons for a reseller of 1,000 customers.)
      const members = tx.raw(`(select o.id as "orgId", c.id as "customerId"
          from organizations o cross join lateral unnest(string_to_array(trim(both '/' from o.path), '/')) as a(anc)
          join unnest(?::int[]) as c(id) on c.id = a.anc::int
          where o.path like ?) as m`, [`{${ids.join(',')}}`, `${reseller.path}%`]);

      // Each member's daily rows by the key's leading columns (organization, day): a reseller's run
      // reads only its slice's rows, so the whole night reads each row about once, however many
      // resellers there are (a scan of the window per reseller took 3 s each at 10 M receivers).
      const window2 = [window.fromDate, window.toDate];
      const folded = tx.from(members).joinRaw(`cross join lateral (select r."deliveryStatus", r.receivers, r.parts from insight_daily_receivers r
          where r."organizationId" = m."orgId" and r.day between ?::date and ?::date) as x`, window2)
        .select('m.customerId', 'x.deliveryStatus', 'x.receivers', 'x.parts');
      const live = unfolded(tx, 'receivers', window).join(members, 'm.orgId', 's.organizationId')
        .select('m.customerId', 'd.deliveryStatus', 'd.receivers', tx.raw('d.receivers * s."smsParts" as parts'));
      const sent = [...SENT_STATUSES];
      const marks = sent.map(() => '?').join(', ');
      const counts = await tx.from(folded.unionAll([live]).as('x'))
        .select('x.customerId')
        .select(tx.raw('sum(x.receivers)::text as "totalSentCount"'), tx.raw('sum(x.parts)::text as "totalSentParts"'))
        .select(tx.raw(`coalesce(sum(x.receivers) filter (where x."deliveryStatus" in (${marks})), 0)::text as "realSentCount"`, sent))
        .select(tx.raw(`coalesce(sum(x.parts) filter (where x."deliveryStatus" in (${marks})), 0)::text as "realSentParts"`, sent))
        .groupBy('x.customerId');
      for (const r of counts as Record<string, unknown>[]) {
        const f = byId.get(Number(r.customerId));
        if (!f) continue;
        f.totalSentCount = big(r.totalSentCount);
        f.totalSentParts = big(r.totalSentParts);
        f.realSentCount = big(r.realSentCount);
        f.realSentParts = big(r.realSentParts);
      }

      // Frequency: the days with at least one send; recency: the last of them.
      const foldedSends = tx.from(members).joinRaw(`cross join lateral (select to_char(r.day, 'YYYY-MM-DD') as day, r.sends from insight_daily_sends r
          where r."organizationId" = m."orgId" and r.day between ?::date and ?::date) as x`, window2)
        .select('m.customerId', 'x.day', 'x.sends');
      const liveSends = unfolded(tx, 'sends', window).join(members, 'm.orgId', 's.organizationId')
        .select('m.customerId', tx.raw(`to_char(${TEHRAN_DAY_OF_SEND}, 'YYYY-MM-DD') as day`), 'd.sends');
      const perDay = tx.from(foldedSends.unionAll([liveSends]).as('x'))
        .select('x.customerId', 'x.day').groupBy('x.customerId', 'x.day').havingRaw('sum(x.sends) > 0');
      const days = await tx.from(perDay.as('d')).select('d.customerId', tx.raw('count(*)::int as days'), tx.raw('max(d.day) as "lastDay"')).groupBy('d.customerId');
      for (const r of days as Record<string, unknown>[]) {
        const f = byId.get(Number(r.customerId));
        if (!f) continue;
        f.sendSmsFrequency = Number(r.days);
        f.lastSendDay = String(r.lastDay);
      }

      // Charges are Decrease entries (negative), refunds Increase entries; the organization's own account.
      const credit = await tx('insight_daily_credit').whereBetween('day', [window.fromDate, window.toDate]).whereNull('userId')
        .whereIn('organizationId', ids).whereIn('typeCreditChange', [CHARGE, GIVE_BACK])
        .select('organizationId', 'typeCreditChange', tx.raw('sum(amount)::text as amount')).groupBy('organizationId', 'typeCreditChange');
      for (const r of credit as Record<string, unknown>[]) {
        const f = byId.get(Number(r.organizationId));
        if (!f) continue;
        if (r.typeCreditChange === CHARGE) f.totalUsedCredit -= big(r.amount);
        else f.realUsedCredit += big(r.amount);
      }
      for (const f of byId.values()) f.realUsedCredit = f.totalUsedCredit - f.realUsedCredit;
      return [...byId.values()];
    }, { isolationLevel: 'repeatable read', readOnly: true });
  }

  /** Replaces a reseller's results and records its run, in one transaction (the screen never sees half a run). */
  async storeResults(resellerId: number, day: string, computedAt: Date, rows: ResultRow[]): Promise<void> {
    await this.knex.transaction(async (tx) => {
      await tx('rfm_results').where({ resellerId }).delete();
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        await tx('rfm_results').insert(rows.slice(i, i + INSERT_CHUNK).map((r) => ({ resellerId, day, computedAt, ...r })));
      }
      await tx('rfm_runs').insert({ resellerId, day, computedAt, customers: rows.length }).onConflict('resellerId').merge();
    });
  }

  async lastRun(resellerId: number): Promise<{ day: string; computedAt: Date; customers: number } | null> {
    const row = await this.knex('rfm_runs').where({ resellerId }).first(this.knex.raw(`to_char(day, 'YYYY-MM-DD') as day`), 'computedAt', 'customers');
    return row ? { day: String(row.day), computedAt: new Date(row.computedAt as string), customers: Number(row.customers) } : null;
  }

  private filtered(f: ResultFilter): Knex.QueryBuilder {
    const q = this.knex('rfm_results as r').join('organizations as o', 'o.id', 'r.organizationId').where('r.resellerId', f.resellerId);
    if (f.name) q.whereILike('o.name', `%${f.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    if (f.minTotalPoint !== undefined) q.where('r.totalPoint', '>=', f.minTotalPoint);
    if (f.maxTotalPoint !== undefined) q.where('r.totalPoint', '<=', f.maxTotalPoint);
    if (f.withoutSends === true) q.whereNull('r.recentSendSms');
    if (f.withoutSends === false) q.whereNotNull('r.recentSendSms');
    return q;
  }

  private static readonly COLUMNS = [
    'r.organizationId', 'o.name as organizationName', 'r.totalPoint', 'r.recencyPoint', 'r.frequencyPoint', 'r.monetaryPoint',
    'r.sendSmsFrequency', 'r.recentSendSms',
  ];
  private static readonly BIG = ['totalUsedCredit', 'realUsedCredit', 'totalSentCount', 'realSentCount', 'totalSentParts', 'realSentParts', 'usedCreditPerEachFrequency'];

  /** One page of a reseller's customers, best first by the chosen figure (ties by organization id). */
  async page(f: ResultFilter): Promise<{ total: number; rows: Record<string, unknown>[] }> {
    const [{ n }] = (await this.filtered(f).count({ n: '*' })) as { n: string | number }[];
    const rows = await this.ordered(this.filtered(f), f.sort).offset(f.offset).limit(f.limit);
    return { total: Number(n), rows: rows as Record<string, unknown>[] };
  }

  /** Every filtered row, in the page's order (the export). */
  async all(f: Omit<ResultFilter, 'offset' | 'limit'>): Promise<Record<string, unknown>[]> {
    return (await this.ordered(this.filtered({ ...f, offset: 0, limit: 0 }), f.sort)) as Record<string, unknown>[];
  }

  private ordered(q: Knex.QueryBuilder, sort: ResultFilter['sort']): Knex.QueryBuilder {
    q.select(RfmRepository.COLUMNS).select(RfmRepository.BIG.map((c) => this.knex.raw(`r."${c}"::text as "${c}"`)));
    // Recency: fewer days is better; never-sent customers last.
    if (sort === 'recentSendSms') q.orderByRaw('r."recentSendSms" asc nulls last');
    else q.orderBy(`r.${sort}`, 'desc');
    return q.orderBy('r.totalPoint', 'desc').orderBy('r.organizationId', 'asc');
  }
}
