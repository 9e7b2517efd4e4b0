import type { Actor } from '../../../platform/actor.js';
import type { RecipientInput, SqlSelect } from '../receivers.repository.js';
import type { RecipientSet } from './recipient-set.js';

/**
 * The multi-injection token of recipient sources. It lives with the contract, not with messaging's
 * own providers, so a provider in another file or another module binds it without importing the
 * providers' list (`messaging/index.ts` exports it). Symbol.for: one token however it is reached.
 */
export const RECIPIENT_SOURCES = Symbol.for('peyk.messaging.RecipientSource');

/**
 * The inputs a compose request can name, by kind (each entry's shape without its `kind`). An
 * interface rather than a closed union so that a module outside messaging adds its own kind by
 * declaration merging (`declare module '../messaging/index.js' { interface RecipientSourceInputs
 * { ... } }`) and never edits this file; see messaging's CONTEXT.md, "Adding a recipient source
 * from another module".
 */
export interface RecipientSourceInputs {
  manual: { numbers: string[] };
  text: { text: string };
  upload: { uploadId: string };
  bulk: { items: { mobile: string; description?: string | null }[]; strict: boolean };
  /**
   * Contacts of phonebooks (`phonebook-recipient-source.ts`): an optional 1-based range, then a
   * filter on one field; with `template` (a dynamic send) each receiver gets its own text.
   */
  phonebook: { phonebookIds: number[]; fromIndex?: number | null; number?: number | null; filter?: { field: string; value: string } | null; template?: string | null };
  /**
   * A P2P file (`p2p/p2p-recipient-source.ts`): mobile in the first column; each row's text is its
   * second column, or `template` filled from its columns; `trackingColumn` must be named and filled.
   */
  p2p: { uploadId: string; template: string | null; keepDuplicates: boolean; trackingColumn?: string | null };
  /** Receivers already normalized and deduplicated (a periodic send's stored list). */
  list: { items: RecipientInput[]; wrongNumberCount: number; duplicateCount: number };
  /** The receivers of an earlier send with these delivery statuses (resend/resend-recipient-source.ts). */
  resend: { sendId: number; deliveryStatuses: string[] };
}

/** Where the receivers of one compose request come from; a request may name several. */
export type RecipientSourceInput = { [K in keyof RecipientSourceInputs]: { kind: K } & RecipientSourceInputs[K] }[keyof RecipientSourceInputs];

/** The receivers of a send as gathered: normalized, deduplicated, with what was dropped and why. */
export interface GatheredRecipients {
  items: RecipientInput[];
  wrongNumberCount: number;
  duplicateCount: number;
  invalidSamples: string[];
  size: number;
  /**
   * A whole list too large to travel through Node (targeting's regional pick): the receivers stay
   * in the database as a selection that compose loads with one `INSERT … SELECT` inside the send's
   * transaction, the blacklist and opt-outs applied in SQL (`ReceiversRepository.loadSelection`).
   * `items` is then empty and `size` is how many the selection answers before the blacklist.
   */
  selection?: RecipientSelection;
}

export type { SqlSelect } from '../receivers.repository.js';

/**
 * Receivers kept in the database (see `GatheredRecipients.selection`). Both selects answer the
 * columns `"toNumber"` (text, normalized 98…) and `operator` (compose's names: mci, irancell,
 * rightel, other, international), one row per number (already distinct).
 */
export interface RecipientSelection {
  /** Every number the receivers are drawn from: the preview prices from its counts, picking nothing. */
  candidates: SqlSelect;
  /** Its counts per operator when the source already knows them (spares the preview a count when no blacklist applies). */
  candidateCounts?: Record<string, number>;
  /** The receivers themselves, `size` rows, with a sortable `"orderKey"` column giving their order (seq). */
  picked: SqlSelect;
  /**
   * Set when the load may wait for the scheduler: compose then counts the pick, holds and stores
   * the send without a receiver row, and the scheduler loads it when it takes the send (queue
   * status Extracting), rebuilding `picked` through `RecipientSource.reselect(recipe)` of `kind`.
   * What changed in the source by then is capped by what was held (never more per operator; less
   * is given back at the load). Absent: loaded in the request (a pick a later send must already
   * see, such as one that fills a gray list).
   */
  later?: { kind: string; recipe: unknown };
}

/** What gathering lends a source: the main settings' maximums, read through compose's one reader. */
export interface RecipientSourceContext {
  setting(key: string): Promise<number>;
}

/**
 * One provider per kind of compose input, all registered under `RECIPIENT_SOURCES`; ComposeService
 * gathers through whichever accept the request's inputs, so a new source adds a provider and never
 * edits the gathering. Providers are consulted in binding order (messaging's own first, then other
 * modules' in `MODULES` order; see messaging's CONTEXT.md).
 */
export interface RecipientSource<I extends RecipientSourceInput = RecipientSourceInput> {
  /** The input kind this provider takes (one provider per kind). */
  readonly kind: I['kind'];
  /** The request field a refusal about this source is reported on. */
  readonly field: string;
  /** Kinds this one cannot be combined with in one request (answered on `field`). */
  readonly excludes?: readonly RecipientSourceInput['kind'][];
  /**
   * Adds this input's receivers to the request's set (its maximum checked against the set), or —
   * for a source that is already a whole, deduplicated list — answers that list, which is the
   * send's receivers as they are (no other input is merged with it).
   */
  collect(actor: Actor, input: I, set: RecipientSet, ctx: RecipientSourceContext): Promise<GatheredRecipients | void>;
  /** After the send (or the definition) that used it is stored. */
  consumed?(input: I): Promise<void>;
  /** The pick of a selection stored with `later` (its `recipe`), rebuilt when the scheduler loads it. */
  reselect?(recipe: unknown): SqlSelect;
}
