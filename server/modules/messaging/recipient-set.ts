import { parseRecipient, splitRecipients } from '../../shared/sms/phone-numbers.js';
import type { RecipientInput } from './sends.repository.js';

const SEPARATORS = /[\n\r;,\t\u060c\u061b]/;

/**
 * Receivers gathered from any source: normalized, deduplicated in arrival order, invalid ones
 * counted (with a few samples to show). Memory stays at one short string per unique receiver.
 */
export class RecipientSet {
  readonly items: RecipientInput[] = [];
  // Numeric keys: every normalized number is at most 15 digits without a leading zero, so it is
  // exact as a double, and a Set of numbers is several times faster than one of fresh strings.
  private readonly seen = new Set<number>();
  wrongNumberCount = 0;
  duplicateCount = 0;
  readonly invalidSamples: string[] = [];

  /** Adds one token; answers false when it is not a valid number. */
  add(token: string, description?: string | null): boolean {
    const parsed = parseRecipient(token);
    if (!parsed) {
      this.wrongNumberCount++;
      if (this.invalidSamples.length < 20) this.invalidSamples.push(token.slice(0, 40));
      return false;
    }
    const key = Number(parsed.number);
    if (this.seen.has(key)) {
      this.duplicateCount++;
      return true;
    }
    this.seen.add(key);
    this.items.push({ number: parsed.number, operator: parsed.operator, description: description ?? null });
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
