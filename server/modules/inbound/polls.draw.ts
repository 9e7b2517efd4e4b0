import { createHmac, randomBytes } from 'node:crypto';

/** A fresh seed for a draw: 32 random bytes from the operating system, as hex (kept with the draw). */
export function newDrawSeed(): string {
  return randomBytes(32).toString('hex');
}

/**
 * A deterministic stream of 32-bit numbers from a seed: HMAC-SHA256(seed, counter), eight numbers
 * a block. The same seed gives the same stream on every machine and version of Node, so a draw
 * can be replayed from what is stored.
 */
function* numbersOf(seed: string): Generator<number> {
  for (let counter = 0; ; counter++) {
    const block = createHmac('sha256', seed).update(String(counter)).digest();
    for (let i = 0; i < block.length; i += 4) yield block.readUInt32BE(i);
  }
}

/** A uniform integer in [0, bound) from the stream: rejection sampling, so no residue favours small indexes. */
function below(stream: Generator<number>, bound: number): number {
  const limit = Math.floor(0x1_0000_0000 / bound) * bound;
  for (;;) {
    const n = stream.next().value as number;
    if (n < limit) return n % bound;
  }
}

/**
 * `count` winners among `participants` (a partial Fisher–Yates shuffle driven by the seed). The
 * participants are sorted first (by the caller's key), so the result depends only on the seed and
 * who took part, not on the order a query happened to answer in. Never more than there are.
 */
export function drawWinners<T>(seed: string, participants: readonly T[], count: number, key: (p: T) => string): T[] {
  const pool = [...participants].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  const n = Math.min(Math.max(0, Math.floor(count)), pool.length);
  const stream = numbersOf(seed);
  for (let i = 0; i < n; i++) {
    const j = i + below(stream, pool.length - i);
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  return pool.slice(0, n);
}
