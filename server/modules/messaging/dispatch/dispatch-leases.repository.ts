import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../../platform/tokens.js';
import { affectedRows } from '../../../platform/db.js';
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

  /**
   * `acquire` for the one-receiver range (0..1) of many single sends in one statement; answers the
   * leases taken (a send whose range a live worker holds is left out: its job or the stale sweep
   * takes it later).
   */
  async acquireSingles(sendIds: number[], owner: string, ttlMs: number): Promise<HeldLease[]> {
    if (sendIds.length === 0) return [];
    const res = await this.knex.raw(
      `insert into dispatch_leases ("sendId", "fromSeq", "toSeq", fence, owner, "expiresAt")
       select x.sid, 0, 1, 1, ?, clock_timestamp() + ? * interval '1 millisecond' from unnest(?::bigint[]) as x(sid)
       on conflict ("sendId", "fromSeq") do update
         set fence = dispatch_leases.fence + 1, owner = excluded.owner, "toSeq" = excluded."toSeq", "expiresAt" = excluded."expiresAt"
         where dispatch_leases."expiresAt" <= clock_timestamp()
       returning "sendId", fence`,
      [owner, ttlMs, `{${sendIds.join(',')}}`],
    );
    return (res.rows as { sendId: string | number; fence: string | number }[]).map((r) => ({ sendId: Number(r.sendId), fromSeq: 0, toSeq: 1, fence: Number(r.fence) }));
  }

  /** Of these leases, the sends whose lease is still the one given (fenced writes, many at once). */
  async heldOf(tx: Tx, leases: HeldLease[]): Promise<Set<number>> {
    if (leases.length === 0) return new Set();
    const res = await tx.raw(
      `select l."sendId" from dispatch_leases l join unnest(?::bigint[], ?::int[], ?::bigint[]) as x(sid, fs, fence)
         on l."sendId" = x.sid and l."fromSeq" = x.fs and l.fence = x.fence for share of l`,
      [`{${leases.map((l) => l.sendId).join(',')}}`, `{${leases.map((l) => l.fromSeq).join(',')}}`, `{${leases.map((l) => l.fence).join(',')}}`],
    );
    return new Set((res.rows as { sendId: string | number }[]).map((r) => Number(r.sendId)));
  }

  async releaseMany(leases: HeldLease[]): Promise<void> {
    if (leases.length === 0) return;
    await this.knex.raw(
      `update dispatch_leases l set "expiresAt" = '-infinity' from unnest(?::bigint[], ?::int[], ?::bigint[]) as x(sid, fs, fence)
        where l."sendId" = x.sid and l."fromSeq" = x.fs and l.fence = x.fence`,
      [`{${leases.map((l) => l.sendId).join(',')}}`, `{${leases.map((l) => l.fromSeq).join(',')}}`, `{${leases.map((l) => l.fence).join(',')}}`],
    );
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
    return affectedRows(await this.knex('dispatch_leases as l')
      .whereNotExists(this.knex('sends as s').whereRaw('s.id = l."sendId"').whereIn('s.queueStatus', [...DISPATCH_QUEUE_STATUSES]))
      .delete());
  }
}
