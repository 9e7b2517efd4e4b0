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
 * last number) or an IPv6 address. Written back normalised (no leading zeros, IPv6 canonical, an
 * IPv4-mapped IPv6 address as IPv4), so the same address cannot be stored twice in two spellings.
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
  const v6 = canonicalIpv6(text);
  if (v6 !== null) return { entry: { kind: 'single', text: v6 } };
  return { error: 'developer.ipInvalid' };
}

/**
 * An IPv6 address in its one spelling (lower case, zeros compressed: the WHATWG URL serialiser),
 * or null. An IPv4-mapped address (`::ffff:127.0.0.1`, `::ffff:7f00:1`) is the IPv4 address it
 * carries: a dual-stack socket reports IPv4 callers so, and the HTTP layer strips the prefix, so
 * an entry kept in the mapped form would never match anyone.
 */
function canonicalIpv6(text: string): string | null {
  if (text.length > 45 || !isIPv6(text)) return null;
  let host: string;
  try {
    host = new URL(`http://[${text}]/`).hostname.slice(1, -1);
  } catch {
    return null; // a zone id (fe80::1%eth0): never a remote caller's address
  }
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
  if (!mapped) return host;
  const hi = parseInt(mapped[1]!, 16);
  const lo = parseInt(mapped[2]!, 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** A caller address in the form entries are stored in (IPv4 as is; IPv6 canonical, mapped IPv4 unwrapped). */
export function callerAddress(address: string): string {
  return address.includes(':') ? canonicalIpv6(address) ?? address.toLowerCase() : address;
}

/** Whether a caller address is in the entry (any spelling: it is brought to the stored form first). */
export function ipMatches(entry: IpEntry, raw: string): boolean {
  const address = callerAddress(raw);
  if (entry.kind === 'single') return entry.text === address;
  if (!address.startsWith(entry.prefix)) return false;
  const last = address.slice(entry.prefix.length);
  if (!/^\d{1,3}$/.test(last)) return false;
  const n = Number(last);
  return n >= entry.from && n <= entry.to;
}
