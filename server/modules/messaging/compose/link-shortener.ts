import type { Actor } from '../../../platform/actor.js';
import type { Tx } from '../../../platform/unit-of-work.js';
import type { ShortLinkMode } from '../../../shared/engage/short-links.js';

export type { ShortLinkMode } from '../../../shared/engage/short-links.js';

/**
 * The extension point a send's short links go through (issue 28; bound by engage, which owns the
 * links). Compose asks for a plan after its receivers are known and before it judges texts and
 * parts, so the price is that of the texts as they will go out; the plan's rows are written in the
 * send's own transaction (`save`), so a refused or rolled-back send leaves no link behind.
 */
export interface LinkShortener {
  /**
   * Rewrites the links of `template` (the send's text): `PerSend` — one short link per distinct
   * link, the same for every receiver; `PerReceiver` — a personal link per receiver, written into
   * each receiver's own text (`receivers[i].text`, set from the template when absent), except for
   * a send to one receiver without its own text, whose shared text carries the personal link.
   * Answers the shared text to send (null: unchanged, every receiver carries its own) and `save`.
   * Throws a field error (`shortLinkMode`) when there is nothing to shorten or no short address.
   */
  plan(ctx: Actor, mode: Exclude<ShortLinkMode, 'None'>, template: string, receivers: { number: string; text?: string }[]): Promise<LinkPlan>;
}

export interface LinkPlan {
  sharedText: string | null;
  save(tx: Tx, sendId: number): Promise<void>;
}

/** Bound (once) by the module that owns short links; compose refuses a shortening mode without it. */
export const LINK_SHORTENER = Symbol.for('peyk.messaging.LinkShortener');
