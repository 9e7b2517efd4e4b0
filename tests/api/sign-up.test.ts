import { expect } from 'chai';
import { ApiClient } from '../support/api-client.js';
import { adminToken, createTree, sharedApi, sharedServer, unique, type Tree } from '../support/fixtures.js';
import { bad, ok } from '../support/envelope.js';
import { callWithHost } from '../support/host-requests.js';
import { TYPES } from '../../server/platform/tokens.js';
import type { AppConfig } from '../../server/platform/config.js';

const PASSWORD = 'Sign#Up12345';

/**
 * Self sign-up (server/modules/identity/CONTEXT.md, "Self sign-up"): closed unless the host's
 * domain (or, on a host naming none, the system setting) opens it; it lands directly under the
 * domain's organization, inactive until approved; every field mistake at once; nothing stored half.
 */
describe('Account/SignUp: per domain, landing in the domain\'s tree', function () {
  this.timeout(120_000);
  let api: ApiClient;
  let tree: Tree;
  let superToken: string;
  let config: AppConfig;
  let savedLimit: number;
  let hostA: string;
  let hostB: string;
  let domainA: any;

  const host = (prefix: string) => `${unique(prefix)}.example.test`;
  const signUp = (hostName: string, body: Record<string, unknown>, culture = 'en-US') =>
    callWithHost(api.baseUrl, 'POST', `Account/SignUp?culture=${culture}`, hostName, { body });
  const form = (over: Record<string, unknown> = {}) => ({
    organizationName: unique('Shop '), firstName: 'Sara', lastName: 'Ahmadi', mobile: '09121234567', userName: unique('su'), password: PASSWORD, ...over,
  });
  const clientData = async (hostName: string) => (await callWithHost(api.baseUrl, 'GET', 'CustomerDomains/GetCurrentClientData', hostName)).body.data;
  const organizationsNamed = async (name: string) =>
    ok(await api.get(`Organizations/GetAll?pageSize=50&search=${encodeURIComponent(name)}`, { token: superToken })).items as any[];

  before(async () => {
    api = await sharedApi();
    tree = await createTree(api);
    superToken = await adminToken(api);
    config = (await sharedServer()).peyk.container.get<AppConfig>(TYPES.Config);
    savedLimit = config.auth.signUpsPerIpPerHour;
    // Every request here comes from 127.0.0.1; the limit has a test of its own below.
    config.auth.signUpsPerIpPerHour = 0;
    hostA = host('su-a');
    hostB = host('su-b');
    domainA = ok(await api.post('CustomerDomains/Create', { resellerDomain: hostA }, { token: tree.resellerAdmin.token }));
    ok(await api.post('CustomerDomains/Create', { resellerDomain: hostB, isSignUpEnabled: true }, { token: tree.otherAdmin.token }));
  });
  after(() => { config.auth.signUpsPerIpPerHour = savedLimit; });

  it('is refused (403, both languages) where the domain has not opened it, and the login page is told', async () => {
    expect(domainA.isSignUpEnabled).to.equal(false);
    expect((await clientData(hostA)).isSignUpEnabled).to.equal(false);
    expect((await clientData(hostB)).isSignUpEnabled).to.equal(true);
    const body = form();
    const closed = await signUp(hostA, body);
    expect(closed.status).to.equal(403);
    expect(closed.body).to.include({ isSucceed: false, message: 'Sign-up is not open on this address; ask the panel\'s support to create an account.' });
    expect((await signUp(hostA, form(), 'fa-IR')).body.message).to.contain('ثبت‌نام');
    // A host naming no domain: closed while the system setting is off (its default).
    expect((await clientData('plain.example.test')).isSignUpEnabled).to.equal(false);
    expect((await signUp('plain.example.test', form())).status).to.equal(403);
    expect(await organizationsNamed(body.organizationName as string)).to.deep.equal([]);
  });

  it('lands under the domain\'s organization on A and on B, inactive, and signs in only on its own domain once approved', async () => {
    const onA = ok(await api.post('CustomerDomains/Update', { id: domainA.id, isSignUpEnabled: true }, { token: tree.resellerAdmin.token }));
    expect(onA.isSignUpEnabled).to.equal(true);
    const a = form();
    const made = await signUp(hostA, a);
    expect(made.status, JSON.stringify(made.body)).to.equal(200);
    expect(made.body.data.isActive).to.equal(false);
    const orgA = ok(await api.get(`Organizations/Get/${made.body.data.organizationId}`, { token: superToken }));
    expect(orgA).to.include({ parentId: tree.reseller.id, type: 'organization', isActive: false, isAuthenticated: false, name: a.organizationName });
    expect(orgA.path).to.equal(`${tree.reseller.path}${orgA.id}/`);
    const admin = ok(await api.get(`Users/Get/${made.body.data.userId}`, { token: superToken }));
    expect(admin).to.include({ organizationId: orgA.id, isAdmin: true, userName: a.userName, mobile: '989121234567' });

    const b = form();
    const madeB = await signUp(hostB, b);
    expect(madeB.status, JSON.stringify(madeB.body)).to.equal(200);
    const orgB = ok(await api.get(`Organizations/Get/${madeB.body.data.organizationId}`, { token: superToken }));
    expect(orgB.parentId).to.equal(tree.otherReseller.id);
    expect(orgB.path.startsWith(tree.otherReseller.path)).to.equal(true);

    // Inactive until the reseller approves; the reseller's administrators were told.
    const before = await callWithHost(api.baseUrl, 'POST', 'Account/Login', hostA, { body: { userName: a.userName, password: PASSWORD } });
    expect(before.status).to.equal(400);
    const told = ok(await api.get('Notifications/GetLatest', { token: tree.resellerAdmin.token }));
    expect(JSON.stringify(told)).to.contain(a.userName);
    ok(await api.post(`Organizations/Activate/${orgA.id}`, undefined, { token: tree.resellerAdmin.token }));
    const mine = await callWithHost(api.baseUrl, 'POST', 'Account/Login', hostA, { body: { userName: a.userName, password: PASSWORD } });
    expect(mine.status, JSON.stringify(mine.body)).to.equal(200);
    expect(mine.body.data.changePasswordRequired).to.equal(false);
    const other = await callWithHost(api.baseUrl, 'POST', 'Account/Login', hostB, { body: { userName: a.userName, password: PASSWORD } });
    expect(other.status).to.equal(400);
    expect(other.body.message).to.contain('cannot sign in on this domain');

    // The creation is audited.
    const audit = ok(await api.get(`Audits/GetAll?pageSize=50&className=Organization&referenceId=${orgA.id}`, { token: superToken }));
    expect(JSON.stringify(audit)).to.contain('Create');
  });

  it('refuses a taken user name on userName and bad fields each on its property, storing nothing', async () => {
    const first = form();
    expect((await signUp(hostB, first)).status).to.equal(200);
    const again = form({ userName: first.userName.toUpperCase() });
    const taken = await signUp(hostB, again);
    expect(taken.status).to.equal(409);
    expect(taken.body.validationErrors.map((e: any) => e.propertyName)).to.deep.equal(['userName']);
    expect(await organizationsNamed(again.organizationName as string)).to.deep.equal([]);

    const missing = await signUp(hostB, { organizationName: '', firstName: '', userName: 'a b', password: '' });
    expect(missing.status).to.equal(400);
    const fields = missing.body.validationErrors.map((e: any) => e.propertyName);
    expect(fields).to.include.members(['organizationName', 'firstName', 'lastName', 'mobile', 'userName', 'password']);

    // A bad mobile is refused with the other fields' mistakes, at once.
    const mixed = await signUp(hostB, form({ mobile: '0912', firstName: '' }));
    expect(mixed.status).to.equal(400);
    expect([...new Set(mixed.body.validationErrors.map((e: any) => e.propertyName))]).to.have.members(['mobile', 'firstName']);
    // The password meets Create's policy, refused on its property.
    const weak = form({ password: 'short' });
    const judged = await signUp(hostB, weak);
    expect(judged.status).to.equal(400);
    expect(judged.body.validationErrors.map((e: any) => e.propertyName)).to.deep.equal(['password']);
    expect(await organizationsNamed(weak.organizationName as string)).to.deep.equal([]);
    // Any written form of an Iranian mobile is stored normalised.
    const plus = await signUp(hostB, form({ mobile: '+989351112233' }));
    expect(plus.status, JSON.stringify(plus.body)).to.equal(200);
    expect(ok(await api.get(`Users/Get/${plus.body.data.userId}`, { token: superToken })).mobile).to.equal('989351112233');
  });

  it('opens the platform\'s own address only with the system setting, under the system organization', async () => {
    ok(await api.post('MainSettings/Update', { IsSignUpEnabled: true }, { token: superToken }));
    try {
      expect((await clientData('plain.example.test')).isSignUpEnabled).to.equal(true);
      const made = await signUp('plain.example.test', form());
      expect(made.status, JSON.stringify(made.body)).to.equal(200);
      const org = ok(await api.get(`Organizations/Get/${made.body.data.organizationId}`, { token: superToken }));
      const system = ok(await api.get('Organizations/GetAll?pageSize=5&type=system', { token: superToken })).items[0];
      expect(org.parentId).to.equal(system.id);
    } finally {
      ok(await api.post('MainSettings/Update', { IsSignUpEnabled: null }, { token: superToken }));
    }
  });

  it('limits sign-ups per client address (429 with Retry-After)', async () => {
    config.auth.signUpsPerIpPerHour = 2;
    try {
      let refused: any = null;
      // Whatever this hour's window already counted, a third attempt at most is refused.
      for (let i = 0; i < 3 && !refused; i++) {
        const res = await signUp(hostB, form({ password: 'x' }));
        if (res.status === 429) refused = res;
        else expect(res.status).to.equal(400);
      }
      expect(refused, 'no 429').to.not.equal(null);
      expect(refused.body.message).to.equal('Too many sign-ups from this address; try again later.');
    } finally {
      config.auth.signUpsPerIpPerHour = 0;
    }
  });
});
