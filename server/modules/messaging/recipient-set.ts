import { parseRecipient, splitRecipients } from './phone-numbers.js';
import type { RecipientInput } from './sends.repository.js';

/**
 * Receivers gathered from any source: normalized, deduplicated in arrival order, invalid ones
 * counted (with a few samples to show). Memory stays at one short string per unique receiver.
 */
export class RecipientSet {
  readonly items: RecipientInput[] = [];
  private readonly seen = new Set<string>();
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
    if (this.seen.has(parsed.number)) {
      this.duplicateCount++;
      return true;
    }
    this.seen.add(parsed.number);
    this.items.push({ number: parsed.number, operator: parsed.operator, description: description ?? null });
    return true;
  }

  addText(text: string): void {
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
