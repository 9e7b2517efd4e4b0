import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../platform/tokens.js';
import type { Tx } from '../../platform/unit-of-work.js';
import type { Tenant } from '../../platform/http/context.js';
import type { Page } from '../../platform/http/envelope.js';
import { likeContains } from '../../platform/http/search.js';
import { whereOrganizationVisible } from '../../platform/tenancy.js';
import { DISPATCH_QUEUE_STATUSES, WAITING_QUEUE_STATUSES, type DeliveryStatus } from './statuses.js';
import { toPgTextArray } from './receivers.repository.js';

/**
 * A send's line priority (`private_numbers.priority`, read like `blacklist_numbers`: numbers'
 * contract), for ordering the sends that compete for dispatch; a send without a line counts as 0.
 */
const LINE_PRIORITY = `coalesce((select pn.priority from private_numbers pn where pn.id = sends."privateNumberId"), 0)`;

/**
 * The send types of the single-send lane: a one-receiver Single or Api send (issue 30 part 3: the
 * REST API's and the SMPP server's sends are Api). As SQL for the lane's picks, kept in step with
 * `laneOf` (dispatch-queues.service.ts).
 */
export const SINGLE_LANE_TYPES = ['Single', 'Api'] as const;
const SINGLE_LANE_SQL = `('Single', 'Api')`;

export interface SendRow {
  id: number;
  organizationId: number;
  userId: number;
  clientSendId: string | null;
  /** A regional send: receivers masked on every read (targeting, migration 0059). */
  isHiddenReceivers?: boolean;
  privateNumberId: number;
  senderAgentId: number;
  senderNumber: string;
  lineType: string;
  sendType: string;
  sendSubType: string;
  /** The rank of the spec's SendPriority (shared/sends/send-priorities.ts; migration 0104, Normal = 3). */
  priority?: number;
  smsText: string;
  isFlashSms: boolean;
  smsEncoding: 'gsm7' | 'ucs2';
  smsParts: number;
  recipientCount: number;
  queueStatus: string;
  status: string;
  failureCode: string;
  dateTimeSend: Date;
  pendingCount: number;
  refundPolicy: { deliveryBase: boolean; deliveryLevel1: boolean; deliveryLevel2: boolean; refundDeliveryStatusId: string | null };
  /** While Updating: the queue status the send goes back to. */
  editFromQueueStatus?: string | null;
  /** A P2P file send: whether repeated numbers were kept (each row its own message); null for every other send. */
  p2PIsSendDuplicateNumber?: boolean | null;
  [key: string]: unknown;
}

/** Sends: the rows, their queue and outbox status moves, and their counters. Receivers are in receivers.repository.ts, reports in delivery-reports.repository.ts. */
@injectable()
export class SendsRepository {
  constructor(
    @inject(TYPES.Knex) private readonly knex: Knex,
  ) {}

  private db(tx?: Tx): Knex {
    return tx ?? this.knex;
  }

  async insertSend(tx: Tx, values: Record<string, unknown>): Promise<SendRow> {
    const [row] = await tx('sends').insert({ ...values, refundPolicy: JSON.stringify(values.refundPolicy) }).returning('*');
    return normalizeSend(row);
  }

  /**
   * Ids for sends about to be stored together: a group's holds are referenced by send id before
   * the rows exist, so a refused hold never leaves a send to undo.
   */
  async nextIds(tx: Tx, count: number): Promise<number[]> {
    const res = await tx.raw(`select nextval(pg_get_serial_sequence('sends', 'id'))::bigint as id from generate_series(1, ?::int)`, [count]);
    return (res.rows as { id: string | number }[]).map((r) => Number(r.id));
  }

  /** Several new sends (ids given) in one statement; answers the rows in the order given. */
  async insertSends(tx: Tx, values: Record<string, unknown>[]): Promise<SendRow[]> {
    if (values.length === 0) return [];
    // One jsonb parameter instead of ~50 bound values a row: a group of 250 sends was 12,000 parameters.
    const columns = Object.keys(values[0]);
    const list = columns.map((c) => `"${c}"`).join(', ');
    const res = await tx.raw(`insert into sends (${list}) select ${list} from jsonb_populate_recordset(null::sends, ?::jsonb) returning *`, [JSON.stringify(values)]);
    const rows = res.rows as { id: string | number }[];
    const byId = new Map(rows.map((r: { id: string | number }) => [Number(r.id), normalizeSend(r)]));
    return values.map((v) => byId.get(Number(v.id)) as SendRow);
  }

  /** Writes a new send's price breakdown (the hold's, in the send's transaction); answers the row. */
  async setPrice(tx: Tx, id: number, price: { price: string; levy: string; tax: string; total: string }): Promise<SendRow> {
    const [row] = await tx('sends').where({ id })
      .update({ sendPrice: price.price, resolutionOfParliamentPrice: price.levy, taxPrice: price.tax, totalPrice: price.total }).returning('*');
    return normalizeSend(row);
  }

  /** The hold's price breakdown on many new sends in one statement; answers the rows by id. */
  async setPrices(tx: Tx, prices: { id: number; price: string; levy: string; tax: string; total: string }[]): Promise<Map<number, SendRow>> {
    const out = new Map<number, SendRow>();
    if (prices.length === 0) return out;
    const res = await tx.raw(
      `update sends s set "sendPrice" = x.p, "resolutionOfParliamentPrice" = x.l, "taxPrice" = x.t, "totalPrice" = x.tot
         from unnest(?::bigint[], ?::bigint[], ?::bigint[], ?::bigint[], ?::bigint[]) as x(id, p, l, t, tot) where s.id = x.id returning s.*`,
      [`{${prices.map((p) => p.id).join(',')}}`, `{${prices.map((p) => p.price).join(',')}}`, `{${prices.map((p) => p.levy).join(',')}}`,
        `{${prices.map((p) => p.tax).join(',')}}`, `{${prices.map((p) => p.total).join(',')}}`],
    );
    for (const row of res.rows as Record<string, unknown>[]) {
      const send = normalizeSend(row);
      out.set(send.id, send);
    }
    return out;
  }

  /** Sends already stored under these (user, client send id) pairs, keyed `userId:clientSendId`. */
  async findByClientSendIds(pairs: { userId: number; clientSendId: string }[]): Promise<Map<string, SendRow>> {
    const out = new Map<string, SendRow>();
    if (pairs.length === 0) return out;
    const res = await this.knex.raw(
      `select s.* from sends s join unnest(?::int[], ?::text[]) as x(uid, csid) on s."userId" = x.uid and s."clientSendId" = x.csid`,
      [`{${pairs.map((p) => p.userId).join(',')}}`, toPgTextArray(pairs.map((p) => p.clientSendId))],
    );
    for (const row of res.rows) {
      const send = normalizeSend(row);
      out.set(`${send.userId}:${send.clientSendId}`, send);
    }
    return out;
  }

  /** Whether any send ever had a receiver accepted by an operator (the first-run checklist's test message). */
  async anyAccepted(): Promise<boolean> {
    return !!(await this.knex('sends').where('sentCount', '>', 0).first('id'));
  }

  async findByClientSendId(tx: Tx | undefined, userId: number, clientSendId: string): Promise<SendRow | null> {
    const row = await this.db(tx)('sends').where({ userId, clientSendId }).first();
    return row ? normalizeSend(row) : null;
  }

  async findById(tx: Tx | undefined, id: number, lock = false): Promise<SendRow | null> {
    const q = this.db(tx)('sends').where({ id });
    if (lock) q.forUpdate();
    const row = await q.first();
    return row ? normalizeSend(row) : null;
  }

  async findVisible(tenant: Tenant, id: number, tx?: Tx): Promise<SendRow | null> {
    const q = this.db(tx)('sends as s').leftJoin('users as u', 'u.id', 's.userId').where('s.id', id).select('s.*', 'u.userName as userName');
    whereOrganizationVisible(q, this.db(tx), 's.organizationId', tenant);
    const row = await q.first();
    return row ? normalizeSend(row) : null;
  }

  async list(tenant: Tenant, filter: { pageIndex: number; pageSize: number; status?: string; queueStatus?: string; search?: string | null; userId?: number; from?: Date; to?: Date; includeArchived?: boolean; cancelledNotResent?: boolean }): Promise<Page<SendRow>> {
    const base = this.knex('sends as s').join('organizations as o', 'o.id', 's.organizationId');
    whereOrganizationVisible(base, this.knex, 's.organizationId', tenant);
    if (filter.status) base.where('s.status', filter.status);
    // Archived sends leave the everyday list; asked for by status or includeArchived they come back.
    else if (!filter.includeArchived) base.whereNotIn('s.status', ['Archived', 'Archiving']);
    if (filter.queueStatus) base.where('s.queueStatus', filter.queueStatus);
    if (filter.userId) base.where('s.userId', filter.userId);
    if (filter.cancelledNotResent) {
      base.where('s.canceledCount', '>', 0).whereNotExists((q) => q.select(this.knex.raw('1')).from('sends as r').whereRaw('r."resendOfSendId" = s.id'));
    }
    if (filter.from) base.where('s.createdAt', '>=', filter.from);
    if (filter.to) base.where('s.createdAt', '<', filter.to);
    if (filter.search) {
      const like = likeContains(filter.search);
      base.where((w) => w.whereILike('s.smsText', like).orWhereILike('s.senderNumber', like));
    }
    const [{ count }] = await base.clone().count<{ count: string }[]>({ count: '*' });
    const rows = await base.clone().leftJoin('users as u', 'u.id', 's.userId')
      .select('s.*', 'o.name as organizationName', 'u.userName as userName')
      .orderBy('s.id', 'desc').offset(filter.pageIndex * filter.pageSize).limit(filter.pageSize);
    return { items: rows.map(normalizeSend), totalCount: Number(count) };
  }

  async update(tx: Tx | undefined, id: number, values: Record<string, unknown>): Promise<void> {
    await this.db(tx)('sends').where({ id }).update({ ...values, updatedAt: this.knex.fn.now() });
  }

  /** Moves a send from one queue status to another only if it is still in the first: the guard against double dispatch. */
  async transition(tx: Tx | undefined, id: number, from: string[], values: Record<string, unknown>): Promise<SendRow | null> {
    const [row] = await this.db(tx)('sends').where({ id }).whereIn('queueStatus', from).update({ ...values, updatedAt: this.knex.fn.now() }).returning('*');
    return row ? normalizeSend(row) : null;
  }

  /** Sends due now in the given queue statuses (the scheduler's pick). */
  /**
   * `lane`: the pairs whose single sends the single-send lane declined this pass (their standing
   * refuses or waits), or 'all' when the lane did not run: one-receiver single sends are left to the
   * lane except those.
   */
  async due(now: Date, limit: number, lane: { organizationId: number; senderAgentId: number }[] | 'all' = 'all'): Promise<SendRow[]> {
    const q = this.knex('sends').whereIn('queueStatus', [...WAITING_QUEUE_STATUSES]).where('dateTimeSend', '<=', now);
    if (lane !== 'all') {
      q.where((w) => {
        // Null-safe: a send the lane would not take must never be left out here too.
        w.whereRaw(`not (coalesce("queueStatus", '') = 'Ready' and coalesce("sendType", '') in ${SINGLE_LANE_SQL} and coalesce("recipientCount", 0) = 1 and coalesce("sendSubType", '') = 'Direct')`);
        for (const p of lane) w.orWhere({ organizationId: p.organizationId, senderAgentId: p.senderAgentId });
      });
    }
    // The line's priority (the spec's SendPriority) first: of the sends due in one pass, a
    // higher-priority line's are extracted and their ranges enqueued ahead, so on a shared agent
    // its receivers reach the gateway first. Read live, so a changed priority applies at once.
    // Then the send's own priority (an OTP's format's; migration 0104): among one line's due
    // sends the higher goes first.
    const rows = await q.orderByRaw(`${LINE_PRIORITY} desc, priority desc, "dateTimeSend", id`).limit(limit);
    return rows.map(normalizeSend);
  }

  /**
   * The single-send lane's pick: one-receiver SMS sends due now, grouped by (organization, agent)
   * so standing is judged once per pair.
   */
  async dueSinglePairs(now: Date, limit: number): Promise<{ organizationId: number; senderAgentId: number }[]> {
    // Oldest waiting send first: a pair that missed a pass (its budget ran out) comes first in the
    // next, so no organization waits behind a busy one for more than a pass.
    const res = await this.knex.raw(
      `select "organizationId", "senderAgentId" from sends
        where "queueStatus" = 'Ready' and "sendType" in ${SINGLE_LANE_SQL} and "recipientCount" = 1 and "sendSubType" = 'Direct' and "dateTimeSend" <= ?::timestamptz
        group by 1, 2 order by min(id) limit ?`,
      [now.toISOString(), limit],
    );
    return (res.rows as { organizationId: number; senderAgentId: number }[]).map((r) => ({ organizationId: Number(r.organizationId), senderAgentId: Number(r.senderAgentId) }));
  }

  /** Takes up to `limit` of a pair's due single sends straight to Extracted (skipping rows another worker is taking). */
  async claimSingles(now: Date, pair: { organizationId: number; senderAgentId: number }, limit: number): Promise<SendRow[]> {
    const res = await this.knex.raw(
      `update sends s set "queueStatus" = 'Extracted', status = 'IsBeingSent', "dateTimeStart" = ?::timestamptz, "updatedAt" = now()
        where s.id in (select id from sends where "queueStatus" = 'Ready' and "sendType" in ${SINGLE_LANE_SQL} and "recipientCount" = 1 and "sendSubType" = 'Direct'
                          and "organizationId" = ? and "senderAgentId" = ? and "dateTimeSend" <= ?::timestamptz
                        order by ${LINE_PRIORITY} desc, priority desc, id limit ? for update skip locked)
       returning s.*`,
      [now.toISOString(), pair.organizationId, pair.senderAgentId, now.toISOString(), limit],
    );
    return (res.rows as Record<string, unknown>[]).map(normalizeSend).sort((a, b) => a.id - b.id);
  }

  /** `bumpSent` for many sends (one accepted receiver each). */
  async bumpSentMany(ids: number[]): Promise<SendRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.knex('sends').whereIn('id', ids).whereNot('queueStatus', 'Completed')
      .update({ sentCount: this.knex.raw('"sentCount" + 1'), updatedAt: this.knex.fn.now() }).returning('*');
    return rows.map(normalizeSend);
  }

  /** Sends paused for an edit since before the given time. */
  async editsStartedBefore(before: Date, limit: number): Promise<SendRow[]> {
    const rows = await this.knex('sends').where('queueStatus', 'Updating').where('editStartedAt', '<', before).orderBy('id').limit(limit);
    return rows.map(normalizeSend);
  }

  /** Sends a worker was dispatching when the process stopped: their batches are enqueued again (idempotently). */
  async inDispatch(limit: number, idleSince: Date | null, statuses: readonly string[] = DISPATCH_QUEUE_STATUSES): Promise<SendRow[]> {
    const q = this.knex('sends').whereIn('queueStatus', [...statuses]).orderBy('id').limit(limit);
    if (idleSince) q.where('updatedAt', '<', idleSince);
    const rows = await q;
    return rows.map(normalizeSend);
  }

  /** Adds to the send's counters and answers the remaining pending count (row-locked by the update). */
  async bumpCounters(tx: Tx | undefined, sendId: number, delta: { pending?: number; sent?: number; failed?: number; delivered?: number; notDelivered?: number; canceled?: number }): Promise<SendRow | null> {
    const db = this.db(tx);
    const [row] = await db('sends').where({ id: sendId }).update({
      pendingCount: db.raw('"pendingCount" - ?', [delta.pending ?? 0]),
      sentCount: db.raw('"sentCount" + ?', [delta.sent ?? 0]),
      failedCount: db.raw('"failedCount" + ?', [delta.failed ?? 0]),
      deliveredCount: db.raw('"deliveredCount" + ?', [delta.delivered ?? 0]),
      notDeliveredCount: db.raw('"notDeliveredCount" + ?', [delta.notDelivered ?? 0]),
      canceledCount: db.raw('"canceledCount" + ?', [delta.canceled ?? 0]),
      updatedAt: db.fn.now(),
    }).returning('*');
    return row ? normalizeSend(row) : null;
  }

  /**
   * `bumpCounters` for many sends in two statements: the rows are locked in ascending id order
   * first (two batches touching the same sends lock them in one order), then moved together.
   * Answers the rows in ascending id order.
   */
  async bumpMany(tx: Tx, deltas: { id: number; pending: number; delivered: number; notDelivered: number }[]): Promise<SendRow[]> {
    if (deltas.length === 0) return [];
    const sorted = [...deltas].sort((a, b) => a.id - b.id);
    const ids = `{${sorted.map((d) => d.id).join(',')}}`;
    await tx.raw('select id from sends where id = any(?::bigint[]) order by id for update', [ids]);
    const res = await tx.raw(
      `update sends s set "pendingCount" = s."pendingCount" - x.p, "deliveredCount" = s."deliveredCount" + x.d,
              "notDeliveredCount" = s."notDeliveredCount" + x.n, "updatedAt" = now()
         from unnest(?::bigint[], ?::int[], ?::int[], ?::int[]) as x(id, p, d, n) where s.id = x.id returning s.*`,
      [ids, `{${sorted.map((d) => d.pending).join(',')}}`, `{${sorted.map((d) => d.delivered).join(',')}}`, `{${sorted.map((d) => d.notDelivered).join(',')}}`],
    );
    return (res.rows as Record<string, unknown>[]).map(normalizeSend).sort((a, b) => a.id - b.id);
  }

  /** Ends many settled sends in one statement (the values `SettlementService.finalize` writes). */
  async completeMany(tx: Tx, rows: { id: number; status: string; sentCount: number; failureCode: string; refundedParts: Record<string, number> }[], at: Date): Promise<void> {
    if (rows.length === 0) return;
    await tx.raw(
      `update sends s set "queueStatus" = 'Completed', status = x.st, "sentCount" = x.sc, "failureCode" = x.fc, "refundedParts" = x.rp::jsonb,
              "dateTimeEnd" = ?::timestamptz, "updatedAt" = now()
         from unnest(?::bigint[], ?::text[], ?::int[], ?::text[], ?::text[]) as x(id, st, sc, fc, rp) where s.id = x.id`,
      [at.toISOString(), `{${rows.map((r) => r.id).join(',')}}`, toPgTextArray(rows.map((r) => r.status)), `{${rows.map((r) => r.sentCount).join(',')}}`,
        toPgTextArray(rows.map((r) => r.failureCode)), toPgTextArray(rows.map((r) => JSON.stringify(r.refundedParts)))],
    );
  }

  /** Sends still in dispatch that started before the given time: the only ones that can hold overdue receivers. */
  async startedBefore(before: Date, limit: number): Promise<SendRow[]> {
    const rows = await this.knex('sends').whereIn('queueStatus', [...DISPATCH_QUEUE_STATUSES]).where('dateTimeStart', '<', before).orderBy('id').limit(limit);
    return rows.map(normalizeSend);
  }

  /** Progress only: after settlement the exact count stands, so a late add is dropped. */
  async bumpSent(sendId: number, sent: number): Promise<SendRow | null> {
    const [row] = await this.knex('sends').where({ id: sendId }).whereNot('queueStatus', 'Completed')
      .update({ sentCount: this.knex.raw('"sentCount" + ?', [sent]), updatedAt: this.knex.fn.now() }).returning('*');
    return row ? normalizeSend(row) : null;
  }

  /** Sets values on a send whose outbox status is still `from`; answers it (none when it moved on). */
  async setStatusIf(id: number, from: string, values: Record<string, unknown>, tx?: Tx): Promise<SendRow[]> {
    const rows = await this.db(tx)('sends').where({ id, status: from }).update({ ...values, updatedAt: this.knex.fn.now() }).returning('*');
    return rows.map(normalizeSend);
  }

  /**
   * The once-per-window rule of delivery-status requests, as one conditional update: the send's
   * `statusRequestedAt` is set to `now` only when it is empty or not after `notAfter`, so two
   * requests at once cannot both pass. Answers the send when this call took the window.
   */
  async claimStatusRequest(id: number, now: Date, notAfter: Date, summary: Record<string, unknown>): Promise<SendRow | null> {
    const [row] = await this.knex('sends').where({ id })
      .where((q) => q.whereNull('statusRequestedAt').orWhere('statusRequestedAt', '<=', notAfter))
      .update({ statusRequestedAt: now, statusRequest: JSON.stringify(summary) }).returning('*');
    return row ? normalizeSend(row) : null;
  }

  /** The last delivery-status request's summary (progress and result), not touching `updatedAt`: it is no change of the send. */
  async saveStatusRequest(id: number, summary: Record<string, unknown>): Promise<void> {
    await this.knex('sends').where({ id }).update({ statusRequest: JSON.stringify(summary) });
  }

  /** Sends left Archiving (their job was lost) since before the given time. */
  async stuckArchiving(before: Date, limit: number): Promise<number[]> {
    const rows = await this.knex('sends').where('status', 'Archiving').where('updatedAt', '<', before).orderBy('id').limit(limit).select('id');
    return rows.map((r: { id: string | number }) => Number(r.id));
  }

}

function normalizeSend(row: Record<string, unknown>): SendRow {
  const out: Record<string, unknown> = { ...row, id: Number(row.id) };
  for (const k of ['sendPrice', 'resolutionOfParliamentPrice', 'taxPrice', 'totalPrice']) if (row[k] !== undefined && row[k] !== null) out[k] = String(row[k]);
  if (typeof row.refundPolicy === 'string') out.refundPolicy = JSON.parse(row.refundPolicy);
  if (typeof row.refundedParts === 'string') out.refundedParts = JSON.parse(row.refundedParts);
  if (typeof row.statusRequest === 'string') out.statusRequest = JSON.parse(row.statusRequest);
  return out as SendRow;
}
