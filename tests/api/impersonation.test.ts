import { expect } from 'chai';
import { adminToken, createTree, createUser, login, sharedApi, unique, USER_PASSWORD, type Tree } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { ok } from '../support/envelope.js';

describe('Impersonation', function () {
  this.timeout(60_000);
  let api: ApiClient;
  let superToken: string;
  let tree: Tree;


  before(async () => {
    api = await sharedApi();
    superToken = await adminToken(api);
    tree = await createTree(api);
  });

  describe('the super admin impersonates the sub-organization administrator', () => {
    let tokens: { accessToken: string; refreshToken: string; expiresIn: number };
    let adminAgain: { accessToken: string; refreshToken: string };
    let superUserId: number;

    before(async () => {
      superUserId = ok(await api.get('Users/GetCurrentUser', { token: superToken })).id;
    });

    it('answers a token pair for the impersonated user', async () => {
      const res = await api.post('Account/Impersonate', { userId: tree.subAdmin.userId }, { token: superToken });
      tokens = ok(res);
      expect(tokens.accessToken).to.be.a('string').and.not.equal(superToken);
      expect(tokens.refreshToken).to.be.a('string').and.not.empty;
      expect(tokens.expiresIn).to.be.a('number').and.above(0);
      expect(res.headers.get('x-imp'), 'the impersonator\'s own call is not impersonated').to.equal(null);
    });

    it('every call with the new token carries x-imp: 1 and acts as the impersonated user', async () => {
      const me = await api.get('Users/GetCurrentUser', { token: tokens.accessToken });
      expect(me.status).to.equal(200);
      expect(me.headers.get('x-imp')).to.equal('1');
      expect(me.body.data).to.include({
        id: tree.subAdmin.userId, userName: tree.subAdmin.userName, organizationId: tree.sub.id, organizationName: tree.sub.name,
        scope: 'organization', isImpersonating: true, impersonatorUserId: superUserId,
      });
      const orgs = await api.get('Organizations/GetAll', { token: tokens.accessToken });
      expect(orgs.status).to.equal(200);
      expect(orgs.headers.get('x-imp')).to.equal('1');
      expect(orgs.body.data.items.map((o: any) => o.id)).to.deep.equal([tree.sub.id]);
      // An error answer carries it too.
      const denied = await api.get(`Organizations/Get/${tree.organization.id}`, { token: tokens.accessToken });
      expect(denied.status).to.equal(404);
      expect(denied.headers.get('x-imp')).to.equal('1');
      // The super admin's own token is unaffected.
      const admin = await api.get('Users/GetCurrentUser', { token: superToken });
      expect(admin.headers.get('x-imp')).to.equal(null);
      expect(admin.body.data).to.include({ id: superUserId, isImpersonating: false });
    });

    it('records what is done while impersonating with the impersonator', async () => {
      const edited = ok(await api.post('Users/Update', { id: tree.subUser.userId, descriptions: 'edited while impersonating' }, { token: tokens.accessToken }));
      expect(edited.descriptions).to.equal('edited while impersonating');
      const audit = ok(await api.get(`Audits/GetAll?className=User&operationType=Update&referenceId=${tree.subUser.userId}`, { token: superToken }));
      expect(audit.totalCount).to.equal(1);
      expect(audit.items[0]).to.include({ userId: tree.subAdmin.userId, impersonatorUserId: superUserId, impersonatorUserName: 'admin' });
    });

    it('refuses a nested impersonation', async () => {
      const res = await api.post('Account/Impersonate', { userId: tree.subUser.userId }, { token: tokens.accessToken });
      expect(res.status).to.equal(400);
      expect(res.body.message).to.equal('You are already impersonating a user; stop first.');
      expect(res.body.data ?? null).to.equal(null);
    });

    it('StopImpersonation gives the administrator their own tokens back and kills the impersonation token', async () => {
      adminAgain = ok(await api.post('Account/StopImpersonation', undefined, { token: tokens.accessToken }));
      const me = await api.get('Users/GetCurrentUser', { token: adminAgain.accessToken });
      expect(me.status).to.equal(200);
      expect(me.headers.get('x-imp')).to.equal(null);
      expect(me.body.data).to.include({ id: superUserId, userName: 'admin', isImpersonating: false, impersonatorUserId: null, scope: 'superAdmin' });
      const dead = await api.get('Users/GetCurrentUser', { token: tokens.accessToken });
      expect(dead.status).to.equal(401);
      const refreshed = await api.post('Account/RefreshToken', { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken });
      expect(refreshed.status).to.equal(401);
      // The administrator is no longer "impersonating": stopping again is refused.
      const again = await api.post('Account/StopImpersonation', undefined, { token: adminAgain.accessToken });
      expect(again.status).to.equal(400);
      expect(again.body.message).to.equal('You are not impersonating anyone.');
      // The impersonated user's own session was never touched.
      expect((await api.get('Users/GetCurrentUser', { token: tree.subAdmin.token })).status).to.equal(200);
    });

    it('GetImpersonationHistory lists the session with names and both times', async () => {
      const history = ok(await api.get('Account/GetImpersonationHistory', { token: adminAgain.accessToken }));
      const row = history.items.find((h: any) => h.impersonatedUserId === tree.subAdmin.userId);
      expect(row, JSON.stringify(history.items)).to.exist;
      expect(row).to.include({
        impersonatorUserId: superUserId, impersonatorName: 'مدیر سامانه',
        impersonatedUserName: 'sadmin', impersonatedOrganizationId: tree.sub.id, impersonatedOrganizationName: tree.sub.name,
      });
      const started = Date.parse(row.startedAt);
      const ended = Date.parse(row.endedAt);
      expect(started).to.be.closeTo(Date.now(), 120_000);
      expect(ended).to.be.at.least(started);
      // The organization administrators above see the impersonation of their user; the other tree does not.
      const orgView = ok(await api.get('Account/GetImpersonationHistory', { token: tree.orgAdmin.token }));
      expect(orgView.items.map((h: any) => h.id)).to.include(row.id);
      const otherView = ok(await api.get('Account/GetImpersonationHistory', { token: tree.otherAdmin.token }));
      expect(otherView.items.map((h: any) => h.id)).to.not.include(row.id);
    });
  });

  describe('limits on who may be impersonated', () => {
    it('an organization administrator impersonates users below it and plain users of its own organization', async () => {
      const below = ok(await api.post('Account/Impersonate', { userId: tree.subAdmin.userId }, { token: tree.orgAdmin.token }));
      const me = await api.get('Users/GetCurrentUser', { token: below.accessToken });
      expect(me.body.data).to.include({ id: tree.subAdmin.userId, isImpersonating: true, impersonatorUserId: tree.orgAdmin.userId });
      ok(await api.post('Account/StopImpersonation', undefined, { token: below.accessToken }));
      const colleague = await createUser(api, tree.orgAdmin.token, { userName: unique('plain') });
      const same = ok(await api.post('Account/Impersonate', { userId: colleague.id }, { token: tree.orgAdmin.token }));
      expect((await api.get('Users/GetCurrentUser', { token: same.accessToken })).body.data.id).to.equal(colleague.id);
      ok(await api.post('Account/StopImpersonation', undefined, { token: same.accessToken }));
    });

    it('an organization administrator cannot impersonate a user of another tree (404)', async () => {
      for (const userId of [tree.otherAdmin.userId, tree.resellerAdmin.userId]) {
        const res = await api.post('Account/Impersonate', { userId }, { token: tree.orgAdmin.token });
        expect(res.status).to.equal(404);
        expect(res.body.message).to.equal('User not found.');
      }
    });

    it('an organization administrator cannot impersonate another administrator of its own organization (403)', async () => {
      const peer = await createUser(api, tree.orgAdmin.token, { userName: unique('peer'), isAdmin: true });
      const res = await api.post('Account/Impersonate', { userId: peer.id }, { token: tree.orgAdmin.token });
      expect(res.status).to.equal(403);
      expect(res.body.message).to.equal('You may not impersonate this user.');
      const history = ok(await api.get('Account/GetImpersonationHistory?pageSize=500', { token: tree.orgAdmin.token }));
      expect(history.items.map((h: any) => h.impersonatedUserId)).to.not.include(peer.id);
    });

    it('nobody impersonates themselves or the super admin', async () => {
      const self = await api.post('Account/Impersonate', { userId: tree.orgAdmin.userId }, { token: tree.orgAdmin.token });
      expect(self.status).to.equal(400);
      expect(self.body.message).to.equal('You cannot impersonate yourself.');
      const superUserId = ok(await api.get('Users/GetCurrentUser', { token: superToken })).id;
      const upward = await api.post('Account/Impersonate', { userId: superUserId }, { token: tree.resellerAdmin.token });
      expect(upward.status).to.equal(404);
    });

    it('a holder of Users.Impersonate cannot act as a colleague holding claims they lack (403), nor as an administrator; a colleague with fewer claims works', async () => {
      const helpdesk = ok(await api.post('Roles/Create', {
        title: unique('imp helpdesk '), claims: ['Users.View', 'Users.Update', 'Users.Impersonate'], organizationId: tree.organization.id,
      }, { token: tree.orgAdmin.token }));
      const money = ok(await api.post('Roles/Create', {
        title: unique('imp finance '), claims: ['Financial.View', 'Financial.Payments', 'Sending.Single', 'Sending.Bulk'], organizationId: tree.organization.id,
      }, { token: tree.orgAdmin.token }));
      const helperName = unique('imphelp');
      await createUser(api, tree.orgAdmin.token, { userName: helperName, organizationId: tree.organization.id, roleTemplateId: helpdesk.id });
      const finance = await createUser(api, tree.orgAdmin.token, { userName: unique('impfin'), organizationId: tree.organization.id, roleTemplateId: money.id });
      const plain = await createUser(api, tree.orgAdmin.token, { userName: unique('impplain'), organizationId: tree.organization.id });
      const helper = (await login(api, helperName, USER_PASSWORD)).accessToken;

      const refused = await api.post('Account/Impersonate', { userId: finance.id }, { token: helper });
      expect(refused.status, JSON.stringify(refused.body)).to.equal(403);
      expect(refused.body.message).to.include('Financial.View');
      expect(refused.body.data ?? null, 'no tokens for the refused call').to.equal(null);
      const admin = await api.post('Account/Impersonate', { userId: tree.orgAdmin.userId }, { token: helper });
      expect(admin.status).to.equal(403);

      const fewer = ok(await api.post('Account/Impersonate', { userId: plain.id }, { token: helper }));
      const me = ok(await api.get('Users/GetCurrentUser', { token: fewer.accessToken }));
      expect(me).to.include({ id: plain.id, isImpersonating: true });
      ok(await api.post('Account/StopImpersonation', undefined, { token: fewer.accessToken }));
      // The administrator holds the whole ceiling, so the finance colleague is theirs to act as.
      const byAdmin = ok(await api.post('Account/Impersonate', { userId: finance.id }, { token: tree.orgAdmin.token }));
      ok(await api.post('Account/StopImpersonation', undefined, { token: byAdmin.accessToken }));
    });

    it('a plain user without the claim gets 403', async () => {
      for (const userId of [tree.subAdmin.userId, tree.subUser.userId]) {
        const res = await api.post('Account/Impersonate', { userId }, { token: tree.subUser.token });
        expect(res.status).to.equal(403);
        expect(res.body.message).to.equal('Dear user, you do not have permission to access this section.');
      }
      expect((await api.get('Account/GetImpersonationHistory', { token: tree.subUser.token })).status).to.equal(403);
    });

    it('a suspended user cannot be impersonated', async () => {
      const target = await createUser(api, tree.subAdmin.token, { userName: unique('susp') });
      ok(await api.post(`Users/Suspend/${target.id}`, undefined, { token: tree.subAdmin.token }));
      const res = await api.post('Account/Impersonate', { userId: target.id }, { token: tree.orgAdmin.token });
      expect(res.status).to.equal(400);
      expect(res.body.message).to.equal("This user's account is not available.");
      ok(await api.post(`Users/Unblock/${target.id}`, undefined, { token: tree.subAdmin.token }));
      await login(api, target.userName, USER_PASSWORD);
    });

    it('suspending the impersonating administrator ends the impersonation too', async () => {
      const impersonator = await createUser(api, tree.resellerAdmin.token, { userName: unique('imper'), isAdmin: true, organizationId: tree.organization.id });
      const own = await login(api, impersonator.userName, USER_PASSWORD);
      const imp = ok(await api.post('Account/Impersonate', { userId: tree.subUser.userId }, { token: own.accessToken }));
      expect((await api.get('Users/GetCurrentUser', { token: imp.accessToken })).status).to.equal(200);
      ok(await api.post(`Users/Suspend/${impersonator.id}`, undefined, { token: tree.resellerAdmin.token }));
      expect((await api.get('Users/GetCurrentUser', { token: own.accessToken })).status).to.equal(401);
      expect((await api.get('Users/GetCurrentUser', { token: imp.accessToken })).status, 'the suspended admin still acts as another user').to.equal(401);
      expect((await api.post('Account/RefreshToken', { accessToken: imp.accessToken, refreshToken: imp.refreshToken })).status).to.equal(401);
      const history = ok(await api.get('Account/GetImpersonationHistory?pageSize=500', { token: tree.resellerAdmin.token }));
      const row = history.items.find((h: any) => h.impersonatorUserId === impersonator.id);
      expect(row.endedAt, 'the history shows the impersonation ended').to.be.a('string');
      // The impersonated user's own session is untouched.
      expect((await api.get('Users/GetCurrentUser', { token: tree.subUser.token })).status).to.equal(200);
    });
  });
});
