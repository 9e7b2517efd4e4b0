import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  addressRefused, allowListOf, checkOutboundUrl, outboundFailureText, outboundRequest, parseAllowList, OutboundRequestError, type ResolveAll,
} from '../../../server/platform/outbound/outbound-url-guard.js';

const refusal = (url: string, allow?: string[]) => {
  const r = checkOutboundUrl(url, allowListOf(allow ?? []));
  return r.ok ? null : r.reason;
};

describe('outbound URL guard', () => {
  describe('at save: the URL alone', () => {
    it('refuses loopback in every notation the URL parser accepts', () => {
      for (const url of [
        'http://127.0.0.1:8080/x', 'http://127.9.9.9/', 'http://2130706433/', 'http://0x7f000001/', 'http://0x7F.0.0.1/',
        'http://0177.0.0.1/', 'http://017700000001/', 'http://127.1/', 'http://127.0.1/', 'http://%31%32%37.0.0.1/',
        'http://１２７.０.０.１/', 'http://shop.example@127.0.0.1/', 'https://127.0.0.1:443/',
        'http://[::1]/', 'http://[0:0:0:0:0:0:0:1]:9000/', 'http://[::ffff:127.0.0.1]/', 'http://[::ffff:7f00:1]/',
        'http://[::127.0.0.1]/', 'http://[64:ff9b::127.0.0.1]/', 'http://[64:ff9b::7f00:1]/',
      ]) expect(refusal(url), url).to.equal('address');
    });

    it('refuses unspecified, private, CGNAT, link-local (metadata), unique-local, multicast, broadcast and reserved addresses', () => {
      for (const url of [
        'http://0.0.0.0/', 'http://0/', 'http://[::]/', 'http://10.0.0.1/', 'http://10.255.255.255/', 'http://172.16.0.1/', 'http://172.31.255.1/',
        'http://192.168.1.1/', 'http://100.64.0.1/', 'http://100.127.255.254/', 'http://169.254.169.254/latest/meta-data/', 'http://2852039166/',
        'http://[fe80::1]/', 'http://[febf::1]/', 'http://[fd00::1]/', 'http://[fc00::abcd]/', 'http://[fd00:ec2::254]/', 'http://224.0.0.1/',
        'http://239.255.255.250/', 'http://255.255.255.255/', 'http://240.0.0.1/', 'http://[ff02::1]/', 'http://192.0.2.1/', 'http://198.18.0.1/',
        'http://[::ffff:10.0.0.1]/', 'http://[::ffff:a9fe:a9fe]/', 'http://[::ffff:192.168.0.1]/', 'http://[64:ff9b::169.254.169.254]/',
        'http://[64:ff9b::10.1.2.3]/', 'http://[2001:db8::1]/', 'http://[2002:7f00:1::1]/', 'http://[64:ff9b:1::1]/',
      ]) expect(refusal(url), url).to.equal('address');
    });

    it('refuses names that never reach a public receiver: localhost, *.localhost, *.internal (metadata), *.local, single labels', () => {
      for (const url of [
        'http://localhost/', 'http://LOCALHOST./', 'http://localhost:3000/', 'http://api.localhost/', 'http://metadata.google.internal/computeMetadata/v1/',
        'http://metadata.google.internal./', 'http://db.corp.internal/', 'http://printer.local/', 'http://router.home.arpa/', 'http://metadata/', 'http://intranet/',
        'http://box.localdomain/',
      ]) expect(refusal(url), url).to.equal('name');
    });

    it('accepts public addresses and public names, in both families', () => {
      for (const url of [
        'https://shop.example.com/peyk/reports', 'http://8.8.8.8/', 'http://134744072/', 'http://1.1.1.1:8443/x?y=1', 'http://172.32.0.1/',
        'http://100.128.0.1/', 'http://192.169.0.1/', 'http://[2606:4700:4700::1111]/', 'http://[::ffff:8.8.8.8]/', 'http://[64:ff9b::8.8.8.8]/',
        'https://hooks.example.ir:8443/in',
      ]) expect(refusal(url), url).to.equal(null);
    });

    it('refuses what is not http(s), and what does not parse (redirect targets are never followed, so the scheme is checked once)', () => {
      for (const url of ['ftp://shop.example.com/x', 'file:///etc/passwd', 'gopher://shop.example.com/', 'javascript:alert(1)', 'data:text/plain,x', '//shop.example.com/']) {
        expect(refusal(url), url).to.equal('scheme');
      }
      for (const url of ['http://', 'http://[::1/', 'http://exa mple.com/']) expect(refusal(url), url).to.be.oneOf(['malformed', 'scheme']);
    });

    it('an administrator\'s allowance opens exactly its ranges, whatever notation names the address', () => {
      const allow = ['127.0.0.1/32', '10.20.0.0/16', 'fd00:1::/64'];
      for (const url of ['http://127.0.0.1:9000/', 'http://2130706433/', 'http://[::ffff:127.0.0.1]/', 'http://10.20.3.4/', 'http://[fd00:1::5]/']) {
        expect(refusal(url, allow), url).to.equal(null);
      }
      for (const url of ['http://127.0.0.2/', 'http://[::1]/', 'http://10.21.0.1/', 'http://169.254.169.254/', 'http://[fd00:2::5]/', 'http://localhost/']) {
        expect(refusal(url, allow), url).to.not.equal(null);
      }
    });
  });

  describe('allowance text', () => {
    it('reads CIDRs and single addresses separated by commas, spaces or lines, and names what it cannot read', () => {
      expect(parseAllowList(' 127.0.0.1/32, 10.0.0.0/8\n::1 192.168.1.7 ')).to.deep.equal({ ranges: ['127.0.0.1/32', '10.0.0.0/8', '::1/128', '192.168.1.7/32'], invalid: [] });
      expect(parseAllowList('')).to.deep.equal({ ranges: [], invalid: [] });
      expect(parseAllowList('10.0.0.0/33, localhost, 1.2.3/24, ::1/129, 10.0.0.0/x').invalid).to.deep.equal(['10.0.0.0/33', 'localhost', '1.2.3/24', '::1/129', '10.0.0.0/x']);
    });

    it('judges addresses as they come from DNS (mapped and zone-scoped forms too)', () => {
      const none = allowListOf([]);
      for (const ip of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '::ffff:7f00:1', 'fe80::1%eth0', '0.0.0.0', '169.254.169.254', 'fd00::1']) expect(addressRefused(ip, none), ip).to.equal(true);
      for (const ip of ['8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect(addressRefused(ip, none), ip).to.equal(false);
      expect(addressRefused('not-an-ip', none)).to.equal(true);
    });
  });

  describe('at connect: the resolved addresses', () => {
    let receiver: Server;
    let port: number;
    let hits: string[];

    before(async () => {
      hits = [];
      receiver = createServer((req, res) => {
        hits.push(req.url ?? '');
        res.writeHead(req.url === '/fail' ? 500 : 200, { 'content-type': 'text/plain' });
        res.end('INTERNAL-ADMIN-PANEL secret=hunter2');
      });
      await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
      port = (receiver.address() as AddressInfo).port;
    });
    after(async () => { receiver.closeAllConnections(); await new Promise((r) => receiver.close(r)); });

    const resolvesTo = (...addresses: string[]): ResolveAll => async () => addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    const post = (url: string) => ({ method: 'POST' as const, url, headers: { 'content-type': 'text/plain' }, body: 'x', timeoutMs: 2_000 });

    it('refuses a public-looking name that resolves to loopback, and sends nothing', async () => {
      const err = await outboundRequest(post(`http://hooks.shop.example:${port}/rebound`), { allow: allowListOf([]), resolve: resolvesTo('127.0.0.1') }).then(() => null, (e: unknown) => e);
      expect(err).to.be.instanceOf(OutboundRequestError);
      expect((err as OutboundRequestError).kind).to.equal('refused');
      expect(outboundFailureText(err)).to.equal('address not allowed');
      expect(hits).to.not.include('/rebound');
    });

    it('refuses when any one of the resolved addresses is forbidden', async () => {
      const err = await outboundRequest(post(`http://mixed.shop.example:${port}/mixed`), { allow: allowListOf([]), resolve: resolvesTo('93.184.216.34', '::ffff:169.254.169.254') }).then(() => null, (e: unknown) => e);
      expect((err as OutboundRequestError).kind).to.equal('refused');
      expect(hits).to.not.include('/mixed');
    });

    it('refuses a literal address before any connection (no lookup happens for it)', async () => {
      let looked = false;
      const err = await outboundRequest(post(`http://2130706433:${port}/literal`), { allow: allowListOf([]), resolve: async () => { looked = true; return []; } }).then(() => null, (e: unknown) => e);
      expect((err as OutboundRequestError).kind).to.equal('refused');
      expect(looked).to.equal(false);
      expect(hits).to.not.include('/literal');
    });

    it('connects to the address it checked (the name is resolved once, by the guard)', async () => {
      let calls = 0;
      const resolve: ResolveAll = async () => { calls += 1; return [{ address: '127.0.0.1', family: 4 }]; };
      const res = await outboundRequest(post(`http://hooks.shop.example:${port}/checked`), { allow: allowListOf(['127.0.0.1/32']), resolve });
      expect(res.statusCode).to.equal(200);
      expect(calls).to.equal(1);
      expect(hits).to.include('/checked');
    });

    it('answers the status only, never the body', async () => {
      const res = await outboundRequest(post(`http://127.0.0.1:${port}/fail`), { allow: allowListOf(['127.0.0.1/32']), resolve: resolvesTo() });
      expect(res).to.deep.equal({ statusCode: 500 });
    });

    it('a closed port and an unreachable address read alike: "connection failed"', async () => {
      const probe = createServer();
      await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
      const closed = (probe.address() as AddressInfo).port;
      await new Promise((r) => probe.close(r));
      const refusedErr = await outboundRequest(post(`http://127.0.0.1:${closed}/`), { allow: allowListOf(['127.0.0.1/32']), resolve: resolvesTo() }).then(() => null, (e: unknown) => e);
      expect(outboundFailureText(refusedErr)).to.equal('connection failed');
      // TEST-NET-2 (allowed here so the connect is tried): nothing answers, the attempt runs out before a connection.
      const filtered = await outboundRequest({ ...post('http://198.51.100.7:81/'), timeoutMs: 300 }, { allow: allowListOf(['198.51.100.0/24']), resolve: resolvesTo() }).then(() => null, (e: unknown) => e);
      expect(outboundFailureText(filtered)).to.equal('connection failed');
      const unresolvable = await outboundRequest(post('http://nowhere.shop.example/'), { allow: allowListOf([]), resolve: async () => { throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' }); } }).then(() => null, (e: unknown) => e);
      expect(outboundFailureText(unresolvable)).to.equal('connection failed');
    });

    it('a receiver that accepts and never answers is "timed out"', async () => {
      const hang = createServer(() => { /* never answers */ });
      await new Promise<void>((r) => hang.listen(0, '127.0.0.1', () => r()));
      try {
        const err = await outboundRequest({ ...post(`http://127.0.0.1:${(hang.address() as AddressInfo).port}/`), timeoutMs: 300 }, { allow: allowListOf(['127.0.0.1/32']), resolve: resolvesTo() }).then(() => null, (e: unknown) => e);
        expect(outboundFailureText(err)).to.equal('timed out');
      } finally {
        hang.closeAllConnections();
        await new Promise((r) => hang.close(r));
      }
    });
  });
});
