import { expect } from 'chai';
import { adminToken, createTree, sharedApi, type Tree } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { bad, ok } from '../support/envelope.js';

describe('Number classes: the class list, who may edit it, validation, check now', function () {
  this.timeout(90_000);
  let api: ApiClient;
  let superToken: string;
  let tree: Tree;
  let agentId: number;
  // Numbers of this run only, so other tests' lines and classes cannot match them.
  const stem = `86${String(Date.now()).slice(-4)}`;
  let seq = 0;
  const lineBody = (extra: Record<string, unknown> = {}) => ({
    number: `${stem}${String(++seq).padStart(2, '0')}`, useForm: 'OneNumber', numberType: 'Private', typePrivateNumber: 'Bulk', smsSenderAgentId: agentId,
    isSendBulk: true, ...extra,
  });

  before(async () => {
    api = await sharedApi();
    superToken = await adminToken(api);
    tree = await createTree(api);
    agentId = ok(await api.post('SenderAgents/Create', { title: 'Classes sim', pluginName: 'simulator' }, { token: superToken })).id;
  });

  it('creates, reads, updates and deletes a class; Persian digits and spaces are read; the edits are audited', async () => {
    const created = ok(await api.post('NumberClasses/Create', {
      title: 'Advertising', operatorClasses: { MCI: 'A1', Irancell: ' Promo ', Rightel: '' }, patterns: [`${stem}`, ' ', '۱۰۰۰۱۰۰۰ - ۱۰۰۰۱۹۹۹', `${stem}`],
    }, { token: superToken }));
    expect(created).to.include({ title: 'Advertising', description: null });
    expect(created.operatorClasses).to.deep.equal({ MCI: 'A1', Irancell: 'Promo' });
    expect(created.patterns).to.deep.equal([stem, '10001000-10001999']);
    expect(ok(await api.get(`NumberClasses/Get/${created.id}`, { token: tree.resellerAdmin.token })).title).to.equal('Advertising');
    const page = ok(await api.get(`NumberClasses/GetAll?search=${stem}`, { token: superToken }));
    expect(page.items.map((c: any) => c.id)).to.deep.equal([created.id]);

    const updated = ok(await api.post('NumberClasses/Update', {
      id: created.id, title: 'Advertising 2', operatorClasses: { Rightel: 'Ad' }, patterns: [`${stem}1`], description: 'from the operator circular',
    }, { token: superToken }));
    expect(updated.operatorClasses).to.deep.equal({ Rightel: 'Ad' });
    expect(updated.patterns).to.deep.equal([`${stem}1`]);

    ok(await api.delete(`NumberClasses/Delete/${created.id}`, { token: superToken }));
    bad(await api.get(`NumberClasses/Get/${created.id}`, { token: superToken }), 404);
    const audits = ok(await api.get(`Audits/GetAll?className=NumberClass&referenceId=${created.id}&pageSize=50`, { token: superToken }));
    expect(audits.items.map((a: any) => a.operationType).sort()).to.deep.equal(['Create', 'Delete', 'Update']);
  });

  it('validates in the spec\'s shape, naming the field in Persian and English', async () => {
    bad(await api.post('NumberClasses/Create', { operatorClasses: { MCI: 'x' }, patterns: ['3000'] }, { token: superToken }), 400, 'title');
    const none = bad(await api.post('NumberClasses/Create', { title: 't', operatorClasses: { MCI: ' ' }, patterns: ['3000'] }, { token: superToken, culture: 'fa-IR' }), 400, 'operatorClasses');
    expect(none.validationErrors![0].message).to.contain('اپراتور');
    bad(await api.post('NumberClasses/Create', { title: 't', operatorClasses: { Other: 'x' }, patterns: ['3000'] }, { token: superToken }), 400);
    bad(await api.post('NumberClasses/Create', { title: 't', operatorClasses: { MCI: 'x' }, patterns: ['', ' '] }, { token: superToken }), 400, 'patterns');
    const wrong = bad(await api.post('NumberClasses/Create', { title: 't', operatorClasses: { MCI: 'x' }, patterns: ['3000', '2000-100'] }, { token: superToken, culture: 'en-US' }), 400, 'patterns[1]');
    expect(wrong.validationErrors![0].message).to.contain('"2000-100" is neither a prefix');
    bad(await api.post('NumberClasses/Update', { id: 999999, title: 't', operatorClasses: { MCI: 'x' }, patterns: ['3000'] }, { token: superToken }), 404);
    bad(await api.post('NumberClasses/CheckNow', { privateNumberId: 'x' }, { token: superToken }), 400, 'privateNumberId');
  });

  it('only the system\'s agent managers edit the list; line managers read it and check their own lines', async () => {
    const body = { title: 'Reseller try', operatorClasses: { MCI: 'x' }, patterns: ['3000'] };
    bad(await api.post('NumberClasses/Create', body, { token: tree.resellerAdmin.token }), 403);
    bad(await api.get('NumberClasses/GetAll', { token: tree.orgAdmin.token }), 403);
    bad(await api.post('NumberClasses/CheckNow', {}, { token: tree.subUser.token }), 403);
    ok(await api.get('NumberClasses/GetAll', { token: tree.resellerAdmin.token }));
    const other = ok(await api.post('PrivateNumbers/Create', lineBody({ organizationId: tree.otherOrganization.id }), { token: superToken }));
    bad(await api.post('NumberClasses/CheckNow', { privateNumberId: other.id }, { token: tree.resellerAdmin.token }), 404);
  });

  it('a line is "not checked yet" until checked; check now records its class per operator and the time, or no class', async () => {
    const line = ok(await api.post('PrivateNumbers/Create', lineBody({ organizationId: tree.organization.id }), { token: tree.resellerAdmin.token }));
    const unmatched = ok(await api.post('PrivateNumbers/Create', lineBody({ number: `${stem.replace(/^86/, '87')}99`, organizationId: tree.organization.id }), { token: tree.resellerAdmin.token }));
    expect(ok(await api.get(`PrivateNumbers/Get/${line.id}`, { token: tree.resellerAdmin.token })).numberClass).to.equal(null);
    const cls = ok(await api.post('NumberClasses/Create', { title: 'Service', operatorClasses: { MCI: 'S-7', Irancell: 'Transactional' }, patterns: [stem] }, { token: superToken }));

    const one = ok(await api.post('NumberClasses/CheckNow', { privateNumberId: line.id }, { token: tree.resellerAdmin.token }));
    expect(one.checkedCount).to.equal(1);
    const got = ok(await api.get(`PrivateNumbers/Get/${line.id}`, { token: tree.resellerAdmin.token })).numberClass;
    expect(got.checkTime).to.equal(one.checkTime);
    expect(got.classes).to.deep.equal([
      { operator: 'MCI', numberClassId: cls.id, title: 'Service', operatorClass: 'S-7' },
      { operator: 'Irancell', numberClassId: cls.id, title: 'Service', operatorClass: 'Transactional' },
    ]);
    // The other line was not part of a one-line check.
    expect(ok(await api.get(`PrivateNumbers/Get/${unmatched.id}`, { token: tree.resellerAdmin.token })).numberClass).to.equal(null);

    const all = ok(await api.post('NumberClasses/CheckNow', {}, { token: tree.resellerAdmin.token }));
    expect(all.checkedCount).to.be.at.least(2);
    const list = ok(await api.get('PrivateNumbers/GetAll?pageSize=500', { token: tree.resellerAdmin.token }));
    const rows = new Map(list.items.map((l: any) => [l.id, l]));
    expect((rows.get(unmatched.id) as any).numberClass).to.deep.equal({ checkTime: all.checkTime, classes: [] });
    expect((rows.get(line.id) as any).numberClass.classes).to.have.length(2);
    // Another tree's line is outside a reseller's "check all".
    expect(list.items.every((l: any) => l.organizationId !== tree.otherOrganization.id)).to.equal(true);
    ok(await api.delete(`NumberClasses/Delete/${cls.id}`, { token: superToken }));
  });
});
