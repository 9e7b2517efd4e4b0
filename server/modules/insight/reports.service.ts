import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import type { Actor } from '../../platform/actor.js';
import type { Clock } from '../../platform/clock.js';
import { fieldError, forbidden, notFound } from '../../platform/http/errors.js';
import type { SchemaType } from '../../platform/http/router.js';
import { OrganizationsService } from '../organizations/index.js';
import { UsersService } from '../identity/index.js';
import { DELIVERY_BUCKETS, bucketOf, isSent, type DeliveryBucket } from '../../shared/insight/delivery-buckets.js';
import { resolveRange, type DayRange } from '../../shared/insight/dashboard-days.js';
import { REPORT_MAX_RANGE_DAYS, periodOf, reportPeriods, type ReportGrouping } from '../../shared/insight/report-periods.js';
import { InsightRepository, type CreditOwner, type Slice } from './insight.repository.js';
import type { organizationReportQuery, treeReportQuery, userReportQuery } from './reports.schemas.js';

const CHARGE = 'SendSms';
const GIVE_BACK = 'GiveBackCostOfUnsuccessSent';

/** The figures of a period, of a tree row, and of the whole report. */
export interface ReportFigures {
  sends: number;
  messages: number;
  parts: number;
  sent: number;
  delivered: number;
  failed: number;
  pending: number;
  buckets: Record<DeliveryBucket, number>;
  credit: { charged: string; givenBack: string; used: string } | null;
}

export type ReportKind = 'user' | 'organization' | 'tree';

/** The buckets the spec's three words sum: failed = never reached the phone, pending = not final yet. */
const FAILED_BUCKETS: readonly DeliveryBucket[] = ['failed', 'notDelivered', 'blackList'];
const PENDING_BUCKETS: readonly DeliveryBucket[] = ['waiting', 'awaitingReport'];

function emptyFigures(withCredit: boolean): ReportFigures {
  return {
    sends: 0, messages: 0, parts: 0, sent: 0, delivered: 0, failed: 0, pending: 0,
    buckets: Object.fromEntries(DELIVERY_BUCKETS.map((b) => [b, 0])) as Record<DeliveryBucket, number>,
    credit: withCredit ? { charged: '0', givenBack: '0', used: '0' } : null,
  };
}

function addReceivers(f: ReportFigures, deliveryStatus: string, receivers: number, parts: number): void {
  const bucket = bucketOf(deliveryStatus);
  f.messages += receivers;
  f.parts += parts;
  if (isSent(deliveryStatus)) f.sent += receivers;
  f.buckets[bucket] += receivers;
  if (bucket === 'delivered') f.delivered += receivers;
  if (FAILED_BUCKETS.includes(bucket)) f.failed += receivers;
  if (PENDING_BUCKETS.includes(bucket)) f.pending += receivers;
}

function addCredit(f: ReportFigures, typeCreditChange: string, amount: string): void {
  if (!f.credit) return;
  let charged = BigInt(f.credit.charged);
  let givenBack = BigInt(f.credit.givenBack);
  // Charges are Decrease entries (negative amounts), refunds Increase entries.
  if (typeCreditChange === CHARGE) charged -= BigInt(amount);
  else givenBack += BigInt(amount);
  f.credit = { charged: charged.toString(), givenBack: givenBack.toString(), used: (charged - givenBack).toString() };
}

/** Plain users see their own sends only, as in the outbox. */
function ownSendsOnly(ctx: Actor): boolean {
  const p = ctx.principal;
  return !(p.isAdmin || p.scope === 'superAdmin' || p.scope === 'reseller');
}

interface Subject {
  kind: ReportKind;
  organizationId: number;
  organizationName: string;
  userId: number | null;
  userName: string | null;
}

/**
 * Reports per user, organization and tree (insight CONTEXT.md, "Reports"): the dashboard's rollup
 * read for a longer range, grouped by Tehran day or Jalali month, with the credit the ledger's daily
 * rows hold, and for a tree one row per child organization.
 */
@injectable()
export class ReportsService {
  constructor(
    @inject(InsightRepository) private readonly repo: InsightRepository,
    @inject(OrganizationsService) private readonly organizations: OrganizationsService,
    @inject(UsersService) private readonly users: UsersService,
    @inject(TYPES.Clock) private readonly clock: Clock,
  ) {}

  private rangeOf(q: { fromDate?: string; toDate?: string }): DayRange {
    const resolved = resolveRange(q, this.clock.now(), REPORT_MAX_RANGE_DAYS);
    if ('range' in resolved) return resolved.range;
    if (resolved.problem === 'tooLong') throw fieldError(resolved.field, 'insight.rangeTooLong', { days: REPORT_MAX_RANGE_DAYS });
    throw fieldError(resolved.field, resolved.problem === 'invalidDay' ? 'insight.invalidDay' : 'insight.endBeforeStart');
  }

  private async organization(ctx: Actor, id: number | undefined): Promise<{ id: number; name: string; path: string }> {
    return (await this.organizations.get(ctx, id ?? ctx.tenant.organizationId)) as { id: number; name: string; path: string };
  }

  /** A user's own sends; an administrator may name a user of the slice (another → 404, as everywhere). */
  async userReport(ctx: Actor, q: SchemaType<typeof userReportQuery>) {
    const range = this.rangeOf(q);
    const userId = q.userId ?? ctx.principal.userId;
    if (userId !== ctx.principal.userId && ownSendsOnly(ctx)) throw notFound('user.notFound');
    const user = (await this.users.get(ctx, userId)) as { id: number; userName: string; organizationId: number };
    const org = await this.organizations.get(ctx, user.organizationId).catch(() => null) as { id: number; name: string } | null;
    const slice: Slice = { tenant: ctx.tenant, userId: user.id };
    const owner = ctx.principal.claims.has('Financial.View') ? { userId: user.id } : null;
    const subject: Subject = { kind: 'user', organizationId: user.organizationId, organizationName: org?.name ?? '', userId: user.id, userName: user.userName };
    return this.build(subject, slice, range, q.grouping ?? 'day', owner, null);
  }

  /** The organization and everything below it (as the dashboard's organization scope); administrators only. */
  async organizationReport(ctx: Actor, q: SchemaType<typeof organizationReportQuery>) {
    if (ownSendsOnly(ctx)) throw forbidden();
    const range = this.rangeOf(q);
    const org = await this.organization(ctx, q.organizationId);
    const slice: Slice = { tenant: { organizationId: org.id, path: org.path, subtree: ctx.tenant.subtree }, userId: null };
    const owner = ctx.principal.claims.has('Financial.View') ? { organizationId: org.id } : null;
    return this.build({ kind: 'organization', organizationId: org.id, organizationName: org.name, userId: null, userName: null }, slice, range, q.grouping ?? 'day', owner, null);
  }

  /** The organization's subtree with one row per child organization (and one for its own sends). */
  async treeReport(ctx: Actor, q: SchemaType<typeof treeReportQuery>) {
    if (ownSendsOnly(ctx) || !ctx.tenant.subtree) throw forbidden();
    const range = this.rangeOf(q);
    const org = await this.organization(ctx, q.organizationId);
    const slice: Slice = { tenant: { organizationId: org.id, path: org.path, subtree: true }, userId: null };
    const owner = ctx.principal.claims.has('Financial.View') ? { organizationId: org.id } : null;
    const children = await this.repo.children(org.id);
    return this.build({ kind: 'tree', organizationId: org.id, organizationName: org.name, userId: null, userName: null }, slice, range, q.grouping ?? 'day', owner, { root: org, children });
  }

  private async build(
    subject: Subject, slice: Slice, range: DayRange, grouping: ReportGrouping, owner: CreditOwner | null,
    tree: { root: { id: number; name: string; path: string }; children: { id: number; name: string; path: string }[] } | null,
  ) {
    const withCredit = owner !== null;
    const rows = await this.repo.readReport(slice, range, {
      credit: owner, creditTypes: [CHARGE, GIVE_BACK], tree: tree ? { childIds: tree.children.map((c) => c.id), credit: withCredit } : null,
    });
    const periods = reportPeriods(range, grouping).map((p) => ({ ...p, ...emptyFigures(withCredit) }));
    const byPeriod = new Map(periods.map((p) => [p.period, p]));
    const totals = emptyFigures(withCredit);
    const sendTypes = new Map<string, { sendType: string; messages: number; parts: number; sent: number }>();
    for (const r of rows.statuses) {
      const p = byPeriod.get(periodOf(r.day, grouping));
      if (p) addReceivers(p, r.deliveryStatus, r.receivers, r.parts);
      addReceivers(totals, r.deliveryStatus, r.receivers, r.parts);
      const t = sendTypes.get(r.sendType) ?? { sendType: r.sendType, messages: 0, parts: 0, sent: 0 };
      t.messages += r.receivers;
      t.parts += r.parts;
      if (isSent(r.deliveryStatus)) t.sent += r.receivers;
      sendTypes.set(r.sendType, t);
    }
    for (const r of rows.sends) {
      const p = byPeriod.get(periodOf(r.day, grouping));
      if (p) p.sends += r.sends;
      totals.sends += r.sends;
    }
    for (const r of rows.credit ?? []) {
      const p = byPeriod.get(periodOf(r.day, grouping));
      if (p) addCredit(p, r.typeCreditChange, r.amount);
      addCredit(totals, r.typeCreditChange, r.amount);
    }
    return {
      ...range,
      grouping,
      subject,
      totals,
      periods,
      operators: rows.operators.map((r) => ({ operator: r.operator, messages: r.receivers, parts: r.parts })).sort((a, b) => b.messages - a.messages || a.operator.localeCompare(b.operator)),
      sendTypes: [...sendTypes.values()].sort((a, b) => b.messages - a.messages || a.sendType.localeCompare(b.sendType)),
      organizations: tree && rows.tree ? this.treeRows(tree, rows.tree, withCredit) : null,
    };
  }

  /**
   * One row per child of the root (its whole subtree's sends; money from the child's own account,
   * which the chain hold charges for every send below it) and a first row for the root's own sends
   * (no money: the root's account pays for the whole tree, shown in the totals).
   */
  private treeRows(
    tree: { root: { id: number; name: string; path: string }; children: { id: number; name: string; path: string }[] },
    rows: NonNullable<Awaited<ReturnType<InsightRepository['readReport']>>['tree']>, withCredit: boolean,
  ) {
    const own = { organizationId: tree.root.id, organizationName: tree.root.name, own: true, ...emptyFigures(false) };
    const out = [own, ...tree.children.map((c) => ({ organizationId: c.id, organizationName: c.name, own: false, ...emptyFigures(withCredit) }))];
    const rowOf = new Map<number, (typeof out)[number]>();
    const childRow = new Map(out.slice(1).map((r) => [String(r.organizationId), r]));
    for (const o of rows.organizations) {
      // Paths are `/1/5/12/`: the element after the root's path names the child an organization lies under.
      const child = o.path.startsWith(tree.root.path) ? childRow.get(o.path.slice(tree.root.path.length).split('/')[0]) : undefined;
      // A deleted child is not listed: its sends stay in the root's own row so the rows add up to the totals.
      rowOf.set(o.id, child ?? own);
    }
    for (const r of rows.statuses) addReceivers(rowOf.get(r.organizationId) ?? own, r.deliveryStatus, r.receivers, r.parts);
    for (const r of rows.sends) (rowOf.get(r.organizationId) ?? own).sends += r.sends;
    for (const r of rows.credit) {
      const row = childRow.get(String(r.organizationId));
      if (row) addCredit(row, r.typeCreditChange, r.amount);
    }
    return out;
  }
}
