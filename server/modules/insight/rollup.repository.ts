import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../platform/tokens.js';
import { TEHRAN_DAY_OF_SEND, noJit } from './insight.repository.js';

const RECEIVER_KEY = '"organizationId", day, "userId", "privateNumberId", "sendType", operator, "deliveryStatus"';
const SEND_KEY = '"organizationId", day, "userId", "privateNumberId", "sendType"';

/**
 * Folds the delta log the triggers write (`insight_send_deltas`) into the daily tables. Readers
 * add whatever is not folded yet, so folding changes no number; it only keeps the log short.
 */
@injectable()
export class RollupRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  /**
   * Folds up to `limit` of the oldest visible deltas in one statement (moved rows leave the log and
   * enter the daily tables atomically). Rows another fold is taking are skipped, so two folds never
   * count a delta twice; the upserts go in key order, so two folds never deadlock on daily rows.
   * Answers how many deltas were folded.
   */
  async fold(limit: number): Promise<number> {
    return this.knex.transaction(async (tx) => {
      await noJit(tx);
      return this.foldIn(tx, limit);
    });
  }

  private async foldIn(tx: Knex.Transaction, limit: number): Promise<number> {
    const res = await tx.raw(
      `with moved as (
         delete from insight_send_deltas
          where id in (select id from insight_send_deltas order by id limit ? for update skip locked)
         returning "sendId", operator, "deliveryStatus", receivers, sends),
       -- Summed per send first, then each send found by primary key (lateral, so the plan stays
       -- index probes however stale the statistics of the log are).
       keyed as (
         select s."organizationId", ${TEHRAN_DAY_OF_SEND} as day, s."userId", s."privateNumberId", s."sendType", s."senderNumber", s."smsParts",
                m.operator, m."deliveryStatus", m.receivers, m.sends
           from (select "sendId", operator, "deliveryStatus", sum(receivers)::bigint as receivers, sum(sends)::bigint as sends
                   from moved group by 1, 2, 3) m
           cross join lateral (select * from sends s where s.id = m."sendId" limit 1) s),
       receivers_folded as (
         insert into insight_daily_receivers (${RECEIVER_KEY}, "senderNumber", receivers, parts)
         select ${RECEIVER_KEY}, max("senderNumber"), sum(receivers), sum(receivers::bigint * "smsParts")
           from keyed where "deliveryStatus" is not null
          group by ${RECEIVER_KEY} having sum(receivers) <> 0 order by ${RECEIVER_KEY}
         on conflict (${RECEIVER_KEY}) do update
           set receivers = insight_daily_receivers.receivers + excluded.receivers, parts = insight_daily_receivers.parts + excluded.parts
         returning 1),
       sends_folded as (
         insert into insight_daily_sends (${SEND_KEY}, "senderNumber", sends)
         select ${SEND_KEY}, max("senderNumber"), sum(sends)
           from keyed where "deliveryStatus" is null
          group by ${SEND_KEY} order by ${SEND_KEY}
         on conflict (${SEND_KEY}) do update set sends = insight_daily_sends.sends + excluded.sends
         returning 1)
       select (select count(*) from moved)::int as moved`,
      [limit],
    );
    return Number((res.rows as { moved: number | string }[])[0]?.moved ?? 0);
  }

  /** How many deltas wait to be folded (tests and the benchmark read it). */
  async pending(): Promise<number> {
    const row = await this.knex('insight_send_deltas').count<{ count: string | number }[]>({ count: '*' }).first();
    return Number(row?.count ?? 0);
  }
}
