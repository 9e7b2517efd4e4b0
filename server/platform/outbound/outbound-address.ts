import { BlockList, isIP } from 'node:net';

/**
 * Why a URL the server was asked to call is refused: not http(s), not a URL, a host name that
 * never names a public receiver, or an address inside the server's own networks.
 */
export type OutboundRefusal = 'scheme' | 'malformed' | 'name' | 'address';

export type OutboundCheck = { ok: true; url: URL } | { ok: false; reason: OutboundRefusal };

/** All addresses of a name, as `dns.lookup(name, { all: true })` answers them. */
export type ResolveAll = (hostname: string) => Promise<{ address: string; family: number }[]>;

/**
 * Addresses no user URL may reach unless an administrator allowed them: the host itself, the
 * networks it sits in, cloud metadata (link-local), and ranges that are never a public receiver.
 * IPv6 forms that carry an IPv4 address (mapped, compatible, NAT64 64:ff9b::/96) are judged by
 * that IPv4 address, so they are not listed here.
 */
const FORBIDDEN_V4: [string, number][] = [
  ['0.0.0.0', 8], // "this network"; 0.0.0.0 reaches the host itself
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local: 169.254.169.254 is the metadata service of most clouds
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255 broadcast
];
const FORBIDDEN_V6: [string, number][] = [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b:1::', 48], // local-use NAT64: whatever it translates to is the operator's own network
  ['100::', 64],
  ['2001::', 23], // IETF protocol assignments, Teredo (an obfuscated IPv4 address inside)
  ['2001:db8::', 32],
  ['2002::', 16], // 6to4: an IPv4 address inside; deprecated, so refused whole
  ['3fff::', 20],
  ['fc00::', 7], // unique-local (fd00:ec2::254 is AWS's metadata over IPv6)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

const FORBIDDEN = new BlockList();
for (const [net, prefix] of FORBIDDEN_V4) FORBIDDEN.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of FORBIDDEN_V6) FORBIDDEN.addSubnet(net, prefix, 'ipv6');

/**
 * Names that resolve only inside a site, never to a public receiver: localhost (RFC 6761),
 * `.internal` (reserved for private use; metadata.google.internal), mDNS `.local`, `.home.arpa`,
 * `.localdomain`, reverse-DNS `.arpa`. A single label ("metadata", "redis") is completed by the
 * server's search domains, so it too names something of the site.
 */
const SITE_SUFFIXES = ['localhost', 'internal', 'local', 'localdomain', 'arpa'];

/** The 8 16-bit words of a valid IPv6 address (no zone). */
function v6Words(ip: string): number[] {
  const normal = new URL(`http://[${ip}]/`).hostname.slice(1, -1); // dotted tails become hex words
  const [head, tail] = normal.includes('::') ? normal.split('::') : [normal, null];
  const words = (s: string | null | undefined) => (s ? s.split(':').map((w) => parseInt(w, 16)) : []);
  const h = words(head);
  const t = words(tail);
  return tail === null ? h : [...h, ...new Array<number>(8 - h.length - t.length).fill(0), ...t];
}

/** The IPv4 address an IPv6 address stands for: mapped (::ffff:a.b.c.d), compatible (::a.b.c.d) or NAT64 (64:ff9b::a.b.c.d). */
function embeddedV4(words: number[]): string | null {
  const zeros = (from: number, to: number) => words.slice(from, to).every((w) => w === 0);
  const mapped = zeros(0, 5) && words[5] === 0xffff;
  const compatible = zeros(0, 6);
  const nat64 = words[0] === 0x64 && words[1] === 0xff9b && zeros(2, 6);
  if (!mapped && !compatible && !nat64) return null;
  return [words[6] >> 8, words[6] & 0xff, words[7] >> 8, words[7] & 0xff].join('.');
}

/**
 * Whether an address (as a URL's host or DNS gives it, zone suffix allowed) may not be called:
 * inside a forbidden range and not in the administrator's allowance. Not an address: refused.
 */
export function addressRefused(address: string, allow: BlockList): boolean {
  const ip = address.replace(/%.*$/, '');
  const family = isIP(ip);
  if (family === 4) return FORBIDDEN.check(ip, 'ipv4') && !allow.check(ip, 'ipv4');
  if (family !== 6) return true;
  if (allow.check(ip, 'ipv6')) return false;
  const v4 = embeddedV4(v6Words(ip));
  if (v4 !== null) return FORBIDDEN.check(v4, 'ipv4') && !allow.check(v4, 'ipv4');
  return FORBIDDEN.check(ip, 'ipv6');
}

/**
 * An allowance as an administrator writes it (the PEYK_OUTBOUND_ALLOW variable, the
 * OutboundAllowedRanges setting): CIDRs or single addresses, separated by commas, semicolons,
 * spaces or lines. Single addresses come back as /32 or /128; what is no range is listed in `invalid`.
 */
export function parseAllowList(text: string): { ranges: string[]; invalid: string[] } {
  const ranges: string[] = [];
  const invalid: string[] = [];
  for (const entry of text.split(/[\s,;]+/).filter(Boolean)) {
    const [address, prefixText, ...rest] = entry.split('/');
    const family = isIP(address);
    const max = family === 4 ? 32 : 128;
    const prefix = prefixText === undefined ? max : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : -1;
    if (family === 0 || rest.length > 0 || prefix < 0 || prefix > max) invalid.push(entry);
    else ranges.push(`${address.toLowerCase()}/${prefix}`);
  }
  return { ranges, invalid };
}

/** A BlockList of the ranges parseAllowList answered (anything else is skipped). */
export function allowListOf(ranges: readonly string[]): BlockList {
  const list = new BlockList();
  for (const range of parseAllowList(ranges.join(',')).ranges) {
    const [address, prefix] = range.split('/');
    list.addSubnet(address, Number(prefix), isIP(address) === 4 ? 'ipv4' : 'ipv6');
  }
  return list;
}

/**
 * The URL alone, as at save: the scheme, and a host that is an allowed literal address (in any
 * notation: the WHATWG parser has already turned decimal, hex, octal and short IPv4 forms, and
 * IPv6 with a dotted tail, into their plain form) or a name outside the site-only suffixes. A name
 * is only resolved at connect (`outboundRequest`), where every address it gives is checked.
 */
export function checkOutboundUrl(raw: string, allow: BlockList): OutboundCheck {
  const text = raw.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, reason: /^https?:\/\//i.test(text) ? 'malformed' : 'scheme' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: 'scheme' };
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  if (isIP(host)) return addressRefused(host, allow) ? { ok: false, reason: 'address' } : { ok: true, url };
  const name = host.replace(/\.$/, '').toLowerCase();
  if (name === '') return { ok: false, reason: 'malformed' };
  if (!name.includes('.') || SITE_SUFFIXES.some((s) => name === s || name.endsWith(`.${s}`))) return { ok: false, reason: 'name' };
  return { ok: true, url };
}
