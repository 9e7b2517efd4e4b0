import { expect } from 'chai';
import { ipMatches, parseIpEntry, type IpEntry } from '../../../server/modules/developer/ip-address.js';

const entry = (text: string): IpEntry => {
  const parsed = parseIpEntry(text);
  if (!('entry' in parsed)) throw new Error(`${text}: ${parsed.error}`);
  return parsed.entry;
};

describe('safe IP entries', () => {
  it('reads single addresses and last-number ranges, normalised', () => {
    expect(entry(' 010.1.1.07 ')).to.deep.equal({ kind: 'single', text: '10.1.1.7' });
    expect(entry('192.168.1.10-20')).to.deep.include({ kind: 'range', text: '192.168.1.10-20', from: 10, to: 20 });
    expect(entry('2001:DB8::1')).to.deep.equal({ kind: 'single', text: '2001:db8::1' });
  });

  it('refuses a range whose end is not greater than the last number, and what is no address', () => {
    expect(parseIpEntry('192.168.1.20-10')).to.deep.equal({ error: 'developer.ipRangeEnd' });
    expect(parseIpEntry('192.168.1.20-20')).to.deep.equal({ error: 'developer.ipRangeEnd' });
    for (const bad of ['', '1.2.3', '256.1.1.1', '1.2.3.4-256', '1.2.3.4-', 'a.b.c.d', '1.2.3.4/24', '::1-5']) {
      expect(parseIpEntry(bad), bad).to.deep.equal({ error: 'developer.ipInvalid' });
    }
  });

  it('matches a caller address inside a range only on the same first three numbers', () => {
    const r = entry('192.168.1.10-20');
    expect(['192.168.1.10', '192.168.1.15', '192.168.1.20'].every((a) => ipMatches(r, a))).to.equal(true);
    expect(['192.168.1.9', '192.168.1.21', '192.168.11.15', '192.168.1.150', '2001:db8::1'].some((a) => ipMatches(r, a))).to.equal(false);
    expect(ipMatches(entry('2001:db8::1'), '2001:DB8::1')).to.equal(true);
    expect(ipMatches(entry('10.0.0.1'), '10.0.0.10')).to.equal(false);
  });

  it('stores an IPv4-mapped IPv6 address as the IPv4 address, and IPv6 in its one canonical spelling (issue 21 F6)', () => {
    expect(entry('::ffff:127.0.0.1')).to.deep.equal({ kind: 'single', text: '127.0.0.1' });
    expect(entry('::FFFF:7f00:1')).to.deep.equal({ kind: 'single', text: '127.0.0.1' });
    expect(entry('0:0:0:0:0:ffff:10.1.2.3')).to.deep.equal({ kind: 'single', text: '10.1.2.3' });
    expect(entry('2001:0DB8:0:0:0:0:0:1')).to.deep.equal({ kind: 'single', text: '2001:db8::1' });
    expect(entry('::1')).to.deep.equal({ kind: 'single', text: '::1' });
  });

  it('matches an IPv4-mapped caller address against IPv4 entries and ranges', () => {
    expect(ipMatches(entry('127.0.0.1'), '::ffff:127.0.0.1')).to.equal(true);
    expect(ipMatches(entry('127.0.0.1-9'), '::ffff:127.0.0.5')).to.equal(true);
    expect(ipMatches(entry('127.0.0.1-9'), '::ffff:127.0.0.10')).to.equal(false);
    expect(ipMatches(entry('2001:db8::1'), '2001:db8:0::1')).to.equal(true);
  });
});
