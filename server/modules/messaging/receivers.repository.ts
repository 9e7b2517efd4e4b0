import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { from as copyFrom } from 'pg-copy-streams';
import { affectedRows, type DatabaseKind } from '../../platform/db.js';
import { TYPES } from '../../platform/tokens.js';
import type { Tx } from '../../platform/unit-of-work.js';
import type { Page } from '../../platform/http/envelope.js';
import { likeContains } from '../../platform/http/search.js';
import type { HeldLease } from './dispatch/dispatch-leases.repository.js';
import type { DeliveryStatus } from './statuses.js';

/** A SQL select with knex `?` bindings (a recipient source's selection, `compose/recipient-source-contract.ts`). */
export interface SqlSelect {
  sql: string;
  bindings: readonly unknown[];
}

export interface RecipientInput {
  number: string;
  operator: string;
  description?: string | null;
  /** A dynamic send's own text for this receiver (absent: the send's text). */
  text?: string;
  /** Its parts (set by compose for receivers with a text). */
  parts?: number;
}

export interface ClaimedRecipient {
  seq: number;
  toNumber: string;
  operator: string;
  attempts: number;
  /** The receiver's own text and parts (a dynamic send); null: the send's. */
  smsText?: string | null;
  smsParts?: number | null;
}

export interface SubmitOutcome {
  seq: number;
  deliveryStatus: DeliveryStatus;
  sendStatus: string;
  providerId: string | null;
}

const RECIPIENT_CHUNK = 20_000;

/**
 * Which lists a send's receivers are judged against (compose's split): the blacklist it honours
 * (null: none applies — the line sends to blacklisted numbers, or the organization has none) and
 * the organization's opt-outs (false: it has none).
 */
export interface BlockRule {
  organizationId: number;
  blacklist: { includeGeneral: boolean } | null;
  optOuts: boolean;
}

/** A piece of SQL with its knex `?` bindings, in order. */
interface SqlFragment {
  sql: string;
  bindings: unknown[];
}

/**
 * Whose blacklist a send honours (alias `b` of `blacklist_numbers`, one binding: the organization):
 * the organization's own, and the general list (no organization) when `includeGeneral`.
 */
function honouredBlacklist(includeGeneral: boolean): string {
  return `(b."organizationId" = ?${includeGeneral ? ' or b."organizationId" is null' : ''})`;
}

/**
 * The one statement of "the number in column `mobile` is on the blacklist the organization
 * honours": every read of the blacklist for a send (the preview's and the store's `blacklistedAmong`,
 * a selection's count and load) is this test.
 */
function blacklistedSql(mobile: string, organizationId: number, includeGeneral: boolean): SqlFragment {
  return { sql: `exists (select 1 from blacklist_numbers b where b.mobile = ${mobile} and ${honouredBlacklist(includeGeneral)})`, bindings: [organizationId] };
}

/** The one statement of "the number in column `mobile` opted out of the organization" (`optedOutAmong`, a selection's count and load). */
function optedOutSql(mobile: string, organizationId: number): SqlFragment {
  return { sql: `exists (select 1 from opt_outs x where x.mobile = ${mobile} and x."organizationId" = ?)`, bindings: [organizationId] };
}

/**
 * The receivers of sends: bulk loading (COPY on PostgreSQL, jsonb batches on the embedded
 * database), the blacklist read that splits them, the dispatch claim and submit answers (fenced by
 * the range's lease), cancels, the counts settlement charges by, archiving and the outbox's reads.
 * Bulk statements go through bound arrays or jsonb records so one round trip moves thousands of rows.
 */
@injectable()
export class ReceiversRepository {
  constructor(
    @inject(TYPES.Knex) private readonly knex: Knex,
    @inject(TYPES.DatabaseKind) private readonly kind: DatabaseKind,
  ) {}

  /**
   * Bulk-loads receivers. On PostgreSQL through COPY on the transaction's own connection (a
   * million rows in about a second); the embedded database has no COPY from a client stream, so
   * it takes jsonb batches.
   */
  async insertRecipients(tx: Tx, sendId: number, recipients: RecipientInput[], startSeq: number, deliveryStatus: DeliveryStatus): Promise<void> {
    if (recipients.length === 0) return;
    // Decided once per send (every receiver of a dynamic send has a text): ordinary loads keep their columns.
    if (recipients[0].text !== undefined) return this.insertWithTexts(tx, sendId, recipients, startSeq, deliveryStatus);
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

  /** A dynamic send's receivers with their own text and parts (COPY on PostgreSQL, jsonb batches on the embedded database). */
  private async insertWithTexts(tx: Tx, sendId: number, recipients: RecipientInput[], startSeq: number, deliveryStatus: DeliveryStatus): Promise<void> {
    if (this.kind === 'postgres') return this.copyRecipients(tx, sendId, recipients, startSeq, deliveryStatus, true);
    for (let i = 0; i < recipients.length; i += RECIPIENT_CHUNK) {
      const chunk = recipients.slice(i, i + RECIPIENT_CHUNK);
      const payload = JSON.stringify(chunk.map((r, j) => [startSeq + i + j, r.number, r.operator, r.description ?? null, r.text ?? '', r.parts ?? 1]));
      await tx.raw(
        `insert into send_recipients ("sendId", seq, "toNumber", operator, description, "smsText", "smsParts", "sendStatus", "deliveryStatus")
         select ?, (e->>0)::int, e->>1, e->>2, e->>3, e->>4, (e->>5)::smallint, 'Stored', ? from jsonb_array_elements(?::jsonb) e`,
        [sendId, deliveryStatus, payload],
      );
    }
  }

  /** The one receiver (seq 0) of each of several single sends, in one statement. */
  async insertSingles(tx: Tx, rows: { sendId: number; recipient: RecipientInput }[]): Promise<void> {
    if (rows.length === 0) return;
    await tx.raw(
      `insert into send_recipients ("sendId", seq, "toNumber", operator, description, "sendStatus", "deliveryStatus")
       select x.sid, 0, x.num, x.op, x.descr, 'Stored', 'WaitingForSend' from unnest(?::bigint[], ?::text[], ?::text[], ?::text[]) as x(sid, num, op, descr)`,
      [`{${rows.map((r) => r.sendId).join(',')}}`, toPgTextArray(rows.map((r) => r.recipient.number)), toPgTextArray(rows.map((r) => r.recipient.operator)),
        toPgNullableTextArray(rows.map((r) => r.recipient.description ?? null))],
    );
  }

  /** COPY on the transaction's own connection; `withTexts`: each receiver's own text and parts too (a dynamic send). */
  private async copyRecipients(tx: Tx, sendId: number, recipients: RecipientInput[], startSeq: number, deliveryStatus: DeliveryStatus, withTexts = false): Promise<void> {
    const connection = await (tx as unknown as { client: { acquireConnection(): Promise<{ query(stream: unknown): NodeJS.WritableStream }> } }).client.acquireConnection();
    const columns = withTexts ? '"sendId", seq, "toNumber", operator, description, "smsText", "smsParts", "sendStatus", "deliveryStatus"' : '"sendId", seq, "toNumber", operator, description, "sendStatus", "deliveryStatus"';
    const copy = connection.query(copyFrom(`COPY send_recipients (${columns}) FROM STDIN`));
    const prefix = `${sendId}\t`;
    const suffix = `\tStored\t${deliveryStatus}\n`;
    function* rows(): Generator<string> {
      let chunk = '';
      for (let i = 0; i < recipients.length; i++) {
        const r = recipients[i];
        const description = r.description ? copyText(r.description) : '\\N';
        const text = withTexts ? `\t${copyText(r.text ?? '')}\t${r.parts ?? 1}` : '';
        chunk += `${prefix}${startSeq + i}\t${r.number}\t${r.operator}\t${description}${text}${suffix}`;
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
    if (numbers.length === 0 || !(await this.anyBlacklisted(organizationId, includeGeneral))) return new Set();
    return this.among(numbers, blacklistedSql('n.m', organizationId, includeGeneral));
  }

  /**
   * Which of these numbers opted out of the organization by text message (`opt_outs`, written by
   * the inbox module): refused like the blacklist, whatever the line's blacklist settings.
   */
  async optedOutAmong(numbers: string[], organizationId: number): Promise<Set<string>> {
    if (numbers.length === 0 || !(await this.anyOptedOut(organizationId))) return new Set();
    return this.among(numbers, optedOutSql('n.m', organizationId));
  }

  /** The numbers (column `n.m`) for which `test` holds, read in chunks. */
  private async among(numbers: string[], test: SqlFragment): Promise<Set<string>> {
    const out = new Set<string>();
    for (let i = 0; i < numbers.length; i += RECIPIENT_CHUNK) {
      const rows = await this.knex.raw(
        `select distinct n.m as mobile from jsonb_array_elements_text(?::jsonb) n(m) where ${test.sql}`,
        [JSON.stringify(numbers.slice(i, i + RECIPIENT_CHUNK)), ...test.bindings] as Knex.RawBinding[],
      );
      for (const r of rows.rows as { mobile: string }[]) out.add(r.mobile);
    }
    return out;
  }

  /** Whether the blacklist the organization honours holds anything (most hold nothing: the per-number check is skipped). */
  private async anyBlacklisted(organizationId: number, includeGeneral: boolean, tx?: Tx): Promise<boolean> {
    const res = await (tx ?? this.knex).raw(`select 1 from blacklist_numbers b where ${honouredBlacklist(includeGeneral)} limit 1`, [organizationId]);
    return res.rows.length > 0;
  }

  /** Whether anyone opted out of the organization. */
  private async anyOptedOut(organizationId: number, tx?: Tx): Promise<boolean> {
    return !!(await (tx ?? this.knex)('opt_outs').where({ organizationId }).first('id'));
  }

  /**
   * Whether the organization has anything on the blacklist it honours (its own, and the general
   * list when `includeGeneral`) or any opt-out: a selection load leaves out the checks it cannot meet.
   */
  async blockRule(organizationId: number, includeGeneral: boolean | null, tx?: Tx): Promise<BlockRule> {
    const blacklist = includeGeneral !== null && await this.anyBlacklisted(organizationId, includeGeneral, tx);
    return { organizationId, blacklist: blacklist ? { includeGeneral } : null, optOuts: await this.anyOptedOut(organizationId, tx) };
  }

  /** The SQL truth of "this receiver (column `alias."toNumber"`) is on the blacklist or opted out", as `blacklistedAmong`/`optedOutAmong` judge it. */
  private blockedSql(rule: BlockRule, alias: string): SqlFragment {
    const parts: SqlFragment[] = [];
    if (rule.blacklist) parts.push(blacklistedSql(`${alias}."toNumber"`, rule.organizationId, rule.blacklist.includeGeneral));
    if (rule.optOuts) parts.push(optedOutSql(`${alias}."toNumber"`, rule.organizationId));
    return { sql: parts.length ? `(${parts.map((p) => p.sql).join(' or ')})` : 'false', bindings: parts.flatMap((p) => p.bindings) };
  }

  /** Per operator: how many numbers a selection's candidates hold and how many of them are blocked (the preview's counts). */
  async countSelection(candidates: SqlSelect, rule: BlockRule): Promise<Record<string, { total: number; blocked: number }>> {
    const blocked = this.blockedSql(rule, 'c');
    const res = await this.knex.raw(
      `select c.operator, count(*)::int as total, count(*) filter (where ${blocked.sql})::int as blocked from (${candidates.sql}) c group by c.operator`,
      [...blocked.bindings, ...candidates.bindings] as Knex.RawBinding[],
    );
    const out: Record<string, { total: number; blocked: number }> = {};
    for (const r of res.rows as { operator: string; total: number; blocked: number }[]) out[r.operator] = { total: Number(r.total), blocked: Number(r.blocked) };
    return out;
  }

  /**
   * Loads a selection as the send's receivers in one `INSERT … SELECT` (no row travels through
   * Node): the sendable ones take seq 0..n-1 in the selection's order, the blocked ones follow as
   * `BlackList` — the layout `insertRecipients` gives an ordinary send. Answers the counts per
   * operator of each kind, from the inserted rows themselves.
   */
  async loadSelection(tx: Tx, sendId: number, picked: SqlSelect, rule: BlockRule, cap?: Record<string, number>): Promise<{ sendable: Record<string, number>; blocked: number }> {
    // The pick is a top-N sort of up to a million keys, then a sort by (blocked, key): with the
    // default 4 MB work_mem both spill to disk. Raised for this transaction only.
    await tx.raw(`set local work_mem = '256MB'`);
    const blocked = this.blockedSql(rule, 'p');
    // With a cap (a load after the hold): no operator gets more sendable receivers than were held
    // for it, whatever changed in the source since; the first ones in the pick's order are kept.
    const capped = cap
      ? `, c as (select b.*, row_number() over (partition by b.blocked, b.operator order by b."orderKey") as nth from b),
         k as (select * from c where c.blocked or c.nth <= coalesce((?::jsonb ->> c.operator)::bigint, 0))`
      : ', k as (select * from b)';
    const res = await tx.raw(
      `with p as (${picked.sql}),
       b as (select p."toNumber", p.operator, p."orderKey", ${blocked.sql} as blocked from p)${capped},
       ins as (
         insert into send_recipients ("sendId", seq, "toNumber", operator, "sendStatus", "deliveryStatus")
         select ?, (row_number() over (order by k.blocked, k."orderKey") - 1)::int, k."toNumber", k.operator, 'Stored',
                case when k.blocked then 'BlackList' else 'WaitingForSend' end
         from k
         returning operator, "deliveryStatus")
       select operator, "deliveryStatus" as status, count(*)::int as count from ins group by operator, "deliveryStatus"`,
      [...picked.bindings, ...blocked.bindings, ...(cap ? [JSON.stringify(cap)] : []), sendId] as Knex.RawBinding[],
    );
    return this.pickCounts(res.rows as { operator: string; status: string; count: number }[]);
  }

  /**
   * What `loadSelection` would load, counted without writing a row: sendable receivers per operator
   * and the blocked ones. Compose holds a send from these and the scheduler loads it later.
   */
  async countPick(tx: Tx, picked: SqlSelect, rule: BlockRule): Promise<{ sendable: Record<string, number>; blocked: number }> {
    await tx.raw(`set local work_mem = '256MB'`);
    const blocked = this.blockedSql(rule, 'p');
    const res = await tx.raw(
      `with p as (${picked.sql})
       select p.operator, case when ${blocked.sql} then 'BlackList' else 'WaitingForSend' end as status, count(*)::int as count from p group by 1, 2`,
      [...picked.bindings, ...blocked.bindings] as Knex.RawBinding[],
    );
    return this.pickCounts(res.rows as { operator: string; status: string; count: number }[]);
  }

  private pickCounts(rows: { operator: string; status: string; count: number }[]): { sendable: Record<string, number>; blocked: number } {
    const sendable: Record<string, number> = {};
    let blockedCount = 0;
    for (const r of rows) {
      if (r.status === 'BlackList') blockedCount += Number(r.count);
      else sendable[r.operator] = (sendable[r.operator] ?? 0) + Number(r.count);
    }
    return { sendable, blocked: blockedCount };
  }

  /** Parts of the receivers in these statuses per operator: each receiver's own parts (a dynamic send) or the send's. */
  async partsByOperator(tx: Tx, sendId: number, statuses: DeliveryStatus[], sendParts: number): Promise<Record<string, number>> {
    const rows = await tx('send_recipients').where({ sendId }).whereIn('deliveryStatus', statuses)
      .select('operator', tx.raw('sum(coalesce("smsParts", ?))::bigint as parts', [sendParts])).groupBy('operator') as { operator: string; parts: string | number }[];
    const out: Record<string, number> = {};
    for (const r of rows) out[r.operator] = Number(r.parts);
    return out;
  }

  /**
   * Takes the next receivers of a leased range, from `fromSeq` on in seq order, that still wait
   * (and, when `retakeInDoubt`, those an earlier holder had taken but whose answer was never
   * stored) and marks them IsSending. Only the lease's current holder claims anything, so a row
   * IsSending past the holder's own cursor can only be an expired holder's, never a live worker's.
   * Claimed a chunk at a time, right before its submit, so a crash leaves in doubt only what was
   * really in flight. The rows are reached by primary key whatever the statistics say.
   */
  /**
   * `claimNext` for the one receiver of many single sends under their leases, in one statement.
   * Only receivers still waiting are taken (a fresh single send's; an in-doubt one is left to the
   * range job, which knows whether its gateway can tell a repeat).
   */
  async claimSingles(leases: HeldLease[], trackWrites = false): Promise<(ClaimedRecipient & { sendId: number })[]> {
    if (leases.length === 0) return [];
    const res = await this.knex.raw(
      `update send_recipients r set "deliveryStatus" = 'IsSending', attempts = r.attempts + 1, "onWire" = ${trackWrites ? 'false' : 'null'}
         from unnest(?::bigint[], ?::bigint[]) as x(sid, fence), dispatch_leases l
        where r."sendId" = x.sid and r.seq = 0 and r."deliveryStatus" = 'WaitingForSend'
          and l."sendId" = x.sid and l."fromSeq" = 0 and l.fence = x.fence
       returning r."sendId", r.seq, r."toNumber", r.operator, r.attempts, r."smsText", r."smsParts"`,
      [`{${leases.map((l) => l.sendId).join(',')}}`, `{${leases.map((l) => l.fence).join(',')}}`],
    );
    return (res.rows as (ClaimedRecipient & { sendId: string | number })[]).map((r) => ({ sendId: Number(r.sendId), seq: r.seq, toNumber: r.toNumber, operator: r.operator, attempts: r.attempts, smsText: r.smsText, smsParts: r.smsParts }));
  }

  /** `writeSubmitResults` for receivers of many sends; answers counts per send and status. */
  async writeSubmitResultsMany(tx: Tx, outcomes: (SubmitOutcome & { sendId: number })[], at: Date): Promise<{ sendId: number; deliveryStatus: string; count: number }[]> {
    if (outcomes.length === 0) return [];
    const res = await tx.raw(
      `with x as (select * from unnest(?::bigint[], ?::int[], ?::text[], ?::text[], ?::text[]) as x(sid, seq, ds, ss, pid)),
       u as (update send_recipients r set "deliveryStatus" = x.ds, "sendStatus" = x.ss, "providerId" = x.pid,
               "sendDateTime" = case when x.pid is not null then ?::timestamptz else r."sendDateTime" end, "statusDateTime" = ?::timestamptz
             from x where r."sendId" = x.sid and r.seq = x.seq and r."deliveryStatus" = 'IsSending'
             returning r."sendId", r."deliveryStatus")
       select "sendId", "deliveryStatus", count(*)::int as count from u group by 1, 2`,
      [
        `{${outcomes.map((o) => o.sendId).join(',')}}`, `{${outcomes.map((o) => o.seq).join(',')}}`, toPgTextArray(outcomes.map((o) => o.deliveryStatus)),
        toPgTextArray(outcomes.map((o) => o.sendStatus)), toPgNullableTextArray(outcomes.map((o) => o.providerId)),
        at.toISOString(), at.toISOString(),
      ],
    );
    return (res.rows as { sendId: string | number; deliveryStatus: string; count: number }[]).map((r) => ({ sendId: Number(r.sendId), deliveryStatus: r.deliveryStatus, count: r.count }));
  }

  async claimNext(lease: HeldLease, fromSeq: number, limit: number, retakeInDoubt: boolean, trackWrites = false): Promise<ClaimedRecipient[]> {
    const statuses = `{${(retakeInDoubt ? ['WaitingForSend', 'IsSending'] : ['WaitingForSend']).join(',')}}`;
    const res = await this.knex.raw(
      `update send_recipients r set "deliveryStatus" = 'IsSending', attempts = r.attempts + 1, "onWire" = ${trackWrites ? 'false' : 'null'}
       where r."sendId" = ? and r."deliveryStatus" = any(?::text[])
         and r.seq = any(array(select w.seq from send_recipients w
                               where w."sendId" = ? and w.seq >= ? and w.seq < ? and w."deliveryStatus" = any(?::text[])
                               order by w.seq limit ?))
         and exists (select 1 from dispatch_leases l where l."sendId" = ? and l."fromSeq" = ? and l.fence = ?)
       returning r.seq, r."toNumber", r.operator, r.attempts, r."smsText", r."smsParts"`,
      [lease.sendId, statuses, lease.sendId, fromSeq, lease.toSeq, statuses, limit, lease.sendId, lease.fromSeq, lease.fence],
    );
    const claimed: ClaimedRecipient[] = [];
    for (const r of res.rows as ClaimedRecipient[]) claimed.push({ seq: r.seq, toNumber: r.toNumber, operator: r.operator, attempts: r.attempts, smsText: r.smsText, smsParts: r.smsParts });
    return claimed.sort((a, b) => a.seq - b.seq);
  }

  /**
   * Receivers the plugin is about to write (`SubmitContext.handOff`): marked as perhaps on their way,
   * all or none. The claim's `attempts` is the claim's token (it grows on every claim, and a receiver
   * put back keeps it), so a worker that lost its range — its receivers put back and claimed again by
   * the successor — marks nothing and must not write them. Answers false when not all were marked.
   */
  async markOnWire(tx: Tx, rows: { sendId: number; seq: number; attempts: number }[]): Promise<boolean> {
    if (rows.length === 0) return true;
    const res = await tx.raw(
      `update send_recipients r set "onWire" = true
         from unnest(?::bigint[], ?::int[], ?::int[]) as x(sid, seq, att)
        where r."sendId" = x.sid and r.seq = x.seq and r.attempts = x.att and r."deliveryStatus" = 'IsSending' and r."onWire" = false`,
      [`{${rows.map((r) => r.sendId).join(',')}}`, `{${rows.map((r) => r.seq).join(',')}}`, `{${rows.map((r) => r.attempts).join(',')}}`],
    );
    return affectedRows(res) === rows.length;
  }

  /**
   * After a holder's lease ran out (fenced: only the range's holder): its claimed receivers whose plugin was never cleared to write
   * them (`onWire` false) certainly never left, so they wait again and are sent like any other.
   * `attempts` stays (it is the claim token `markOnWire` checks). Answers how many.
   */
  async requeueNeverWritten(lease: HeldLease): Promise<number> {
    const res = await this.knex.raw(
      `update send_recipients set "deliveryStatus" = 'WaitingForSend', "onWire" = null
        where "sendId" = ? and seq >= ? and seq < ? and "deliveryStatus" = 'IsSending' and "onWire" = false
          and exists (select 1 from dispatch_leases l where l."sendId" = ? and l."fromSeq" = ? and l.fence = ?)`,
      [lease.sendId, lease.fromSeq, lease.toSeq, lease.sendId, lease.fromSeq, lease.fence],
    );
    return affectedRows(res);
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
  async writeSubmitResults(tx: Tx, sendId: number, outcomes: SubmitOutcome[], at: Date): Promise<{ deliveryStatus: string; count: number }[]> {
    return this.writeSubmitResultsMany(tx, outcomes.map((o) => ({ ...o, sendId })), at);
  }


  /** Puts receivers back in the waiting state (a transient fault; they are retried). */
  async requeue(tx: Tx, sendId: number, seqs: number[]): Promise<void> {
    if (seqs.length === 0) return;
    await tx.raw(
      `update send_recipients set "deliveryStatus" = 'WaitingForSend' where "sendId" = ? and seq = any(?::int[]) and "deliveryStatus" = 'IsSending'`,
      [sendId, `{${seqs.join(',')}}`],
    );
  }

  /** Cancels the receivers that have not been handed to a worker yet. */
  async cancelWaiting(tx: Tx, sendId: number, at: Date): Promise<number> {
    const res = await tx.raw(
      `update send_recipients set "deliveryStatus" = 'IsCanceled', "sendStatus" = 'ErrorInSending', "statusDateTime" = ? where "sendId" = ? and "deliveryStatus" = 'WaitingForSend'`,
      [at.toISOString(), sendId],
    );
    return affectedRows(res);
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
    return affectedRows(res);
  }

  async recipients(sendId: number, filter: { pageIndex: number; pageSize: number; deliveryStatus?: string; toNumber?: string; archived?: boolean }): Promise<Page<Record<string, unknown>>> {
    const base = this.receiversOf(sendId, filter.archived === true);
    if (filter.deliveryStatus) base.where('deliveryStatus', filter.deliveryStatus);
    if (filter.toNumber) base.where('toNumber', 'like', likeContains(filter.toNumber));
    const [{ count }] = await base.clone().count<{ count: string }[]>({ count: '*' });
    const items = await base.clone().select('seq', 'toNumber', 'operator', 'description', 'sendStatus', 'deliveryStatus', 'providerId', 'attempts', 'refunded', 'sendDateTime', 'statusDateTime', 'smsText', 'smsParts')
      .orderBy('seq').offset(filter.pageIndex * filter.pageSize).limit(filter.pageSize);
    return { items, totalCount: Number(count) };
  }

  async recipient(sendId: number, seq: number, archived = false): Promise<Record<string, unknown> | null> {
    // The archived row's columns, named: working columns of dispatch (`onWire`) never reach an answer.
    return (await this.receiversOf(sendId, archived).where({ seq }).first(this.knex.raw(RECEIVER_COLUMNS))) ?? null;
  }

  /**
   * Receivers of a live send the operator accepted and has not given a final status yet (SentToItc,
   * ReceivedByItc, with a provider id), after `afterSeq` in seq order: the pages a delivery-status
   * request asks about. The send's own receivers only (an archived send has no open receivers).
   */
  async awaitingReport(sendId: number, afterSeq: number, limit: number): Promise<{ seq: number; toNumber: string; providerId: string }[]> {
    const rows = await this.knex('send_recipients').where('sendId', sendId).where('seq', '>', afterSeq)
      .whereIn('deliveryStatus', ['SentToItc', 'ReceivedByItc']).whereNotNull('providerId')
      .orderBy('seq').limit(limit).select('seq', 'toNumber', 'providerId');
    return rows.map((r: { seq: number | string; toNumber: string; providerId: string }) => ({ seq: Number(r.seq), toNumber: r.toNumber, providerId: r.providerId }));
  }

  /** How many receivers `awaitingReport` would page through. */
  async countAwaitingReport(sendId: number): Promise<number> {
    const [{ count }] = await this.knex('send_recipients').where('sendId', sendId).whereIn('deliveryStatus', ['SentToItc', 'ReceivedByItc']).whereNotNull('providerId').count<{ count: string }[]>({ count: '*' });
    return Number(count);
  }

  async statusCounts(sendId: number, archived = false): Promise<Record<string, number>> {
    const rows = await this.receiversOf(sendId, archived).select('deliveryStatus').count<{ deliveryStatus: string; count: string }[]>({ count: '*' }).groupBy('deliveryStatus');
    const out: Record<string, number> = {};
    for (const r of rows) out[r.deliveryStatus] = Number(r.count);
    return out;
  }
}

const RECEIVER_COLUMNS = '"sendId", seq, "toNumber", operator, description, "sendStatus", "deliveryStatus", "providerId", attempts, refunded, "sendDateTime", "statusDateTime", "deliveryReport", "smsText", "smsParts"';

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
