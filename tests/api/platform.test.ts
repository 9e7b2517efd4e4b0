import { expect } from 'chai';
import { sharedApi, sharedServer, adminToken } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';

describe('HTTP platform', function () {
  this.timeout(60_000);
  let api: ApiClient;
  let base: string;
  before(async () => {
    api = await sharedApi();
    base = (await sharedServer()).url;
  });

  it('answers health with the backends in use', async () => {
    const res = await api.get('health');
    expect(res.status).to.equal(200);
    expect(res.body.isSucceed).to.equal(true);
    expect(res.body.data.status).to.equal('ok');
    expect(res.body.data.database).to.equal(process.env.DATABASE_URL ? 'postgres' : 'pglite');
    expect(res.body.data.queue).to.equal(process.env.REDIS_URL ? 'redis' : 'memory');
    expect(res.body.data.version).to.match(/^\d+\.\d+\.\d+/);
    expect(res.body.data.eventLoopDelayMs).to.have.all.keys('p99Ms', 'maxMs');
    expect(res.body.data.eventLoopDelayMs.p99Ms).to.be.a('number');
    // The shared server runs the modules' jobs: null when none runs, else the oldest by name.
    const oldest = res.body.data.oldestRunningJob;
    if (oldest !== null) expect(oldest).to.have.all.keys('name', 'runningMs', 'overdue');
    else expect(oldest).to.equal(null);
  });

  it('serves the runtime config and the origin headers', async () => {
    const config = (await (await fetch(`${base}/config.json`)).json()) as Record<string, string>;
    expect(config).to.have.all.keys('apiUrl', 'origin', 'production', 'serverStateApiUrl', 'serverStateToken');
    expect(config.apiUrl).to.equal('/api');
    expect(config.origin).to.equal(base);
    const origin = await fetch(`${base}/`);
    expect(origin.status).to.equal(200);
    expect(origin.headers.get('x-language')).to.equal('fa');
    expect(Date.parse(origin.headers.get('x-date') ?? '')).to.be.closeTo(Date.now(), 60_000);
    expect(origin.headers.get('x-content-type-options')).to.equal('nosniff');
    expect(origin.headers.get('content-security-policy')).to.contain("default-src 'self'");
  });

  it('answers the current client data without a token', async () => {
    const res = await api.get('CustomerDomains/GetCurrentClientData');
    expect(res.status).to.equal(200);
    expect(res.body.data).to.include({ domain: '127.0.0.1', organizationName: 'پیک', desktop: 'Default', loginTheme: 'Default' });
  });

  it('answers the server state only with its token', async () => {
    const config = (await (await fetch(`${base}/config.json`)).json()) as Record<string, string>;
    const denied = await fetch(`${base}${config.serverStateApiUrl}`);
    expect(denied.status).to.equal(401);
    const ok = await fetch(`${base}${config.serverStateApiUrl}`, { headers: { authorization: config.serverStateToken } });
    expect(ok.status).to.equal(200);
    expect(await ok.text()).to.equal('normal');
  });

  it('gives every response a request id and echoes a sane given one', async () => {
    const res = await api.get('health', { headers: { 'x-request-id': 'abc-12345678' } });
    expect(res.headers.get('x-request-id')).to.equal('abc-12345678');
    const other = await api.get('health', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(other.headers.get('x-request-id')).to.match(/^[0-9a-f-]{36}$/);
  });

  it('answers an unknown action with a 404 envelope and a wrong method with 405', async () => {
    const missing = await api.get('Nothing/Here');
    expect(missing.status).to.equal(404);
    expect(missing.body.isSucceed).to.equal(false);
    expect(missing.body.message).to.be.a('string').and.not.empty;
    const wrongMethod = await api.get('Account/Login');
    expect(wrongMethod.status).to.equal(405);
    expect(wrongMethod.body.message).to.contain('Sending error');
  });

  it('rejects malformed JSON with a 400 envelope', async () => {
    const res = await api.call('POST', 'Account/Login', { rawBody: '{"userName": "admin",' });
    expect(res.status).to.equal(400);
    expect(res.body.isSucceed).to.equal(false);
    expect(res.body.message).to.equal('The request body is not valid JSON.');
  });

  it('rejects an oversized body with 413', async () => {
    const res = await api.call('POST', 'Account/Login', { rawBody: JSON.stringify({ userName: 'x'.repeat(2 * 1024 * 1024), password: 'y' }) });
    expect(res.status).to.equal(413);
    expect(res.body.isSucceed).to.equal(false);
  });

  it('names missing, unknown and mistyped fields in validationErrors', async () => {
    const res = await api.post('Account/Login', { password: 5, extra: true });
    expect(res.status).to.equal(400);
    const names = res.body.validationErrors!.map((v) => v.propertyName).sort();
    expect(names).to.deep.equal(['extra', 'password', 'userName']);
    for (const v of res.body.validationErrors!) expect(v.message).to.be.a('string').and.not.empty;
  });

  it('translates messages by culture', async () => {
    const en = await api.post('Account/Login', {}, { culture: 'en-US' });
    const fa = await api.post('Account/Login', {}, { culture: 'fa' });
    expect(en.body.message).to.equal('Invalid request / Your request has encountered a problem.');
    expect(fa.body.message).to.match(/[\u0600-\u06FF]/);
    expect(fa.body.validationErrors![0].message).to.match(/[\u0600-\u06FF]/);
  });

  it('answers 401 without a token and never a 500 for odd input', async () => {
    const res = await api.get('Users/GetCurrentUser');
    expect(res.status).to.equal(401);
    expect(res.body.message).to.equal('Inaccessibility / To continue the process, you need to log in first.');
    const token = await adminToken(api);
    const garbage = await api.get('Users/GetCurrentUser', { token: `${token}x` });
    expect(garbage.status).to.equal(401);
    const sqlish = await api.get(`Organizations/GetAll?search=${encodeURIComponent("'; drop table users; --")}`, { token });
    expect(sqlish.status).to.equal(200);
    expect(sqlish.body.data.totalCount).to.equal(0);
    const longName = await api.post('Organizations/Create', { name: 'n'.repeat(10_000) }, { token });
    expect(longName.status).to.equal(400);
    expect(longName.body.validationErrors![0].propertyName).to.equal('name');
    const badId = await api.get('Organizations/Get/abc', { token });
    expect(badId.status).to.equal(400);
    const hugeId = await api.get('Organizations/Get/99999999999999', { token });
    expect(hugeId.status).to.equal(400);
    const badOrgHeader = await api.get('Users/GetCurrentUser', { token, orgId: 'x; drop' });
    expect(badOrgHeader.status).to.equal(400);
  });
});
