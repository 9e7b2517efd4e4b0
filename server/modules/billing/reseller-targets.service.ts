import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import type { Clock } from '../../platform/clock.js';
import type { Logger } from 'pino';
import { UnitOfWork } from '../../platform/unit-of-work.js';
import type { Actor } from '../../platform/actor.js';
import type { SchemaType } from '../../platform/http/router.js';
import { fieldError, forbidden, notFound } from '../../platform/http/errors.js';
import { AuditService } from '../audit/index.js';
import { OrganizationsService } from '../organizations/index.js';
import { addDays, dayNumber } from '../../shared/insight/dashboard-days.js';
import { toJalali } from '../../shared/dates/jalali.js';
import { tehranDayOf, tehranDayStart } from '../../shared/dates/tehran-days.js';
import { BillingService } from './billing.service.js';
import { percentHundredths, toAmount } from './money.js';
import { periodOf, previousPeriodOf, type TargetPeriod, type TargetTimes } from './reseller-periods.js';
import { ResellerTargetsRepository, type MarginDayRow, type RewardRow, type TargetRow } from './reseller-targets.repository.js';
import type { createTargetSchema, marginQuery, resellerSettingsSchema, updateTargetSchema } from './reseller-targets.schemas.js';

/** The longest margin range one request reads. */
export const MARGIN_MAX_DAYS = 400;
export const MARGIN_DEFAULT_DAYS = 30;
/** The previous period is still checked this long after it ended (the last minute's sends before a boundary). */
const LATE_CHECK_MS = 86_400_000;
/** The claim that changes a reseller's settings and targets (an organization above it): the one that sets its prices. */
export const MANAGE_CLAIM = 'Financial.Tariffs';

interface ResellerOrg { id: number; name: string; type: string; path: string }

const sumFigures = (rows: MarginDayRow[]) => rows.reduce((t, r) => ({
  sends: t.sends + r.sends, parts: t.parts + r.parts,
  customerPaid: (BigInt(t.customerPaid) + BigInt(r.customerPaid)).toString(),
  resellerCost: (BigInt(t.resellerCost) + BigInt(r.resellerCost)).toString(),
  margin: (BigInt(t.margin) + BigInt(r.margin)).toString(),
}), { sends: 0, parts: 0, customerPaid: '0', resellerCost: '0', margin: '0' });

/**
 * A reseller's margin (what its customers paid for their sends less what its own account paid,
 * from the hold lines), its reference settings, and the targets its parent sets, with the reward
 * credited once per period through the ledger by the job `billing.reseller-target-rewards`.
 */
@injectable()
export class ResellerTargetsService {
  constructor(
    @inject(ResellerTargetsRepository) private readonly repo: ResellerTargetsRepository,
    @inject(BillingService) private readonly billing: BillingService,
    @inject(OrganizationsService) private readonly organizations: OrganizationsService,
    @inject(AuditService) private readonly audit: AuditService,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TYPES.Clock) private readonly clock: Clock,
    @inject(TYPES.Logger) private readonly logger: Logger,
  ) {}

  /** A reseller of the caller's slice (404 outside it, like every tenant object); the caller's own organization by default. */
  private async reseller(ctx: Actor, resellerId: number | undefined): Promise<ResellerOrg> {
    const org = (await this.organizations.get(ctx, resellerId ?? ctx.tenant.organizationId)) as unknown as ResellerOrg;
    if (org.type !== 'reseller') throw fieldError('resellerId', 'billing.notReseller');
    return org;
  }

  /** An organization strictly above the reseller, whose user holds the claim that sets prices. */
  private canManage(ctx: Actor, reseller: ResellerOrg): boolean {
    return ctx.tenant.subtree && reseller.id !== ctx.tenant.organizationId && reseller.path.startsWith(ctx.tenant.path)
      && ctx.principal.claims.has(MANAGE_CLAIM);
  }

  private range(q: { fromDate?: string; toDate?: string }): { fromDate: string; toDate: string } {
    const today = tehranDayOf(this.clock.now());
    const toDate = q.toDate ?? today;
    const fromDate = q.fromDate ?? addDays(toDate, -(MARGIN_DEFAULT_DAYS - 1));
    if (Number.isNaN(dayNumber(fromDate))) throw fieldError('fromDate', 'billing.dayInvalid', { field: 'fromDate' });
    if (Number.isNaN(dayNumber(toDate))) throw fieldError('toDate', 'billing.dayInvalid', { field: 'toDate' });
    const days = dayNumber(toDate) - dayNumber(fromDate) + 1;
    if (days < 1) throw fieldError('toDate', 'billing.rangeEndBeforeStart');
    if (days > MARGIN_MAX_DAYS) throw fieldError('toDate', 'billing.rangeTooLong', { max: MARGIN_MAX_DAYS });
    return { fromDate, toDate };
  }

  async margin(ctx: Actor, q: SchemaType<typeof marginQuery>) {
    const reseller = await this.reseller(ctx, q.resellerId);
    const { fromDate, toDate } = this.range(q);
    const groupBy = q.groupBy ?? 'day';
    const pageIndex = q.pageIndex ?? 0;
    const pageSize = q.pageSize ?? 20;
    const base = { resellerId: reseller.id, fromDate, toDate, groupBy, pageIndex, pageSize };
    const accountId = await this.repo.accountIdOf(reseller.id);
    if (accountId === null) return { ...base, totals: sumFigures([]), periods: [], items: [], totalCount: 0 };
    const filter = { resellerId: reseller.id, accountId, from: tehranDayStart(fromDate), to: tehranDayStart(dayNumber(toDate) + 1), customerOrganizationId: q.customerOrganizationId };
    const [days, page] = await Promise.all([this.repo.marginDays(filter), this.repo.marginSends(filter, pageIndex * pageSize, pageSize)]);
    const periods = groupBy === 'day' ? days.map(({ day, ...f }) => ({ period: day, ...f })) : byJalaliMonth(days);
    return {
      ...base,
      totals: sumFigures(days),
      periods,
      totalCount: page.totalCount,
      items: page.items.map((r) => ({
        sendId: /^send:\d+$/.test(r.reference) ? Number(r.reference.slice(5)) : null,
        createdAt: r.createdAt.toISOString(), status: r.status, customerOrganizationId: r.customerOrganizationId, customerOrganizationName: r.customerOrganizationName,
        parts: r.parts, customerPaid: r.customerPaid, resellerCost: r.resellerCost, margin: r.margin,
      })),
    };
  }

  async settings(ctx: Actor, q: { resellerId?: number }) {
    const reseller = await this.reseller(ctx, q.resellerId);
    const row = await this.repo.settings(reseller.id);
    return {
      resellerId: reseller.id, pricePerSms: row?.pricePerSms ?? null, panelPercent: row?.panelPercent ?? null,
      updatedAt: row?.updatedAt ? row.updatedAt.toISOString() : null, canManage: this.canManage(ctx, reseller),
    };
  }

  async saveSettings(ctx: Actor, body: SchemaType<typeof resellerSettingsSchema>) {
    const reseller = await this.reseller(ctx, body.resellerId);
    if (!this.canManage(ctx, reseller)) throw forbidden('billing.resellerManagedAbove');
    const pricePerSms = body.pricePerSms === null || body.pricePerSms === undefined ? null : toAmount(body.pricePerSms, 'pricePerSms').toString();
    let panelPercent: string | null = null;
    if (body.panelPercent !== null && body.panelPercent !== undefined) {
      const hundredths = percentHundredths(String(body.panelPercent));
      if (hundredths === null) throw fieldError('panelPercent', 'billing.panelPercentInvalid');
      panelPercent = (Number(hundredths) / 100).toFixed(2);
    }
    const old = await this.repo.settings(reseller.id);
    await this.uow.run(async (tx) => {
      await this.repo.saveSettings(tx, reseller.id, { pricePerSms, panelPercent }, ctx.principal.userId);
      await this.audit.record(tx, ctx, { operationType: 'Update', className: 'ResellerSettings', referenceId: reseller.id, oldData: old, newData: { pricePerSms, panelPercent } });
    });
    return this.settings(ctx, { resellerId: reseller.id });
  }

  private view(t: TargetRow, sentParts: bigint, period: TargetPeriod, rewards: RewardRow[]) {
    const target = BigInt(t.targetValue);
    const percent = target === 0n ? 100 : Number(sentParts >= target ? 100n : (sentParts * 100n) / target);
    const own = rewards.filter((r) => r.targetId === t.id);
    const current = own.find((r) => r.periodKey === period.key);
    return {
      id: t.id, resellerId: t.resellerId, title: t.title, times: t.times, targetValue: Number(t.targetValue), credit: t.credit, isActive: t.isActive,
      createdAt: t.createdAt.toISOString(), period: { key: period.key, from: period.from.toISOString(), to: period.to.toISOString() },
      sentParts: Number(sentParts), percent, rewarded: current !== undefined, rewardedAt: current ? current.rewardedAt.toISOString() : null,
      rewards: own.slice(0, 12).map((r) => ({ periodKey: r.periodKey, parts: Number(r.parts), credit: r.credit, rewardedAt: r.rewardedAt.toISOString() })),
    };
  }

  async targets(ctx: Actor, q: { resellerId?: number }) {
    const reseller = await this.reseller(ctx, q.resellerId);
    const rows = await this.repo.targetsOf(reseller.id);
    const accountId = await this.repo.accountIdOf(reseller.id);
    const now = this.clock.now();
    const rewards = await this.repo.rewardsOf(rows.map((r) => r.id));
    const sentCache = new Map<string, bigint>();
    const items = [];
    for (const t of rows) {
      const period = periodOf(t.times as TargetTimes, now);
      let sent = sentCache.get(period.key);
      if (sent === undefined) {
        sent = accountId === null ? 0n : await this.repo.sentParts(accountId, period.from, period.to);
        sentCache.set(period.key, sent);
      }
      items.push(this.view(t, sent, period, rewards));
    }
    return { resellerId: reseller.id, resellerName: reseller.name, canManage: this.canManage(ctx, reseller), items };
  }

  private async managedTarget(ctx: Actor, id: number): Promise<{ target: TargetRow; reseller: ResellerOrg }> {
    const target = await this.repo.target(id);
    if (!target) throw notFound('billing.resellerTargetNotFound');
    // 404 for a target of a reseller outside the caller's slice; 403 for the reseller itself.
    const reseller = await this.organizations.get(ctx, target.resellerId).catch(() => { throw notFound('billing.resellerTargetNotFound'); }) as unknown as ResellerOrg;
    if (!this.canManage(ctx, reseller)) throw forbidden('billing.resellerManagedAbove');
    return { target, reseller };
  }

  private values(body: { title?: string | null; times: string; targetValue: number; credit: unknown; isActive?: boolean }) {
    return {
      title: body.title?.trim() || null, times: body.times, targetValue: String(body.targetValue),
      credit: toAmount(body.credit, 'credit').toString(), isActive: body.isActive ?? true,
    };
  }

  async createTarget(ctx: Actor, body: SchemaType<typeof createTargetSchema>) {
    const reseller = await this.reseller(ctx, body.resellerId);
    if (!this.canManage(ctx, reseller)) throw forbidden('billing.resellerManagedAbove');
    const values = this.values(body);
    const id = await this.uow.run(async (tx) => {
      const created = await this.repo.insertTarget(tx, { ...values, resellerId: reseller.id, ownerOrganizationId: ctx.tenant.organizationId, createdBy: ctx.principal.userId });
      await this.audit.record(tx, ctx, { operationType: 'Create', className: 'ResellerTarget', referenceId: created, newData: { resellerId: reseller.id, ...values } });
      return created;
    });
    return this.targetView(ctx, id);
  }

  async updateTarget(ctx: Actor, body: SchemaType<typeof updateTargetSchema>) {
    const { target } = await this.managedTarget(ctx, body.id);
    const values = this.values(body);
    await this.uow.run(async (tx) => {
      await this.repo.updateTarget(tx, target.id, values);
      await this.audit.record(tx, ctx, { operationType: 'Update', className: 'ResellerTarget', referenceId: target.id, oldData: target, newData: values });
    });
    return this.targetView(ctx, target.id);
  }

  async deleteTarget(ctx: Actor, id: number) {
    const { target } = await this.managedTarget(ctx, id);
    await this.uow.run(async (tx) => {
      await this.repo.deleteTarget(tx, target.id);
      await this.audit.record(tx, ctx, { operationType: 'Delete', className: 'ResellerTarget', referenceId: target.id, oldData: target });
    });
    return { id: target.id };
  }

  private async targetView(ctx: Actor, id: number) {
    const target = await this.repo.target(id);
    if (!target) throw notFound('billing.resellerTargetNotFound');
    const list = await this.targets(ctx, { resellerId: target.resellerId });
    return list.items.find((i) => i.id === id)!;
  }

  /**
   * The job's pass: for every active target, the period now running (and the one before, for a day
   * after it ended) whose parts reached the target and has no reward yet gets one. Safe when run
   * twice or concurrently: the reward row's primary key and the ledger's idempotency key.
   * Answers how many rewards this pass paid.
   */
  async rewardDue(now: Date, signal?: AbortSignal): Promise<number> {
    let paid = 0;
    // Targets of one reseller over the same period read its sum once per pass.
    const sums = new Map<string, bigint>();
    const due: { t: TargetRow & { accountId: number }; periods: TargetPeriod[] }[] = [];
    for (const t of await this.repo.activeTargets()) {
      if (t.accountId === null) continue;
      const times = t.times as TargetTimes;
      const periods = [periodOf(times, now)];
      const previous = previousPeriodOf(times, now);
      // A target set after a period ended earns nothing for it.
      if (now.getTime() - previous.to.getTime() < LATE_CHECK_MS && t.createdAt < previous.to) periods.push(previous);
      due.push({ t: { ...t, accountId: t.accountId }, periods });
    }
    // A period already rewarded is not summed again: the sum is the pass's cost (every minute), and
    // the reward row, once written, is final for its period.
    const rewarded = await this.repo.rewardedPeriods(due.map((d) => d.t.id));
    for (const { t, periods } of due) {
      if (signal?.aborted) break;
      for (const period of periods) {
        if (rewarded.has(`${t.id}:${period.key}`)) continue;
        const key = `${t.accountId}:${period.key}`;
        let sent = sums.get(key);
        if (sent === undefined) {
          sent = await this.repo.sentParts(t.accountId, period.from, period.to);
          sums.set(key, sent);
        }
        if (sent < BigInt(t.targetValue)) continue;
        if (await this.reward(t, t.accountId, period, sent)) paid++;
      }
    }
    return paid;
  }

  private async reward(t: TargetRow, accountId: number, period: TargetPeriod, sent: bigint): Promise<boolean> {
    return this.uow.run(async (tx) => {
      const ours = await this.repo.claimReward(tx, { targetId: t.id, periodKey: period.key, resellerId: t.resellerId, parts: sent.toString(), credit: t.credit });
      if (!ours) return false;
      const entry = await this.billing.credit(tx, {
        accountId, amount: BigInt(t.credit), typeCreditChange: 'Manage', referenceType: 'reseller-target', referenceId: t.id,
        idempotencyKey: `reseller-target:${t.id}:${period.key}`, description: `Target reward ${t.title ?? `#${t.id}`} ${period.key}`,
        createdByUserName: 'system',
      });
      await this.repo.setRewardEntry(tx, t.id, period.key, entry.id);
      this.logger.info({ targetId: t.id, resellerId: t.resellerId, periodKey: period.key, parts: sent.toString() }, 'reseller target reward credited');
      return true;
    });
  }
}

/** Day rows folded into Jalali months (`1405-09`), oldest first. */
function byJalaliMonth(days: MarginDayRow[]) {
  const months = new Map<string, MarginDayRow[]>();
  for (const d of days) {
    const j = toJalali(dayNumber(d.day));
    const key = `${j.jy}-${String(j.jm).padStart(2, '0')}`;
    months.set(key, [...(months.get(key) ?? []), d]);
  }
  return [...months.entries()].map(([period, rows]) => ({ period, ...sumFigures(rows) }));
}
