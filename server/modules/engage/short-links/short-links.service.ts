import { inject, injectable } from 'inversify';
import type { Tx } from '../../../platform/unit-of-work.js';
import { newShortCode, isShortCode } from './short-link-codes.js';
import { ShortLinksRepository, type NewShortLink, type ShortLinkRow } from './short-links.repository.js';

/** Who a code was sent to (the contract with the public pages: a personal link's answer is attributed to its receiver). */
export interface ShortLinkReceiver {
  organizationId: number;
  sendId: number | null;
  receiver: string | null;
}

@injectable()
export class ShortLinksService {
  constructor(@inject(ShortLinksRepository) private readonly links: ShortLinksRepository) {}

  /**
   * The organization, send and receiver of a code; null for an unknown or deleted code. A Public
   * link has no receiver (null); a hand-made link has neither send nor receiver.
   */
  async receiverForCode(code: string): Promise<ShortLinkReceiver | null> {
    if (!isShortCode(code)) return null;
    const row = await this.links.byCode(code);
    return row ? { organizationId: row.organizationId, sendId: row.sendId, receiver: row.receiver } : null;
  }

  /** The live link of a code (the redirect's lookup). */
  async byCode(code: string): Promise<ShortLinkRow | null> {
    if (!isShortCode(code)) return null;
    return this.links.byCode(code);
  }

  /**
   * Stores links with fresh codes, in the caller's transaction when given; a code that collides
   * with a stored one is drawn again, so every row is stored. Answers the rows in input order.
   */
  async createLinks(tx: Tx | null, rows: Omit<NewShortLink, 'code'>[]): Promise<ShortLinkRow[]> {
    const out: (ShortLinkRow | undefined)[] = new Array(rows.length);
    let pending = rows.map((row, index) => ({ index, row: { ...row, code: newShortCode() } }));
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt > 5) throw new Error('short link codes kept colliding');
      const stored = await this.links.insertMany(tx, pending.map((p) => p.row));
      const byCode = new Map(stored.map((s) => [s.code, s]));
      const left: typeof pending = [];
      for (const p of pending) {
        const s = byCode.get(p.row.code);
        if (s) out[p.index] = s;
        else left.push({ index: p.index, row: { ...p.row, code: newShortCode() } });
      }
      pending = left;
    }
    return out as ShortLinkRow[];
  }
}
