import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { from as copyFrom } from 'pg-copy-streams';
import type { DatabaseKind } from '../../platform/db.js';
import { TYPES } from '../../platform/tokens.js';
import type { Tx } from '../../platform/unit-of-work.js';
import type { Tenant } from '../../platform/http/context.js';
import type { Page } from '../../platform/http/envelope.js';
import { likeContains } from '../../platform/http/search.js';
import { whereOrganizationVisible } from '../../platform/tenancy.js';
import type { HeldLease } from './dispatch-leases.repository.js';
import { DISPATCH_QUEUE_STATUSES, WAITING_QUEUE_STATUSES, type DeliveryStatus } from './statuses.js';

export interface SendRow {
  id: number;
  organizationId: number;
  userId: number;
  clientSendId: string | null;
  privateNumberId: number;
  senderAgentId: number;
  senderNumber: string;
  lineType: string;
  sendType: string;
  sendSubType: string;
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
  [key: string]: unknown;
}

export interface RecipientInput {
  number: string;
  operator: string;
  description?: string | null;
}

export interface ClaimedRecipient {
  seq: number;
  toNumber: string;
  operator: string;
  attempts: number;
}

export interface SubmitOutcome {
  seq: number;
  deliveryStatus: DeliveryStatus;
  sendStatus: string;
  providerId: string | null;
}

const RECIPIENT_CHUNK = 20_000;

/** Sends and their receivers. Bulk statements go through jsonb records so one round trip moves thousands of rows. */
@injectable()
export class SendsRepository {
  constructor(
    @inject(TYPES.Knex) private readonly knex: Knex,
    @inject(TYPES.DatabaseKind) private readonly kind: DatabaseKind,
  ) {}

  private db(tx?: Tx): Knex {
    return tx ?? this.knex;
  }

  async insertSend(tx: Tx, values: Record<string, unknown>): Promise<SendRow> {
    const [row] = await tx('sends').insert({ ...values, refundPolicy: JSON.stringify(values.refundPolicy) }).returning('*');
    return normalizeSend(row);
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

  async list(tenant: Tenant, filter: { pageIndex: number; pageSize: number; status?: string; queueStatus?: string; search?: string | null; userId?: number; from?: Date; to?: Date; includeArchived?: boolean }): Promise<Page<SendRow>> {
    const base = this.knex('sends as s').join('organizations as o', 'o.id', 's.organizationId');
    whereOrganizationVisible(base, this.knex, 's.organizationId', tenant);
    if (filter.status) base.where('s.status', filter.status);
    // Archived sends leave the everyday list; asked for by status or includeArchived they come back.
    else if (!filter.includeArchived) base.whereNotIn('s.status', ['Archived', 'Archiving']);
    if (filter.queueStatus) base.where('s.queueStatus', filter.queueStatus);
    if (filter.userId) base.where('s.userId', filter.userId);
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

  /**
   * Bulk-loads receivers. On PostgreSQL through COPY on the transaction's own connection (a
   * million rows in about a second); the embedded database has no COPY from a client stream, so
   * it takes jsonb batches.
   */
  async insertRecipients(tx: Tx, sendId: number, recipients: RecipientInput[], startSeq: number, deliveryStatus: DeliveryStatus): Promise<void> {
    if (recipients.length === 0) return;
    if (this.kind === 'postgres') return this.copyRecipients(tx, sendId, recipients, startSeq, deliveryStatus);
    for (let i = 0; i < recipients.length; i += RECIPIENT_CHUNK) {
      const chunk = recipients.slice(i, i + RECIPIENT_CHUNK);
      const payload = JSON.stringify(chunk.map((r, j) => [startSeq + i + j, r.number, r.operator, r.description ?? null]));
      await tx.raw(
        `insert into send_recipients ("sendId", seq, "toNumber", operator, description, "sendStatus", "deliveryStatus")
         select ?, (e->>0)::int, e->>1, e->>2, e->>3, 'Stored', ? from jsonb_array_elements(?::jsonb) e`,
        [sendId, deliveryStatus, payload],
      );
    }
  }

  private async copyRecipients(tx: Tx, sendId: number, recipients: RecipientInput[], startSeq: number, deliveryStatus: DeliveryStatus): Promise<void> {
    const connection = await (tx as unknown as { client: { acquireConnection(): Promise<{ query(stream: unknown): NodeJS.WritableStream }> } }).client.acquireConnection();
    const copy = connection.query(copyFrom('COPY send_recipients ("sendId", seq, "toNumber", operator, description, "sendStatus", "deliveryStatus") FROM STDIN'));
    const prefix = `${sendId}\t`;
    const suffix = `\tStored\t${deliveryStatus}\n`;
    function* rows(): Generator<string> {
      let chunk = '';
      for (let i = 0; i < recipients.length; i++) {
        const r = recipients[i];
        const description = r.description ? copyText(r.description) : '\\N';
        chunk += `${prefix}${startSeq + i}\t${r.number}\t${r.operator}\t${description}${suffix}`;
        if (chunk.length > 1 << 16) {
          yield chunk;
          chunk = '';
        }
      }
      if (chunk) yield chunk;
    }
    await pipeline(Readable.from(rows()), copy as unknown as NodeJS.WritableStream);
  }

  /** Which of these numbers are blacklisted for the organization (a preview: nothing stored yet). */
  async blacklistedAmong(numbers: string[], organizationId: number, includeGeneral: boolean): Promise<Set<string>> {
    const out = new Set<string>();
    const any = await this.knex('blacklist_numbers').where((w) => {
      w.where('organizationId', organizationId);
      if (includeGeneral) w.orWhereNull('organizationId');
    }).first('id');
    if (!any) return out;
    for (let i = 0; i < numbers.length; i += RECIPIENT_CHUNK) {
      const rows = await this.knex.raw(
        `select distinct b.mobile from blacklist_numbers b join jsonb_array_elements_text(?::jsonb) n(m) on n.m = b.mobile
         where (b."organizationId" = ? ${includeGeneral ? 'or b."organizationId" is null' : ''})`,
        [JSON.stringify(numbers.slice(i, i + RECIPIENT_CHUNK)), organizationId],
      );
      for (const r of rows.rows as { mobile: string }[]) out.add(r.mobile);
    }
    return out;
  }

  async countsByOperator(tx: Tx, sendId: number, statuses: DeliveryStatus[]): Promise<Record<string, number>> {
    const rows = await tx('send_recipients').where({ sendId }).whereIn('deliveryStatus', statuses).select('operator').count<{ operator: string; count: string }[]>({ count: '*' }).groupBy('operator');
    const out: Record<string, number> = {};
    for (const r of rows) out[r.operator] = Number(r.count);
    return out;
  }

  /** Sends due now in the given queue statuses (the scheduler's pick). */
  async due(now: Date, limit: number): Promise<SendRow[]> {
    const rows = await this.knex('sends').whereIn('queueStatus', [...WAITING_QUEUE_STATUSES]).where('dateTimeSend', '<=', now).orderBy('dateTimeSend').limit(limit);
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

  /**
   * Takes the next receivers of a leased range, from `fromSeq` on in seq order, that still wait
   * (and, when `retakeInDoubt`, those an earlier holder had taken but whose answer was never
   * stored) and marks them IsSending. Only the lease's current holder claims anything, so a row
   * IsSending past the holder's own cursor can only be an expired holder's, never a live worker's.
   * Claimed a chunk at a time, right before its submit, so a crash leaves in doubt only what was
   * really in flight. The rows are reached by primary key whatever the statistics say.
   */
  async claimNext(lease: HeldLease, fromSeq: number, limit: number, retakeInDoubt: boolean): Promise<ClaimedRecipient[]> {
    const statuses = `{${(retakeInDoubt ? ['WaitingForSend', 'IsSending'] : ['WaitingForSend']).join(',')}}`;
    const res = await this.knex.raw(
      `update send_recipients r set "deliveryStatus" = 'IsSending', attempts = r.attempts + 1
       where r."sendId" = ? and r."deliveryStatus" = any(?::text[])
         and r.seq = any(array(select w.seq from send_recipients w
                               where w."sendId" = ? and w.seq >= ? and w.seq < ? and w."deliveryStatus" = any(?::text[])
                               order by w.seq limit ?))
         and exists (select 1 from dispatch_leases l where l."sendId" = ? and l."fromSeq" = ? and l.fence = ?)
       returning r.seq, r."toNumber", r.operator, r.attempts`,
      [lease.sendId, statuses, lease.sendId, fromSeq, lease.toSeq, statuses, limit, lease.sendId, lease.fromSeq, lease.fence],
    );
    const claimed: ClaimedRecipient[] = [];
    for (const r of res.rows as ClaimedRecipient[]) claimed.push({ seq: r.seq, toNumber: r.toNumber, operator: r.operator, attempts: r.attempts });
    return claimed.sort((a, b) => a.seq - b.seq);
  }

  /** Receivers of the range an earlier holder took and never answered for (perhaps submitted). */
  async inFlight(range: { sendId: number; fromSeq: number; toSeq: number }): Promise<number[]> {
    const rows = await this.knex('send_recipients').where({ sendId: range.sendId, deliveryStatus: 'IsSending' })
      .where('seq', '>=', range.fromSeq).where('seq', '<', range.toSeq).select('seq');
    return (rows as { seq: number }[]).map((r) => r.seq);
  }

  /**
   * Stores submit answers for receivers still IsSending; returns how many rows changed per delivery
   * status and operator.
   *
   * Plan shape (measured): the answers drive the statement as an unnest of bound arrays (estimated
   * at their real length) and each receiver is reached by its full primary key, so the plan is
   * 1,000 unique index probes whatever the statistics say. A constant `sendId`/status restriction
   * on the receivers let stale statistics (a bulk load, or an ANALYZE taken before the claim) pick a
   * nested loop over the whole chunk per answer: 1,000 × 1,000 comparisons, 0.5–1.2 s a statement.
   */
  async writeSubmitResults(tx: Tx, sendId: number, outcomes: SubmitOutcome[], at: Date): Promise<{ deliveryStatus: string; operator: string; count: number }[]> {
    if (outcomes.length === 0) return [];
    const res = await tx.raw(
      `with x as (select * from unnest(?::bigint[], ?::int[], ?::text[], ?::text[], ?::text[]) as x(sid, seq, ds, ss, pid)),
       u as (update send_recipients r set "deliveryStatus" = x.ds, "sendStatus" = x.ss, "providerId" = x.pid,
               "sendDateTime" = case when x.pid is not null then ?::timestamptz else r."sendDateTime" end, "statusDateTime" = ?::timestamptz
             from x where r."sendId" = x.sid and r.seq = x.seq and r."deliveryStatus" = 'IsSending'
             returning r."deliveryStatus", r.operator)
       select "deliveryStatus", operator, count(*)::int as count from u group by 1, 2`,
      [
        `{${outcomes.map(() => sendId).join(',')}}`, `{${outcomes.map((o) => o.seq).join(',')}}`, toPgTextArray(outcomes.map((o) => o.deliveryStatus)),
        toPgTextArray(outcomes.map((o) => o.sendStatus)), toPgNullableTextArray(outcomes.map((o) => o.providerId)),
        at.toISOString(), at.toISOString(),
      ],
    );
    return res.rows;
  }

  /** Puts receivers back in the waiting state (a transient fault; they are retried). */
  async requeue(tx: Tx, sendId: number, seqs: number[]): Promise<void> {
    if (seqs.length === 0) return;
    await tx.raw(
      `update send_recipients set "deliveryStatus" = 'WaitingForSend' where "sendId" = ? and seq = any(?::int[]) and "deliveryStatus" = 'IsSending'`,
      [sendId, `{${seqs.join(',')}}`],
    );
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

  /** Sends still in dispatch that started before the given time: the only ones that can hold overdue receivers. */
  async startedBefore(before: Date, limit: number): Promise<SendRow[]> {
    const rows = await this.knex('sends').whereIn('queueStatus', [...DISPATCH_QUEUE_STATUSES]).where('dateTimeStart', '<', before).orderBy('id').limit(limit);
    return rows.map(normalizeSend);
  }

  /** Cancels the receivers that have not been handed to a worker yet. */
  async cancelWaiting(tx: Tx, sendId: number, at: Date): Promise<number> {
    const res = await tx.raw(
      `update send_recipients set "deliveryStatus" = 'IsCanceled', "sendStatus" = 'ErrorInSending', "statusDateTime" = ? where "sendId" = ? and "deliveryStatus" = 'WaitingForSend'`,
      [at.toISOString(), sendId],
    );
    return res.rowCount ?? 0;
  }

  /** Progress only: after settlement the exact count stands, so a late add is dropped. */
  async bumpSent(sendId: number, sent: number): Promise<SendRow | null> {
    const [row] = await this.knex('sends').where({ id: sendId }).whereNot('queueStatus', 'Completed')
      .update({ sentCount: this.knex.raw('"sentCount" + ?', [sent]), updatedAt: this.knex.fn.now() }).returning('*');
    return row ? normalizeSend(row) : null;
  }

  /** Receivers accepted but never reported on (closed by the report time-out). */
  async unreportedCount(tx: Tx, sendId: number): Promise<number> {
    const row = await tx('send_recipients').where({ sendId, sendStatus: 'ErrorInGetItc' }).count<{ count: string }[]>({ count: '*' }).first();
    return Number(row?.count ?? 0);
  }

  /** Receivers the operator accepted (they carry a provider id): the exact sentCount at settlement. */
  async acceptedCount(tx: Tx, sendId: number): Promise<number> {
    const row = await tx('send_recipients').where({ sendId }).whereNotNull('providerId').count<{ count: string }[]>({ count: '*' }).first();
    return Number(row?.count ?? 0);
  }

  async markRefunded(tx: Tx, sendId: number, statuses: DeliveryStatus[]): Promise<void> {
    await tx.raw(
      `update send_recipients set refunded = true, "sendStatus" = case when "sendStatus" = 'Sent' then 'SentAndGiveBackCredit' else "sendStatus" end
       where "sendId" = ? and "deliveryStatus" = any(?::text[])`,
      [sendId, toPgTextArray(statuses)],
    );
  }

  /**
   * The receivers of one send: a send that was ever archived may have them in either table (an
   * archive in progress, or restored), so it reads both; the others read the live table alone.
   */
  private receiversOf(sendId: number, archived: boolean): Knex.QueryBuilder {
    if (!archived) return this.knex('send_recipients').where({ sendId });
    return this.knex.queryBuilder().from(this.knex.raw(
      `(select ${RECEIVER_COLUMNS} from send_recipients where "sendId" = ? union all select ${RECEIVER_COLUMNS} from send_recipients_archive where "sendId" = ?) as r`,
      [sendId, sendId],
    ));
  }

  /**
   * Moves up to `limit` receivers of a send to the archive table in one statement (atomic: a
   * receiver is always in exactly one of the two). Answers how many moved; 0 when none is left.
   */
  async archiveBatch(sendId: number, limit: number): Promise<number> {
    const res = await this.knex.raw(
      `with moved as (
         delete from send_recipients where "sendId" = ? and seq in (select seq from send_recipients where "sendId" = ? order by seq limit ?)
         returning ${RECEIVER_COLUMNS})
       insert into send_recipients_archive (${RECEIVER_COLUMNS}) select ${RECEIVER_COLUMNS} from moved`,
      [sendId, sendId, limit],
    );
    return res.rowCount ?? 0;
  }

  /** Sets values on a send whose outbox status is still `from`; answers it (none when it moved on). */
  async setStatusIf(id: number, from: string, values: Record<string, unknown>, tx?: Tx): Promise<SendRow[]> {
    const rows = await this.db(tx)('sends').where({ id, status: from }).update({ ...values, updatedAt: this.knex.fn.now() }).returning('*');
    return rows.map(normalizeSend);
  }

  /** Sends left Archiving (their job was lost) since before the given time. */
  async stuckArchiving(before: Date, limit: number): Promise<number[]> {
    const rows = await this.knex('sends').where('status', 'Archiving').where('updatedAt', '<', before).orderBy('id').limit(limit).select('id');
    return rows.map((r: { id: string | number }) => Number(r.id));
  }

  async recipients(sendId: number, filter: { pageIndex: number; pageSize: number; deliveryStatus?: string; toNumber?: string; archived?: boolean }): Promise<Page<Record<string, unknown>>> {
    const base = this.receiversOf(sendId, filter.archived === true);
    if (filter.deliveryStatus) base.where('deliveryStatus', filter.deliveryStatus);
    if (filter.toNumber) base.where('toNumber', 'like', likeContains(filter.toNumber));
    const [{ count }] = await base.clone().count<{ count: string }[]>({ count: '*' });
    const items = await base.clone().select('seq', 'toNumber', 'operator', 'description', 'sendStatus', 'deliveryStatus', 'providerId', 'attempts', 'refunded', 'sendDateTime', 'statusDateTime')
      .orderBy('seq').offset(filter.pageIndex * filter.pageSize).limit(filter.pageSize);
    return { items, totalCount: Number(count) };
  }

  async recipient(sendId: number, seq: number, archived = false): Promise<Record<string, unknown> | null> {
    return (await this.receiversOf(sendId, archived).where({ seq }).first()) ?? null;
  }

  async statusCounts(sendId: number, archived = false): Promise<Record<string, number>> {
    const rows = await this.receiversOf(sendId, archived).select('deliveryStatus').count<{ deliveryStatus: string; count: string }[]>({ count: '*' }).groupBy('deliveryStatus');
    const out: Record<string, number> = {};
    for (const r of rows) out[r.deliveryStatus] = Number(r.count);
    return out;
  }
}

const RECEIVER_COLUMNS = '"sendId", seq, "toNumber", operator, description, "sendStatus", "deliveryStatus", "providerId", attempts, refunded, "sendDateTime", "statusDateTime", "deliveryReport"';

/** COPY text format: backslash, tab and line breaks escaped. */
function copyText(value: string): string {
  return value.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
}

export function toPgNullableTextArray(values: (string | null)[]): string {
  return `{${values.map((v) => (v === null ? 'NULL' : `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`)).join(',')}}`;
}

export function toPgTextArray(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}

function normalizeSend(row: Record<string, unknown>): SendRow {
  const out: Record<string, unknown> = { ...row, id: Number(row.id) };
  for (const k of ['sendPrice', 'resolutionOfParliamentPrice', 'taxPrice', 'totalPrice']) if (row[k] !== undefined && row[k] !== null) out[k] = String(row[k]);
  if (typeof row.refundPolicy === 'string') out.refundPolicy = JSON.parse(row.refundPolicy);
  if (typeof row.refundedParts === 'string') out.refundedParts = JSON.parse(row.refundedParts);
  return out as SendRow;
}
