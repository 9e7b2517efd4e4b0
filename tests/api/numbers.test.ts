import { expect } from 'chai';
import { adminToken, createTree, sharedApi, type Tree } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { bad, ok } from '../support/envelope.js';

describe('Numbers: sender agents, private numbers, assignments, blacklists', function () {
  this.timeout(90_000);
  let api: ApiClient;
  let superToken: string;
  let tree: Tree;
  let agentId: number;
  let seq = 0;

  /** A fresh line number of the spec's pattern that no other test uses. */
  const freshNumber = () => `5${String(Date.now()).slice(-7)}${String(++seq).padStart(3, '0')}`;
  const lineBody = (extra: Record<string, unknown> = {}) => ({
    number: freshNumber(), useForm: 'OneNumber', numberType: 'Private', typePrivateNumber: 'Bulk', smsSenderAgentId: agentId, isSendBulk: true, ...extra,
  });
  const myNumbers = async (token: string, sendType: string) => (ok(await api.get(`PrivateNumbers/GetMyNumbers?sendType=${sendType}`, { token })) as any[]).map((l) => l.id);

  before(async () => {
    api = await sharedApi();
    superToken = await adminToken(api);
    tree = await createTree(api);
    agentId = ok(await api.post('SenderAgents/Create', { title: 'Numbers sim', pluginName: 'simulator', options: { acceptRatio: 1, seed: 7 } }, { token: superToken })).id;
  });

  describe('sender agents', () => {
    it('creates with the spec defaults, reads, updates and lists; the first-start agent and line exist', async () => {
      const agent = ok(await api.get(`SenderAgents/Get/${agentId}`, { token: superToken }));
      expect(agent).to.include({ title: 'Numbers sim', pluginName: 'simulator', type: 'SMS', isSendActive: true, isActiveAllTime: true, isActive: true, maxPerSecond: 1000 });
      expect(agent.options).to.deep.equal({ acceptRatio: 1, seed: 7 });
      const updated = ok(await api.post('SenderAgents/Update', { id: agentId, startTime: '08:00', endTime: '21:30', maxPerSecond: 250 }, { token: superToken }));
      expect(updated).to.include({ startTime: '08:00', endTime: '21:30', maxPerSecond: 250 });
      expect(updated.options).to.deep.equal({ acceptRatio: 1, seed: 7 });
      const all = ok(await api.get('SenderAgents/GetAll', { token: superToken }));
      expect(all.items.map((a: any) => a.title)).to.include.members(['شبیه‌ساز', 'Numbers sim']);
      const lines = ok(await api.get('PrivateNumbers/GetAll?pageSize=500', { token: superToken }));
      const seed = lines.items.filter((l: any) => l.number === '10001000');
      expect(seed).to.have.length(1);
      expect(seed[0]).to.include({ isPublic: true, useForm: 'OneNumber', numberType: 'Public', typePrivateNumber: 'Bulk', isSendSingle: true, deliveryBase: true, isGeneralBlackList: true });
    });

    it('validates the options against the plugin schema and the plugin name', async () => {
      const res = bad(await api.post('SenderAgents/Create', { title: 'x', pluginName: 'simulator', options: { acceptRatio: 5 } }, { token: superToken }), 400, 'options.acceptRatio');
      expect(res.validationErrors![0].message).to.contain('options.acceptRatio');
      bad(await api.post('SenderAgents/Create', { title: 'x', pluginName: 'simulator', options: { nope: 1 } }, { token: superToken }), 400, 'options.nope');
      bad(await api.post('SenderAgents/Create', { title: 'x', pluginName: 'no-such-plugin', options: {} }, { token: superToken }), 400, 'pluginName');
      bad(await api.post('SenderAgents/Update', { id: agentId, options: { deliveryRatio: -1 } }, { token: superToken }), 400, 'options.deliveryRatio');
      bad(await api.post('SenderAgents/Create', { pluginName: 'simulator' }, { token: superToken }), 400, 'title');
      bad(await api.post('SenderAgents/Update', { id: agentId, startTime: '25:00' }, { token: superToken }), 400, 'startTime');
      const fa = bad(await api.post('SenderAgents/Create', { title: 'x', pluginName: 'no-such-plugin' }, { token: superToken, culture: 'fa-IR' }), 400, 'pluginName');
      expect(fa.validationErrors![0].message).to.contain('افزونه');
    });

    it('describes the plugins, answers the health of an unconnected agent, refuses non-system callers', async () => {
      const plugins = ok(await api.get('SenderAgents/GetPlugins', { token: superToken }));
      expect(plugins.plugins.map((p: any) => p.name)).to.include('simulator');
      expect(plugins.broken).to.be.an('array');
      const health = ok(await api.get(`SenderAgents/GetHealth/${agentId}`, { token: superToken }));
      expect(health.state).to.be.a('string');
      bad(await api.get('SenderAgents/GetAll', { token: tree.resellerAdmin.token }), 403);
      bad(await api.get(`SenderAgents/Get/${agentId}`, { token: tree.subUser.token }), 403);
      bad(await api.get('SenderAgents/Get/999999', { token: superToken }), 404);
      const names = ok(await api.get('SenderAgents/GetNames', { token: tree.resellerAdmin.token }));
      expect(names.map((n: any) => n.id)).to.include(agentId);
    });

    it('refuses to delete an agent that still has lines, deletes one without', async () => {
      const spare = ok(await api.post('SenderAgents/Create', { title: 'Spare', pluginName: 'simulator' }, { token: superToken }));
      const line = ok(await api.post('PrivateNumbers/Create', lineBody({ smsSenderAgentId: spare.id }), { token: superToken }));
      bad(await api.delete(`SenderAgents/Delete/${spare.id}`, { token: superToken }), 409);
      ok(await api.delete(`PrivateNumbers/Delete/${line.id}`, { token: superToken }));
      ok(await api.delete(`SenderAgents/Delete/${spare.id}`, { token: superToken }));
      bad(await api.get(`SenderAgents/Get/${spare.id}`, { token: superToken }), 404);
    });
  });

  describe('private numbers', () => {
    it('checks the number patterns, the mask, the range, duplicates and the agent', async () => {
      for (const number of ['0123', '12', '1234567890123', '12a4', '31111111111']) {
        bad(await api.post('PrivateNumbers/Create', lineBody({ number }), { token: superToken }), 400, 'number');
      }
      const created = ok(await api.post('PrivateNumbers/Create', lineBody(), { token: superToken }));
      expect(created).to.include({ isActive: true, useForm: 'OneNumber', isSendBulk: true, isSendSingle: false });
      bad(await api.post('PrivateNumbers/Create', lineBody({ number: created.number }), { token: superToken }), 400, 'number');
      bad(await api.post('PrivateNumbers/Create', lineBody({ useForm: 'Mask', mask: 'ab' }), { token: superToken }), 400, 'mask');
      bad(await api.post('PrivateNumbers/Create', lineBody({ useForm: 'Mask', mask: 'بانک' }), { token: superToken }), 400, 'mask');
      const mask = ok(await api.post('PrivateNumbers/Create', lineBody({ useForm: 'Mask', mask: 'PeykBank' }), { token: superToken }));
      expect(mask.mask).to.equal('PeykBank');
      bad(await api.post('PrivateNumbers/Create', lineBody({ useForm: 'RangeNumber', number: undefined, rangeStart: '300020', rangeEnd: '300010' }), { token: superToken }), 400, 'rangeEnd');
      const start = freshNumber();
      const range = ok(await api.post('PrivateNumbers/Create', lineBody({ useForm: 'RangeNumber', number: undefined, rangeStart: start, rangeEnd: String(BigInt(start) + 9n) }), { token: superToken }));
      expect(range.number).to.equal(start);
      bad(await api.post('PrivateNumbers/Create', lineBody({ smsSenderAgentId: 999999 }), { token: superToken }), 400, 'smsSenderAgentId');
      bad(await api.post('PrivateNumbers/Create', lineBody({ typePrivateNumber: 'Nope' }), { token: superToken }), 400, 'typePrivateNumber');
      bad(await api.post('PrivateNumbers/Create', { ...lineBody(), unknownField: 1 }, { token: superToken }), 400);
      const updated = ok(await api.post('PrivateNumbers/Update', { id: created.id, isActive: false, tag: 'Tag', refundDeliveryStatusId: 'Expired' }, { token: superToken }));
      expect(updated).to.include({ isActive: false, tag: 'Tag', refundDeliveryStatusId: 'Expired', number: created.number });
    });

    it('keeps lines inside the tree: a reseller creates for its organization, not for another tree; others get 404; no claim 403', async () => {
      const line = ok(await api.post('PrivateNumbers/Create', lineBody({ organizationId: tree.organization.id }), { token: tree.resellerAdmin.token }));
      expect(line.organizationId).to.equal(tree.organization.id);
      bad(await api.post('PrivateNumbers/Create', lineBody({ organizationId: tree.otherOrganization.id }), { token: tree.resellerAdmin.token }), 400, 'organizationId');
      bad(await api.get(`PrivateNumbers/Get/${line.id}`, { token: tree.otherAdmin.token }), 404);
      bad(await api.post('PrivateNumbers/Update', { id: line.id, tag: 'x' }, { token: tree.otherAdmin.token }), 404);
      bad(await api.delete(`PrivateNumbers/Delete/${line.id}`, { token: tree.otherAdmin.token }), 404);
      bad(await api.get(`PrivateNumbers/Get/${line.id}`, { token: tree.orgAdmin.token }), 403);
      const list = ok(await api.get('PrivateNumbers/GetAll', { token: tree.resellerAdmin.token }));
      expect(list.items.map((l: any) => l.id)).to.include(line.id);
      expect(list.items.every((l: any) => l.number !== '10001000')).to.equal(true);
      const other = ok(await api.get('PrivateNumbers/GetAll', { token: tree.otherAdmin.token }));
      expect(other.items.map((l: any) => l.id)).to.not.include(line.id);
    });
  });

  describe('assignments and GetMyNumbers', () => {
    it('offers public lines from above, own lines to admins, assigned lines to users per send type; hides expired and inactive ones', async () => {
      const publicLine = ok(await api.post('PrivateNumbers/Create', lineBody({ numberType: 'Public', isPublic: true, isSendSingle: true }), { token: superToken }));
      const privateLine = ok(await api.post('PrivateNumbers/Create', lineBody({ organizationId: tree.sub.id, isSendSingle: true }), { token: tree.resellerAdmin.token }));
      const expired = ok(await api.post('PrivateNumbers/Create', lineBody({ organizationId: tree.sub.id, expireTime: '2020-01-01T00:00:00Z' }), { token: tree.resellerAdmin.token }));
      const inactive = ok(await api.post('PrivateNumbers/Create', lineBody({ organizationId: tree.sub.id, isActive: false }), { token: tree.resellerAdmin.token }));

      const adminBulk = await myNumbers(tree.subAdmin.token, 'Bulk');
      expect(adminBulk).to.include.members([publicLine.id, privateLine.id]);
      expect(adminBulk).to.not.include.members([expired.id]);
      expect(adminBulk).to.not.include(inactive.id);
      expect(await myNumbers(tree.subAdmin.token, 'P2P')).to.not.include(privateLine.id);

      const userBulk = await myNumbers(tree.subUser.token, 'Bulk');
      expect(userBulk).to.include(publicLine.id);
      expect(userBulk).to.not.include(privateLine.id);
      expect(await myNumbers(tree.otherAdmin.token, 'Bulk')).to.not.include(privateLine.id);
      expect(await myNumbers(tree.otherAdmin.token, 'Bulk')).to.include(publicLine.id);

      bad(await api.post('PrivateNumbers/Assign', { privateNumberId: privateLine.id, userId: tree.subUser.userId, sendTypesList: ['P2P'] }, { token: tree.resellerAdmin.token }), 400, 'sendTypesList');
      bad(await api.post('PrivateNumbers/Assign', { privateNumberId: privateLine.id, userId: tree.otherAdmin.userId, sendTypesList: ['Bulk'] }, { token: tree.resellerAdmin.token }), 400, 'userId');
      bad(await api.post('PrivateNumbers/Assign', { privateNumberId: privateLine.id, userId: tree.subUser.userId, sendTypesList: ['Bulk'] }, { token: tree.otherAdmin.token }), 404);
      const assigned = ok(await api.post('PrivateNumbers/Assign', { privateNumberId: privateLine.id, userId: tree.subUser.userId, sendTypesList: ['Bulk'], dailySendLimit: 10 }, { token: tree.resellerAdmin.token }));
      expect(assigned).to.include({ dailySendLimit: 10, monthlySendLimit: null, canSeeReceivedSms: false });
      expect(await myNumbers(tree.subUser.token, 'Bulk')).to.include(privateLine.id);
      expect(await myNumbers(tree.subUser.token, 'Single')).to.not.include(privateLine.id);

      const again = ok(await api.post('PrivateNumbers/Assign', { privateNumberId: privateLine.id, userId: tree.subUser.userId, sendTypesList: ['Bulk', 'Single'], canSeeReceivedSms: true }, { token: tree.resellerAdmin.token }));
      expect(again.id).to.equal(assigned.id);
      expect(await myNumbers(tree.subUser.token, 'Single')).to.include(privateLine.id);
      const assignments = ok(await api.get(`PrivateNumbers/GetAssignments?privateNumberId=${privateLine.id}`, { token: tree.resellerAdmin.token }));
      expect(assignments.items).to.have.length(1);
      expect(assignments.items[0]).to.include({ userId: tree.subUser.userId, canSeeReceivedSms: true, dailySendLimit: null });
      expect(assignments.items[0].sendTypesList).to.deep.equal(['Bulk', 'Single']);

      ok(await api.post('PrivateNumbers/Unassign', { privateNumberId: privateLine.id, userId: tree.subUser.userId }, { token: tree.resellerAdmin.token }));
      bad(await api.post('PrivateNumbers/Unassign', { privateNumberId: privateLine.id, userId: tree.subUser.userId }, { token: tree.resellerAdmin.token }), 404);
      expect(await myNumbers(tree.subUser.token, 'Bulk')).to.not.include(privateLine.id);
      bad(await api.get('PrivateNumbers/GetMyNumbers?sendType=Nope', { token: tree.subUser.token }), 400, 'sendType');
      // agentType: the voice send screen offers only lines of a Voice agent; isSendClub: the club's screens offer only club lines.
      const shape = (ok(await api.get('PrivateNumbers/GetMyNumbers?sendType=Bulk', { token: tree.subUser.token })) as any[]).find((l) => l.id === publicLine.id);
      expect(Object.keys(shape).sort()).to.deep.equal(['agentType', 'expireTime', 'id', 'isCanSendFlashSms', 'isPublic', 'isSendClub', 'isSendOccasionPhonebook', 'mask', 'number', 'numberType', 'typePrivateNumber', 'useForm']);
    });
  });

  describe('blacklists', () => {
    it('adds normalized numbers to the own list, refuses duplicates and invalid numbers, keeps tenancy', async () => {
      const row = ok(await api.post('BlackLists/Create', { mobile: '0912 123 4567', description: 'asked to stop' }, { token: tree.subAdmin.token }));
      expect(row).to.include({ mobile: '989121234567', organizationId: tree.sub.id });
      bad(await api.post('BlackLists/Create', { mobile: '+989121234567' }, { token: tree.subAdmin.token }), 400, 'mobile');
      bad(await api.post('BlackLists/Create', { mobile: 'hello' }, { token: tree.subAdmin.token }), 400, 'mobile');
      const bulk = bad(await api.post('BlackLists/CreateBulk', { mobiles: ['09121111111', 'bad', '09122222222'] }, { token: tree.subAdmin.token }), 400, 'mobiles[1]');
      expect(bulk.validationErrors).to.have.length(1);
      const added = ok(await api.post('BlackLists/CreateBulk', { mobiles: ['09121111111', '09121234567', '9122222222', '09121111111'] }, { token: tree.subAdmin.token }));
      expect(added).to.deep.equal({ addedCount: 2, duplicateCount: 2 });
      const list = ok(await api.get('BlackLists/GetAll?search=912111', { token: tree.subAdmin.token }));
      expect(list.items.map((b: any) => b.mobile)).to.deep.equal(['989121111111']);
      expect(ok(await api.get('BlackLists/GetAll', { token: tree.otherAdmin.token })).items.map((b: any) => b.id)).to.not.include(row.id);
      bad(await api.delete(`BlackLists/Delete/${row.id}`, { token: tree.otherAdmin.token }), 404);
      bad(await api.get('BlackLists/GetAll', { token: tree.subUser.token }), 403);
      ok(await api.delete(`BlackLists/Delete/${row.id}`, { token: tree.orgAdmin.token }));
      bad(await api.delete(`BlackLists/Delete/${row.id}`, { token: tree.subAdmin.token }), 404);
    });

    it('lets only the system organization manage the general list', async () => {
      bad(await api.post('BlackLists/Create', { mobile: '09123334444', general: true }, { token: tree.resellerAdmin.token }), 403);
      bad(await api.post('BlackLists/CreateBulk', { mobiles: ['09123334444'], general: true }, { token: tree.subAdmin.token }), 403);
      const general = ok(await api.post('BlackLists/Create', { mobile: '09123334444', general: true }, { token: superToken }));
      expect(general.organizationId).to.equal(null);
      // The same number may be on the general list and on an organization's own list.
      ok(await api.post('BlackLists/Create', { mobile: '09123334444' }, { token: tree.subAdmin.token }));
      expect(ok(await api.get('BlackLists/GetAll', { token: superToken })).items.map((b: any) => b.id)).to.include(general.id);
      expect(ok(await api.get('BlackLists/GetAll', { token: tree.resellerAdmin.token })).items.map((b: any) => b.id)).to.not.include(general.id);
      bad(await api.delete(`BlackLists/Delete/${general.id}`, { token: tree.resellerAdmin.token }), 404);
      ok(await api.delete(`BlackLists/Delete/${general.id}`, { token: superToken }));
    });
  });
});
