import { expect } from 'chai';
import { sharedApi, createTree, createUser, login, unique, USER_PASSWORD, type Tree } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';

describe('who may manage whom', function () {
  this.timeout(60_000);
  let api: ApiClient;
  let tree: Tree;
  before(async () => {
    api = await sharedApi();
    tree = await createTree(api);
  });

  it('keeps a plain user with user-management claims away from their own administrators', async () => {
    const role = await api.post('Roles/Create', { title: unique('helpdesk '), claims: ['Users.View', 'Users.Update', 'Users.Suspend'], organizationId: tree.organization.id }, { token: tree.orgAdmin.token });
    expect(role.status, JSON.stringify(role.body)).to.equal(200);
    const userName = unique('helpdesk');
    const helper = await createUser(api, tree.orgAdmin.token, { userName, organizationId: tree.organization.id });
    expect((await api.post('Roles/AssignToUser', { userId: helper.id, roleId: role.body.data.id }, { token: tree.orgAdmin.token })).status).to.equal(200);
    const token = (await login(api, userName, USER_PASSWORD)).accessToken;

    const reset = await api.post('Users/ResetPassword', { id: tree.orgAdmin.userId, password: 'Taken#Over1' }, { token });
    expect(reset.status).to.equal(403);
    expect(reset.body.message).to.equal("An organization's administrators are managed by the organization above it.");
    expect((await api.post(`Users/Suspend/${tree.orgAdmin.userId}`, undefined, { token })).status).to.equal(403);
    expect((await api.post('Users/Update', { id: tree.orgAdmin.userId, email: 'x@example.com' }, { token })).status).to.equal(403);
    // The administrator is untouched and can still sign in.
    await login(api, tree.orgAdmin.userName, USER_PASSWORD);

    // A plain colleague is fair game for the same helper.
    const colleague = await createUser(api, tree.orgAdmin.token, { userName: unique('colleague'), organizationId: tree.organization.id });
    const suspended = await api.post(`Users/Suspend/${colleague.id}`, undefined, { token });
    expect(suspended.status, JSON.stringify(suspended.body)).to.equal(200);
  });

  it('lets an administrator manage administrators below, but not a peer administrator', async () => {
    const peer = await createUser(api, tree.resellerAdmin.token, { userName: unique('peer'), organizationId: tree.organization.id, isAdmin: true });
    expect((await api.post(`Users/Suspend/${peer.id}`, undefined, { token: tree.orgAdmin.token })).status).to.equal(403);
    expect((await api.post(`Users/Suspend/${peer.id}`, undefined, { token: tree.resellerAdmin.token })).status).to.equal(200);
    expect((await api.post(`Users/Unblock/${tree.subAdmin.userId}`, undefined, { token: tree.orgAdmin.token })).status).to.equal(200);
  });

  it('refuses to delete a role template in use before asking for a confirmation number', async () => {
    const template = await api.post('RoleTemplates/Create', { title: unique('tpl '), claims: ['Dashboard.View', 'Users.View', 'Users.Create'] }, { token: tree.resellerAdmin.token });
    expect(template.status, JSON.stringify(template.body)).to.equal(200);
    const org = await api.post('Organizations/Create', { name: unique('Templated ') }, { token: tree.resellerAdmin.token });
    const assign = await api.post('RoleTemplates/AssignToOrganization', { organizationId: org.body.data.id, roleTemplateId: template.body.data.id }, { token: tree.resellerAdmin.token });
    let assigned = assign;
    if (assign.status === 400 && assign.body.data?.confirmationRequired) {
      assigned = await api.post('RoleTemplates/AssignToOrganization', { organizationId: org.body.data.id, roleTemplateId: template.body.data.id, confirmationId: assign.body.data.confirmationId, confirmationNumber: assign.body.data.confirmationNumber }, { token: tree.resellerAdmin.token });
    }
    expect(assigned.status, JSON.stringify(assigned.body)).to.equal(200);
    const del = await api.delete(`RoleTemplates/Delete/${template.body.data.id}`, { token: tree.resellerAdmin.token });
    expect(del.status).to.equal(400);
    expect(del.body.data?.confirmationRequired).to.equal(undefined);
    expect(del.body.message).to.equal('This role template is assigned to organizations; unassign it first.');
  });

  it("ends the sessions of an organization's users as soon as it expires", async () => {
    const org = (await api.post('Organizations/Create', { name: unique('Expiring ') }, { token: tree.resellerAdmin.token })).body.data;
    const userName = unique('exp');
    await createUser(api, tree.resellerAdmin.token, { userName, organizationId: org.id });
    const token = (await login(api, userName, USER_PASSWORD)).accessToken;
    expect((await api.get('Users/GetCurrentUser', { token })).status).to.equal(200);
    const expired = await api.post('Organizations/Update', { id: org.id, expireTime: new Date(Date.now() - 60_000).toISOString() }, { token: tree.resellerAdmin.token });
    expect(expired.status, JSON.stringify(expired.body)).to.equal(200);
    expect((await api.get('Users/GetCurrentUser', { token })).status).to.equal(401);
    const again = await api.post('Account/Login', { userName, password: USER_PASSWORD });
    expect(again.status).to.equal(400);
    expect(again.body.message).to.equal('Expired organization');
  });
});
