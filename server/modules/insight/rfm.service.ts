import { inject, injectable } from 'inversify';
import type { Actor } from '../../platform/actor.js';
import { fieldError } from '../../platform/http/errors.js';
import type { SchemaType } from '../../platform/http/router.js';
import { OrganizationsService } from '../organizations/index.js';
import { addDays, dayNumber, tehranDayOf } from '../../shared/insight/dashboard-days.js';
import { RFM_INDEXES, RFM_WINDOW_DAYS, pointFor, type RfmRange } from '../../shared/insight/rfm-points.js';
import { RfmRepository, type CustomerFigures, type ResultFilter, type ResultRow, type StrategyRow } from './rfm.repository.js';
import type { rfmResultsQuery, rfmStrategySchema } from './rfm.schemas.js';

const PAGE_SIZE = 20;

/** The figures and points of one customer, as the screen and the export show them. */
function resultOf(f: CustomerFigures, day: string, ranges: RfmRange[]): ResultRow {
  const recentSendSms = f.lastSendDay === null ? null : dayNumber(day) - dayNumber(f.lastSendDay);
  const recencyPoint = pointFor(ranges, 'recency', recentSendSms === null ? null : BigInt(recentSendSms));
  const frequencyPoint = pointFor(ranges, 'frequency', BigInt(f.sendSmsFrequency));
  const monetaryPoint = pointFor(ranges, 'monetary', f.realUsedCredit);
  return {
    organizationId: f.organizationId,
    totalPoint: recencyPoint + frequencyPoint + monetaryPoint,
    recencyPoint, frequencyPoint, monetaryPoint,
    totalUsedCredit: f.totalUsedCredit.toString(),
    realUsedCredit: f.realUsedCredit.toString(),
    totalSentCount: f.totalSentCount.toString(),
    realSentCount: f.realSentCount.toString(),
    totalSentParts: f.totalSentParts.toString(),
    realSentParts: f.realSentParts.toString(),
    sendSmsFrequency: f.sendSmsFrequency,
    recentSendSms,
    // Whole rials, rounded down; no send day: nothing per day.
    usedCreditPerEachFrequency: f.sendSmsFrequency === 0 ? '0' : (f.realUsedCredit / BigInt(f.sendSmsFrequency)).toString(),
  };
}

const toRanges = (rows: StrategyRow[]): RfmRange[] => rows.map((r) => ({
  index: r.index, range: r.range, point: r.point,
  valueStartRange: BigInt(r.valueStartRange), valueEndRange: r.valueEndRange === null ? null : BigInt(r.valueEndRange),
}));

/**
 * RFM (CONTEXT.md "RFM"): the nightly figures and points of every customer of every reseller,
 * the point strategy a reseller edits, and the ranking screen and its export.
 */
@injectable()
export class RfmService {
  constructor(
    @inject(RfmRepository) private readonly repo: RfmRepository,
    @inject(OrganizationsService) private readonly organizations: OrganizationsService,
  ) {}

  /**
   * The scheduled job: every reseller not computed yet on the Tehran day of `now`, over the
   * window of the RFM_WINDOW_DAYS whole days before it. Stops between resellers when aborted (the
   * next run goes on with those left). Answers how many resellers were computed.
   */
  async runDue(now: Date, signal?: AbortSignal): Promise<number> {
    const day = tehranDayOf(now);
    const window = { fromDate: addDays(day, -RFM_WINDOW_DAYS), toDate: addDays(day, -1) };
    let done = 0;
    for (const reseller of await this.repo.dueResellers(day)) {
      if (signal?.aborted) break;
      const ranges = toRanges(await this.repo.strategy(reseller.id));
      const figures = await this.repo.figures(reseller, window);
      await this.repo.storeResults(reseller.id, day, now, figures.map((f) => resultOf(f, day, ranges)));
      done += 1;
    }
    return done;
  }

  /** The reseller whose customers the caller ranks: the active organization, or one of its slice. */
  private async reseller(ctx: Actor, resellerId: number | undefined): Promise<{ id: number; name: string }> {
    const org = (await this.organizations.get(ctx, resellerId ?? ctx.tenant.organizationId)) as { id: number; name: string; type: string };
    if (org.type !== 'reseller' && org.type !== 'system') throw fieldError('resellerId', 'rfm.notReseller');
    return org;
  }

  async strategy(ctx: Actor, q: { resellerId?: number }) {
    const reseller = await this.reseller(ctx, q.resellerId);
    return { resellerId: reseller.id, windowDays: RFM_WINDOW_DAYS, items: await this.repo.strategy(reseller.id) };
  }

  /**
   * Replaces the strategy. Per index the ranges are numbered 1..n without gaps and must not
   * overlap (a value earns one range's points); a bad one answers on its field (`items[i].field`).
   */
  async saveStrategy(ctx: Actor, body: SchemaType<typeof rfmStrategySchema>) {
    const reseller = await this.reseller(ctx, body.resellerId);
    const rows: StrategyRow[] = body.items.map((i) => ({
      index: i.index, range: i.range, point: i.point,
      valueStartRange: i.valueStartRange, valueEndRange: i.valueEndRange ?? null,
    }));
    rows.forEach((r, n) => {
      if (r.valueEndRange !== null && BigInt(r.valueEndRange) < BigInt(r.valueStartRange)) throw fieldError(`items[${n}].valueEndRange`, 'rfm.endBeforeStart');
    });
    for (const index of RFM_INDEXES) {
      const mine = rows.map((r, n) => ({ r, n })).filter((x) => x.r.index === index).sort((a, b) => a.r.range - b.r.range);
      mine.forEach((x, k) => { if (x.r.range !== k + 1) throw fieldError(`items[${x.n}].range`, 'rfm.rangeNumbers'); });
      const byStart = [...mine].sort((a, b) => (BigInt(a.r.valueStartRange) < BigInt(b.r.valueStartRange) ? -1 : 1));
      for (let k = 1; k < byStart.length; k += 1) {
        const prev = byStart[k - 1].r;
        if (prev.valueEndRange === null || BigInt(prev.valueEndRange) >= BigInt(byStart[k].r.valueStartRange)) throw fieldError(`items[${byStart[k].n}].valueStartRange`, 'rfm.overlap');
      }
    }
    await this.repo.replaceStrategy(reseller.id, rows);
    return this.strategy(ctx, { resellerId: reseller.id });
  }

  private filter(resellerId: number, q: SchemaType<typeof rfmResultsQuery>): Omit<ResultFilter, 'offset' | 'limit'> {
    return {
      resellerId, name: q.name?.trim() || undefined, minTotalPoint: q.minTotalPoint, maxTotalPoint: q.maxTotalPoint,
      withoutSends: q.withoutSends, sort: q.sort ?? 'totalPoint',
    };
  }

  async results(ctx: Actor, q: SchemaType<typeof rfmResultsQuery>) {
    const reseller = await this.reseller(ctx, q.resellerId);
    const pageSize = q.pageSize ?? PAGE_SIZE;
    const pageIndex = q.pageIndex ?? 0;
    const { total, rows } = await this.repo.page({ ...this.filter(reseller.id, q), offset: pageIndex * pageSize, limit: pageSize });
    const run = await this.repo.lastRun(reseller.id);
    return {
      resellerId: reseller.id,
      run: run ? { day: run.day, computedAt: run.computedAt.toISOString(), customers: run.customers, fromDate: addDays(run.day, -RFM_WINDOW_DAYS), toDate: addDays(run.day, -1) } : null,
      totalCount: total, pageIndex, pageSize,
      items: rows.map(shape),
    };
  }

  async exportRows(ctx: Actor, q: SchemaType<typeof rfmResultsQuery>) {
    const reseller = await this.reseller(ctx, q.resellerId);
    return (await this.repo.all(this.filter(reseller.id, q))).map(shape);
  }
}

/** A stored row as answered: `points` holds the three parts of `totalPoint`. */
function shape(r: Record<string, unknown>) {
  return {
    organizationId: Number(r.organizationId),
    organizationName: String(r.organizationName),
    totalPoint: Number(r.totalPoint),
    points: { recency: Number(r.recencyPoint), frequency: Number(r.frequencyPoint), monetary: Number(r.monetaryPoint) },
    totalUsedCredit: String(r.totalUsedCredit),
    realUsedCredit: String(r.realUsedCredit),
    totalSentCount: Number(r.totalSentCount),
    realSentCount: Number(r.realSentCount),
    totalSentParts: Number(r.totalSentParts),
    realSentParts: Number(r.realSentParts),
    sendSmsFrequency: Number(r.sendSmsFrequency),
    recentSendSms: r.recentSendSms === null || r.recentSendSms === undefined ? null : Number(r.recentSendSms),
    usedCreditPerEachFrequency: String(r.usedCreditPerEachFrequency),
  };
}
