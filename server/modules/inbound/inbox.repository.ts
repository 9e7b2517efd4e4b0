import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../platform/tokens.js';
import { affectedRows } from '../../platform/db.js';
import type { Tx } from '../../platform/unit-of-work.js';
import type { Tenant } from '../../platform/http/context.js';
import type { Page } from '../../platform/http/envelope.js';
import { whereOrganizationVisible } from '../../platform/tenancy.js';
import { likeContains } from '../../platform/http/search.js';
import { pgIntArray, pgTextArray } from '../../platform/pg-arrays.js';

export interface InboxInsert {
  senderAgentId: number;
  privateNumberId: number | null;
  organizationId: number | null;
  receiverNumber: string;
  senderMobile: string;
  smsText: string;
  encoding: 'gsm7' | 'ucs2';
  smsParts: number;
  providerId: string;
  dateTimeReceive: Date;
  /** The aggregator rule that gave the message to `organizationId` instead of the line's owner. */
  aggregatorRuleId?: number | null;
}

export interface InboxRow extends InboxInsert {
  id: number;
  isRead: boolean;
  createdAt: Date;
  /** The sender was a receiver of a hidden (regional) send: shown masked everywhere (`markHiddenSenders`). */
  isHiddenSender?: boolean;
  organizationName?: string | null;
  /** The inbox group it is filed under (an inbox rule set it when it arrived; null: none). */
  inboxGroupId?: number | null;
  inboxGroupName?: string | null;
  /**
   * In memory only, during the store transaction's steps: the first step that answered the message
   * (`safe-list:3`, `poll:12`) sets it, and later steps that would answer too (parsers) leave it
   * alone, so one text never gets two automatic replies. Classification (groups) ignores it.
   */
  handledBy?: string | null;
}

/**
 * Who is looking: the tenant slice, whether the caller sees every line of it (administrators) or
 * only the lines assigned to them with `canSeeReceivedSms`, and whether messages of no line count.
 */
export interface InboxViewer {
  tenant: Tenant;
  userId: number;
  allLines: boolean;
  withUnmatched: boolean;
}

export interface InboxFilter {
  pageIndex: number;
  pageSize: number;
  isRead?: boolean;
  privateNumberId?: number;
  search?: string | null;
  /** A group's id, or 0 for messages of no group. */
  inboxGroupId?: number;
  /** Each a part of the field (contains), any case. */
  receiverNumber?: string | null;
  senderMobile?: string | null;
  smsText?: string | null;
  /** dateTimeReceive from (inclusive) and to (exclusive). */
  fromDate?: Date | null;
  toDate?: Date | null;
}

/** How far back a reply's sender is looked up among the receivers of hidden sends. */
export const HIDDEN_SENDER_DAYS = 30;

// One array per column: the chunk only bounds one statement's size.
const INSERT_CHUNK = 5_000;

/** Inbound messages. Reads `private_number_assignments` (numbers) for the per-user line rule, like messaging reads the blacklist. */
@injectable()
export class InboxRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  /**
   * Messages stored after id `afterId`, oldest first, of the given organizations (or every
   * organization when `organizationIds` is null; messages of no line are never included).
   * Ids are handed out before commit, so two concurrent inserts can become visible out of id order:
   * a consumer must not move its cursor past rows younger than a few seconds (it reads those again
   * next time and keeps one copy by inbox id), or it could step over a row committed late.
   */
  async storedAfter(afterId: number, limit: number, organizationIds: number[] | null): Promise<InboxRow[]> {
    const q = this.knex('inbox_messages').where('id', '>', afterId).whereNotNull('organizationId').orderBy('id').limit(limit).select('*');
    if (organizationIds) q.whereIn('organizationId', organizationIds);
    return ((await q) as Record<string, unknown>[]).map(normalize);
  }

  /**
   * One statement for a group (a group larger than a statement's bind parameters allow is split);
   * a message the agent already handed over (same providerId) is skipped. Answers the rows inserted.
   */
  async insertNew(tx: Tx, rows: InboxInsert[]): Promise<InboxRow[]> {
    const out: InboxRow[] = [];
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      const chunk = rows.slice(i, i + INSERT_CHUNK);
      // unnest: one bind parameter per column instead of one per cell (the insert was the group's
      // largest cost: building, sending and planning ten thousand parameters).
      const res = await tx.raw(
        `insert into inbox_messages ("senderAgentId", "privateNumberId", "organizationId", "receiverNumber", "senderMobile", "smsText", encoding, "smsParts", "providerId", "dateTimeReceive", "aggregatorRuleId")
         select * from unnest(?::int[], ?::int[], ?::int[], ?::text[], ?::text[], ?::text[], ?::text[], ?::int[], ?::text[], ?::timestamptz[], ?::int[])
         on conflict ("senderAgentId", "providerId") do nothing
         returning *`,
        [
          pgIntArray(chunk.map((r) => r.senderAgentId)), pgIntArray(chunk.map((r) => r.privateNumberId)), pgIntArray(chunk.map((r) => r.organizationId)),
          pgTextArray(chunk.map((r) => r.receiverNumber)), pgTextArray(chunk.map((r) => r.senderMobile)), pgTextArray(chunk.map((r) => r.smsText)),
          pgTextArray(chunk.map((r) => r.encoding)), pgIntArray(chunk.map((r) => r.smsParts)), pgTextArray(chunk.map((r) => r.providerId)),
          pgTextArray(chunk.map((r) => r.dateTimeReceive.toISOString())), pgIntArray(chunk.map((r) => r.aggregatorRuleId ?? null)),
        ],
      );
      // Ids are drawn in the order of the arrays; the steps and the push read the rows in that order.
      const inserted = ((res.rows ?? res) as Record<string, unknown>[]).map(normalize).sort((a, b) => a.id - b.id);
      await this.markHiddenSenders(tx, inserted);
      out.push(...inserted);
    }
    return out;
  }

  /**
   * Marks (in the store transaction) the new messages whose sender was a receiver of a hidden send
   * (a regional send: `sends.isHiddenReceivers`) of the message's organization or over its line,
   * made in the HIDDEN_SENDER_DAYS days before the message was received (its own time, the clock's
   * `at`, not the machine's): every path that shows the message masks its sender.
   * Reads messaging's `sends`/`send_recipients` by the receivers' number index, like the per-user
   * line rule reads numbers' assignments; archived receivers are not read (archived sends are older).
   */
  private async markHiddenSenders(tx: Tx, rows: InboxRow[]): Promise<void> {
    const ids = rows.filter((r) => r.organizationId !== null).map((r) => r.id);
    if (ids.length === 0) return;
    const res = await tx.raw(
      `update inbox_messages m set "isHiddenSender" = true
       where m.id = any(?::bigint[]) and exists (
         select 1 from send_recipients r join sends s on s.id = r."sendId"
         where r."toNumber" = m."senderMobile" and s."isHiddenReceivers"
           and s."createdAt" > m."dateTimeReceive" - make_interval(days => ?)
           and (s."organizationId" = m."organizationId" or s."privateNumberId" = m."privateNumberId"))
       returning m.id`,
      [pgIntArray(ids), HIDDEN_SENDER_DAYS],
    );
    const hidden = new Set(((res.rows ?? res) as { id: unknown }[]).map((r) => Number(r.id)));
    for (const r of rows) r.isHiddenSender = hidden.has(r.id);
  }

  /**
   * For the live push of new messages: the tree path of each organization (deleted ones left out:
   * nobody reads their messages) and, per line, the plain users who may read its inbound messages.
   */
  async readersOf(organizationIds: number[], lineIds: number[]): Promise<{ paths: Map<number, string>; lineReaders: Map<number, number[]> }> {
    const paths = new Map<number, string>();
    const lineReaders = new Map<number, number[]>();
    if (organizationIds.length > 0) {
      for (const o of await this.knex('organizations').whereIn('id', organizationIds).whereNull('deletedAt').select('id', 'path')) paths.set(Number(o.id), String(o.path));
    }
    if (lineIds.length > 0) {
      const rows = await this.knex('private_number_assignments').whereIn('privateNumberId', lineIds).where({ canSeeReceivedSms: true }).select('privateNumberId', 'userId');
      for (const r of rows) {
        const list = lineReaders.get(Number(r.privateNumberId)) ?? [];
        list.push(Number(r.userId));
        lineReaders.set(Number(r.privateNumberId), list);
      }
    }
    return { paths, lineReaders };
  }

  private visible(viewer: InboxViewer): Knex.QueryBuilder {
    const q = this.knex('inbox_messages as m');
    q.where((w) => {
      w.where((inner) => { whereOrganizationVisible(inner, this.knex, 'm.organizationId', viewer.tenant); });
      if (viewer.withUnmatched) w.orWhereNull('m.organizationId');
    });
    if (!viewer.allLines) {
      q.whereIn('m.privateNumberId', this.knex('private_number_assignments').select('privateNumberId').where({ userId: viewer.userId, canSeeReceivedSms: true }));
    }
    return q;
  }

  /**
   * What the viewer may read stored after id `afterId`, oldest first, only rows older than
   * `settledBefore`: ids are drawn before commit, so a row younger than that may still be joined by
   * a lower id committing late; a cursor that stops short of young rows never steps over one.
   */
  async after(viewer: InboxViewer, afterId: number, limit: number, settledBefore: Date): Promise<InboxRow[]> {
    return (await this.withNames(this.visible(viewer).where('m.id', '>', afterId).where('m.createdAt', '<', settledBefore))
      .orderBy('m.id').limit(limit) as Record<string, unknown>[]).map(normalize);
  }

  private filtered(viewer: InboxViewer, filter: Omit<InboxFilter, 'pageIndex' | 'pageSize'>): Knex.QueryBuilder {
    const base = this.visible(viewer);
    if (filter.isRead !== undefined) base.where('m.isRead', filter.isRead);
    if (filter.privateNumberId) base.where('m.privateNumberId', filter.privateNumberId);
    if (filter.inboxGroupId === 0) base.whereNull('m.inboxGroupId');
    else if (filter.inboxGroupId) base.where('m.inboxGroupId', filter.inboxGroupId);
    if (filter.search) {
      const like = likeContains(filter.search);
      // A hidden sender is never matched by number (a search must not probe who replied).
      base.where((w) => w.whereILike('m.smsText', like).orWhere((x) => x.where('m.isHiddenSender', false).whereILike('m.senderMobile', like)).orWhereILike('m.receiverNumber', like));
    }
    if (filter.receiverNumber) base.whereILike('m.receiverNumber', likeContains(filter.receiverNumber));
    if (filter.senderMobile) base.where('m.isHiddenSender', false).whereILike('m.senderMobile', likeContains(filter.senderMobile));
    if (filter.smsText) base.whereILike('m.smsText', likeContains(filter.smsText));
    if (filter.fromDate) base.where('m.dateTimeReceive', '>=', filter.fromDate);
    if (filter.toDate) base.where('m.dateTimeReceive', '<', filter.toDate);
    return base;
  }

  private withNames(q: Knex.QueryBuilder): Knex.QueryBuilder {
    return q.leftJoin('organizations as o', 'o.id', 'm.organizationId').leftJoin('inbox_groups as g', 'g.id', 'm.inboxGroupId')
      .select('m.*', 'o.name as organizationName', 'g.name as inboxGroupName');
  }

  async list(viewer: InboxViewer, filter: InboxFilter): Promise<Page<InboxRow>> {
    const base = this.filtered(viewer, filter);
    const [{ count }] = await base.clone().count<{ count: string }[]>({ count: '*' });
    const rows = await this.withNames(base.clone()).orderBy('m.id', 'desc').offset(filter.pageIndex * filter.pageSize).limit(filter.pageSize);
    return { items: rows.map(normalize), totalCount: Number(count) };
  }

  async count(viewer: InboxViewer, filter: Omit<InboxFilter, 'pageIndex' | 'pageSize'>): Promise<number> {
    const [{ count }] = await this.filtered(viewer, filter).count<{ count: string }[]>({ count: '*' });
    return Number(count);
  }

  /** What the filter finds, newest first, in keyset pages of `size` (an export reads them one by one). */
  async *pages(viewer: InboxViewer, filter: Omit<InboxFilter, 'pageIndex' | 'pageSize'>, size: number): AsyncGenerator<InboxRow[]> {
    let before: number | null = null;
    for (;;) {
      const q = this.withNames(this.filtered(viewer, filter)).orderBy('m.id', 'desc').limit(size);
      if (before !== null) q.where('m.id', '<', before);
      const rows = ((await q) as Record<string, unknown>[]).map(normalize);
      if (rows.length === 0) return;
      yield rows;
      if (rows.length < size) return;
      before = rows[rows.length - 1].id;
    }
  }

  /** Marks those of the ids the viewer may see; answers how many changed. */
  async markAsRead(viewer: InboxViewer, ids: number[], isRead = true): Promise<number> {
    if (ids.length === 0) return 0;
    const visibleIds = this.visible(viewer).whereIn('m.id', ids).where('m.isRead', !isRead).select('m.id');
    return affectedRows(await this.knex('inbox_messages').whereIn('id', visibleIds).update({ isRead }));
  }

  async unreadCount(viewer: InboxViewer): Promise<number> {
    const [{ count }] = await this.visible(viewer).where('m.isRead', false).count<{ count: string }[]>({ count: '*' });
    return Number(count);
  }
}

function normalize(row: Record<string, unknown>): InboxRow {
  return {
    ...(row as unknown as InboxRow), id: Number(row.id), smsParts: Number(row.smsParts),
    inboxGroupId: row.inboxGroupId === null || row.inboxGroupId === undefined ? null : Number(row.inboxGroupId),
  };
}
