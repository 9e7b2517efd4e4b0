import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../platform/tokens.js';
import type { Tx } from '../../platform/unit-of-work.js';
import { str } from './money.js';

/** Parts of a hold net of every refund key (the function of migration 0077: its declared cost keeps the planner from JIT-compiling a period's sum). */
const NET_PARTS = 'hold_net_parts(h.parts, h.refunds)';

/**
 * The reseller's line (`r`, its own organization account) and its direct customer's line (`c`) of
 * every hold that was not released, with the customer organization (`co`, whose parent is the reseller).
 * A send by the reseller itself has no customer line and is no margin.
 */
const MARGIN_FROM = `from credit_hold_lines r
  join credit_holds h on h.id = r."holdId" and h.status <> 'released'
  join credit_hold_lines c on c."holdId" = r."holdId" and c."userId" is null and c."accountId" <> r."accountId"
  join organizations co on co.id = c."organizationId" and co."parentId" = ?
  where r."accountId" = ? and h."createdAt" >= ? and h."createdAt" < ?`;

export interface MarginFilter {
  resellerId: number;
  accountId: number;
  from: Date;
  to: Date;
  customerOrganizationId?: number;
}

export interface MarginSendRow {
  holdId: string;
  reference: string;
  createdAt: Date;
  status: string;
  customerOrganizationId: number;
  customerOrganizationName: string;
  parts: number;
  customerPaid: string;
  resellerCost: string;
  margin: string;
}

export interface MarginDayRow {
  day: string;
  sends: number;
  parts: number;
  customerPaid: string;
  resellerCost: string;
  margin: string;
}

export interface ResellerSettingsRow {
  organizationId: number;
  pricePerSms: string | null;
  panelPercent: string | null;
  updatedAt: Date | null;
}

export interface TargetRow {
  id: number;
  resellerId: number;
  ownerOrganizationId: number;
  ownerPath: string;
  title: string | null;
  times: string;
  targetValue: string;
  credit: string;
  isActive: boolean;
  createdAt: Date;
}

export interface RewardRow {
  targetId: number;
  periodKey: string;
  parts: string;
  credit: string;
  ledgerEntryId: string | null;
  rewardedAt: Date;
}

const toIso = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));

/** Reseller margin (read from the hold lines), reseller settings, targets and their rewards. */
@injectable()
export class ResellerTargetsRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  /** The reseller's own organization account, or null before its first money movement. */
  async accountIdOf(organizationId: number, tx?: Tx): Promise<number | null> {
    const row = await (tx ?? this.knex)('credit_accounts').where({ organizationId }).whereNull('userId').first('id');
    return row ? Number(row.id) : null;
  }

  private marginArgs(f: MarginFilter): { where: string; args: Knex.RawBinding[] } {
    const args: Knex.RawBinding[] = [f.resellerId, f.accountId, f.from, f.to];
    let where = MARGIN_FROM;
    if (f.customerOrganizationId !== undefined) { where += ' and c."organizationId" = ?'; args.push(f.customerOrganizationId); }
    return { where, args };
  }

  async marginSends(f: MarginFilter, offset: number, limit: number): Promise<{ items: MarginSendRow[]; totalCount: number }> {
    const { where, args } = this.marginArgs(f);
    const [{ rows: countRows }, { rows }] = await Promise.all([
      this.knex.raw(`select count(*) as n ${where}`, args),
      this.knex.raw(
        `select h.id as "holdId", h.reference, h."createdAt", h.status, c."organizationId" as "customerOrganizationId", co.name as "customerOrganizationName",
                ${NET_PARTS} as parts, c.amount - c.refunded as "customerPaid", r.amount - r.refunded as "resellerCost",
                (c.amount - c.refunded) - (r.amount - r.refunded) as margin
           ${where} order by h."createdAt" desc, h.id desc limit ? offset ?`,
        [...args, limit, offset],
      ),
    ]);
    return {
      totalCount: Number((countRows as { n: unknown }[])[0]?.n ?? 0),
      items: (rows as Record<string, unknown>[]).map((r) => ({
        holdId: String(r.holdId), reference: String(r.reference), createdAt: toIso(r.createdAt), status: String(r.status),
        customerOrganizationId: Number(r.customerOrganizationId), customerOrganizationName: String(r.customerOrganizationName),
        parts: Number(r.parts), customerPaid: str(r.customerPaid), resellerCost: str(r.resellerCost), margin: str(r.margin),
      })),
    };
  }

  /** Totals per Tehran day (`YYYY-MM-DD`), oldest first. */
  async marginDays(f: MarginFilter): Promise<MarginDayRow[]> {
    const { where, args } = this.marginArgs(f);
    const { rows } = await this.knex.raw(
      `select to_char((h."createdAt" at time zone 'Asia/Tehran')::date, 'YYYY-MM-DD') as day, count(*) as sends, sum(${NET_PARTS}) as parts,
              sum(c.amount - c.refunded) as "customerPaid", sum(r.amount - r.refunded) as "resellerCost",
              sum((c.amount - c.refunded) - (r.amount - r.refunded)) as margin
         ${where} group by 1 order by 1`,
      args,
    );
    return (rows as Record<string, unknown>[]).map((r) => ({
      day: String(r.day), sends: Number(r.sends), parts: Number(r.parts), customerPaid: str(r.customerPaid), resellerCost: str(r.resellerCost), margin: str(r.margin),
    }));
  }

  /** Parts sent by the reseller's subtree (every hold that charged its account, not released), net of refunds. */
  async sentParts(accountId: number, from: Date, to: Date, tx?: Tx): Promise<bigint> {
    const { rows } = await (tx ?? this.knex).raw(
      `select coalesce(sum(${NET_PARTS}), 0) as parts
         from credit_hold_lines r join credit_holds h on h.id = r."holdId" and h.status <> 'released'
        where r."accountId" = ? and h."createdAt" >= ? and h."createdAt" < ?`,
      [accountId, from, to],
    );
    return BigInt(str((rows as { parts: unknown }[])[0]?.parts ?? 0));
  }

  async settings(organizationId: number): Promise<ResellerSettingsRow | null> {
    const row = await this.knex('reseller_settings').where({ organizationId }).first();
    return row ? { organizationId: row.organizationId, pricePerSms: row.pricePerSms === null ? null : str(row.pricePerSms), panelPercent: row.panelPercent === null ? null : String(row.panelPercent), updatedAt: toIso(row.updatedAt) } : null;
  }

  async saveSettings(tx: Tx, organizationId: number, values: { pricePerSms: string | null; panelPercent: string | null }, userId: number): Promise<void> {
    await tx('reseller_settings').insert({ organizationId, ...values, updatedAt: tx.fn.now(), updatedBy: userId })
      .onConflict('organizationId').merge(['pricePerSms', 'panelPercent', 'updatedAt', 'updatedBy']);
  }

  private targets(db: Knex | Tx) {
    return db('reseller_targets as t').join('organizations as o', 'o.id', 't.ownerOrganizationId').whereNull('t.deletedAt')
      .select('t.id', 't.resellerId', 't.ownerOrganizationId', 'o.path as ownerPath', 't.title', 't.times', 't.targetValue', 't.credit', 't.isActive', 't.createdAt');
  }

  private static toTarget(r: Record<string, unknown>): TargetRow {
    return {
      id: Number(r.id), resellerId: Number(r.resellerId), ownerOrganizationId: Number(r.ownerOrganizationId), ownerPath: String(r.ownerPath), title: (r.title as string | null) ?? null,
      times: String(r.times), targetValue: str(r.targetValue), credit: str(r.credit), isActive: r.isActive === true, createdAt: toIso(r.createdAt),
    };
  }

  async targetsOf(resellerId: number): Promise<TargetRow[]> {
    const rows = await this.targets(this.knex).where('t.resellerId', resellerId).orderBy('t.id');
    return rows.map(ResellerTargetsRepository.toTarget);
  }

  async target(id: number, tx?: Tx): Promise<TargetRow | null> {
    const row = await this.targets(tx ?? this.knex).where('t.id', id).first();
    return row ? ResellerTargetsRepository.toTarget(row) : null;
  }

  /** Active targets of live resellers, with the reseller's account (null: it never had one, so it sent nothing). */
  async activeTargets(): Promise<(TargetRow & { accountId: number | null })[]> {
    const rows = await this.targets(this.knex).join('organizations as r', 'r.id', 't.resellerId').whereNull('r.deletedAt').where('t.isActive', true)
      .leftJoin('credit_accounts as a', (j) => j.on('a.organizationId', '=', 't.resellerId').andOnNull('a.userId'))
      .select('a.id as accountId').orderBy('t.id');
    return rows.map((r: Record<string, unknown>) => ({ ...ResellerTargetsRepository.toTarget(r), accountId: r.accountId === null || r.accountId === undefined ? null : Number(r.accountId) }));
  }

  async insertTarget(tx: Tx, values: { resellerId: number; ownerOrganizationId: number; title: string | null; times: string; targetValue: string; credit: string; isActive: boolean; createdBy: number }): Promise<number> {
    const [row] = await tx('reseller_targets').insert(values).returning('id');
    return Number((row as { id: number }).id);
  }

  async updateTarget(tx: Tx, id: number, values: { title: string | null; times: string; targetValue: string; credit: string; isActive: boolean }): Promise<void> {
    await tx('reseller_targets').where({ id }).whereNull('deletedAt').update(values);
  }

  async deleteTarget(tx: Tx, id: number): Promise<void> {
    await tx('reseller_targets').where({ id }).whereNull('deletedAt').update({ deletedAt: tx.fn.now() });
  }

  async rewardsOf(targetIds: number[]): Promise<RewardRow[]> {
    if (targetIds.length === 0) return [];
    const rows = await this.knex('reseller_target_rewards').whereIn('targetId', targetIds).orderBy('rewardedAt', 'desc');
    return rows.map((r: Record<string, unknown>) => ({
      targetId: Number(r.targetId), periodKey: String(r.periodKey), parts: str(r.parts), credit: str(r.credit),
      ledgerEntryId: r.ledgerEntryId === null ? null : String(r.ledgerEntryId), rewardedAt: toIso(r.rewardedAt),
    }));
  }

  /** `targetId:periodKey` of every reward already claimed for these targets. */
  async rewardedPeriods(targetIds: number[]): Promise<Set<string>> {
    if (targetIds.length === 0) return new Set();
    const rows = await this.knex('reseller_target_rewards').whereIn('targetId', targetIds).select('targetId', 'periodKey');
    return new Set(rows.map((r: { targetId: unknown; periodKey: unknown }) => `${Number(r.targetId)}:${String(r.periodKey)}`));
  }

  /**
   * Claims the reward of a target's period: the row's primary key lets exactly one of any number of
   * concurrent callers insert it (the others wait on its lock and then insert nothing). True: ours.
   */
  async claimReward(tx: Tx, row: { targetId: number; periodKey: string; resellerId: number; parts: string; credit: string }): Promise<boolean> {
    const inserted = await tx('reseller_target_rewards').insert(row).onConflict(['targetId', 'periodKey']).ignore().returning('targetId');
    return (inserted as unknown[]).length === 1;
  }

  async setRewardEntry(tx: Tx, targetId: number, periodKey: string, ledgerEntryId: string): Promise<void> {
    await tx('reseller_target_rewards').where({ targetId, periodKey }).update({ ledgerEntryId });
  }
}
