import { expect } from 'chai';
import { adminToken, createTree, login, sharedApi, unique, USER_PASSWORD, type Tree } from '../support/fixtures.js';
import type { ApiClient, ApiResponse } from '../support/api-client.js';
import { ok } from '../support/envelope.js';

describe('Roles and role templates', function () {
  this.timeout(60_000);
  let api: ApiClient;
  let superToken: string;
  let tree: Tree;


  async function claimsOf(token: string): Promise<string[]> {
    return ok(await api.get('Users/GetCurrentUser', { token })).claims;
  }

  /** Expects the confirmation question, then repeats the call with the shown number. */
  async function confirmed(send: (confirmation: Record<string, string>) => Promise<ApiResponse>): Promise<ApiResponse> {
    const first = await send({});
    expect(first.status, JSON.stringify(first.body)).to.equal(400);
    expect(first.body.data.confirmationRequired).to.equal(true);
    expect(first.body.data.confirmationNumber).to.match(/^\d{5}$/);
    const { confirmationId, confirmationNumber } = first.body.data;
    return send({ confirmationId, confirmationNumber });
  }

  before(async () => {
    api = await sharedApi();
    superToken = await adminToken(api);
    tree = await createTree(api);
  });

  describe('Roles/GetClaims', () => {
    const SECTIONS = ['Dashboard', 'Infrastructure', 'SystemManagement', 'Sending', 'Configuration', 'SmsReports', 'Facility', 'Financial',
      'Phonebook', 'Setting', 'Services', 'CustomersClub'];

    it('gives the super admin every section of the catalogue', async () => {
      const sections = ok(await api.get('Roles/GetClaims', { token: superToken }));
      expect(sections.map((s: any) => s.key)).to.deep.equal(SECTIONS);
      const dashboard = sections[0];
      expect(dashboard).to.deep.include({ key: 'Dashboard', titleEn: 'Dashboard' });
      expect(dashboard.titleFa).to.match(/[\u0600-\u06FF]/);
      expect(dashboard.claims).to.deep.equal([{ key: 'Dashboard.View', titleFa: dashboard.claims[0].titleFa, titleEn: 'View dashboard' }]);
      const infra = sections.find((s: any) => s.key === 'Infrastructure');
      expect(infra.claims.map((c: any) => c.key)).to.deep.equal(['Infrastructure.SenderAgents', 'Infrastructure.PrivateNumbers', 'Infrastructure.MainSettings']);
    });

    it('filters the catalogue to what a reseller administrator holds', async () => {
      const sections = ok(await api.get('Roles/GetClaims', { token: tree.resellerAdmin.token }));
      const infra = sections.find((s: any) => s.key === 'Infrastructure');
      expect(infra.claims.map((c: any) => c.key)).to.deep.equal(['Infrastructure.PrivateNumbers']);
      const system = sections.find((s: any) => s.key === 'SystemManagement');
      expect(system.claims.map((c: any) => c.key)).to.include('RoleTemplates.Manage');
    });

    it('filters the catalogue to what an organization administrator holds, and drops empty sections', async () => {
      const sections = ok(await api.get('Roles/GetClaims', { token: tree.orgAdmin.token }));
      expect(sections.map((s: any) => s.key)).to.deep.equal(SECTIONS.filter((s) => s !== 'Infrastructure'));
      const keys = sections.flatMap((s: any) => s.claims.map((c: any) => c.key)).sort();
      expect(keys).to.deep.equal(await claimsOf(tree.orgAdmin.token));
      expect(keys).to.not.include.members(['RoleTemplates.Manage', 'Sending.Confirm', 'Financial.Tariffs', 'Financial.ConfirmPayments']);
      expect(keys).to.include.members(['Organizations.Create', 'Users.Impersonate', 'Audits.View', 'Roles.Manage']);
    });

    it('is 403 for a plain user', async () => {
      const res = await api.get('Roles/GetClaims', { token: tree.subUser.token });
      expect(res.status).to.equal(403);
    });
  });

  describe('roles given to users', () => {
    let role: any;

    it('a role created in an organization and given to a plain user widens that user\'s claims', async () => {
      expect((await api.get('Users/GetAll', { token: tree.subUser.token })).status).to.equal(403);
      role = ok(await api.post('Roles/Create', { title: unique('Viewer '), claims: ['Users.View', 'Organizations.View', 'Users.View'], organizationId: tree.sub.id }, { token: tree.orgAdmin.token }));
      expect(role).to.include({ organizationId: tree.sub.id, isTemplate: false });
      expect(role.claims).to.deep.equal(['Organizations.View', 'Users.View']);
      expect(ok(await api.get(`Roles/Get/${role.id}`, { token: tree.subAdmin.token })).title).to.equal(role.title);

      ok(await api.post('Roles/AssignToUser', { userId: tree.subUser.userId, roleId: role.id }, { token: tree.subAdmin.token }));
      const me = ok(await api.get('Users/GetCurrentUser', { token: tree.subUser.token }));
      expect(me.roleTemplateId).to.equal(role.id);
      expect(me.claims).to.deep.equal(['Dashboard.View', 'Organizations.View', 'Users.View']);

      const users = ok(await api.get('Users/GetAll', { token: tree.subUser.token }));
      expect(users.items.map((u: any) => u.id).sort()).to.deep.equal([tree.subAdmin.userId, tree.subUser.userId].sort());
      const orgs = ok(await api.get('Organizations/GetAll', { token: tree.subUser.token }));
      expect(orgs.items.map((o: any) => o.id)).to.deep.equal([tree.sub.id]);
      // What the role does not hold stays closed.
      expect((await api.post('Users/Update', { id: tree.subAdmin.userId, firstName: 'x' }, { token: tree.subUser.token })).status).to.equal(403);
    });

    it('a role of another organization cannot be given to the user', async () => {
      const orgRole = ok(await api.post('Roles/Create', { title: unique('Org role '), claims: ['Users.View'] }, { token: tree.orgAdmin.token }));
      expect(orgRole.organizationId).to.equal(tree.organization.id);
      const res = await api.post('Roles/AssignToUser', { userId: tree.subUser.userId, roleId: orgRole.id }, { token: tree.orgAdmin.token });
      expect(res.status).to.equal(400);
      expect(res.body.validationErrors).to.deep.equal([{ propertyName: 'roleId', message: 'Role not found.' }]);
      const self = await api.post('Roles/AssignToUser', { userId: tree.orgAdmin.userId, roleId: orgRole.id }, { token: tree.orgAdmin.token });
      expect(self.status).to.equal(403);
    });

    it('nobody grants a claim they lack, and unknown claims are refused', async () => {
      const beyond = await api.post('Roles/Create', { title: unique('Greedy '), claims: ['Users.View', 'Financial.Tariffs'] }, { token: tree.orgAdmin.token });
      expect(beyond.status).to.equal(400);
      expect(beyond.body.validationErrors).to.deep.equal([{ propertyName: 'claims', message: 'You cannot grant access you do not have yourself.' }]);
      const unknown = await api.post('Roles/Create', { title: unique('Odd '), claims: ['Users.View', 'Foo.Bar'] }, { token: tree.orgAdmin.token });
      expect(unknown.status).to.equal(400);
      expect(unknown.body.validationErrors).to.deep.equal([{ propertyName: 'claims', message: 'Unknown claims: Foo.Bar' }]);
      const viaUpdate = await api.post('Roles/Update', { id: role.id, claims: [...role.claims, 'Infrastructure.SenderAgents'] }, { token: tree.orgAdmin.token });
      expect(viaUpdate.status).to.equal(400);
      expect(viaUpdate.body.validationErrors![0].propertyName).to.equal('claims');
      expect(ok(await api.get(`Roles/Get/${role.id}`, { token: tree.orgAdmin.token })).claims).to.deep.equal(['Organizations.View', 'Users.View']);
    });

    it('adding claims needs no confirmation', async () => {
      const updated = ok(await api.post('Roles/Update', { id: role.id, claims: ['Users.View', 'Organizations.View', 'Users.Create'] }, { token: tree.orgAdmin.token }));
      expect(updated.claims).to.deep.equal(['Organizations.View', 'Users.Create', 'Users.View']);
      expect(await claimsOf(tree.subUser.token)).to.deep.equal(['Dashboard.View', 'Organizations.View', 'Users.Create', 'Users.View']);
      const renamed = ok(await api.post('Roles/Update', { id: role.id, title: `${role.title} renamed` }, { token: tree.orgAdmin.token }));
      expect(renamed.title).to.equal(`${role.title} renamed`);
      expect(renamed.claims).to.deep.equal(updated.claims);
    });

    it('removing a claim needs the confirmation number', async () => {
      const body = { id: role.id, claims: ['Users.View'] };
      const first = await api.post('Roles/Update', body, { token: tree.orgAdmin.token });
      expect(first.status).to.equal(400);
      expect(first.body.data.confirmationRequired).to.equal(true);
      expect(first.body.validationErrors![0].propertyName).to.equal('confirmationNumber');
      // Nothing was taken away yet.
      expect(await claimsOf(tree.subUser.token)).to.include('Organizations.View');
      const wrong = await api.post('Roles/Update', { ...body, confirmationId: first.body.data.confirmationId, confirmationNumber: '00000' }, { token: tree.orgAdmin.token });
      expect(wrong.status).to.equal(400);
      expect(wrong.body.data.confirmationNumber).to.match(/^\d{5}$/);
      expect(await claimsOf(tree.subUser.token)).to.include('Organizations.View');
      const done = ok(await api.post('Roles/Update', { ...body, confirmationId: wrong.body.data.confirmationId, confirmationNumber: wrong.body.data.confirmationNumber }, { token: tree.orgAdmin.token }));
      expect(done.claims).to.deep.equal(['Users.View']);
      expect(await claimsOf(tree.subUser.token)).to.deep.equal(['Dashboard.View', 'Users.View']);
      expect((await api.get('Organizations/GetAll', { token: tree.subUser.token })).status).to.equal(403);
    });

    it('clones a role into the same organization', async () => {
      const copy = ok(await api.post('Roles/Clone', { id: role.id, title: unique('Copy ') }, { token: tree.subAdmin.token }));
      expect(copy.id).to.not.equal(role.id);
      expect(copy).to.include({ organizationId: tree.sub.id, isTemplate: false });
      expect(copy.claims).to.deep.equal(['Users.View']);
      const original = ok(await api.get(`Roles/Get/${role.id}`, { token: tree.subAdmin.token }));
      const untitled = ok(await api.post('Roles/Clone', { id: role.id }, { token: tree.subAdmin.token }));
      expect(untitled.title).to.equal(`${original.title} (2)`);
      const list = ok(await api.get(`Roles/GetAll?organizationId=${tree.sub.id}`, { token: tree.subAdmin.token }));
      expect(list.items.map((r: any) => r.id)).to.include.members([role.id, copy.id, untitled.id]);
    });

    it('taking a role away from a user needs confirmation', async () => {
      const first = await api.post('Roles/AssignToUser', { userId: tree.subUser.userId, roleId: null }, { token: tree.subAdmin.token });
      expect(first.status).to.equal(400);
      expect(first.body.data.confirmationRequired).to.equal(true);
      expect(ok(await api.get('Users/GetCurrentUser', { token: tree.subUser.token })).roleTemplateId).to.equal(role.id);
    });

    it('deleting a role needs confirmation and takes it from its users', async () => {
      const first = await api.delete(`Roles/Delete/${role.id}`, { token: tree.subAdmin.token });
      expect(first.status).to.equal(400);
      expect(first.body.data.confirmationRequired).to.equal(true);
      expect(ok(await api.get(`Roles/Get/${role.id}`, { token: tree.subAdmin.token })).id).to.equal(role.id);
      const { confirmationId, confirmationNumber } = first.body.data;
      ok(await api.delete(`Roles/Delete/${role.id}?confirmationId=${confirmationId}&confirmationNumber=${confirmationNumber}`, { token: tree.subAdmin.token }));
      expect((await api.get(`Roles/Get/${role.id}`, { token: tree.subAdmin.token })).status).to.equal(404);
      const me = ok(await api.get('Users/GetCurrentUser', { token: tree.subUser.token }));
      expect(me.roleTemplateId).to.equal(null);
      expect(me.claims).to.deep.equal(['Dashboard.View']);
      expect((await api.get('Users/GetAll', { token: tree.subUser.token })).status).to.equal(403);
    });
  });

  describe('role templates', () => {
    const TEMPLATE = ['Dashboard.View', 'Organizations.View', 'Roles.Manage', 'Roles.View', 'Users.Create', 'Users.View'];
    let template: any;
    let defaultOrgClaims: string[];

    before(async () => {
      defaultOrgClaims = await claimsOf(tree.orgAdmin.token);
    });

    it('a reseller administrator creates a template; organizations cannot own or manage templates', async () => {
      template = ok(await api.post('RoleTemplates/Create', { title: unique('Basic template '), claims: [...TEMPLATE].reverse() }, { token: tree.resellerAdmin.token }));
      expect(template).to.include({ organizationId: tree.reseller.id, isTemplate: true });
      expect(template.claims).to.deep.equal(TEMPLATE);
      const ownedByOrg = await api.post('RoleTemplates/Create', { title: unique('Bad owner '), claims: ['Dashboard.View'], organizationId: tree.organization.id }, { token: tree.resellerAdmin.token });
      expect(ownedByOrg.status).to.equal(400);
      expect(ownedByOrg.body.validationErrors).to.deep.equal([{ propertyName: 'organizationId', message: 'Role templates belong to the system or a reseller.' }]);
      expect((await api.post('RoleTemplates/Create', { title: unique('Nope '), claims: ['Dashboard.View'] }, { token: tree.orgAdmin.token })).status).to.equal(403);
      // A template is not a role and a role is not a template.
      expect((await api.get(`Roles/Get/${template.id}`, { token: tree.resellerAdmin.token })).status).to.equal(404);
    });

    it('assigning it to an organization shrinks the organization administrator to the template, after confirmation', async () => {
      const res = await confirmed((c) => api.post('RoleTemplates/AssignToOrganization', { organizationId: tree.organization.id, roleTemplateId: template.id, ...c }, { token: tree.resellerAdmin.token }));
      ok(res);
      expect(await claimsOf(tree.orgAdmin.token)).to.deep.equal(TEMPLATE);
      expect(ok(await api.get(`Organizations/Get/${tree.organization.id}`, { token: tree.resellerAdmin.token })).roleTemplateId).to.equal(template.id);
      const create = await api.post('Organizations/Create', { name: unique('Not allowed ') }, { token: tree.orgAdmin.token });
      expect(create.status).to.equal(403);
      expect((await api.get('Audits/GetAll', { token: tree.orgAdmin.token })).status).to.equal(403);
      expect((await api.get('Users/GetAll', { token: tree.orgAdmin.token })).status).to.equal(200);
    });

    it('the template caps the whole subtree: no way around it through a sub-organization\'s administrator', async () => {
      expect(await claimsOf(tree.subAdmin.token)).to.deep.equal(TEMPLATE);
      // The narrowed administrator may still create users; an administrator made in the
      // sub-organization must not come out wider than the template.
      const userName = unique('escape');
      const created = await api.post('Users/Create', { userName, password: USER_PASSWORD, changePasswordRequired: false, isAdmin: true, organizationId: tree.sub.id }, { token: tree.orgAdmin.token });
      ok(created);
      const { accessToken } = await login(api, userName, USER_PASSWORD);
      expect(await claimsOf(accessToken)).to.deep.equal(TEMPLATE);
      expect((await api.post('Organizations/Create', { name: unique('Escaped ') }, { token: accessToken })).status).to.equal(403);
      expect((await api.get('Audits/GetAll', { token: accessToken })).status).to.equal(403);
    });

    it('roles of that organization stay inside the template', async () => {
      const res = await api.post('Roles/Create', { title: unique('Too wide '), claims: ['Users.View', 'Audits.View'], organizationId: tree.organization.id }, { token: tree.resellerAdmin.token });
      expect(res.status).to.equal(400);
      expect(res.body.validationErrors![0].propertyName).to.equal('claims');
      expect(res.body.validationErrors![0].message).to.contain('Audits.View');
      const fits = ok(await api.post('Roles/Create', { title: unique('Fits '), claims: ['Users.View'], organizationId: tree.organization.id }, { token: tree.resellerAdmin.token }));
      expect(fits.claims).to.deep.equal(['Users.View']);
    });

    it('narrowing the template in use needs confirmation and narrows the administrators below it', async () => {
      const narrower = TEMPLATE.filter((c) => c !== 'Users.Create');
      const res = await confirmed((c) => api.post('RoleTemplates/Update', { id: template.id, claims: narrower, ...c }, { token: tree.resellerAdmin.token }));
      expect(ok(res).claims).to.deep.equal(narrower);
      expect(await claimsOf(tree.orgAdmin.token)).to.deep.equal(narrower);
      expect(await claimsOf(tree.subAdmin.token)).to.deep.equal(narrower);
    });

    it('a template in use cannot be deleted, and no confirmation number is asked for', async () => {
      const res = await api.delete(`RoleTemplates/Delete/${template.id}`, { token: tree.resellerAdmin.token });
      expect(res.status).to.equal(400);
      expect(res.body.data?.confirmationRequired).to.equal(undefined);
      expect(res.body.message).to.equal('This role template is assigned to organizations; unassign it first.');
      expect(ok(await api.get(`RoleTemplates/Get/${template.id}`, { token: tree.resellerAdmin.token })).id).to.equal(template.id);
    });

    it('nobody sets the template of their own organization', async () => {
      const res = await api.post('RoleTemplates/AssignToOrganization', { organizationId: tree.reseller.id, roleTemplateId: null }, { token: tree.resellerAdmin.token });
      expect(res.status).to.equal(403);
    });

    it('unassigning widens back to the default without confirmation; then the template can be deleted', async () => {
      ok(await api.post('RoleTemplates/AssignToOrganization', { organizationId: tree.organization.id, roleTemplateId: null }, { token: tree.resellerAdmin.token }));
      expect(await claimsOf(tree.orgAdmin.token)).to.deep.equal(defaultOrgClaims);
      expect(await claimsOf(tree.subAdmin.token)).to.deep.equal(defaultOrgClaims);
      const res = await confirmed((c) => api.delete(`RoleTemplates/Delete/${template.id}?${new URLSearchParams(c)}`, { token: tree.resellerAdmin.token }));
      ok(res);
      expect((await api.get(`RoleTemplates/Get/${template.id}`, { token: tree.resellerAdmin.token })).status).to.equal(404);
    });
  });
});
