import { expect } from 'chai';
import { createTree, sharedApi, unique, type Tree } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { bad, ok } from '../support/envelope.js';

/**
 * What the panel's pickers read (issue 14): the current tariff of an organization by id, and the
 * searches that find organizations, users and tariffs by name.
 */
describe('Pickers: Tariffs/GetOrganizationTariff and the searches behind the select search', function () {
  this.timeout(90_000);
  let api: ApiClient;
  let tree: Tree;
  let tariff: { id: number; title: string };

  before(async () => {
    api = await sharedApi();
    tree = await createTree(api);
    const title = unique('Picker tariff ');
    tariff = ok(await api.post('Tariffs/Create', {
      title, category: 'Silver', ranges: [{ fromCount: 0, toCount: null, prices: { mci: 90, irancell: 90, rightel: 90, other: 90, international: 900 } }],
    }, { token: tree.resellerAdmin.token }));
  });

  it('answers the assigned tariff, follows a change and a removal, and null for none', async () => {
    const token = tree.resellerAdmin.token;
    const read = async (organizationId: number) => ok(await api.get(`Tariffs/GetOrganizationTariff?organizationId=${organizationId}`, { token }));
    expect(await read(tree.organization.id)).to.deep.equal({ organizationId: tree.organization.id, tariff: null });
    ok(await api.post('Tariffs/AssignToOrganization', { organizationId: tree.organization.id, tariffId: tariff.id }, { token }));
    const assigned = await read(tree.organization.id);
    expect(assigned.organizationId).to.equal(tree.organization.id);
    expect(assigned.tariff).to.include({ id: tariff.id, title: tariff.title, category: 'Silver' });
    expect(assigned.tariff).not.to.have.property('deletedAt');
    ok(await api.post('Tariffs/AssignToOrganization', { organizationId: tree.organization.id, tariffId: null }, { token }));
    expect((await read(tree.organization.id)).tariff).to.equal(null);
  });

  it('refuses an organization outside the caller\'s tree (404), a caller without Financial.Tariffs (403) and a missing id (400)', async () => {
    bad(await api.get(`Tariffs/GetOrganizationTariff?organizationId=${tree.otherOrganization.id}`, { token: tree.resellerAdmin.token }), 404);
    bad(await api.get(`Tariffs/GetOrganizationTariff?organizationId=${tree.sub.id}`, { token: tree.orgAdmin.token }), 403);
    const missing = bad(await api.get('Tariffs/GetOrganizationTariff', { token: tree.resellerAdmin.token }), 400, 'organizationId');
    expect(missing.validationErrors![0].message).to.be.a('string').and.not.equal('');
  });

  it('finds what the pickers search for: organizations, users (in one organization) and tariffs by part of the name', async () => {
    const token = tree.resellerAdmin.token;
    const part = (name: string) => encodeURIComponent(name.slice(-6));
    const orgs = ok(await api.get(`Organizations/GetAll?pageSize=20&search=${part(tree.sub.name)}`, { token })).items as any[];
    expect(orgs.map((o) => o.id)).to.deep.equal([tree.sub.id]);
    const users = ok(await api.get(`Users/GetAll?pageSize=20&organizationId=${tree.sub.id}&search=${part(tree.subUser.userName)}`, { token })).items as any[];
    expect(users.map((u) => u.id)).to.deep.equal([tree.subUser.userId]);
    expect(users[0].organizationName).to.equal(tree.sub.name);
    const tariffs = ok(await api.get(`Tariffs/GetAll?pageSize=20&search=${part(tariff.title)}`, { token })).items as any[];
    expect(tariffs.map((t) => t.id)).to.deep.equal([tariff.id]);
    // The other tree finds none of them.
    expect(ok(await api.get(`Organizations/GetAll?search=${part(tree.sub.name)}`, { token: tree.otherAdmin.token })).items).to.deep.equal([]);
  });
});
