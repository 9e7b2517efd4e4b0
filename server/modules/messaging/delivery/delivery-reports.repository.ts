import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../../platform/tokens.js';
import type { Tx } from '../../../platform/unit-of-work.js';
import { toPgTextArray } from '../receivers.repository.js';
import { OPEN_DELIVERY_STATUSES, type DeliveryStatus } from '../statuses.js';

export interface ReportRow {
  providerId: string;
  deliveryStatus: DeliveryStatus;
  at: string;
  raw: unknown;
}

export interface ReportTransition {
  sendId: number;
  seq: number;
  operator: string;
  deliveryStatus: DeliveryStatus;
  providerId: string;
  at: string;
}

/**
 * Delivery reports: applied to the receivers still open, parked in unmatched_delivery_reports
 * while their submit answer is not stored yet, and the time-out that closes receivers no report
 * ever came for. Only open receivers ever move, so every statement here is safe to repeat.
 */
@injectable()
export class DeliveryReportsRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  /**
   * Applies delivery reports of one sender agent: only receivers still open move, so a repeated or
   * late report changes nothing. Returns the receivers that moved.
   */
  async applyReports(tx: Tx, senderAgentId: number, reports: ReportRow[]): Promise<ReportTransition[]> {
    if (reports.length === 0) return [];
    // Two statements whose plans do not depend on statistics (which lag behind bulk loads and
    // status changes): find the open receivers through the providerId index alone, pair them with
    // their reports here, then update them by full primary key driven by bound arrays.
    const found = await tx.raw(
      `select r."sendId", r.seq, r."providerId", r."deliveryStatus" from send_recipients r
       where r."providerId" = any(?::text[]) and r."deliveryStatus" in ('SentToItc', 'ReceivedByItc')`,
      [toPgTextArray(reports.map((r) => r.providerId))],
    );
    const rows = found.rows as { sendId: string | number; seq: number; providerId: string; deliveryStatus: DeliveryStatus }[];
    if (rows.length === 0) return [];
    const ofAgent = await this.sendsOfAgent(tx, senderAgentId, [...new Set(rows.map((r) => Number(r.sendId)))]);
    const byProvider = new Map<string, ReportRow>();
    // The last report for an id in one batch wins (they arrive in the order the gateway sent them).
    for (const r of reports) byProvider.set(r.providerId, r);
    const sids: number[] = [];
    const seqs: number[] = [];
    const states: string[] = [];
    const ats: string[] = [];
    const raws: string[] = [];
    for (const row of rows) {
      const sendId = Number(row.sendId);
      const report = byProvider.get(row.providerId);
      if (!report || !ofAgent.has(sendId)) continue;
      if (row.deliveryStatus === 'ReceivedByItc' && report.deliveryStatus === 'ReceivedByItc') continue;
      sids.push(sendId);
      seqs.push(row.seq);
      states.push(report.deliveryStatus);
      ats.push(report.at);
      raws.push(JSON.stringify(report.raw ?? null));
    }
    if (sids.length === 0) return [];
    const res = await tx.raw(
      `update send_recipients r set "deliveryStatus" = x.ds, "statusDateTime" = x.at, "deliveryReport" = x.raw::jsonb
       from unnest(?::bigint[], ?::int[], ?::text[], ?::timestamptz[], ?::text[]) as x(sid, seq, ds, at, raw)
       where r."sendId" = x.sid and r.seq = x.seq and r."deliveryStatus" in ('SentToItc', 'ReceivedByItc')
       returning r."sendId", r.seq, r.operator, r."deliveryStatus", r."providerId", r."statusDateTime"`,
      [`{${sids.join(',')}}`, `{${seqs.join(',')}}`, toPgTextArray(states), toPgTextArray(ats), toPgTextArray(raws)],
    );
    return (res.rows as { sendId: string | number; seq: number; operator: string; deliveryStatus: DeliveryStatus; providerId: string; statusDateTime: Date | string }[])
      .map((r) => ({ sendId: Number(r.sendId), seq: r.seq, operator: r.operator, deliveryStatus: r.deliveryStatus, providerId: r.providerId, at: new Date(r.statusDateTime).toISOString() }));
  }

  /** Which of these sends go out through the sender agent (a report is only trusted from the agent that took the message). */
  private async sendsOfAgent(tx: Tx, senderAgentId: number, sendIds: number[]): Promise<Set<number>> {
    const rows = await tx('sends').whereIn('id', sendIds).where({ senderAgentId }).select('id');
    return new Set(rows.map((r: { id: string | number }) => Number(r.id)));
  }

  /**
   * Which of these provider ids belong to a receiver of the agent that is already final: a report
   * for it is a repeat. A receiver still open may just have been stored; its report is retried.
   */
  async finalProviderIds(senderAgentId: number, providerIds: string[]): Promise<Set<string>> {
    if (providerIds.length === 0) return new Set();
    const rows = await this.knex.raw(
      `select r."providerId" from send_recipients r join sends s on s.id = r."sendId"
       where r."providerId" = any(?::text[]) and s."senderAgentId" = ? and not (r."deliveryStatus" = any(?::text[]))`,
      [toPgTextArray(providerIds), senderAgentId, toPgTextArray([...OPEN_DELIVERY_STATUSES])],
    );
    return new Set((rows.rows as { providerId: string }[]).map((r) => r.providerId));
  }

  /** Parks reports whose receiver is not known yet; answers their row ids in the same order. */
  async saveUnmatched(senderAgentId: number, reports: { providerId: string; state: string; providerStatus: string; at: Date; raw?: unknown }[]): Promise<number[]> {
    if (reports.length === 0) return [];
    const rows = await this.knex('unmatched_delivery_reports').insert(reports.map((r) => ({
      senderAgentId, providerId: r.providerId, state: r.state, providerStatus: String(r.providerStatus ?? '').slice(0, 60), at: r.at, raw: r.raw === undefined ? null : JSON.stringify(r.raw),
    }))).returning('id');
    return rows.map((r: { id: string | number } | string | number) => Number(typeof r === 'object' ? r.id : r));
  }

  async deleteUnmatched(tx: Tx, ids: number[]): Promise<void> {
    await tx('unmatched_delivery_reports').whereIn('id', ids).delete();
  }

  /** Parked reports whose provider id now belongs to a receiver still waiting for its report. */
  async parkedWithReceiver(since: Date, limit: number): Promise<{ id: number; senderAgentId: number; providerId: string; state: string; providerStatus: string; at: Date; raw: unknown }[]> {
    const res = await this.knex.raw(
      `select u.id, u."senderAgentId", u."providerId", u.state, u."providerStatus", u.at, u.raw from unmatched_delivery_reports u
       where u."receivedAt" >= ?::timestamptz
         and exists (select 1 from send_recipients r join sends s on s.id = r."sendId"
                     where r."providerId" = u."providerId" and r."deliveryStatus" in ('SentToItc', 'ReceivedByItc') and s."senderAgentId" = u."senderAgentId")
       order by u.id limit ?`,
      [since.toISOString(), limit],
    );
    return (res.rows as Record<string, unknown>[]).map((r) => ({
      id: Number(r.id), senderAgentId: Number(r.senderAgentId), providerId: String(r.providerId), state: String(r.state),
      providerStatus: String(r.providerStatus), at: new Date(r.at as string), raw: r.raw,
    }));
  }

  /**
   * Closes as Unknown the receivers of one send the operator accepted before `before` and never
   * reported on; answers how many per operator (only open receivers move, so a repeat is a no-op).
   */
  async closeOverdue(tx: Tx, sendId: number, before: Date, at: Date): Promise<{ counts: Record<string, number>; closed: { seq: number; providerId: string | null }[] }> {
    const res = await tx.raw(
      `update send_recipients set "deliveryStatus" = 'Unknown', "sendStatus" = 'ErrorInGetItc', "statusDateTime" = ?::timestamptz,
         "deliveryReport" = jsonb_build_object('providerStatus', 'NO_REPORT', 'raw', null)
       where "sendId" = ? and "deliveryStatus" in ('SentToItc', 'ReceivedByItc') and "sendDateTime" < ?::timestamptz
       returning seq, operator, "providerId"`,
      [at.toISOString(), sendId, before.toISOString()],
    );
    const counts: Record<string, number> = {};
    const closed: { seq: number; providerId: string | null }[] = [];
    for (const r of res.rows as { seq: number; operator: string; providerId: string | null }[]) {
      counts[r.operator] = (counts[r.operator] ?? 0) + 1;
      closed.push({ seq: r.seq, providerId: r.providerId });
    }
    return { counts, closed };
  }
}
