import { injectable } from 'inversify';
import type { Tx } from '../../platform/unit-of-work.js';

/**
 * A send held from its pick's counts whose receivers are not loaded yet (migration 0073): how the
 * recipient source rebuilds the pick, which blacklist the line honours, and what was held.
 */
export interface PendingSelection {
  sendId: number;
  kind: string;
  recipe: unknown;
  /** The line's blacklist choice at compose (`blockRule`'s `includeGeneral`; null: the line sends to blacklisted numbers). */
  includeGeneral: boolean | null;
  /** Sendable receivers held per operator (compose's names). */
  heldSendable: Record<string, number>;
  /** Parts held per operator. */
  heldParts: Record<string, number>;
}

@injectable()
export class SendSelectionsRepository {
  async insert(tx: Tx, row: PendingSelection): Promise<void> {
    await tx('send_selections').insert({
      sendId: row.sendId, kind: row.kind, recipe: JSON.stringify(row.recipe), includeGeneral: row.includeGeneral,
      heldSendable: JSON.stringify(row.heldSendable), heldParts: JSON.stringify(row.heldParts),
    });
  }

  /**
   * Removes and answers the send's pending selection (null when it was loaded or dropped already).
   * Deleting in the caller's transaction is what makes a load and a cancel exclusive: whichever
   * commits first took it, the other finds nothing.
   */
  async take(tx: Tx, sendId: number): Promise<PendingSelection | null> {
    const rows = await tx('send_selections').where({ sendId }).delete()
      .returning(['sendId', 'kind', 'recipe', 'includeGeneral', 'heldSendable', 'heldParts']) as Record<string, unknown>[];
    const r = rows[0];
    if (!r) return null;
    const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
    return {
      sendId: Number(r.sendId), kind: String(r.kind), recipe: json(r.recipe), includeGeneral: r.includeGeneral === null ? null : Boolean(r.includeGeneral),
      heldSendable: json(r.heldSendable) as Record<string, number>, heldParts: json(r.heldParts) as Record<string, number>,
    };
  }
}
