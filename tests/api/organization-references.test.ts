import { expect } from 'chai';
import type { Knex } from 'knex';
import { adminToken, createOrganization, createTree, sharedApi, sharedServer, type Tree } from '../support/fixtures.js';
import { TYPES } from '../../server/platform/tokens.js';
import type { ApiClient } from '../support/api-client.js';
import { bad, ok, simulatorLine } from '../support/sending.js';

/**
 * The organization form's pickers name records (issue 14 item 3); the server refuses an id that
 * does not point at one the organization can have, with a message on the field, instead of storing it.
 */
describe('Organizations: adminUserId and blackSenderPrivateNumberId point at real records', function () {
  this.timeout(90_000);
  let api: ApiClient;
  let tree: Tree;
  let resellerLine: { lineId: number };
  let otherLine: { lineId: number };
  let siblingLine: { lineId: number };

  before(async () => {
    api = await sharedApi();
    tree = await createTree(api);
    resellerLine = await simulatorLine(api, {}, { organizationId: tree.reseller.id, isPublic: false });
    otherLine = await simulatorLine(api, {}, { organizationId: tree.otherReseller.id, isPublic: false });
    const sibling = await createOrganization(api, tree.resellerAdmin.token, { name: `Sibling ${Date.now()}` });
    siblingLine = await simulatorLine(api, {}, { organizationId: sibling.id, isPublic: false });
  });

  const update = (body: Record<string, unknown>, token = tree.resellerAdmin.token) => api.post('Organizations/Update', { id: tree.organization.id, ...body }, { token });
  const read = async () => ok(await api.get(`Organizations/Get/${tree.organization.id}`, { token: tree.resellerAdmin.token }));

  it('takes one of its own users as administrator, and refuses a user of another organization or none at all', async () => {
    ok(await update({ adminUserId: tree.orgAdmin.userId }));
    expect((await read()).adminUserId).to.equal(tree.orgAdmin.userId);
    for (const userId of [tree.subAdmin.userId, tree.resellerAdmin.userId, 2_000_000_000]) {
      const res = await api.post('Organizations/Update', { id: tree.organization.id, adminUserId: userId }, { token: tree.resellerAdmin.token, culture: 'fa' });
      expect(res.status).to.equal(400);
      expect(res.body.validationErrors!.map((v) => v.propertyName)).to.deep.equal(['adminUserId']);
      expect(res.body.validationErrors![0].message).to.include('کاربران همین سازمان');
    }
    expect((await read()).adminUserId).to.equal(tree.orgAdmin.userId);
    // Its own administrator may choose it too (a profile field), and null clears it.
    ok(await update({ adminUserId: tree.orgAdmin.userId }, tree.orgAdmin.token));
    ok(await update({ adminUserId: null }));
    expect((await read()).adminUserId).to.equal(null);
  });

  it('refuses an administrator user on create: a new organization has no users yet', async () => {
    const res = await api.post('Organizations/Create', { name: `With admin ${Date.now()}`, adminUserId: tree.orgAdmin.userId }, { token: tree.resellerAdmin.token, culture: 'en-US' });
    expect(res.status).to.equal(400);
    expect(res.body.validationErrors!.map((v) => v.propertyName)).to.deep.equal(['adminUserId']);
    expect(res.body.validationErrors![0].message).to.include('users of this organization');
  });

  it('takes a line of its own chain as black-sender line, and refuses a line of another tree, of a sibling, or none', async () => {
    ok(await update({ blackSenderPrivateNumberId: resellerLine.lineId }));
    expect((await read()).blackSenderPrivateNumberId).to.equal(resellerLine.lineId);
    for (const lineId of [otherLine.lineId, siblingLine.lineId, 2_000_000_000]) bad(await update({ blackSenderPrivateNumberId: lineId }), 400, 'blackSenderPrivateNumberId');
    expect((await read()).blackSenderPrivateNumberId).to.equal(resellerLine.lineId);
    const created = ok(await api.post('Organizations/Create', { name: `With line ${Date.now()}`, blackSenderPrivateNumberId: resellerLine.lineId }, { token: tree.resellerAdmin.token }));
    expect(created.blackSenderPrivateNumberId).to.equal(resellerLine.lineId);
    ok(await update({ blackSenderPrivateNumberId: null }));
  });

  it('takes a white-label domain of its own chain as domainId, and refuses another tree\'s or none (issue 25)', async () => {
    const host = (p: string) => `${p}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}.example.test`;
    const resellerDomain = ok(await api.post('CustomerDomains/Create', { resellerDomain: host('chain') }, { token: tree.resellerAdmin.token }));
    const otherDomain = ok(await api.post('CustomerDomains/Create', { resellerDomain: host('other') }, { token: tree.otherAdmin.token }));
    ok(await update({ domainId: resellerDomain.id }));
    expect((await read()).domainId).to.equal(resellerDomain.id);
    for (const domainId of [otherDomain.id, 2_000_000_000]) {
      const res = await api.post('Organizations/Update', { id: tree.organization.id, domainId }, { token: tree.resellerAdmin.token, culture: 'en-US' });
      expect(res.status).to.equal(400);
      expect(res.body.validationErrors!.map((v) => v.propertyName)).to.deep.equal(['domainId']);
      expect(res.body.validationErrors![0].message).to.include('domain');
    }
    expect((await read()).domainId).to.equal(resellerDomain.id);
    const created = ok(await api.post('Organizations/Create', { name: `With domain ${Date.now()}`, domainId: resellerDomain.id }, { token: tree.resellerAdmin.token }));
    expect(created.domainId).to.equal(resellerDomain.id);
    // Deleting the domain clears every organization pointing at it.
    ok(await api.delete(`CustomerDomains/Delete/${resellerDomain.id}`, { token: tree.resellerAdmin.token }));
    expect((await read()).domainId).to.equal(null);
  });

  it('lets a stored value the rule did not know pass when it is posted back unchanged', async () => {
    const superToken = await adminToken(api);
    // Stored before the rule: an id that points at nothing.
    const legacy = ok(await api.post('Organizations/Create', { name: `Legacy ${Date.now()}` }, { token: superToken }));
    const knex = (await sharedServer()).peyk.container.get<Knex>(TYPES.Knex);
    await knex('organizations').where({ id: legacy.id }).update({ blackSenderPrivateNumberId: 1_999_999_999 });
    ok(await api.post('Organizations/Update', { id: legacy.id, name: `Legacy renamed ${Date.now()}`, blackSenderPrivateNumberId: 1_999_999_999 }, { token: superToken }));
  });
});
