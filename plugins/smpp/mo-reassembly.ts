/** A piece of a concatenated mobile-originated message, from a UDH (IEI 0x00/0x08) or SAR TLVs. */
export interface MoPart {
  from: string;
  to: string;
  ref: number;
  total: number;
  seq: number;
  text: string;
}

export interface Reassembled<T = unknown> {
  from: string;
  to: string;
  text: string;
  /** False when the time-out ran out first: the text is what came, in order, parts missing. */
  complete: boolean;
  ref: number;
  /** Sequence numbers received. */
  seqs: number[];
  /** What the caller attached to each part (the deliver_sm to acknowledge), in arrival order. */
  tokens: T[];
}

interface Pending<T> {
  first: number;
  total: number;
  parts: Map<number, string>;
  from: string;
  to: string;
  ref: number;
  tokens: T[];
}

/** Concatenation reference from a UDH: the IE list after the length octet. Null without a concat IE. */
export function concatInfoFromUdh(ies: Buffer[]): { ref: number; total: number; seq: number } | null {
  for (const ie of ies) {
    if (ie[0] === 0x00 && ie[1] === 3 && ie.length >= 5) return { ref: ie[2]!, total: ie[3]!, seq: ie[4]! };
    if (ie[0] === 0x08 && ie[1] === 4 && ie.length >= 6) return { ref: (ie[2]! << 8) | ie[3]!, total: ie[4]!, seq: ie[5]! };
  }
  return null;
}

/**
 * Holds parts until every one of a message came, or until `timeoutMs` after its first part: a lost
 * part must not hold the rest back forever, so what came is delivered then (marked incomplete).
 */
export class MoAssembler<T = unknown> {
  private readonly pending = new Map<string, Pending<T>>();

  constructor(private readonly timeoutMs: number) {}

  get size(): number {
    return this.pending.size;
  }

  /** The whole message when this part completes it, else null. A repeated part replaces its copy. */
  add(part: MoPart, now: number, token: T): Reassembled<T> | null {
    if (part.total <= 1) return { from: part.from, to: part.to, text: part.text, complete: true, ref: part.ref, seqs: [1], tokens: [token] };
    const key = `${part.from}\u0000${part.to}\u0000${part.ref}\u0000${part.total}`;
    let p = this.pending.get(key);
    if (!p) {
      p = { first: now, total: part.total, parts: new Map(), from: part.from, to: part.to, ref: part.ref, tokens: [] };
      this.pending.set(key, p);
    }
    p.parts.set(part.seq, part.text);
    p.tokens.push(token);
    if (p.parts.size < p.total) return null;
    this.pending.delete(key);
    return this.join(p, true);
  }

  /** Messages whose time ran out, with what came. */
  expire(now: number): Reassembled<T>[] {
    const out: Reassembled<T>[] = [];
    for (const [key, p] of this.pending) {
      if (now - p.first < this.timeoutMs) continue;
      this.pending.delete(key);
      out.push(this.join(p, false));
    }
    return out;
  }

  /** Everything still held, as it is (for a drain). */
  flush(): Reassembled<T>[] {
    const out = [...this.pending.values()].map((p) => this.join(p, false));
    this.pending.clear();
    return out;
  }

  private join(p: Pending<T>, complete: boolean): Reassembled<T> {
    const seqs = [...p.parts.keys()].sort((a, b) => a - b);
    return { from: p.from, to: p.to, text: seqs.map((s) => p.parts.get(s)).join(''), complete, ref: p.ref, seqs, tokens: p.tokens };
  }
}
