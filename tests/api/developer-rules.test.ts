import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { unique, type Tree } from '../support/fixtures.js';
import type { ApiClient, ApiResponse } from '../support/api-client.js';
import { bad, ok, sendingTree } from '../support/sending.js';

/** Polls until `probe` returns something other than undefined (no fixed sleeps). */
async function until<T>(probe: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('API token safe IPs, rate rules and the call log', function () {
  this.timeout(120_000);
  let api: ApiClient;
  let tree: Tree;
  let line: { lineId: number };

  const create = async (token: string, body: Record<string, unknown> = {}) =>
    ok(await api.post('ApiTokens/Create', { title: unique('Rules '), ...body }, { token })) as { id: number; token: string };
  const v1 = (key: string, path: string, options: { body?: unknown; clientId?: string; culture?: string } = {}): Promise<ApiResponse> =>
    api.call(options.body === undefined ? 'GET' : 'POST', `v1/${path}`, {
      body: options.body, culture: options.culture ?? 'en-US',
      headers: { 'x-api-key': key, ...(options.clientId ? { 'x-client-id': options.clientId } : {}) },
    });
  const addIp = (token: string, apiTokenId: number, ip: string) => api.post('ApiTokens/SafeIps/Create', { apiTokenId, ip }, { token });
  const logsOf = async (token: string, tokenId: number, extra = '') =>
    ok(await api.get(`ApiTokens/Logs?tokenId=${tokenId}&pageSize=100${extra}`, { token })) as { items: any[]; totalCount: number };

  before(async () => {
    ({ api, tree, line } = await sendingTree());
  });

  describe('safe IPs', () => {
    it('refuses other callers once a confirmed safe IP exists; a range that holds the caller lets it in', async () => {
      const t = await create(tree.subAdmin.token, { isIgnoreCheckIp: false });
      ok(await v1(t.token, 'credit')); // no safe IP yet: every address
      const far = ok(await addIp(tree.subAdmin.token, t.id, '203.0.113.9'));
      expect(far.status).to.equal('Confirmed'); // an administrator's own entry needs no second step
      const refused = bad(await v1(t.token, 'credit'), 403);
      expect(refused.message).to.equal('This API key may not be used from this IP address.');
      const range = ok(await addIp(tree.subAdmin.token, t.id, '127.0.0.1-9'));
      expect(range.ip).to.equal('127.0.0.1-9');
      ok(await v1(t.token, 'credit'));
    });

    it('confirmed safe IPs apply to a token made with the defaults too: isIgnoreCheckIp does not hide them (issue 21 F6)', async () => {
      const t = await create(tree.subAdmin.token); // isIgnoreCheckIp defaults to true
      ok(await addIp(tree.subAdmin.token, t.id, '203.0.113.9'));
      expect(bad(await v1(t.token, 'credit'), 403).message).to.equal('This API key may not be used from this IP address.');
      const ignoring = await create(tree.subAdmin.token, { isIgnoreCheckIp: true, ip: '203.0.113.7' });
      ok(await v1(ignoring.token, 'credit')); // the flag ignores the token's own ip only
      ok(await addIp(tree.subAdmin.token, ignoring.id, '203.0.113.9'));
      bad(await v1(ignoring.token, 'credit'), 403);
    });

    it('stores ::ffff:127.0.0.1 as 127.0.0.1, which lets the IPv4 caller in, and knows it for a duplicate (issue 21 F6)', async () => {
      const t = await create(tree.subAdmin.token, { isIgnoreCheckIp: false });
      ok(await addIp(tree.subAdmin.token, t.id, '203.0.113.9'));
      bad(await v1(t.token, 'credit'), 403);
      const mapped = ok(await addIp(tree.subAdmin.token, t.id, '::ffff:127.0.0.1'));
      expect(mapped.ip).to.equal('127.0.0.1');
      ok(await v1(t.token, 'credit'));
      bad(await addIp(tree.subAdmin.token, t.id, '127.0.0.1'), 400, 'ip');
      expect(ok(await addIp(tree.subAdmin.token, t.id, '2001:0DB8:0:0::1')).ip).to.equal('2001:db8::1');
      // The token's own ip is normalised the same way.
      const own = ok(await api.post('ApiTokens/Create', { title: unique('Mapped '), isIgnoreCheckIp: false, ip: '::FFFF:127.0.0.1' }, { token: tree.subAdmin.token }));
      expect(own.ip).to.equal('127.0.0.1');
      ok(await v1(own.token, 'credit'));
    });

    it("keeps the token's own ip as one more allowed address", async () => {
      const t = await create(tree.subAdmin.token, { isIgnoreCheckIp: false, ip: '127.0.0.1' });
      ok(await addIp(tree.subAdmin.token, t.id, '203.0.113.9'));
      ok(await v1(t.token, 'credit'));
    });

    it('checks the range end and the 15-entry limit with the spec messages, in both languages', async () => {
      const t = await create(tree.subAdmin.token);
      const end = bad(await addIp(tree.subAdmin.token, t.id, '192.168.1.20-10'), 400, 'ip');
      expect(end.validationErrors![0]!.message).to.equal('The IP range end must be greater than the last IP digit.');
      const fa = bad(await api.post('ApiTokens/SafeIps/Create', { apiTokenId: t.id, ip: '192.168.1.20-20' }, { token: tree.subAdmin.token, culture: 'fa-IR' }), 400, 'ip');
      expect(fa.validationErrors![0]!.message).to.equal('انتهای بازه IP باید از رقم آخر IP بزرگ‌تر باشد.');
      bad(await addIp(tree.subAdmin.token, t.id, '300.1.1.1'), 400, 'ip');
      for (let i = 1; i <= 15; i += 1) ok(await addIp(tree.subAdmin.token, t.id, `10.0.0.${i}`));
      bad(await addIp(tree.subAdmin.token, t.id, '10.0.0.1'), 400, 'ip');
      const max = bad(await addIp(tree.subAdmin.token, t.id, '10.0.1.1-5'), 400, 'ip');
      expect(max.validationErrors![0]!.message).to.equal('At most 15 IPs can be selected.');
      expect(ok(await api.get(`ApiTokens/SafeIps/GetAll/${t.id}`, { token: tree.subAdmin.token })).totalCount).to.equal(15);
    });

    it("a plain user's entry waits for an administrator, who confirms, undoes and rejects it", async () => {
      const t = await create(tree.subUser.token, { isIgnoreCheckIp: false });
      const entry = ok(await addIp(tree.subUser.token, t.id, '203.0.113.9'));
      expect(entry.status).to.equal('WatingForConfirm');
      ok(await v1(t.token, 'credit')); // not confirmed: not a restriction yet
      const refused = bad(await api.post(`ApiTokens/SafeIps/Confirm/${entry.id}`, {}, { token: tree.subUser.token }), 403);
      expect(refused.message).to.equal('Only an administrator can confirm or reject safe IPs.');
      bad(await api.post(`ApiTokens/SafeIps/Confirm/${entry.id}`, {}, { token: tree.otherAdmin.token }), 404);
      expect(ok(await api.post(`ApiTokens/SafeIps/Confirm/${entry.id}`, {}, { token: tree.subAdmin.token })).status).to.equal('Confirmed');
      bad(await v1(t.token, 'credit'), 403);
      expect(ok(await api.post(`ApiTokens/SafeIps/UndoConfirm/${entry.id}`, {}, { token: tree.orgAdmin.token })).status).to.equal('WatingForConfirm');
      ok(await v1(t.token, 'credit'));
      bad(await api.post(`ApiTokens/SafeIps/UndoConfirm/${entry.id}`, {}, { token: tree.orgAdmin.token }), 409);
      expect(ok(await api.post(`ApiTokens/SafeIps/Reject/${entry.id}`, {}, { token: tree.subAdmin.token })).status).to.equal('Rejected');
      ok(await v1(t.token, 'credit'));
      ok(await api.delete(`ApiTokens/SafeIps/Delete/${entry.id}`, { token: tree.subUser.token }));
      expect(ok(await api.get(`ApiTokens/SafeIps/GetAll/${t.id}`, { token: tree.subUser.token })).totalCount).to.equal(0);
      const audits = ok(await api.get('Audits/GetAll?pageSize=50&className=ApiTokenSafeIp', { token: tree.orgAdmin.token })).items as any[];
      const mine = audits.filter((a) => String(a.referenceId) === String(entry.id)).map((a) => a.operationType).sort();
      expect(mine).to.deep.equal(['Confirm', 'Create', 'Delete', 'Reject', 'UndoConfirm']);
    });
  });

  describe('rate rules', () => {
    it('answers 429 with Retry-After over the limit, and the window frees after it', async () => {
      const t = await create(tree.subAdmin.token);
      // A 10-second window: three calls fit in it even on a loaded machine (with 2 s, a slow embedded
      // run once spread the calls over two windows and none was refused).
      ok(await api.post('ApiTokens/IpRules/Create', { apiTokenId: t.id, limit: 2, period: 10, periodType: 'Second' }, { token: tree.subAdmin.token }));
      // Start at a fresh window so the two allowed calls share one.
      const first = await until(async () => {
        const res = await v1(t.token, 'credit');
        return res.status === 200 ? res : undefined;
      });
      expect(first.status).to.equal(200);
      let refused: ApiResponse | undefined;
      for (let i = 0; i < 3 && !refused; i += 1) {
        const res = await v1(t.token, 'credit', { culture: i === 0 ? 'en-US' : 'fa-IR' });
        if (res.status === 429) refused = res;
      }
      expect(refused, 'a call over the limit').to.not.equal(undefined);
      const retryAfter = Number(refused!.headers.get('retry-after'));
      expect(retryAfter).to.be.within(1, 10);
      expect(refused!.body.isSucceed).to.equal(false);
      expect(refused!.body.message).to.match(/try again in \d+ seconds|ثانیه دیگر/);
      const freed = await until(async () => ((await v1(t.token, 'credit')).status === 200 ? true : undefined), (retryAfter + 2) * 1000);
      expect(freed).to.equal(true);
    });

    it('is exact under parallel load: 50 parallel calls, limit 20, exactly 20 pass', async () => {
      const t = await create(tree.subAdmin.token);
      ok(await api.post('ApiTokens/IpRules/Create', { apiTokenId: t.id, limit: 20, period: 1, periodType: 'Daily' }, { token: tree.subAdmin.token }));
      const statuses = (await Promise.all(Array.from({ length: 50 }, () => v1(t.token, 'credit')))).map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).to.have.length(20);
      expect(statuses.filter((s) => s === 429)).to.have.length(30);
    });

    it('counts per endpoint: a rule on messages/send leaves other calls alone', async () => {
      const t = await create(tree.subAdmin.token);
      ok(await api.post('ApiTokens/IpRules/Create', { apiTokenId: t.id, endpoint: 'messages/send', limit: 1, period: 1, periodType: 'Daily' }, { token: tree.subAdmin.token }));
      const send = () => v1(t.token, 'messages/send', { body: { to: '09121119001', text: 'rule test', line: line.lineId, sendId: randomUUID() } });
      ok(await send());
      bad(await send(), 429);
      ok(await v1(t.token, 'credit'));
      ok(await v1(t.token, 'credit'));
    });

    it('counts per client id: each client its own window; a rule for one client leaves the others alone', async () => {
      const t = await create(tree.subAdmin.token);
      ok(await api.post('ApiTokens/ClientRules/Create', { apiTokenId: t.id, clientId: null, limit: 2, period: 1, periodType: 'Daily' }, { token: tree.subAdmin.token }));
      const vip = ok(await api.post('ApiTokens/ClientRules/Create', { apiTokenId: t.id, clientId: 'vip', limit: 1, period: 1, periodType: 'Daily' }, { token: tree.subAdmin.token }));
      ok(await v1(t.token, 'credit', { clientId: 'a' }));
      ok(await v1(t.token, 'credit', { clientId: 'a' }));
      bad(await v1(t.token, 'credit', { clientId: 'a' }), 429);
      ok(await v1(t.token, 'credit', { clientId: 'b' }));
      ok(await v1(t.token, 'credit', { clientId: 'vip' }));
      bad(await v1(t.token, 'credit', { clientId: 'vip' }), 429);
      // Removing the rule frees the client at once in this process.
      ok(await api.delete(`ApiTokens/ClientRules/Delete/${vip.id}`, { token: tree.subAdmin.token }));
      ok(await v1(t.token, 'credit', { clientId: 'vip' }));
      const rules = ok(await api.get(`ApiTokens/ClientRules/GetAll/${t.id}`, { token: tree.subAdmin.token }));
      expect(rules.items.map((r: any) => r.clientId)).to.deep.equal([null]);
      expect(ok(await api.get(`ApiTokens/IpRules/GetAll/${t.id}`, { token: tree.subAdmin.token })).totalCount).to.equal(0);
    });

    it('an IP rule for another address does not apply; updating it to the caller does', async () => {
      const t = await create(tree.subAdmin.token);
      const rule = ok(await api.post('ApiTokens/IpRules/Create', { apiTokenId: t.id, ip: '203.0.113.9', limit: 1, period: 1, periodType: 'Daily' }, { token: tree.subAdmin.token }));
      ok(await v1(t.token, 'credit'));
      ok(await v1(t.token, 'credit'));
      ok(await api.post('ApiTokens/IpRules/Update', { id: rule.id, ip: '127.0.0.1', limit: 1, period: 1, periodType: 'Daily' }, { token: tree.subAdmin.token }));
      ok(await v1(t.token, 'credit'));
      bad(await v1(t.token, 'credit'), 429);
      bad(await api.post('ApiTokens/IpRules/Create', { apiTokenId: t.id, ip: '10.0.0.1-5', limit: 1, period: 1, periodType: 'Daily' }, { token: tree.subAdmin.token }), 400, 'ip');
      bad(await api.post('ApiTokens/IpRules/Create', { apiTokenId: t.id, limit: 1, period: 1, periodType: 'Weekly' }, { token: tree.subAdmin.token }), 400, 'periodType');
    });
  });

  describe('call log', () => {
    it('records ok, 401, 403 and 429 calls with the audit fields, never the key', async () => {
      const t = await create(tree.subAdmin.token);
      ok(await api.post('ApiTokens/IpRules/Create', { apiTokenId: t.id, endpoint: 'lines', limit: 1, period: 1, periodType: 'Daily' }, { token: tree.subAdmin.token }));
      const sendId = randomUUID();
      const sent = ok(await v1(t.token, 'messages/send', { body: { to: '09121119002', text: 'log me', line: line.lineId, sendId }, clientId: 'shop-7' }));
      ok(await v1(t.token, 'lines'));
      bad(await v1(t.token, 'lines'), 429);
      ok(await api.post(`ApiTokens/Revoke/${t.id}`, {}, { token: tree.subAdmin.token }));
      bad(await v1(t.token, 'credit'), 401);
      const guarded = await create(tree.subAdmin.token, { isIgnoreCheckIp: false });
      ok(await addIp(tree.subAdmin.token, guarded.id, '203.0.113.9'));
      bad(await v1(guarded.token, 'credit'), 403);

      const rows = await until(async () => {
        const page = await logsOf(tree.subAdmin.token, t.id);
        return page.totalCount >= 4 ? page.items : undefined;
      });
      expect(rows.map((r) => r.status)).to.deep.equal([401, 429, 200, 200]);
      const send = rows.find((r) => r.requestPath === '/v1/messages/send')!;
      expect(send).to.include({ tokenId: t.id, userId: tree.subAdmin.userId, organizationId: tree.sub.id, tokenIp: '127.0.0.1', requestMethod: 'POST', status: 200, clientId: 'shop-7' });
      expect(Number(send.scheduledMessageId)).to.equal(sent.id);
      expect(JSON.parse(send.requestBody)).to.include({ to: '09121119002', sendId });
      expect(JSON.parse(send.resultData).data.id).to.equal(sent.id);
      expect(send.durationMs).to.be.a('number');
      expect(JSON.stringify(rows)).to.not.contain(t.token);
      const forbidden = (await until(async () => {
        const page = await logsOf(tree.subAdmin.token, guarded.id);
        return page.totalCount ? page.items : undefined;
      }))[0];
      expect(forbidden).to.include({ status: 403, requestPath: '/v1/credit', tokenId: guarded.id });
      // Filters.
      expect((await logsOf(tree.subAdmin.token, t.id, '&status=429')).items.map((r) => r.requestPath)).to.deep.equal(['/v1/lines']);
      expect((await logsOf(tree.subAdmin.token, t.id, '&path=messages')).totalCount).to.equal(1);
      expect((await logsOf(tree.subAdmin.token, t.id, `&fromDate=${encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString())}`)).totalCount).to.equal(0);
      // The organization's administrator sees them; the plain user of the same organization does not.
      expect((await logsOf(tree.orgAdmin.token, t.id)).totalCount).to.equal(4);
      const plain = ok(await api.get('ApiTokens/Logs?pageSize=100', { token: tree.subUser.token })) as { items: any[] };
      expect(plain.items.map((r) => r.tokenId)).to.not.include(t.id);
    });
  });

  it("tenancy: another organization's token rules, safe IPs and logs are not found", async () => {
    const t = await create(tree.subAdmin.token);
    const rule = ok(await api.post('ApiTokens/IpRules/Create', { apiTokenId: t.id, limit: 5, period: 1, periodType: 'Minute' }, { token: tree.subAdmin.token }));
    const ip = ok(await addIp(tree.subAdmin.token, t.id, '198.51.100.7'));
    const other = tree.otherAdmin.token;
    bad(await api.get(`ApiTokens/IpRules/GetAll/${t.id}`, { token: other }), 404);
    bad(await api.get(`ApiTokens/ClientRules/GetAll/${t.id}`, { token: other }), 404);
    bad(await api.get(`ApiTokens/SafeIps/GetAll/${t.id}`, { token: other }), 404);
    bad(await api.get(`ApiTokens/Logs?tokenId=${t.id}`, { token: other }), 404);
    bad(await api.post('ApiTokens/IpRules/Create', { apiTokenId: t.id, limit: 5, period: 1, periodType: 'Minute' }, { token: other }), 404);
    bad(await api.post('ApiTokens/IpRules/Update', { id: rule.id, limit: 500, period: 1, periodType: 'Minute' }, { token: other }), 404);
    bad(await api.delete(`ApiTokens/IpRules/Delete/${rule.id}`, { token: other }), 404);
    bad(await api.delete(`ApiTokens/SafeIps/Delete/${ip.id}`, { token: other }), 404);
    bad(await addIp(other, t.id, '198.51.100.8'), 404);
    // A plain user of the same organization is not the owner either.
    bad(await api.get(`ApiTokens/IpRules/GetAll/${t.id}`, { token: tree.subUser.token }), 404);
    expect(ok(await api.get(`ApiTokens/IpRules/GetAll/${t.id}`, { token: tree.orgAdmin.token })).totalCount).to.equal(1);
  });
});
