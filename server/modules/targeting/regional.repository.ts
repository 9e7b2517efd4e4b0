import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../platform/tokens.js';
import type { Tx } from '../../platform/unit-of-work.js';
import { affectedRows } from '../../platform/db.js';
import { applyCountFilter, type CountFilter } from './number-bank.repository.js';
import type { SqlSelect } from '../messaging/index.js';

/** The bank's operator codes (1 MCI, 2 Irancell, 3 Rightel, 4 Other) as compose names them, in SQL. */
const OPERATOR_SQL = `case n."mobileOperator" when 1 then 'mci' when 2 then 'irancell' when 3 then 'rightel' else 'other' end`;

/**
 * What a regional send reads and writes in targeting: the available numbers for its filters
 * (reachable, and not on the organization's gray list), the pick itself, and the gray list.
 */
@injectable()
export class RegionalRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  private available(f: CountFilter, grayOf: number | null, now: Date): Knex.QueryBuilder {
    const q = applyCountFilter(this.knex('targeting_numbers as n'), f);
    if (grayOf !== null) {
      q.whereNotExists((w) => w.select(this.knex.raw('1')).from('targeting_gray_list as g')
        .whereRaw('g."organizationId" = ? and g.mobile = n.mobile and g."expiresAt" > ?', [grayOf, now]));
    }
    return q;
  }

  /** Available numbers per operator code (gray-listed ones left out when `grayOf` names the organization). */
  async countAvailable(f: CountFilter, grayOf: number | null, now: Date): Promise<Map<number, number>> {
    const rows = await this.available(f, grayOf, now).groupBy('n.mobileOperator').select('n.mobileOperator as operator', this.knex.raw('count(*)::int as count'));
    return new Map((rows as { operator: number; count: number }[]).map((r) => [Number(r.operator), Number(r.count)]));
  }

  /**
   * Every available number as compose's selection columns (`"toNumber"`, `operator`): what the
   * preview counts (with the blacklist) instead of picking.
   */
  candidates(f: CountFilter, grayOf: number | null, now: Date): SqlSelect {
    const q = this.available(f, grayOf, now).select(this.knex.raw('n.mobile::text as "toNumber"'), this.knex.raw(`${OPERATOR_SQL} as operator`));
    const { sql, bindings } = q.toSQL();
    return { sql, bindings };
  }

  /**
   * `limit` available numbers in the order of `mobile XOR seed`, as a selection compose loads in the
   * send's transaction (`INSERT … SELECT`, no row through Node). A different seed per send gives a
   * different, evenly spread first N (the XOR permutes the low bits of every mobile, so no prefix or
   * zone is favoured), the same seed the same pick; a top-N sort over integers, no per-row hashing
   * of text. Their seq follows the number (`"orderKey"` = mobile), not the XOR: which numbers are
   * taken is the random part; inserting in number order keeps both indexes of the receivers
   * ((sendId, seq) and (toNumber, …)) appended in order instead of a million random inserts.
   */
  picked(f: CountFilter, grayOf: number | null, now: Date, limit: number, seed: number): SqlSelect {
    const q = this.available(f, grayOf, now)
      .orderByRaw('(n.mobile # ?::bigint)', [seed])
      .limit(limit)
      .select(this.knex.raw('n.mobile::text as "toNumber"'), this.knex.raw(`${OPERATOR_SQL} as operator`), this.knex.raw('n.mobile as "orderKey"'));
    const { sql, bindings } = q.toSQL();
    return { sql, bindings };
  }

  /**
   * Every receiver a send took goes on the organization's gray list until `expiresAt` (a later
   * expiry is kept), read from the just-loaded receivers in the send's transaction (one statement).
   */
  async addSendToGrayList(tx: Tx, organizationId: number, sendId: number, expiresAt: Date): Promise<void> {
    await tx.raw(
      `insert into targeting_gray_list ("organizationId", mobile, "expiresAt")
       select ?, r."toNumber"::bigint, ? from send_recipients r where r."sendId" = ?
       on conflict ("organizationId", mobile) do update set "expiresAt" = greatest(targeting_gray_list."expiresAt", excluded."expiresAt")`,
      [organizationId, expiresAt, sendId],
    );
  }

  /** Drops expired gray-list rows, at most `limit` per call; answers how many. */
  async sweepGrayList(now: Date, limit: number): Promise<number> {
    const res = await this.knex.raw(
      `delete from targeting_gray_list where ctid in (select ctid from targeting_gray_list where "expiresAt" <= ? limit ?)`,
      [now, limit],
    );
    return affectedRows(res);
  }
}
