import { parseRecipient, splitRecipients } from '../../../shared/sms/phone-numbers.js';
import type { RecipientInput } from '../receivers.repository.js';

const SEPARATORS = /[\n\r;,\t\u060c\u061b]/;

/**
 * Receivers gathered from any source: normalized, deduplicated in arrival order, invalid ones
 * counted (with a few samples to show). Memory stays at one short string per unique receiver.
 */
export class RecipientSet {
  readonly items: RecipientInput[] = [];
  // Numeric keys: every normalized number is at most 15 digits without a leading zero, so it is
  // exact as a double; kept unboxed in a typed-array hash set (a Set of 880,000 doubles above
  // 2^31 boxes each one and took ~0.4 s of a million-line upload).
  private readonly seen = new NumberSet();
  wrongNumberCount = 0;
  duplicateCount = 0;
  /** Rows repeating an earlier number that were kept (a P2P send with p2PIsSendDuplicateNumber). */
  keptDuplicateCount = 0;
  readonly invalidSamples: string[] = [];

  /**
   * `keepDuplicates`: a repeated number is its own receiver again (a P2P file where each row is its
   * own message, by the sender's choice); otherwise it is dropped and counted in duplicateCount.
   */
  constructor(private readonly options: { keepDuplicates?: boolean } = {}) {}

  /** Adds one token (with a dynamic send's own text); answers false when it is not a valid number. */
  add(token: string, description?: string | null, text?: string): boolean {
    const parsed = parseRecipient(token);
    if (!parsed) {
      this.wrongNumberCount++;
      if (this.invalidSamples.length < 20) this.invalidSamples.push(token.slice(0, 40));
      return false;
    }
    if (!this.seen.add(Number(parsed.number))) {
      if (!this.options.keepDuplicates) {
        this.duplicateCount++;
        return true;
      }
      this.keptDuplicateCount++;
    }
    if (text === undefined) this.items.push({ number: parsed.number, operator: parsed.operator, description: description ?? null });
    else this.items.push({ number: parsed.number, operator: parsed.operator, description: description ?? null, text });
    return true;
  }

  addText(text: string): void {
    // Most lines of a file hold one number: skip the split when there is no separator.
    if (!SEPARATORS.test(text)) {
      const token = text.trim();
      if (token) this.add(token);
      return;
    }
    for (const token of splitRecipients(text)) this.add(token);
  }

  get size(): number {
    return this.items.length;
  }

  /** Receivers per operator (the billing module's operator keys). */
  countsByOperator(exclude?: Set<string>): Record<string, number> {
    const out: Record<string, number> = {};
    for (const r of this.items) {
      if (exclude?.has(r.number)) continue;
      out[r.operator] = (out[r.operator] ?? 0) + 1;
    }
    return out;
  }
}

/** A set of positive integers below 2^53, open addressing with linear probing; 0 marks an empty slot. */
export class NumberSet {
  // Starts small and doubles: a single send made a 512 KB array per request when it started at 2^16.
  private keys = new Float64Array(1 << 4);
  private mask = (1 << 4) - 1;
  size = 0;

  /** Adds n (> 0); answers false when it was there already. */
  add(n: number): boolean {
    if ((this.size + 1) * 2 > this.keys.length) this.grow();
    const keys = this.keys;
    let i = slotOf(n) & this.mask;
    for (;;) {
      const k = keys[i];
      if (k === 0) {
        keys[i] = n;
        this.size++;
        return true;
      }
      if (k === n) return false;
      i = (i + 1) & this.mask;
    }
  }

  has(n: number): boolean {
    let i = slotOf(n) & this.mask;
    for (;;) {
      const k = this.keys[i];
      if (k === 0) return false;
      if (k === n) return true;
      i = (i + 1) & this.mask;
    }
  }

  private grow(): void {
    const old = this.keys;
    this.keys = new Float64Array(old.length * 2);
    this.mask = this.keys.length - 1;
    this.size = 0;
    for (let i = 0; i < old.length; i++) if (old[i] !== 0) this.add(old[i]);
  }
}

/** Mixes the low and high 32 bits (ToInt32 keeps the low bits of any double). */
function slotOf(n: number): number {
  return (Math.imul(n | 0, 0x9e3779b1) ^ Math.imul((n / 4294967296) | 0, 0x85ebca6b)) >>> 0;
}
