import { isIPv6 } from 'node:net';

/** A safe-IP entry as stored and compared: one address, or an IPv4 range on the last number. */
export type IpEntry =
  | { kind: 'single'; text: string }
  | { kind: 'range'; text: string; prefix: string; from: number; to: number };

export type IpParseResult = { entry: IpEntry } | { error: 'developer.ipInvalid' | 'developer.ipRangeEnd' };

const V4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const V4_RANGE = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})-(\d{1,3})$/;

function octets(parts: string[]): number[] | null {
  const values = parts.map((p) => Number(p));
  return values.every((v) => Number.isInteger(v) && v >= 0 && v <= 255) ? values : null;
}

/**
 * `192.168.1.10`, `192.168.1.10-20` (the spec: the range end must be greater than the address's
 * last number) or an IPv6 address. Written back normalised (no leading zeros, IPv6 in lower case),
 * so the same address cannot be stored twice in two spellings.
 */
export function parseIpEntry(input: string): IpParseResult {
  const text = input.trim();
  const range = V4_RANGE.exec(text);
  if (range) {
    const v = octets(range.slice(1, 6));
    if (!v) return { error: 'developer.ipInvalid' };
    const [a, b, c, d, e] = v as [number, number, number, number, number];
    if (e <= d) return { error: 'developer.ipRangeEnd' };
    return { entry: { kind: 'range', text: `${a}.${b}.${c}.${d}-${e}`, prefix: `${a}.${b}.${c}.`, from: d, to: e } };
  }
  const single = V4.exec(text);
  if (single) {
    const v = octets(single.slice(1, 5));
    return v ? { entry: { kind: 'single', text: v.join('.') } } : { error: 'developer.ipInvalid' };
  }
  if (text.length <= 45 && isIPv6(text)) return { entry: { kind: 'single', text: text.toLowerCase() } };
  return { error: 'developer.ipInvalid' };
}

/** Whether a caller address (as the HTTP layer writes it: IPv4 without the ::ffff: prefix) is in the entry. */
export function ipMatches(entry: IpEntry, address: string): boolean {
  if (entry.kind === 'single') return entry.text === address.toLowerCase();
  if (!address.startsWith(entry.prefix)) return false;
  const last = address.slice(entry.prefix.length);
  if (!/^\d{1,3}$/.test(last)) return false;
  const n = Number(last);
  return n >= entry.from && n <= entry.to;
}
