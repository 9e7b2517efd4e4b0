import { expect } from 'chai';
import { ApiClient } from '../support/api-client.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { createOrganization, createUser, USER_PASSWORD } from '../support/fixtures.js';
import { bad, ok, standaloneLine, standaloneSender } from '../support/sending.js';
import { InboxService } from '../../server/modules/inbound/index.js';

/**
 * Aggregator rules (issue 24): a reseller's shared line carries several customers' keywords; an
 * inbound text matching a customer's pattern (and, when set, arriving from the rule's operator) is
 * that customer's message from the moment it is stored; anything else stays the line owner's.
 */
describe('Aggregator rules route a shared line\'s inbound texts to organizations', function () {
  this.timeout(120_000);
  let server: TestServer;
  let api: ApiClient;
  let reseller: { admin: string; token: string; organizationId: number };
  let other: { token: string; organizationId: number };
  let c1: { id: number; token: string };
  let c2: { id: number; token: string };
  let lineId: number;
  let agentId: number;
  let otherLine: number;
  let rule1: number;
  let rule2: number;
  let n = 0;

  const receive = (from: string, text: string) => server.peyk.container.get(InboxService).receive(agentId, [{ from, to: '30009922', text, at: new Date(), providerId: `agg-${++n}` }]);
  const inbox = async (token: string) => ok(await api.get('Inbox/GetAll?pageSize=100', { token })).items as any[];
  const login = async (userName: string) => ok(await api.post('Account/Login', { userName, password: USER_PASSWORD })).accessToken as string;

  before(async () => {
    server = await startTestServer({});
    api = new ApiClient(server.url);
    reseller = await standaloneSender(api, 'Aggregator reseller');
    ({ lineId, agentId } = await standaloneLine(api, reseller.admin, '30009922', {}, { organizationId: reseller.organizationId }));
    const customers: { id: number; token: string }[] = [];
    for (const name of ['Cafe Co', 'Codes Co']) {
      const org = await createOrganization(api, reseller.token, { name, type: 'organization' });
      const user = await createUser(api, reseller.token, { userName: `agg${org.id}`, organizationId: org.id, isAdmin: true, firstName: 'C' });
      customers.push({ id: org.id, token: await login(user.userName) });
    }
    [c1, c2] = customers;
    const o = await createOrganization(api, reseller.admin, { name: 'Another reseller', type: 'reseller' });
    const u = await createUser(api, reseller.admin, { userName: `agg-other${o.id}`, organizationId: o.id, isAdmin: true, firstName: 'O' });
    other = { organizationId: o.id, token: await login(u.userName) };
    otherLine = (await standaloneLine(api, reseller.admin, '30009933', {}, { organizationId: o.id })).lineId;
  });

  after(async () => {
    await server?.stop();
  });

  it('refuses unsafe or slash-wrapped patterns, lines the caller does not manage and organizations outside their tree', async () => {
    const base = { privateNumberId: lineId, organizationId: c1.id, regex: '^cafe' };
    for (const [regex, key] of [['(a+)+$', 'unsafe'], ['/cafe/i', 'slashes'], ['(cafe', 'invalid']] as const) {
      const res = await api.post('AggregatorRules/Create', { ...base, regex }, { token: reseller.token });
      const e = bad(res, 400);
      expect(e.validationErrors!.map((v: any) => v.propertyName), key).to.deep.equal(['regex']);
    }
    const fa = bad(await api.post('AggregatorRules/Create', { ...base, regex: '(a+)+$' }, { token: reseller.token, culture: 'fa' }), 400);
    expect(fa.validationErrors![0].message).to.match(/[\u0600-\u06FF]/);
    expect(bad(await api.post('AggregatorRules/Create', { ...base, privateNumberId: otherLine }, { token: reseller.token }), 400).validationErrors![0].propertyName).to.equal('privateNumberId');
    expect(bad(await api.post('AggregatorRules/Create', { ...base, organizationId: other.organizationId }, { token: reseller.token }), 400).validationErrors![0].propertyName).to.equal('organizationId');
    expect(bad(await api.post('AggregatorRules/Create', { ...base, smsAggregator: 'Hamrah' }, { token: reseller.token }), 400).validationErrors![0].propertyName).to.equal('smsAggregator');
  });

  it('files each matching text under the rule\'s organization; the rest stays the line owner\'s', async () => {
    rule1 = ok(await api.post('AggregatorRules/Create', { privateNumberId: lineId, organizationId: c1.id, regex: '^(cafe|کافه)\\b' }, { token: reseller.token })).id;
    rule2 = ok(await api.post('AggregatorRules/Create', { privateNumberId: lineId, organizationId: c2.id, regex: '^code\\s*\\d{4}$', smsAggregator: 'Irancell' }, { token: reseller.token })).id;
    await receive('09121234567', 'Cafe latte please');
    await receive('09351234567', 'CODE ۱۲۳۴');
    // The same code from an MCI number: the rule is for Irancell's traffic only.
    await receive('09121234567', 'code 1234');
    await receive('09121234568', 'hello');
    expect((await inbox(c1.token)).map((m) => m.smsText)).to.deep.equal(['Cafe latte please']);
    expect((await inbox(c2.token)).map((m) => m.smsText)).to.deep.equal(['CODE ۱۲۳۴']);
    const all = await inbox(reseller.token);
    const byText = Object.fromEntries(all.map((m) => [m.smsText, m]));
    expect(byText['Cafe latte please'].organizationId).to.equal(c1.id);
    expect(byText['CODE ۱۲۳۴'].organizationId).to.equal(c2.id);
    expect(byText['code 1234'].organizationId).to.equal(reseller.organizationId);
    expect(byText.hello.organizationId).to.equal(reseller.organizationId);
    expect(await inbox(other.token)).to.have.length(0);
  });

  it('lists and edits rules only in the managing tree; an inactive or deleted rule routes nothing and the messages stay', async () => {
    const list = ok(await api.get(`AggregatorRules/GetAll?privateNumberId=${lineId}`, { token: reseller.token }));
    expect(list.totalCount).to.equal(2);
    expect(list.items.find((r: any) => r.id === rule2)).to.include({ receiverNumber: '30009922', organizationName: 'Codes Co', smsAggregator: 'Irancell', isActive: true });
    expect(ok(await api.get('AggregatorRules/GetAll', { token: other.token })).totalCount).to.equal(0);
    expect((await api.get(`AggregatorRules/Get/${rule1}`, { token: other.token })).status).to.equal(404);
    ok(await api.post('AggregatorRules/Update', { id: rule1, privateNumberId: lineId, organizationId: c1.id, regex: '^(cafe|کافه)\\b', isActive: false }, { token: reseller.token }));
    await receive('09121234569', 'cafe again');
    expect((await inbox(c1.token)).map((m) => m.smsText)).to.deep.equal(['Cafe latte please']);
    ok(await api.delete(`AggregatorRules/Delete/${rule2}`, { token: reseller.token }));
    await receive('09351234560', 'code 5678');
    expect((await inbox(c2.token)).map((m) => m.smsText), 'routed before, kept after the rule went').to.deep.equal(['CODE ۱۲۳۴']);
  });
});
