import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../../platform/tokens.js';
import type { Tx } from '../../../platform/unit-of-work.js';
import { DISPATCH_QUEUE_STATUSES } from '../statuses.js';

/** A range of one send's receivers: the unit a dispatch job owns. */
export interface LeaseRange {
  sendId: number;
  fromSeq: number;
  toSeq: number;
}

/** A lease this worker holds: its fence is what every write of the range is checked against. */
export interface HeldLease extends LeaseRange {
  fence: number;
}

export type Acquired = { held: HeldLease } | { held: null; waitMs: number };

/**
 * Leases on dispatch ranges. Times are the database's (`clock_timestamp()`), so processes on
 * machines whose clocks disagree still agree on who owns a range.
 */
@injectable()
export class DispatchLeasesRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  /**
   * Takes the range if nobody holds it, or if its holder let the lease expire; the fence grows by
   * one on every taking. Otherwise answers how long the current holder's lease still runs.
   */
  async acquire(range: LeaseRange, owner: string, ttlMs: number): Promise<Acquired> {
    const res = await this.knex.raw(
      `insert into dispatch_leases ("sendId", "fromSeq", "toSeq", fence, owner, "expiresAt")
       values (?, ?, ?, 1, ?, clock_timestamp() + ? * interval '1 millisecond')
       on conflict ("sendId", "fromSeq") do update
         set fence = dispatch_leases.fence + 1, owner = excluded.owner, "toSeq" = excluded."toSeq", "expiresAt" = excluded."expiresAt"
         where dispatch_leases."expiresAt" <= clock_timestamp()
       returning fence`,
      [range.sendId, range.fromSeq, range.toSeq, owner, ttlMs],
    );
    const row = (res.rows as { fence: string | number }[])[0];
    if (row) return { held: { ...range, fence: Number(row.fence) } };
    const left = await this.knex.raw(
      `select greatest(0, ceil(extract(epoch from ("expiresAt" - clock_timestamp())) * 1000))::int as "waitMs"
       from dispatch_leases where "sendId" = ? and "fromSeq" = ?`,
      [range.sendId, range.fromSeq],
    );
    // Released between the two statements: worth trying again at once.
    return { held: null, waitMs: Number((left.rows as { waitMs: number }[])[0]?.waitMs ?? 0) };
  }

  /** Extends a lease still held under this fence; false once another worker has taken the range. */
  async renew(lease: HeldLease, ttlMs: number): Promise<boolean> {
    const res = await this.knex.raw(
      `update dispatch_leases set "expiresAt" = clock_timestamp() + ? * interval '1 millisecond'
       where "sendId" = ? and "fromSeq" = ? and fence = ? returning fence`,
      [ttlMs, lease.sendId, lease.fromSeq, lease.fence],
    );
    return (res.rows as unknown[]).length > 0;
  }

  /** Gives the range up at once (the fence stays, so an old holder stays fenced out). */
  async release(lease: HeldLease): Promise<void> {
    await this.knex.raw(
      `update dispatch_leases set "expiresAt" = '-infinity' where "sendId" = ? and "fromSeq" = ? and fence = ?`,
      [lease.sendId, lease.fromSeq, lease.fence],
    );
  }

  /**
   * Inside a transaction that writes the range: true while the lease is still this one, and the
   * row stays share-locked until commit, so no worker can take the range over in between.
   */
  async holds(tx: Tx, lease: HeldLease): Promise<boolean> {
    const res = await tx.raw(
      `select fence from dispatch_leases where "sendId" = ? and "fromSeq" = ? for share`,
      [lease.sendId, lease.fromSeq],
    );
    const row = (res.rows as { fence: string | number }[])[0];
    return row !== undefined && Number(row.fence) === lease.fence;
  }

  /**
   * Leases of sends that left dispatch. Safe to forget: nothing of such a send is still IsSending,
   * so an old holder's fenced writes would change nothing anyway.
   */
  async dropFinished(): Promise<number> {
    return this.knex('dispatch_leases as l')
      .whereNotExists(this.knex('sends as s').whereRaw('s.id = l."sendId"').whereIn('s.queueStatus', [...DISPATCH_QUEUE_STATUSES]))
      .delete();
  }
}
