import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../../platform/tokens.js';
import type { Tenant } from '../../../platform/actor.js';
import { likeContains } from '../../../platform/http/search.js';
import { escapeLike } from '../../../platform/tenancy.js';
import { shownReceiver } from '../../../shared/sms/masked-numbers.js';

/** Where a keyset page ends: the last row's send and seq (rows come newest send first, highest seq first). */
export interface SearchCursor {
  sendId: number;
  seq: number;
}

/** The outbox advanced search, resolved by the service: numbers normalized, dates checked. */
export interface ReceiverSearch {
  from: Date;
  to: Date;
  fromHour?: number;
  toHour?: number;
  toNumber?: string;
  smsText?: string;
  description?: string;
  sendStatus?: string[];
  deliveryStatus?: string[];
  /** Sends made from any of these phonebooks. */
  phonebookIds?: number[];
  /** A regional send's filters (sends.regionalFilters): one zone id, a guild or sub-guild, a postal code prefix. */
  zoneId?: number;
  guild?: string;
  zipCode?: string;
  /** Plain users see only their own sends. */
  userId?: number;
  sendId?: number;
}

export interface ReceiverHit {
  sendId: number;
  seq: number;
  toNumber: string;
  operator: string;
  description: string | null;
  sendStatus: string;
  deliveryStatus: string;
  sendDateTime: Date | null;
  statusDateTime: Date | null;
  /** The receiver's own text (a dynamic or P2P file send), else the send's. */
  smsText: string;
  senderNumber: string;
  dateTimeSend: Date;
}

const RECEIVER_FIELDS = '"sendId", seq, "toNumber", operator, description, "sendStatus", "deliveryStatus", "sendDateTime", "statusDateTime", "smsText"';

/**
 * Receivers of the outbox (live and archived) across a tenant's sends, keyset paged. Two shapes,
 * each led by an index (migration 0026): with a number, the number's receivers
 * (`send_recipients_to_number`) joined to their sends; without, the tenant's sends in the range
 * (`sends_org_date_time_send`) newest first, each send's receivers read by primary key (lateral)
 * until the page is full. No count: a total over millions of rows would cost more than the page.
 */
@injectable()
export class OutboxSearchRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  /** The filter as SQL: the send conditions (alias s) and the receiver conditions (no alias). */
  private where(tenant: Tenant, q: ReceiverSearch) {
    const sendWhere: string[] = [];
    const sendArgs: unknown[] = [];
    if (tenant.subtree) {
      sendWhere.push('s."organizationId" in (select id from organizations where path like ? and "deletedAt" is null)');
      sendArgs.push(`${escapeLike(tenant.path)}%`);
    } else {
      sendWhere.push('s."organizationId" = ?');
      sendArgs.push(tenant.organizationId);
    }
    sendWhere.push('s."dateTimeSend" >= ?', 's."dateTimeSend" < ?');
    sendArgs.push(q.from, q.to);
    if (q.userId !== undefined) { sendWhere.push('s."userId" = ?'); sendArgs.push(q.userId); }
    if (q.sendId !== undefined) { sendWhere.push('s.id = ?'); sendArgs.push(q.sendId); }
    if (q.fromHour !== undefined) { sendWhere.push(`extract(hour from s."dateTimeSend" at time zone 'Asia/Tehran') >= ?`); sendArgs.push(q.fromHour); }
    if (q.toHour !== undefined) { sendWhere.push(`extract(hour from s."dateTimeSend" at time zone 'Asia/Tehran') <= ?`); sendArgs.push(q.toHour); }
    if (q.smsText) { sendWhere.push('s."smsText" ilike ?'); sendArgs.push(likeContains(q.smsText)); }
    // A regional send's receivers are never matched by a number (decided): a search cannot tell whether a number was among them.
    if (q.toNumber) sendWhere.push('not s."isHiddenReceivers"');
    // The regional filters a send was made with (targeting): zone, guild, postal code.
    if (q.zoneId !== undefined) { sendWhere.push(`(s."regionalFilters"->'zoneIds') @> ?::jsonb`); sendArgs.push(JSON.stringify([q.zoneId])); }
    if (q.guild) { sendWhere.push(`(s."regionalFilters"->>'guildName' = ? or s."regionalFilters"->>'subGuildName' = ?)`); sendArgs.push(q.guild, q.guild); }
    // A postal code matches a send whose prefix it starts with, or whose prefix starts with it.
    if (q.zipCode) {
      const code = q.zipCode.replace(/[^0-9]/g, '');
      sendWhere.push(`(s."regionalFilters"->>'zipCodePrefix' like ? or ? like (s."regionalFilters"->>'zipCodePrefix') || '%')`);
      sendArgs.push(`${code}%`, code);
    }
    if (q.phonebookIds?.length) { sendWhere.push(`s."phonebookIds" && array[${q.phonebookIds.map(() => '?::int').join(', ')}]`); sendArgs.push(...q.phonebookIds); }

    const recWhere: string[] = [];
    const recArgs: unknown[] = [];
    if (q.description) { recWhere.push('description ilike ?'); recArgs.push(likeContains(q.description)); }
    if (q.sendStatus?.length) { recWhere.push(`"sendStatus" in (${q.sendStatus.map(() => '?').join(', ')})`); recArgs.push(...q.sendStatus); }
    if (q.deliveryStatus?.length) { recWhere.push(`"deliveryStatus" in (${q.deliveryStatus.map(() => '?').join(', ')})`); recArgs.push(...q.deliveryStatus); }
    return { sendWhere, sendArgs, recFilter: recWhere.map((w) => ` and ${w}`).join(''), recArgs };
  }

  /** How many receivers match (the export's progress denominator; never asked by the search itself). */
  async count(tenant: Tenant, q: ReceiverSearch): Promise<number> {
    const { sendWhere, sendArgs, recFilter, recArgs } = this.where(tenant, q);
    if (q.toNumber) {
      const branch = (table: string) => `select "sendId" from ${table} where "toNumber" = ?${recFilter}`;
      const res = await this.knex.raw(
        `select count(*)::bigint as n from (${branch('send_recipients')} union all ${branch('send_recipients_archive')}) r
           join sends s on s.id = r."sendId" where ${sendWhere.join(' and ')}`,
        [q.toNumber, ...recArgs, q.toNumber, ...recArgs, ...sendArgs] as Knex.RawBinding[],
      );
      return Number(res.rows[0].n);
    }
    // Per send through the primary key, as the pages read them (a join could scan every receiver).
    const res = await this.knex.raw(
      `select coalesce(sum(r.n), 0)::bigint as n from sends s cross join lateral (
         select (select count(*) from send_recipients where "sendId" = s.id${recFilter})
              + (select count(*) from send_recipients_archive where s."archivedAt" is not null and "sendId" = s.id${recFilter}) as n) r
       where ${sendWhere.join(' and ')}`,
      [...recArgs, ...recArgs, ...sendArgs] as Knex.RawBinding[],
    );
    return Number(res.rows[0].n);
  }

  async page(tenant: Tenant, q: ReceiverSearch, limit: number, after?: SearchCursor): Promise<ReceiverHit[]> {
    const { sendWhere, sendArgs, recFilter, recArgs } = this.where(tenant, q);
    const columns = `r."sendId", r.seq, r."toNumber", r.operator, r.description, r."sendStatus", r."deliveryStatus", r."sendDateTime", r."statusDateTime", coalesce(r."smsText", s."smsText") as "smsText", s."senderNumber", s."dateTimeSend", s."isHiddenReceivers"`;

    if (q.toNumber) {
      const cursor = after ? ' and ("sendId", seq) < (?, ?)' : '';
      const cursorArgs = after ? [after.sendId, after.seq] : [];
      const branch = (table: string) => `select ${RECEIVER_FIELDS} from ${table} where "toNumber" = ?${recFilter}${cursor}`;
      const sql = `select ${columns}
        from (${branch('send_recipients')} union all ${branch('send_recipients_archive')}) r
        join sends s on s.id = r."sendId"
        where ${sendWhere.join(' and ')}
        order by r."sendId" desc, r.seq desc limit ?`;
      const args = [q.toNumber, ...recArgs, ...cursorArgs, q.toNumber, ...recArgs, ...cursorArgs, ...sendArgs, limit];
      return this.rows(sql, args);
    }

    if (after) { sendWhere.push('s.id <= ?'); sendArgs.push(after.sendId); }
    const cursor = after ? ' and (s.id < ? or seq < ?)' : '';
    const cursorArgs = after ? [after.sendId, after.seq] : [];
    // The archive is read only for sends ever archived (a one-time filter per send, no probe otherwise).
    const sql = `select ${columns}
      from (select s.id, s."smsText", s."senderNumber", s."dateTimeSend", s."archivedAt", s."isHiddenReceivers" from sends s where ${sendWhere.join(' and ')} order by s.id desc) s
      cross join lateral (
        select * from (
          select ${RECEIVER_FIELDS} from send_recipients where "sendId" = s.id${recFilter}${cursor}
          union all
          select ${RECEIVER_FIELDS} from send_recipients_archive where s."archivedAt" is not null and "sendId" = s.id${recFilter}${cursor}
        ) x order by seq desc limit ?) r
      order by s.id desc, r.seq desc limit ?`;
    const args = [...sendArgs, ...recArgs, ...cursorArgs, ...recArgs, ...cursorArgs, limit, limit];
    return this.rows(sql, args);
  }

  private async rows(sql: string, args: unknown[]): Promise<ReceiverHit[]> {
    const res = await this.knex.raw(sql, args as Knex.RawBinding[]);
    // A regional send's receivers leave here masked (the search page and every export read this).
    return (res.rows as (ReceiverHit & { isHiddenReceivers?: boolean })[])
      .map(({ isHiddenReceivers, ...r }) => shownReceiver({ ...r, sendId: Number(r.sendId) }, isHiddenReceivers));
  }
}
