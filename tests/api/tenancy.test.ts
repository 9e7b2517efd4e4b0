import { expect } from 'chai';
import { adminToken, createOrganization, createTree, sharedApi, unique, type Actor, type Tree } from '../support/fixtures.js';
import type { ApiClient, ApiResponse } from '../support/api-client.js';

/**
 * Tenant isolation over three levels (reseller → organization → sub → leaf) plus a sibling reseller
 * tree: an object outside the caller's slice is 404 and stays untouched, a visible object without
 * the claim is 403, lists hold exactly the caller's subtree, and c-org-id only ever narrows.
 */
describe('Tenancy: isolation across the organization tree', function () {
  this.timeout(60_000);

  type ActorKey = 'super' | 'resellerAdmin' | 'orgAdmin' | 'subAdmin' | 'subUser' | 'otherAdmin';
  type OrgKey = 'reseller' | 'organization' | 'sub' | 'leaf' | 'otherReseller' | 'otherOrganization';
  type UserKey = Exclude<ActorKey, 'super'>;
  type RoleKey = 'reseller' | 'organization' | 'sub' | 'other';
  type TemplateKey = 'reseller' | 'other';

  const FORBIDDEN = 'Dear user, you do not have permission to access this section.';
  const OUT_OF_REACH = 'Dear user, you do not have access to this organization.';

  let api: ApiClient;
  let superToken: string;
  let t: Tree;
  let leaf: any;
  const roles = {} as Record<RoleKey, any>;
  const templates = {} as Record<TemplateKey, any>;

  const token = (who: ActorKey): string => (who === 'super' ? superToken : (t[who] as Actor).token);
  const org = (key: OrgKey): any => (key === 'leaf' ? leaf : t[key]);
  const user = (key: UserKey): Actor => t[key];
  /** The administrator who owns an organization (re-reads it to prove an outsider changed nothing). */
  const ownerOfOrg: Record<OrgKey, UserKey> = {
    reseller: 'resellerAdmin', organization: 'orgAdmin', sub: 'subAdmin', leaf: 'subAdmin', otherReseller: 'otherAdmin', otherOrganization: 'otherAdmin',
  };
  const ownerOfRole: Record<RoleKey, UserKey> = { reseller: 'resellerAdmin', organization: 'orgAdmin', sub: 'subAdmin', other: 'otherAdmin' };
  const ownerOfTemplate: Record<TemplateKey, UserKey> = { reseller: 'resellerAdmin', other: 'otherAdmin' };

  function expectStatus(res: ApiResponse, status: number): void {
    expect(res.status, JSON.stringify(res.body)).to.equal(status);
    expect(res.body.isSucceed).to.equal(false);
  }

  /** Every id the caller is shown, page by page (the super admin's lists outgrow one page in a full run). */
  async function ids(path: string, who: ActorKey, orgId?: number): Promise<number[]> {
    const all: number[] = [];
    for (let pageIndex = 0; ; pageIndex++) {
      const res = await api.get(`${path}${path.includes('?') ? '&' : '?'}pageSize=500&pageIndex=${pageIndex}`, { token: token(who), orgId });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      const items = res.body.data.items as { id: number }[];
      all.push(...items.map((i) => i.id));
      if (items.length === 0 || all.length >= res.body.data.totalCount) {
        expect(all.length, `${path}: every listed row counted once`).to.equal(res.body.data.totalCount);
        break;
      }
    }
    return all.sort((a, b) => a - b);
  }

  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

  before(async () => {
    api = await sharedApi();
    superToken = await adminToken(api);
    t = await createTree(api);
    leaf = await createOrganization(api, t.subAdmin.token, { name: unique('Leaf ') });
    const role = async (who: UserKey, key: RoleKey) => {
      const res = await api.post('Roles/Create', { title: unique(`Role ${key} `), claims: ['Users.View'] }, { token: token(who) });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      roles[key] = res.body.data;
    };
    await role('resellerAdmin', 'reseller');
    await role('orgAdmin', 'organization');
    await role('subAdmin', 'sub');
    await role('otherAdmin', 'other');
    for (const [who, key] of [['resellerAdmin', 'reseller'], ['otherAdmin', 'other']] as const) {
      const res = await api.post('RoleTemplates/Create', { title: unique(`Template ${key} `), claims: ['Dashboard.View', 'Users.View'] }, { token: token(who) });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      templates[key] = res.body.data;
    }
  });

  // ---------------------------------------------------------------- organizations

  describe('Organizations outside the caller\'s tree answer 404 and stay unchanged', () => {
    const routes: { name: string; call: (tok: string, id: number) => Promise<ApiResponse> }[] = [
      { name: 'Get/:id', call: (tok, id) => api.get(`Organizations/Get/${id}`, { token: tok }) },
      { name: 'Update', call: (tok, id) => api.post('Organizations/Update', { id, name: 'Hijacked name', maximumUser: 1 }, { token: tok }) },
      { name: 'Delete/:id', call: (tok, id) => api.delete(`Organizations/Delete/${id}?withChildren=true`, { token: tok }) },
      { name: 'Activate/:id', call: (tok, id) => api.post(`Organizations/Activate/${id}`, undefined, { token: tok }) },
      { name: 'Deactivate/:id', call: (tok, id) => api.post(`Organizations/Deactivate/${id}`, undefined, { token: tok }) },
      { name: 'Archive/:id', call: (tok, id) => api.post(`Organizations/Archive/${id}`, undefined, { token: tok }) },
      { name: 'Unarchive/:id', call: (tok, id) => api.post(`Organizations/Unarchive/${id}`, undefined, { token: tok }) },
    ];
    const pairs: [ActorKey, OrgKey][] = [
      ['subAdmin', 'organization'], // the parent
      ['orgAdmin', 'reseller'], // the grandparent
      ['resellerAdmin', 'otherOrganization'], // the sibling tree
      ['otherAdmin', 'sub'], // deep in another tree
    ];
    for (const route of routes) {
      for (const [caller, target] of pairs) {
        it(`${route.name}: ${caller} → ${target} is 404`, async () => {
          const before = org(target);
          const res = await route.call(token(caller), before.id);
          expectStatus(res, 404);
          expect(res.body.message).to.equal('Organization not found.');
          expect(res.body.data ?? null, 'no confirmation is offered for an invisible object').to.equal(null);
          const reread = await api.get(`Organizations/Get/${before.id}`, { token: token(ownerOfOrg[target]) });
          expect(reread.status, JSON.stringify(reread.body)).to.equal(200);
          expect(reread.body.data.name).to.equal(before.name);
          expect(reread.body.data.isActive).to.equal(true);
          expect(reread.body.data.isArchived).to.equal(false);
          expect(reread.body.data.maximumUser).to.equal(before.maximumUser ?? null);
        });
      }
    }
  });

  describe('Organizations/GetAll holds exactly the caller\'s subtree', () => {
    const expected: [ActorKey, OrgKey[]][] = [
      ['resellerAdmin', ['reseller', 'organization', 'sub', 'leaf']],
      ['orgAdmin', ['organization', 'sub', 'leaf']],
      ['subAdmin', ['sub', 'leaf']],
      ['otherAdmin', ['otherReseller', 'otherOrganization']],
    ];
    for (const [caller, keys] of expected) {
      it(`${caller} sees ${keys.join(', ')}`, async () => {
        expect(await ids('Organizations/GetAll', caller)).to.deep.equal(sorted(keys.map((k) => org(k).id)));
      });
    }

    it('super admin sees every tree', async () => {
      const all = await ids('Organizations/GetAll', 'super');
      const keys: OrgKey[] = ['reseller', 'organization', 'sub', 'leaf', 'otherReseller', 'otherOrganization'];
      expect(all).to.include.members(keys.map((k) => org(k).id));
    });
  });

  // ---------------------------------------------------------------- users

  describe('Users outside the caller\'s tree answer 404 and stay unchanged', () => {
    const routes: { name: string; call: (tok: string, id: number) => Promise<ApiResponse> }[] = [
      { name: 'Get/:id', call: (tok, id) => api.get(`Users/Get/${id}`, { token: tok }) },
      { name: 'Update', call: (tok, id) => api.post('Users/Update', { id, firstName: 'Hijacked' }, { token: tok }) },
      { name: 'Delete/:id', call: (tok, id) => api.delete(`Users/Delete/${id}`, { token: tok }) },
      { name: 'Suspend/:id', call: (tok, id) => api.post(`Users/Suspend/${id}`, undefined, { token: tok }) },
      { name: 'Unblock/:id', call: (tok, id) => api.post(`Users/Unblock/${id}`, undefined, { token: tok }) },
      { name: 'ResetPassword', call: (tok, id) => api.post('Users/ResetPassword', { id, password: 'Hijack#Pass9' }, { token: tok }) },
      { name: 'GetLoginHistory/:id', call: (tok, id) => api.get(`Users/GetLoginHistory/${id}`, { token: tok }) },
      { name: 'GetPasswordHistory/:id', call: (tok, id) => api.get(`Users/GetPasswordHistory/${id}`, { token: tok }) },
    ];
    const pairs: [ActorKey, UserKey][] = [
      ['subAdmin', 'orgAdmin'],
      ['orgAdmin', 'resellerAdmin'],
      ['resellerAdmin', 'otherAdmin'],
      ['otherAdmin', 'subUser'],
    ];
    const firstNames: Record<UserKey, string> = { resellerAdmin: 'radmin', orgAdmin: 'oadmin', subAdmin: 'sadmin', subUser: 'suser', otherAdmin: 'xadmin' };
    for (const route of routes) {
      for (const [caller, target] of pairs) {
        it(`${route.name}: ${caller} → ${target} is 404`, async () => {
          const victim = user(target);
          const res = await route.call(token(caller), victim.userId);
          expectStatus(res, 404);
          expect(res.body.message).to.equal('User not found.');
          // The victim's own session still works (no delete, suspend or password reset happened).
          const self = await api.get('Users/GetCurrentUser', { token: victim.token });
          expect(self.status, JSON.stringify(self.body)).to.equal(200);
          expect(self.body.data.id).to.equal(victim.userId);
          expect(self.body.data.firstName).to.equal(firstNames[target]);
          expect(self.body.data.isSuspended).to.equal(false);
          expect(self.body.data.changePasswordRequired).to.equal(false);
        });
      }
    }
  });

  describe('Users/GetAll holds exactly the caller\'s subtree', () => {
    const expected: [ActorKey, UserKey[]][] = [
      ['resellerAdmin', ['resellerAdmin', 'orgAdmin', 'subAdmin', 'subUser']],
      ['orgAdmin', ['orgAdmin', 'subAdmin', 'subUser']],
      ['subAdmin', ['subAdmin', 'subUser']],
      ['otherAdmin', ['otherAdmin']],
    ];
    for (const [caller, keys] of expected) {
      it(`${caller} sees ${keys.join(', ')}`, async () => {
        expect(await ids('Users/GetAll', caller)).to.deep.equal(sorted(keys.map((k) => user(k).userId)));
      });
    }

    it('a filter naming another tree\'s organization finds nothing', async () => {
      expect(await ids(`Users/GetAll?organizationId=${t.otherReseller.id}`, 'resellerAdmin')).to.deep.equal([]);
      expect(await ids(`Organizations/GetAll?parentId=${t.otherReseller.id}`, 'resellerAdmin')).to.deep.equal([]);
    });

    it('super admin sees every tree', async () => {
      const all = await ids('Users/GetAll', 'super');
      expect(all).to.include.members((['resellerAdmin', 'orgAdmin', 'subAdmin', 'subUser', 'otherAdmin'] as UserKey[]).map((k) => user(k).userId));
    });
  });

  // ---------------------------------------------------------------- roles and templates

  describe('Roles and role templates outside the caller\'s tree answer 404 and stay unchanged', () => {
    const rolePairs: [ActorKey, RoleKey][] = [
      ['subAdmin', 'organization'],
      ['orgAdmin', 'reseller'],
      ['resellerAdmin', 'other'],
      ['otherAdmin', 'sub'],
    ];
    const roleRoutes: { name: string; call: (tok: string, id: number) => Promise<ApiResponse> }[] = [
      { name: 'Get/:id', call: (tok, id) => api.get(`Roles/Get/${id}`, { token: tok }) },
      { name: 'Update', call: (tok, id) => api.post('Roles/Update', { id, title: 'Hijacked role', claims: [] }, { token: tok }) },
      { name: 'Delete/:id', call: (tok, id) => api.delete(`Roles/Delete/${id}`, { token: tok }) },
      { name: 'Clone', call: (tok, id) => api.post('Roles/Clone', { id, title: 'Stolen copy' }, { token: tok }) },
    ];
    for (const route of roleRoutes) {
      for (const [caller, target] of rolePairs) {
        it(`Roles/${route.name}: ${caller} → role of ${target} is 404`, async () => {
          const role = roles[target];
          const res = await route.call(token(caller), role.id);
          expectStatus(res, 404);
          expect(res.body.message).to.equal('Role not found.');
          const reread = await api.get(`Roles/Get/${role.id}`, { token: token(ownerOfRole[target]) });
          expect(reread.status, JSON.stringify(reread.body)).to.equal(200);
          expect(reread.body.data.title).to.equal(role.title);
          expect(reread.body.data.claims).to.deep.equal(['Users.View']);
        });
      }
    }

    const templatePairs: [ActorKey, TemplateKey][] = [['resellerAdmin', 'other'], ['otherAdmin', 'reseller']];
    const templateRoutes: { name: string; call: (tok: string, id: number) => Promise<ApiResponse> }[] = [
      { name: 'Get/:id', call: (tok, id) => api.get(`RoleTemplates/Get/${id}`, { token: tok }) },
      { name: 'Update', call: (tok, id) => api.post('RoleTemplates/Update', { id, title: 'Hijacked template', claims: ['Dashboard.View'] }, { token: tok }) },
      { name: 'Delete/:id', call: (tok, id) => api.delete(`RoleTemplates/Delete/${id}`, { token: tok }) },
    ];
    for (const route of templateRoutes) {
      for (const [caller, target] of templatePairs) {
        it(`RoleTemplates/${route.name}: ${caller} → template of ${target} is 404`, async () => {
          const template = templates[target];
          const res = await route.call(token(caller), template.id);
          expectStatus(res, 404);
          expect(res.body.message).to.equal('Role not found.');
          const reread = await api.get(`RoleTemplates/Get/${template.id}`, { token: token(ownerOfTemplate[target]) });
          expect(reread.status, JSON.stringify(reread.body)).to.equal(200);
          expect(reread.body.data.title).to.equal(template.title);
          expect(reread.body.data.claims).to.deep.equal(['Dashboard.View', 'Users.View']);
        });
      }
    }

    const assignPairs: [ActorKey, RoleKey, UserKey][] = [
      ['subAdmin', 'sub', 'orgAdmin'],
      ['otherAdmin', 'other', 'subUser'],
      ['resellerAdmin', 'reseller', 'otherAdmin'],
    ];
    for (const [caller, roleKey, target] of assignPairs) {
      it(`Roles/AssignToUser: ${caller} → user ${target} of another slice is 404`, async () => {
        const res = await api.post('Roles/AssignToUser', { userId: user(target).userId, roleId: roles[roleKey].id }, { token: token(caller) });
        expectStatus(res, 404);
        expect(res.body.message).to.equal('User not found.');
        const self = await api.get('Users/GetCurrentUser', { token: user(target).token });
        expect(self.body.data.roleTemplateId).to.equal(null);
      });
    }

    it('Roles/AssignToUser: a role of another tree cannot be given to one\'s own user', async () => {
      const res = await api.post('Roles/AssignToUser', { userId: t.subUser.userId, roleId: roles.other.id }, { token: token('subAdmin') });
      expectStatus(res, 400);
      expect(res.body.validationErrors!.map((v) => v.propertyName)).to.deep.equal(['roleId']);
      const self = await api.get('Users/GetCurrentUser', { token: t.subUser.token });
      expect(self.body.data.roleTemplateId).to.equal(null);
    });

    it('RoleTemplates/AssignToOrganization: an organization of another tree is 404', async () => {
      const res = await api.post('RoleTemplates/AssignToOrganization', { organizationId: t.organization.id, roleTemplateId: templates.other.id }, { token: token('otherAdmin') });
      expectStatus(res, 404);
      expect(res.body.message).to.equal('Organization not found.');
      const reread = await api.get(`Organizations/Get/${t.organization.id}`, { token: token('orgAdmin') });
      expect(reread.body.data.roleTemplateId).to.equal(null);
    });

    it('RoleTemplates/AssignToOrganization: a template of another tree cannot be given to one\'s own organization', async () => {
      const res = await api.post('RoleTemplates/AssignToOrganization', { organizationId: t.organization.id, roleTemplateId: templates.other.id }, { token: token('resellerAdmin') });
      expectStatus(res, 400);
      expect(res.body.validationErrors!.map((v) => v.propertyName)).to.deep.equal(['roleTemplateId']);
      const reread = await api.get(`Organizations/Get/${t.organization.id}`, { token: token('orgAdmin') });
      expect(reread.body.data.roleTemplateId).to.equal(null);
    });

    const roleLists: [ActorKey, RoleKey[]][] = [
      ['resellerAdmin', ['reseller', 'organization', 'sub']],
      ['orgAdmin', ['organization', 'sub']],
      ['subAdmin', ['sub']],
      ['otherAdmin', ['other']],
    ];
    for (const [caller, keys] of roleLists) {
      it(`Roles/GetAll: ${caller} sees the roles of ${keys.join(', ')}`, async () => {
        expect(await ids('Roles/GetAll', caller)).to.deep.equal(sorted(keys.map((k) => roles[k].id)));
      });
    }

    it('RoleTemplates/GetAll: each reseller sees only its own template, the super admin sees both', async () => {
      expect(await ids('RoleTemplates/GetAll', 'resellerAdmin')).to.deep.equal([templates.reseller.id]);
      expect(await ids('RoleTemplates/GetAll', 'otherAdmin')).to.deep.equal([templates.other.id]);
      expect(await ids('RoleTemplates/GetAll', 'super')).to.include.members([templates.reseller.id, templates.other.id]);
      expect(await ids('Roles/GetAll', 'super')).to.include.members(Object.values(roles).map((r) => r.id));
    });
  });

  // ---------------------------------------------------------------- audits and impersonation

  describe('Audits/GetAll holds exactly the caller\'s subtree', () => {
    const expected: [ActorKey, OrgKey[]][] = [
      ['resellerAdmin', ['reseller', 'organization', 'sub', 'leaf']],
      ['orgAdmin', ['organization', 'sub', 'leaf']],
      ['subAdmin', ['sub', 'leaf']],
      ['otherAdmin', ['otherReseller', 'otherOrganization']],
    ];
    for (const [caller, keys] of expected) {
      it(`${caller} reads audit rows of ${keys.join(', ')} only`, async () => {
        const res = await api.get('Audits/GetAll?pageSize=500', { token: token(caller) });
        expect(res.status, JSON.stringify(res.body)).to.equal(200);
        const seen = [...new Set(res.body.data.items.map((i: { organizationId: number }) => i.organizationId))] as number[];
        expect(sorted(seen)).to.deep.equal(sorted(keys.map((k) => org(k).id)));
      });
    }

    it('the sibling tree finds none of this tree\'s rows by reference', async () => {
      const res = await api.get(`Audits/GetAll?className=Organization&referenceId=${t.sub.id}`, { token: token('otherAdmin') });
      expect(res.status).to.equal(200);
      expect(res.body.data.totalCount).to.equal(0);
      const own = await api.get(`Audits/GetAll?className=Organization&referenceId=${t.sub.id}`, { token: token('resellerAdmin') });
      expect(own.body.data.totalCount).to.equal(1);
      expect(own.body.data.items[0].operationType).to.equal('Create');
      const all = await api.get(`Audits/GetAll?className=Organization&referenceId=${t.sub.id}`, { token: token('super') });
      expect(all.body.data.totalCount).to.equal(1);
    });
  });

  describe('Account/Impersonate respects the tree', () => {
    const pairs: [ActorKey, UserKey][] = [
      ['subAdmin', 'orgAdmin'],
      ['orgAdmin', 'resellerAdmin'],
      ['resellerAdmin', 'otherAdmin'],
      ['otherAdmin', 'subUser'],
    ];
    for (const [caller, target] of pairs) {
      it(`${caller} → ${target} is 404 and opens no session`, async () => {
        const res = await api.post('Account/Impersonate', { userId: user(target).userId }, { token: token(caller) });
        expectStatus(res, 404);
        expect(res.body.message).to.equal('User not found.');
        expect(res.body.data ?? null).to.equal(null);
        const sessions = await api.get('Account/GetActiveSessions', { token: user(target).token });
        expect(sessions.body.data.filter((s: { impersonatorUserId: number | null }) => s.impersonatorUserId !== null)).to.deep.equal([]);
      });
    }
  });

  // ---------------------------------------------------------------- visible but without the claim

  describe('A visible object without the claim is 403', () => {
    const calls: { name: string; call: (tok: string) => Promise<ApiResponse> }[] = [
      { name: 'Organizations/Get/:id', call: (tok) => api.get(`Organizations/Get/${t.sub.id}`, { token: tok }) },
      { name: 'Organizations/GetAll', call: (tok) => api.get('Organizations/GetAll', { token: tok }) },
      { name: 'Organizations/Update', call: (tok) => api.post('Organizations/Update', { id: t.sub.id, name: 'Renamed by user' }, { token: tok }) },
      { name: 'Organizations/Delete/:id', call: (tok) => api.delete(`Organizations/Delete/${t.sub.id}`, { token: tok }) },
      { name: 'Organizations/Activate/:id', call: (tok) => api.post(`Organizations/Activate/${t.sub.id}`, undefined, { token: tok }) },
      { name: 'Organizations/Deactivate/:id', call: (tok) => api.post(`Organizations/Deactivate/${t.sub.id}`, undefined, { token: tok }) },
      { name: 'Organizations/Archive/:id', call: (tok) => api.post(`Organizations/Archive/${t.sub.id}`, undefined, { token: tok }) },
      { name: 'Organizations/Unarchive/:id', call: (tok) => api.post(`Organizations/Unarchive/${t.sub.id}`, undefined, { token: tok }) },
      { name: 'Users/Get/:id', call: (tok) => api.get(`Users/Get/${t.subAdmin.userId}`, { token: tok }) },
      { name: 'Users/GetAll', call: (tok) => api.get('Users/GetAll', { token: tok }) },
      { name: 'Users/Update', call: (tok) => api.post('Users/Update', { id: t.subAdmin.userId, firstName: 'Renamed' }, { token: tok }) },
      { name: 'Users/Delete/:id', call: (tok) => api.delete(`Users/Delete/${t.subAdmin.userId}`, { token: tok }) },
      { name: 'Users/Suspend/:id', call: (tok) => api.post(`Users/Suspend/${t.subAdmin.userId}`, undefined, { token: tok }) },
      { name: 'Users/Unblock/:id', call: (tok) => api.post(`Users/Unblock/${t.subAdmin.userId}`, undefined, { token: tok }) },
      { name: 'Users/ResetPassword', call: (tok) => api.post('Users/ResetPassword', { id: t.subAdmin.userId, password: 'Taken#Over9' }, { token: tok }) },
      { name: 'Users/GetLoginHistory/:id', call: (tok) => api.get(`Users/GetLoginHistory/${t.subAdmin.userId}`, { token: tok }) },
      { name: 'Users/GetPasswordHistory/:id', call: (tok) => api.get(`Users/GetPasswordHistory/${t.subAdmin.userId}`, { token: tok }) },
      { name: 'Roles/Get/:id', call: (tok) => api.get(`Roles/Get/${roles.sub.id}`, { token: tok }) },
      { name: 'Roles/GetAll', call: (tok) => api.get('Roles/GetAll', { token: tok }) },
      { name: 'Roles/Update', call: (tok) => api.post('Roles/Update', { id: roles.sub.id, title: 'Mine now' }, { token: tok }) },
      { name: 'Roles/Delete/:id', call: (tok) => api.delete(`Roles/Delete/${roles.sub.id}`, { token: tok }) },
      { name: 'Roles/AssignToUser', call: (tok) => api.post('Roles/AssignToUser', { userId: t.subUser.userId, roleId: roles.sub.id }, { token: tok }) },
      { name: 'RoleTemplates/GetAll', call: (tok) => api.get('RoleTemplates/GetAll', { token: tok }) },
      { name: 'Audits/GetAll', call: (tok) => api.get('Audits/GetAll', { token: tok }) },
      { name: 'Account/Impersonate', call: (tok) => api.post('Account/Impersonate', { userId: t.subAdmin.userId }, { token: tok }) },
    ];
    for (const c of calls) {
      it(`${c.name} by the plain sub-user`, async () => {
        const res = await c.call(token('subUser'));
        expectStatus(res, 403);
        expect(res.body.message).to.equal(FORBIDDEN);
      });
    }

    it('nothing the plain sub-user tried changed anything', async () => {
      const sub = await api.get(`Organizations/Get/${t.sub.id}`, { token: token('subAdmin') });
      expect(sub.body.data).to.include({ name: t.sub.name, isActive: true, isArchived: false });
      const self = await api.get('Users/GetCurrentUser', { token: token('subAdmin') });
      expect(self.status).to.equal(200);
      expect(self.body.data.firstName).to.equal('sadmin');
      const role = await api.get(`Roles/Get/${roles.sub.id}`, { token: token('subAdmin') });
      expect(role.body.data.title).to.equal(roles.sub.title);
      const me = await api.get('Users/GetCurrentUser', { token: token('subUser') });
      expect(me.body.data.roleTemplateId).to.equal(null);
      expect(me.body.data.claims).to.deep.equal(['Dashboard.View']);
    });

    it('RoleTemplates need a reseller-level claim the organization administrator does not have', async () => {
      for (const res of [
        await api.get('RoleTemplates/GetAll', { token: token('orgAdmin') }),
        await api.get(`RoleTemplates/Get/${templates.reseller.id}`, { token: token('orgAdmin') }),
        await api.post('RoleTemplates/AssignToOrganization', { organizationId: t.sub.id, roleTemplateId: null }, { token: token('orgAdmin') }),
      ]) {
        expectStatus(res, 403);
        expect(res.body.message).to.equal(FORBIDDEN);
      }
    });
  });

  // ---------------------------------------------------------------- c-org-id

  describe('c-org-id', () => {
    it('a descendant narrows every list to its subtree', async () => {
      expect(await ids('Organizations/GetAll', 'resellerAdmin', t.organization.id)).to.deep.equal(sorted([t.organization.id, t.sub.id, leaf.id]));
      expect(await ids('Users/GetAll', 'resellerAdmin', t.organization.id)).to.deep.equal(sorted([t.orgAdmin.userId, t.subAdmin.userId, t.subUser.userId]));
      expect(await ids('Roles/GetAll', 'resellerAdmin', t.organization.id)).to.deep.equal(sorted([roles.organization.id, roles.sub.id]));
      expect(await ids('Organizations/GetAll', 'orgAdmin', t.sub.id)).to.deep.equal(sorted([t.sub.id, leaf.id]));
      expect(await ids('Organizations/GetAll', 'super', t.sub.id)).to.deep.equal(sorted([t.sub.id, leaf.id]));
      expect(await ids('Users/GetAll', 'super', t.sub.id)).to.deep.equal(sorted([t.subAdmin.userId, t.subUser.userId]));
      const audits = await api.get('Audits/GetAll?pageSize=500', { token: token('resellerAdmin'), orgId: t.sub.id });
      expect(audits.status).to.equal(200);
      const seen = new Set(audits.body.data.items.map((i: { organizationId: number }) => i.organizationId));
      expect(sorted([...seen] as number[])).to.deep.equal(sorted([t.sub.id, leaf.id]));
    });

    it('inside a narrowed slice, objects above it are 404', async () => {
      const res = await api.get(`Organizations/Get/${t.organization.id}`, { token: token('resellerAdmin'), orgId: t.sub.id });
      expectStatus(res, 404);
      const userRes = await api.get(`Users/Get/${t.orgAdmin.userId}`, { token: token('resellerAdmin'), orgId: t.sub.id });
      expectStatus(userRes, 404);
      const inside = await api.get(`Users/Get/${t.subUser.userId}`, { token: token('resellerAdmin'), orgId: t.sub.id });
      expect(inside.status).to.equal(200);
      const current = await api.get('Users/GetCurrentUser', { token: token('resellerAdmin'), orgId: t.sub.id });
      expect(current.body.data.activeOrganizationId).to.equal(t.sub.id);
    });

    const refused: [ActorKey, OrgKey | 'system', string][] = [
      ['resellerAdmin', 'otherOrganization', 'an organization of another tree'],
      ['resellerAdmin', 'otherReseller', 'the sibling reseller'],
      ['otherAdmin', 'sub', 'a sub-organization of another tree'],
      ['orgAdmin', 'reseller', 'its parent'],
      ['subAdmin', 'organization', 'its parent'],
      ['subAdmin', 'system', 'the system organization'],
      ['subUser', 'organization', 'its parent'],
      ['subUser', 'leaf', 'a descendant of its own organization'],
      ['subUser', 'otherOrganization', 'an organization of another tree'],
    ];
    for (const [caller, target, what] of refused) {
      it(`${caller} naming ${what} is 403`, async () => {
        let orgId: number;
        if (target === 'system') {
          const me = await api.get('Users/GetCurrentUser', { token: superToken });
          orgId = me.body.data.organizationId;
        } else {
          orgId = org(target).id;
        }
        for (const path of ['Users/GetCurrentUser', 'Organizations/GetAll']) {
          const res = await api.get(path, { token: token(caller), orgId });
          expectStatus(res, 403);
          expect(res.body.message).to.equal(OUT_OF_REACH);
        }
      });
    }

    it('an organization id that does not exist is 403', async () => {
      const res = await api.get('Users/GetCurrentUser', { token: token('resellerAdmin'), orgId: 2_000_000_000 });
      expectStatus(res, 403);
    });

    it('a plain user naming their own organization works', async () => {
      const res = await api.get('Users/GetCurrentUser', { token: token('subUser'), orgId: t.sub.id });
      expect(res.status).to.equal(200);
      expect(res.body.data.activeOrganizationId).to.equal(t.sub.id);
    });

    for (const garbage of ['abc', '-1', '1.5', '12abc', '0x10', '99999999999']) {
      it(`garbage ${JSON.stringify(garbage)} is 400`, async () => {
        const res = await api.get('Organizations/GetAll', { token: token('resellerAdmin'), orgId: garbage });
        expectStatus(res, 400);
        expect(res.body.validationErrors!.map((v) => v.propertyName)).to.deep.equal(['c-org-id']);
      });
    }
  });
});
