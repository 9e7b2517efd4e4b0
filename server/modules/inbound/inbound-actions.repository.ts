import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../platform/tokens.js';
import type { Tx } from '../../platform/unit-of-work.js';
import type { InboundActionRow, NewInboundAction } from './inbound-contracts.js';

function toDate(v: unknown): Date {
  return v instanceof Date ? v : new Date(String(v));
}

function normalize(r: Record<string, unknown>): InboundActionRow {
  return {
    id: Number(r.id),
    organizationId: r.organizationId === null ? null : Number(r.organizationId),
    kind: String(r.kind),
    sourceKey: String(r.sourceKey),
    inboxMessageId: r.inboxMessageId === null || r.inboxMessageId === undefined ? null : Number(r.inboxMessageId),
    payload: (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as Record<string, unknown>,
    status: r.status as InboundActionRow['status'],
    attempts: Number(r.attempts),
    maxAttempts: Number(r.maxAttempts),
    nextAttemptAt: toDate(r.nextAttemptAt),
    lastError: (r.lastError as string | null) ?? null,
    result: r.result === null || r.result === undefined ? null : ((typeof r.result === 'string' ? JSON.parse(r.result) : r.result) as Record<string, unknown>),
    createdAt: toDate(r.createdAt),
    finishedAt: r.finishedAt === null || r.finishedAt === undefined ? null : toDate(r.finishedAt),
  };
}

/** The durable queue of inbound actions (`inbound_actions`). */
@injectable()
export class InboundActionsRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  /** In the store transaction; a source key already queued is no new action. Answers how many were new. */
  async enqueue(tx: Tx, actions: NewInboundAction[]): Promise<number> {
    if (actions.length === 0) return 0;
    let added = 0;
    // Bind parameters per statement are limited: a 5,000-message group with two actions each stays well under.
    for (let i = 0; i < actions.length; i += 2_000) {
      const rows = actions.slice(i, i + 2_000).map((a) => ({
        organizationId: a.organizationId,
        kind: a.kind,
        sourceKey: a.sourceKey.slice(0, 200),
        inboxMessageId: a.inboxMessageId,
        payload: JSON.stringify(a.payload),
        maxAttempts: a.maxAttempts ?? 5,
        ...(a.notBefore ? { nextAttemptAt: a.notBefore } : {}),
      }));
      const ids = await tx('inbound_actions').insert(rows).onConflict('sourceKey').ignore().returning('id');
      added += ids.length;
    }
    return added;
  }

  /**
   * Takes up to `limit` due actions: each claim counts an attempt and moves `nextAttemptAt` by the
   * lease, so a worker that dies mid-action leaves it to be taken again after the lease, and two
   * workers never hold the same action at once (skip locked).
   */
  async claimDue(limit: number, leaseMs: number): Promise<InboundActionRow[]> {
    const res = await this.knex.raw(
      `with due as materialized (
         select id from inbound_actions
          where status = 'Waiting' and "nextAttemptAt" <= clock_timestamp()
          order by "nextAttemptAt", id
          limit ?
          for update skip locked
       )
       update inbound_actions a
          set attempts = a.attempts + 1, "nextAttemptAt" = clock_timestamp() + ? * interval '1 millisecond'
         from due
        where a.id = due.id
       returning a.*`,
      [limit, leaseMs],
    );
    return ((res as { rows: Record<string, unknown>[] }).rows ?? []).map(normalize);
  }

  /**
   * The outcome of one attempt, only if the row is still this claim's (same attempt count, still
   * Waiting): a worker that took over after the lease wins. `retryInMs` null ⇒ finished.
   */
  async finish(id: number, attempt: number, outcome: { status: 'Waiting' | 'Done' | 'Failed'; error: string | null; result: Record<string, unknown> | null; retryInMs: number | null }): Promise<boolean> {
    const patch: Record<string, unknown> = { status: outcome.status };
    if (outcome.error !== null) patch.lastError = outcome.error.slice(0, 1_000);
    if (outcome.result !== null) patch.result = JSON.stringify(outcome.result);
    if (outcome.status === 'Waiting') patch.nextAttemptAt = this.knex.raw(`clock_timestamp() + ? * interval '1 millisecond'`, [outcome.retryInMs ?? 0]);
    else patch.finishedAt = this.knex.raw('clock_timestamp()');
    const n = await this.knex('inbound_actions').where({ id, attempts: attempt, status: 'Waiting' }).update(patch);
    // PGlite's client may answer the count in another shape than pg's number.
    return Number(typeof n === 'object' && n !== null ? (n as { rowCount?: number }).rowCount ?? 0 : n) > 0;
  }

  async byId(id: number): Promise<InboundActionRow | null> {
    const row = await this.knex('inbound_actions').where({ id }).first();
    return row ? normalize(row as Record<string, unknown>) : null;
  }

  /** The actions of some inbox messages (the message's detail shows what it caused), oldest first. */
  async ofMessages(inboxMessageIds: number[]): Promise<InboundActionRow[]> {
    if (inboxMessageIds.length === 0) return [];
    const rows = await this.knex('inbound_actions').whereIn('inboxMessageId', inboxMessageIds).orderBy('id');
    return (rows as Record<string, unknown>[]).map(normalize);
  }

  /** Rows by source key prefix (tests and the owners' detail pages: `parser:12:`). */
  async bySourcePrefix(prefix: string, limit = 1_000): Promise<InboundActionRow[]> {
    const rows = await this.knex('inbound_actions').where('sourceKey', 'like', `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`).orderBy('id').limit(limit);
    return (rows as Record<string, unknown>[]).map(normalize);
  }

  /** Finished actions older than `before` go (the spec keeps no history of them; the message stays). */
  async sweepFinished(before: Date): Promise<number> {
    const n = await this.knex('inbound_actions').whereIn('status', ['Done', 'Failed']).where('finishedAt', '<', before).delete();
    return Number(typeof n === 'object' && n !== null ? (n as { rowCount?: number }).rowCount ?? 0 : n);
  }
}
