import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../../platform/tokens.js';
import { affectedRows } from '../../../platform/db.js';
import type { Tx } from '../../../platform/unit-of-work.js';
import type { Tenant } from '../../../platform/http/context.js';
import { whereOrganizationVisible } from '../../../platform/tenancy.js';
import type { RecipientInput } from '../receivers.repository.js';

/** The spec's automatic resend: when a receiver of a send from `privateNumberId` ends in one of `deliveryStatus`, send it again on one of `targetPrivateNumbers`. */
export interface ResendRuleRow {
  id: number;
  organizationId: number;
  createdByUserId: number;
  privateNumberId: number;
  deliveryStatus: string[];
  targetPrivateNumbers: number[];
  createdAt: Date;
}

/** A finished send that one rule has not answered yet. */
export interface ResendCandidate {
  sendId: number;
  ruleId: number;
}

/** Resend rules, their once-only runs, and the receivers a resend takes from its original. */
@injectable()
export class ResendRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  /**
   * The receivers of a send whose delivery status is one of `statuses`, in seq order, from the live
   * table and — for a send ever archived — the archive table too.
   */
  async receiversWithStatuses(sendId: number, statuses: string[], archived: boolean, tx?: Tx): Promise<RecipientInput[]> {
    const db = tx ?? this.knex;
    const pick = `select seq, "toNumber" as number, operator, description from %T where "sendId" = ? and "deliveryStatus" = any(?::text[])`;
    const list = `{${statuses.map((s) => `"${s}"`).join(',')}}`;
    const sql = archived
      ? `${pick.replace('%T', 'send_recipients')} union all ${pick.replace('%T', 'send_recipients_archive')} order by seq`
      : `${pick.replace('%T', 'send_recipients')} order by seq`;
    const res = await db.raw(sql, archived ? [sendId, list, sendId, list] : [sendId, list]);
    return (res.rows as { number: string; operator: string; description: string | null }[]).map((r) => ({ number: r.number, operator: r.operator, description: r.description }));
  }

  async rules(tenant: Tenant, privateNumberId?: number): Promise<ResendRuleRow[]> {
    const q = this.knex('resend_rules').whereNull('deletedAt').orderBy('id');
    if (privateNumberId !== undefined) q.where({ privateNumberId });
    whereOrganizationVisible(q, this.knex, 'organizationId', tenant);
    return (await q).map(normalizeRule);
  }

  async rule(tenant: Tenant, id: number): Promise<ResendRuleRow | null> {
    const q = this.knex('resend_rules').where({ id }).whereNull('deletedAt');
    whereOrganizationVisible(q, this.knex, 'organizationId', tenant);
    const row = await q.first();
    return row ? normalizeRule(row) : null;
  }

  async ruleById(id: number): Promise<ResendRuleRow | null> {
    const row = await this.knex('resend_rules').where({ id }).first();
    return row ? normalizeRule(row) : null;
  }

  async insertRule(tx: Tx, values: { organizationId: number; createdByUserId: number; privateNumberId: number; deliveryStatus: string[]; targetPrivateNumbers: number[] }): Promise<ResendRuleRow> {
    const [row] = await tx('resend_rules').insert({
      ...values, deliveryStatus: JSON.stringify(values.deliveryStatus), targetPrivateNumbers: JSON.stringify(values.targetPrivateNumbers),
    }).returning('*');
    return normalizeRule(row);
  }

  async deleteRule(tx: Tx, id: number, at: Date): Promise<boolean> {
    return affectedRows(await tx('resend_rules').where({ id }).whereNull('deletedAt').update({ deletedAt: at })) > 0;
  }

  /**
   * Finished sends (Completed since `since`) of a line with a live rule of the send's organization
   * that existed when the send was made, not answered by that rule yet. Automatic resends are not
   * themselves resent (a rule pair A→B, B→A would otherwise never end). Dynamic and P2P file sends are left out:
   * each receiver had its own text, which a resend of the send's template would not carry.
   */
  async candidates(since: Date, limit: number): Promise<ResendCandidate[]> {
    const res = await this.knex.raw(
      `select s.id as "sendId", r.id as "ruleId"
         from resend_rules r
         join sends s on s."privateNumberId" = r."privateNumberId" and s."organizationId" = r."organizationId"
        where r."deletedAt" is null and s."queueStatus" = 'Completed' and s."dateTimeEnd" >= ?::timestamptz
          and s."resendRuleId" is null and s."dateTimeSend" >= r."createdAt" and s."sendType" is distinct from 'Dynamic'
          and s."p2PIsSendDuplicateNumber" is null
          and not exists (select 1 from resend_runs x where x."sendId" = s.id and x."ruleId" = r.id)
        order by s.id, r.id limit ?`,
      [since.toISOString(), limit],
    );
    return (res.rows as { sendId: number | string; ruleId: number }[]).map((r) => ({ sendId: Number(r.sendId), ruleId: Number(r.ruleId) }));
  }

  /** The once-only mark of a rule's run for a send; a second one fails on the primary key. */
  async insertRun(tx: Tx, run: { sendId: number; ruleId: number; resendSendId: number | null; failureCode: string | null }): Promise<void> {
    await tx('resend_runs').insert(run);
  }

  /** A run that made no send (nothing matched, or refused): recorded unless another process already answered. */
  async recordRunOutcome(run: { sendId: number; ruleId: number; failureCode: string | null }): Promise<void> {
    await this.knex('resend_runs').insert({ ...run, resendSendId: null }).onConflict(['sendId', 'ruleId']).ignore();
  }

  async run(sendId: number, ruleId: number): Promise<{ resendSendId: number | null; failureCode: string | null } | null> {
    return (await this.knex('resend_runs').where({ sendId, ruleId }).first()) ?? null;
  }

  async addCountResendOther(tx: Tx, sendId: number, count: number): Promise<void> {
    await tx('sends').where({ id: sendId }).increment('countResendOther', count);
  }

  /** The sends made again from this one (manual and automatic), oldest first. */
  async resendsOf(sendId: number): Promise<Record<string, unknown>[]> {
    const rows = await this.knex('sends').where({ resendOfSendId: sendId })
      .select('id', 'resendRuleId', 'senderNumber', 'recipientCount', 'queueStatus', 'status', 'totalPrice', 'dateTimeSend').orderBy('id');
    return rows.map((r: Record<string, unknown>) => ({ ...r, id: Number(r.id), totalPrice: r.totalPrice === null ? null : String(r.totalPrice) }));
  }
}

function normalizeRule(row: Record<string, unknown>): ResendRuleRow {
  const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
  return { ...(row as unknown as ResendRuleRow), deliveryStatus: json(row.deliveryStatus), targetPrivateNumbers: json(row.targetPrivateNumbers) };
}
