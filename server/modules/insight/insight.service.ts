import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import type { Actor } from '../../platform/actor.js';
import type { Clock } from '../../platform/clock.js';
import { fieldError } from '../../platform/http/errors.js';
import type { SchemaType } from '../../platform/http/router.js';
import { OrganizationsService } from '../organizations/index.js';
import { CreditsService } from '../billing/index.js';
import { DELIVERY_BUCKETS, bucketOf, isSent, type DeliveryBucket } from '../../shared/insight/delivery-buckets.js';
import { MAX_RANGE_DAYS, daysBetween, resolveRange, type DayRange } from '../../shared/insight/dashboard-days.js';
import { InsightRepository, type CreditOwner, type DashboardRows, type Slice } from './insight.repository.js';
import { RollupRepository } from './rollup.repository.js';
import type { dailyStatisticsQuery, dashboardQuery } from './insight.schemas.js';

/** Lines the dashboard lists, busiest first. */
export const TOP_LINES = 5;
/** Deltas folded per statement; a fold run repeats until fewer are left. */
const FOLD_BATCH = 50_000;
/** A fold run stops after this many batches, so one run never holds the job for long; the next goes on. */
const FOLD_BATCHES_PER_RUN = 20;

/** The ledger kinds of sending: what a send is charged, and what its refund gives back. */
const CHARGE = 'SendSms';
const GIVE_BACK = 'GiveBackCostOfUnsuccessSent';

interface Counts {
  messages: number;
  parts: number;
}

interface DayFigures extends Counts {
  date: string;
  sends: number;
  sent: number;
  statuses: Record<string, Counts>;
  buckets: Record<DeliveryBucket, number>;
  sendTypes: Record<string, { messages: number; parts: number; sent: number }>;
}

const emptyBuckets = (): Record<DeliveryBucket, number> => Object.fromEntries(DELIVERY_BUCKETS.map((b) => [b, 0])) as Record<DeliveryBucket, number>;

/** Plain users see their own sends, as in the outbox; administrators their organization and below. */
function ownSendsOnly(ctx: Actor): boolean {
  const p = ctx.principal;
  return !(p.isAdmin || p.scope === 'superAdmin' || p.scope === 'reseller');
}

/**
 * The dashboard (`GetInformationsForDashboard`) and the outbox's daily statistics: receivers,
 * parts and sends per Tehran day by delivery status and send type, operators, top lines, and the
 * ledger's send charges per day, from the rollup (see CONTEXT.md), scoped like the outbox.
 */
@injectable()
export class InsightService {
  constructor(
    @inject(InsightRepository) private readonly repo: InsightRepository,
    @inject(RollupRepository) private readonly rollup: RollupRepository,
    @inject(OrganizationsService) private readonly organizations: OrganizationsService,
    @inject(CreditsService) private readonly credits: CreditsService,
    @inject(TYPES.Clock) private readonly clock: Clock,
  ) {}

  private rangeOf(q: { fromDate?: string; toDate?: string }): DayRange {
    const resolved = resolveRange(q, this.clock.now());
    if ('range' in resolved) return resolved.range;
    if (resolved.problem === 'tooLong') throw fieldError(resolved.field, 'insight.rangeTooLong', { days: MAX_RANGE_DAYS });
    throw fieldError(resolved.field, resolved.problem === 'invalidDay' ? 'insight.invalidDay' : 'insight.endBeforeStart');
  }

  /** The caller's own slice of the tree, as every outbox call sees it. */
  private ownSlice(ctx: Actor): Slice {
    return { tenant: ctx.tenant, userId: ownSendsOnly(ctx) ? ctx.principal.userId : null };
  }

  async dailyStatistics(ctx: Actor, q: SchemaType<typeof dailyStatisticsQuery>) {
    const range = this.rangeOf(q);
    const rows = await this.repo.read(this.ownSlice(ctx), range, { breakdowns: false, topLines: 0, credit: null, creditTypes: [] });
    const days = this.days(range, rows);
    return {
      ...range,
      items: days.map(({ sendTypes: _types, buckets, ...day }) => ({ ...day, ...buckets })),
      totals: this.totals(days),
    };
  }

  async dashboard(ctx: Actor, q: SchemaType<typeof dashboardQuery>) {
    const range = this.rangeOf(q);
    // Another organization only inside the caller's slice (404 otherwise, as everywhere).
    const org = (await this.organizations.get(ctx, q.organizationId ?? ctx.tenant.organizationId)) as { id: number; name: string; path: string };
    const slice: Slice = { tenant: { organizationId: org.id, path: org.path, subtree: ctx.tenant.subtree }, userId: ownSendsOnly(ctx) ? ctx.principal.userId : null };
    const money = await this.money(ctx, slice, org.id);
    const rows = await this.repo.read(slice, range, { breakdowns: true, topLines: TOP_LINES, credit: money.owner, creditTypes: [CHARGE, GIVE_BACK] });
    const days = this.days(range, rows);
    const credit = money.owner ? this.creditByDay(range, rows) : null;
    return {
      ...range,
      scope: slice.userId === null ? 'organization' : 'user',
      organization: {
        id: org.id, name: org.name, credit: money.available,
        lastLoginAt: ctx.principal.profile.lastLoginAt ?? null, lastLoginIp: ctx.principal.profile.lastLoginIp ?? null,
      },
      totals: this.totals(days),
      days: days.map((d) => ({ ...d, credit: credit?.get(d.date) ?? null })),
      sendTypes: this.sendTypes(days),
      operators: (rows.operators ?? []).map((r) => ({ operator: r.operator, messages: r.receivers, parts: r.parts })),
      topLines: (rows.lines ?? []).map((r) => ({ privateNumberId: r.privateNumberId, senderNumber: r.senderNumber, messages: r.receivers, parts: r.parts })),
      credit: credit ? sumCredit([...credit.values()]) : null,
    };
  }

  /**
   * Whose ledger the credit figures read, and the available credit shown beside them. Only with
   * Financial.View (as Transactions/GetAll). An administrator reads the organization's own account
   * (charged for every send of its slice: the hold charges each organization of the chain); a plain
   * user, who sees only their own sends, reads their allowance account, or nothing without one (their
   * sends are charged to the organization, shared with everyone else's).
   */
  private async money(ctx: Actor, slice: Slice, organizationId: number): Promise<{ owner: CreditOwner | null; available: string | null }> {
    if (!ctx.principal.claims.has('Financial.View')) return { owner: null, available: null };
    if (slice.userId === null) {
      const view = (await this.credits.organizationCreditForAdmin(ctx, organizationId)) as { credit?: string | null };
      return { owner: { organizationId }, available: view.credit ?? null };
    }
    const mine = (await this.credits.myCredit(ctx)) as { organization: { credit?: string | null }; user: { hasAllowance: boolean } };
    return { owner: mine.user.hasAllowance ? { userId: slice.userId } : null, available: mine.organization.credit ?? null };
  }

  private days(range: DayRange, rows: DashboardRows): DayFigures[] {
    const byDay = new Map<string, DayFigures>(daysBetween(range.fromDate, range.toDate).map((date) => [date, {
      date, sends: 0, messages: 0, parts: 0, sent: 0, statuses: {}, buckets: emptyBuckets(), sendTypes: {},
    }]));
    for (const r of rows.statuses) {
      const day = byDay.get(r.day);
      if (!day) continue;
      const sent = isSent(r.deliveryStatus) ? r.receivers : 0;
      day.messages += r.receivers;
      day.parts += r.parts;
      day.sent += sent;
      const status = (day.statuses[r.deliveryStatus] ??= { messages: 0, parts: 0 });
      status.messages += r.receivers;
      status.parts += r.parts;
      day.buckets[bucketOf(r.deliveryStatus)] += r.receivers;
      const type = (day.sendTypes[r.sendType] ??= { messages: 0, parts: 0, sent: 0 });
      type.messages += r.receivers;
      type.parts += r.parts;
      type.sent += sent;
    }
    for (const r of rows.sends) {
      const day = byDay.get(r.day);
      if (day) day.sends += r.sends;
    }
    return [...byDay.values()];
  }

  private totals(days: DayFigures[]) {
    const totals = { sends: 0, messages: 0, parts: 0, sent: 0, buckets: emptyBuckets() };
    for (const d of days) {
      totals.sends += d.sends;
      totals.messages += d.messages;
      totals.parts += d.parts;
      totals.sent += d.sent;
      for (const b of DELIVERY_BUCKETS) totals.buckets[b] += d.buckets[b];
    }
    return totals;
  }

  private sendTypes(days: DayFigures[]) {
    const out = new Map<string, { sendType: string; messages: number; parts: number; sent: number }>();
    for (const d of days) {
      for (const [sendType, v] of Object.entries(d.sendTypes)) {
        const t = out.get(sendType) ?? { sendType, messages: 0, parts: 0, sent: 0 };
        t.messages += v.messages;
        t.parts += v.parts;
        t.sent += v.sent;
        out.set(sendType, t);
      }
    }
    return [...out.values()].sort((a, b) => b.messages - a.messages || a.sendType.localeCompare(b.sendType));
  }

  /** Per day: what sends were charged, what refunds gave back, and the difference (rials, decimal strings). */
  private creditByDay(range: DayRange, rows: DashboardRows): Map<string, { charged: string; givenBack: string; used: string }> {
    const sums = new Map<string, { charged: bigint; givenBack: bigint }>(daysBetween(range.fromDate, range.toDate).map((d) => [d, { charged: 0n, givenBack: 0n }]));
    for (const r of rows.credit ?? []) {
      const day = sums.get(r.day);
      if (!day) continue;
      // Charges are Decrease entries (negative amounts), refunds Increase entries.
      if (r.typeCreditChange === CHARGE) day.charged -= BigInt(r.amount);
      else day.givenBack += BigInt(r.amount);
    }
    return new Map([...sums].map(([d, s]) => [d, { charged: s.charged.toString(), givenBack: s.givenBack.toString(), used: (s.charged - s.givenBack).toString() }]));
  }

  /** Folds the rollup's delta log (the scheduled job); answers how many deltas were folded. */
  async fold(): Promise<number> {
    let total = 0;
    for (let i = 0; i < FOLD_BATCHES_PER_RUN; i += 1) {
      const moved = await this.rollup.fold(FOLD_BATCH);
      total += moved;
      if (moved < FOLD_BATCH) break;
    }
    return total;
  }
}

function sumCredit(days: { charged: string; givenBack: string }[]): { charged: string; givenBack: string; used: string } {
  let charged = 0n;
  let givenBack = 0n;
  for (const d of days) {
    charged += BigInt(d.charged);
    givenBack += BigInt(d.givenBack);
  }
  return { charged: charged.toString(), givenBack: givenBack.toString(), used: (charged - givenBack).toString() };
}
