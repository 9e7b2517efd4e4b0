import { expect } from 'chai';
import { adminToken, createTree, createUser, login, sharedApi, unique, USER_PASSWORD, type Tree } from '../support/fixtures.js';
import type { ApiClient, ApiResponse } from '../support/api-client.js';
import { callWithHost } from '../support/host-requests.js';

const HOUR = 3_600_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

/**
 * News (insight, "News"): written by a reseller or an administrator for its organization or its
 * subtree, read inside its window by the users of the organizations it addresses, must-read ones
 * acknowledged once per user. Runs on whichever backend the suite runs on (PGlite or PostgreSQL).
 */
describe('News: News/* (tenancy, window, sub-organizations, acknowledge once, validation)', function () {
  this.timeout(60_000);
  let api: ApiClient;
  let superToken: string;
  let t: Tree;

  const ok = (res: ApiResponse) => {
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body.isSucceed).to.equal(true);
    return res.body.data;
  };
  const create = (token: string, body: Record<string, unknown>, culture = 'en-US') => api.post('News/Create', {
    title: unique('News '), text: 'Maintenance tonight', startDate: iso(-HOUR), endDate: iso(HOUR), ...body,
  }, { token, culture });
  const latestIds = async (token: string) => (ok(await api.get('News/GetLatest?pageSize=100', { token })).items as any[]).map((n) => n.id);
  const mustReadIds = async (token: string) => (ok(await api.get('News/GetMustRead', { token })) as any[]).map((n) => n.id);

  before(async () => {
    api = await sharedApi();
    superToken = await adminToken(api);
    t = await createTree(api);
  });

  it('writing needs News.Manage: a reseller administrator has it, an organization administrator and a plain user do not', async () => {
    ok(await create(t.resellerAdmin.token, {}));
    expect((await create(t.orgAdmin.token, {})).status).to.equal(403);
    expect((await create(t.subUser.token, {})).status).to.equal(403);
    expect((await api.get('News/GetAll', { token: t.subUser.token })).status).to.equal(403);
  });

  it('displayForAllSubOrganizations: without it only the writer\'s own organization reads it; with it every organization below too', async () => {
    const own = ok(await create(t.resellerAdmin.token, { displayForAllSubOrganizations: false })).id;
    const all = ok(await create(t.resellerAdmin.token, { displayForAllSubOrganizations: true })).id;
    // Written by the reseller for one of its organizations (c-org-id), for that organization's subtree.
    const forOrg = ok(await api.post('News/Create', { title: 'For org', text: 'x', startDate: iso(-HOUR), endDate: iso(HOUR), displayForAllSubOrganizations: true },
      { token: t.resellerAdmin.token, orgId: t.organization.id })).id;
    const readerInReseller = await createUser(api, t.resellerAdmin.token, { userName: unique('rreader'), organizationId: t.reseller.id, isAdmin: false, firstName: 'R' });
    const rToken = (await login(api, readerInReseller.userName, USER_PASSWORD)).accessToken;
    expect(await latestIds(rToken)).to.include.members([own, all]).and.not.include(forOrg);
    expect(await latestIds(t.orgAdmin.token)).to.include.members([all, forOrg]).and.not.include(own);
    expect(await latestIds(t.subUser.token)).to.include.members([all, forOrg]).and.not.include(own);
    expect(await latestIds(t.otherAdmin.token)).to.not.include.members([own]).and.not.include(all).and.not.include(forOrg);
  });

  it('the window: not before startDate, not after endDate', async () => {
    const future = ok(await create(t.resellerAdmin.token, { displayForAllSubOrganizations: true, startDate: iso(HOUR), endDate: iso(2 * HOUR), isRequiredToSeen: true })).id;
    const past = ok(await create(t.resellerAdmin.token, { displayForAllSubOrganizations: true, startDate: iso(-2 * HOUR), endDate: iso(-HOUR), isRequiredToSeen: true })).id;
    const now = ok(await create(t.resellerAdmin.token, { displayForAllSubOrganizations: true })).id;
    const seen = await latestIds(t.subUser.token);
    expect(seen).to.include(now).and.not.include(future).and.not.include(past);
    const must = await mustReadIds(t.subUser.token);
    expect(must).to.not.include(future).and.not.include(past);
    // The writer still lists all three.
    const listed = (ok(await api.get('News/GetAll?pageSize=500', { token: t.resellerAdmin.token })).items as any[]).map((n) => n.id);
    expect(listed).to.include.members([future, past, now]);
  });

  it('a must-read news is answered until acknowledged, once per user; the first acknowledgement counts and is audited once', async () => {
    const id = ok(await create(t.resellerAdmin.token, { displayForAllSubOrganizations: true, isRequiredToSeen: true, title: 'Read me' })).id;
    expect(await mustReadIds(t.subUser.token)).to.include(id);
    expect(await mustReadIds(t.subAdmin.token)).to.include(id);
    const first = ok(await api.post(`News/Acknowledge/${id}`, {}, { token: t.subUser.token }));
    const again = ok(await api.post(`News/Acknowledge/${id}`, {}, { token: t.subUser.token }));
    expect(again.acknowledgedAt).to.equal(first.acknowledgedAt);
    expect(await mustReadIds(t.subUser.token)).to.not.include(id);
    // Another user of the same organization still has to read it.
    expect(await mustReadIds(t.subAdmin.token)).to.include(id);
    const latest = (ok(await api.get('News/GetLatest?pageSize=100', { token: t.subUser.token })).items as any[]).find((n) => n.id === id);
    expect(latest.acknowledgedAt).to.equal(first.acknowledgedAt);
    const audits = ok(await api.get(`Audits/GetAll?className=News&operationType=Acknowledge&referenceId=${id}`, { token: superToken }));
    expect(audits.totalCount).to.equal(1);
  });

  it('another tree neither reads, edits, deletes nor acknowledges it (404), and it stays unchanged', async () => {
    const id = ok(await create(t.resellerAdmin.token, { displayForAllSubOrganizations: true, isRequiredToSeen: true, title: 'Mine' })).id;
    const other = t.otherAdmin.token;
    expect((await api.get(`News/Get/${id}`, { token: other })).status).to.equal(404);
    expect((await api.post('News/Update', { id, title: 'Hijacked', text: 'x', startDate: iso(-HOUR), endDate: iso(HOUR) }, { token: other })).status).to.equal(404);
    expect((await api.delete(`News/Delete/${id}`, { token: other })).status).to.equal(404);
    expect((await api.post(`News/Acknowledge/${id}`, {}, { token: other })).status).to.equal(404);
    // A sub-organization's administrator reads it but does not write it (the writer's organization lies above its slice).
    expect((await api.get(`News/Get/${id}`, { token: t.subAdmin.token })).status).to.equal(403);
    const row = ok(await api.get(`News/Get/${id}`, { token: t.resellerAdmin.token }));
    expect(row.title).to.equal('Mine');
    expect(ok(await api.get(`News/Get/${id}`, { token: superToken })).title).to.equal('Mine');
  });

  it('update and delete by the writer: audited, and a deleted news is gone for readers', async () => {
    const id = ok(await create(t.resellerAdmin.token, { displayForAllSubOrganizations: true, customerDomainName: 'Panel.Example.com' })).id;
    const updated = ok(await api.post('News/Update', { id, title: 'Updated', text: 'New text', startDate: iso(-HOUR), endDate: iso(HOUR), displayForAllSubOrganizations: true, customerDomainName: null }, { token: t.resellerAdmin.token }));
    expect(updated).to.include({ title: 'Updated', text: 'New text', customerDomainName: null });
    expect(await latestIds(t.subUser.token)).to.include(id);
    ok(await api.delete(`News/Delete/${id}`, { token: t.resellerAdmin.token }));
    expect(await latestIds(t.subUser.token)).to.not.include(id);
    expect((await api.get(`News/Get/${id}`, { token: t.resellerAdmin.token })).status).to.equal(404);
    const audits = ok(await api.get(`Audits/GetAll?className=News&referenceId=${id}&pageSize=10`, { token: superToken }));
    expect((audits.items as any[]).map((a) => a.operationType).sort()).to.deep.equal(['Create', 'Delete', 'Update']);
  });

  it('stores the customer domain name in lower case; refuses a malformed one on its field', async () => {
    const saved = ok(await create(t.resellerAdmin.token, { customerDomainName: 'Panel.Example.com' }));
    expect(saved.customerDomainName).to.equal('panel.example.com');
    const bad = await create(t.resellerAdmin.token, { customerDomainName: 'not a domain' });
    expect(bad.status).to.equal(400);
    expect(bad.body.validationErrors!.map((e: any) => e.propertyName)).to.deep.equal(['customerDomainName']);
  });

  it('a news for a customer domain is read only on that host (latest, must-read and acknowledge); one without a domain on every host', async () => {
    const host = `${unique('news').toLowerCase()}.example.com`;
    const forDomain = ok(await create(t.resellerAdmin.token, { displayForAllSubOrganizations: true, customerDomainName: host, isRequiredToSeen: true })).id;
    const everywhere = ok(await create(t.resellerAdmin.token, { displayForAllSubOrganizations: true })).id;
    const on = (apiPath: string, method = 'GET') => callWithHost(api.baseUrl, method, apiPath, host, { headers: { authorization: `Bearer ${t.subUser.token}` } });
    const there = await on('News/GetLatest?pageSize=100');
    expect(there.status).to.equal(200);
    expect((there.body.data.items as any[]).map((n) => n.id)).to.include.members([forDomain, everywhere]);
    expect(((await on('News/GetMustRead')).body.data as any[]).map((n) => n.id)).to.include(forDomain);
    expect(await latestIds(t.subUser.token), 'the panel at its own address').to.include(everywhere).and.not.include(forDomain);
    expect(await mustReadIds(t.subUser.token)).to.not.include(forDomain);
    expect((await api.post(`News/Acknowledge/${forDomain}`, {}, { token: t.subUser.token })).status, 'not readable here').to.equal(404);
    expect((await on(`News/Acknowledge/${forDomain}`, 'POST')).status).to.equal(200);
  });

  it('refuses an end before (or at) the start, empty title and text — every problem on its field, in Persian and English, nothing stored', async () => {
    const before = ok(await api.get('News/GetAll?pageSize=1', { token: t.resellerAdmin.token })).totalCount;
    const en = await create(t.resellerAdmin.token, { title: '  ', text: '', startDate: iso(HOUR), endDate: iso(-HOUR) });
    expect(en.status).to.equal(400);
    expect(en.body.isSucceed).to.equal(false);
    expect(en.body.validationErrors).to.deep.include({ propertyName: 'endDate', message: 'The end date must be after the start date.' });
    expect(en.body.validationErrors!.map((e: any) => e.propertyName).sort()).to.deep.equal(['endDate', 'text', 'title']);
    const fa = await create(t.resellerAdmin.token, { startDate: iso(HOUR), endDate: iso(HOUR) }, 'fa');
    expect(fa.status).to.equal(400);
    expect(fa.body.validationErrors).to.deep.equal([{ propertyName: 'endDate', message: 'تاریخ پایان نمایش باید بعد از تاریخ شروع آن باشد.' }]);
    const badDate = await create(t.resellerAdmin.token, { startDate: 'yesterday' });
    expect(badDate.status).to.equal(400);
    expect(badDate.body.validationErrors!.map((e: any) => e.propertyName)).to.deep.equal(['startDate']);
    expect(ok(await api.get('News/GetAll?pageSize=1', { token: t.resellerAdmin.token })).totalCount).to.equal(before);
  });

  it('while impersonating, no must-read news holds the panel and none can be acknowledged for the user', async () => {
    const id = ok(await create(t.resellerAdmin.token, { displayForAllSubOrganizations: true, isRequiredToSeen: true })).id;
    const imp = ok(await api.post('Account/Impersonate', { userId: t.subAdmin.userId }, { token: superToken }));
    expect(ok(await api.get('News/GetMustRead', { token: imp.accessToken }))).to.deep.equal([]);
    expect((await api.post(`News/Acknowledge/${id}`, {}, { token: imp.accessToken })).status).to.equal(400);
    expect(await mustReadIds(t.subAdmin.token)).to.include(id);
  });
});
