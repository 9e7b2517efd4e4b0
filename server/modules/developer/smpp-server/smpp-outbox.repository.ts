import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../../platform/tokens.js';
import { affectedRows } from '../../../platform/db.js';
import type { Tx } from '../../../platform/unit-of-work.js';

/** What a send made over SMPP keeps until its final state (the receipt is built from it). */
export interface SmppMessageRow {
  sendId: number;
  accountId: number;
  messageIds: string[];
  sourceAddr: string;
  destAddr: string;
  registeredDelivery: number;
  textStart: string;
  submittedAt: Date;
}

/** `lockedUntil` of an inbound copy the client acknowledged while the feed may still read its inbox row (`remove`). */
const DELIVERED = "'infinity'::timestamptz";

/** A deliver_sm waiting for a bound receiver: a receipt or an inbound message. */
export interface SmppOutboxRow {
  id: number;
  accountId: number;
  kind: 'receipt' | 'mo';
  inboxId: number | null;
  messageId: string | null;
  sourceAddr: string;
  destAddr: string;
  body: string;
  messageState: number | null;
  createdAt: Date;
  attempts: number;
}

export type NewOutboxRow = Pick<SmppOutboxRow, 'accountId' | 'kind' | 'inboxId' | 'messageId' | 'sourceAddr' | 'destAddr' | 'body' | 'messageState'>;

/** Rows of one insert statement (10 columns each, far under PostgreSQL's bind parameter limit). */
const CHUNK = 2_000;

export interface SmppPartRow {
  accountId: number;
  key: string;
  seq: number;
  total: number;
  text: string;
  messageId: string;
  sourceAddr: string;
  destAddr: string;
  registeredDelivery: number;
  flash: boolean;
}

@injectable()
export class SmppOutboxRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  /** The SMPP rows of a group of sends, in the group's transaction (one statement). */
  async insertMessages(tx: Tx, rows: SmppMessageRow[]): Promise<void> {
    for (let i = 0; i < rows.length; i += CHUNK) await tx('smpp_messages').insert(rows.slice(i, i + CHUNK));
  }

  /**
   * Takes the SMPP rows of these sends (one indexed statement; sends not made over SMPP match
   * nothing): their final state is known, so each becomes outbox rows in the same transaction.
   */
  async takeMessages(tx: Tx, sendIds: number[]): Promise<SmppMessageRow[]> {
    if (sendIds.length === 0) return [];
    const res = await tx.raw('delete from smpp_messages where "sendId" = any(?::bigint[]) returning *', [`{${sendIds.join(',')}}`]);
    return (res.rows as (SmppMessageRow & { sendId: string | number })[]).map((r) => ({ ...r, sendId: Number(r.sendId) }));
  }

  /** In the caller's transaction, or on its own (`tx` null). */
  async insertOutbox(tx: Tx | null, rows: NewOutboxRow[], ignoreRepeatedInbound = false): Promise<number> {
    const db = tx ?? this.knex;
    let n = 0;
    for (let i = 0; i < rows.length; i += CHUNK) {
      const q = db('smpp_outbox').insert(rows.slice(i, i + CHUNK));
      if (ignoreRepeatedInbound) q.onConflict(db.raw('("accountId", "inboxId") where "inboxId" is not null')).ignore();
      const res = await q.returning('id');
      n += res.length;
    }
    return n;
  }

  /**
   * Claims up to `limit` waiting rows of an account for `lockMs` (another process or bind skips
   * them meanwhile); a claim that is never acknowledged runs out and the row is handed out again.
   */
  async claim(accountId: number, limit: number, lockMs: number, afterId = 0): Promise<SmppOutboxRow[]> {
    const res = await this.knex.raw(
      `update smpp_outbox set "lockedUntil" = now() + (? * interval '1 millisecond'), attempts = attempts + 1
       where id in (select id from smpp_outbox where "accountId" = ? and id > ? and ("lockedUntil" is null or "lockedUntil" < now())
                    order by id limit ? for update skip locked)
       returning *`,
      [lockMs, accountId, afterId, limit],
    );
    return (res.rows as (SmppOutboxRow & { id: string | number; inboxId: string | number | null })[])
      .map((r) => ({ ...r, id: Number(r.id), inboxId: r.inboxId === null ? null : Number(r.inboxId) }))
      .sort((a, b) => a.id - b.id);
  }

  /**
   * Acknowledged by the client. A receipt goes for good. An inbound copy whose inbox row the feed
   * may still read again (above the cursor: rows younger than the settle time are re-read) stays as
   * a delivered mark, never handed out (`lockedUntil` infinity, text dropped): were it deleted, the
   * re-read would queue the same message again past the unique (account, inbox id), and the client
   * got it twice or three times. The feed drops the marks once its cursor passed them.
   */
  async remove(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    const list = `{${ids.join(',')}}`;
    await this.knex.raw(
      `delete from smpp_outbox where id = any(?::bigint[])
         and ("inboxId" is null or "inboxId" <= (select "afterId" from smpp_inbound_cursor where id = 1))`,
      [list],
    );
    await this.knex.raw(`update smpp_outbox set "lockedUntil" = ${DELIVERED}, body = '' where id = any(?::bigint[])`, [list]);
  }

  /** Handed back unacknowledged (the bind closed): free for the next bind now, not after the lock. */
  async release(ids: number[]): Promise<void> {
    if (ids.length > 0) await this.knex.raw(`update smpp_outbox set "lockedUntil" = null where id = any(?::bigint[]) and "lockedUntil" < ${DELIVERED}`, [`{${ids.join(',')}}`]);
  }

  async expire(before: Date): Promise<number> {
    return affectedRows(await this.knex('smpp_outbox').where('createdAt', '<', before).del());
  }

  async pendingCount(accountId: number): Promise<number> {
    const [row] = await this.knex('smpp_outbox').where({ accountId }).andWhere((q) => q.whereNull('lockedUntil').orWhere('lockedUntil', '<', this.knex.raw(DELIVERED)))
      .count<{ count: string }[]>({ count: '*' });
    return Number(row?.count ?? 0);
  }

  /** A part of a long message, stored before it is answered; a resent part replaces the first. */
  async savePart(row: SmppPartRow): Promise<void> {
    await this.knex('smpp_parts').insert(row).onConflict(['accountId', 'key', 'seq']).merge(['text', 'messageId']);
  }

  async partsOf(accountId: number, key: string): Promise<SmppPartRow[]> {
    return (await this.knex('smpp_parts').where({ accountId, key }).orderBy('seq')) as SmppPartRow[];
  }

  async deleteParts(accountId: number, key: string): Promise<void> {
    await this.knex('smpp_parts').where({ accountId, key }).del();
  }

  /** Long messages whose first part is older than `before` (still incomplete): sent as they are by the sweep. */
  async staleParts(before: Date, limit: number): Promise<{ accountId: number; key: string }[]> {
    const rows = await this.knex('smpp_parts').where('createdAt', '<', before).distinct('accountId', 'key').limit(limit);
    return rows.map((r: { accountId: number; key: string }) => ({ accountId: Number(r.accountId), key: r.key }));
  }

  async inboundCursor(): Promise<number> {
    const row = await this.knex('smpp_inbound_cursor').where({ id: 1 }).first('afterId');
    return Number(row?.afterId ?? 0);
  }

  /**
   * Only forward: two processes reading the same feed never move it back. The delivered marks of
   * these accounts' inbound copies at or below the cursor go (never read again; see `remove`).
   */
  async advanceInboundCursor(afterId: number, accountIds: number[] = []): Promise<void> {
    await this.knex('smpp_inbound_cursor').where({ id: 1 }).update({ afterId: this.knex.raw('greatest("afterId", ?)', [afterId]) });
    if (accountIds.length === 0) return;
    await this.knex.raw(
      `delete from smpp_outbox where "accountId" = any(?::int[]) and "inboxId" is not null and "inboxId" <= ? and "lockedUntil" = ${DELIVERED}`,
      [`{${accountIds.join(',')}}`, afterId],
    );
  }
}
