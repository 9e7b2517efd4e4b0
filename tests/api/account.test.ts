import { expect } from 'chai';
import { sharedApi, adminToken, createTree, createUser, login, unique, USER_PASSWORD, type Tree } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';

describe('Account: sessions, tokens and passwords', function () {
  this.timeout(60_000);
  let api: ApiClient;
  let tree: Tree;
  before(async () => {
    api = await sharedApi();
    tree = await createTree(api);
  });

  async function freshUser(extra: Record<string, unknown> = {}) {
    const userName = unique('acct');
    await createUser(api, tree.orgAdmin.token, { userName, organizationId: tree.organization.id, ...extra });
    return userName;
  }

  describe('first sign-in', () => {
    it('forces a password change before anything else', async () => {
      const userName = await freshUser({ changePasswordRequired: true });
      const first = await login(api, userName, USER_PASSWORD);
      expect(first.changePasswordRequired).to.equal(true);
      const blocked = await api.get('Organizations/GetAll', { token: first.accessToken });
      expect(blocked.status).to.equal(403);
      expect(blocked.body.message).to.equal('You must change your password first.');
      const me = await api.get('Users/GetCurrentUser', { token: first.accessToken });
      expect(me.status).to.equal(200);
      expect(me.body.data.changePasswordRequired).to.equal(true);
      const changed = await api.post('Account/ChangePassword', { currentPassword: USER_PASSWORD, newPassword: 'Fresh#Pass9', confirmPassword: 'Fresh#Pass9' }, { token: first.accessToken });
      expect(changed.status).to.equal(200);
      const after = await api.get('Users/GetCurrentUser', { token: first.accessToken });
      expect(after.body.data.changePasswordRequired).to.equal(false);
      expect((await login(api, userName, 'Fresh#Pass9')).changePasswordRequired).to.equal(false);
    });

    it('starts the first administrator with a forced change', async () => {
      const token = await adminToken(api);
      const me = await api.get('Users/GetCurrentUser', { token });
      expect(me.body.data.userName).to.equal('admin');
      expect(me.body.data.scope).to.equal('superAdmin');
      expect(me.body.data.changePasswordRequired).to.equal(false);
      expect(me.body.data).to.not.have.property('passwordHash');
    });
  });

  describe('password policy and history', () => {
    let userName: string;
    let token: string;
    let current = USER_PASSWORD;
    before(async () => {
      userName = await freshUser();
      token = (await login(api, userName, USER_PASSWORD)).accessToken;
    });

    const change = (newPassword: string, confirmPassword = newPassword, currentPassword = current) =>
      api.post('Account/ChangePassword', { currentPassword, newPassword, confirmPassword }, { token });

    for (const [password, why] of [
      ['Sh#1a', 'too short'], ['alllower#1', 'no upper case'], ['ALLUPPER#1', 'no lower case'],
      ['NoDigits#x', 'no digit'], ['NoSpecial12', 'no special character'],
    ] as const) {
      it(`refuses a password with ${why}`, async () => {
        const res = await change(password);
        expect(res.status).to.equal(400);
        expect(res.body.validationErrors![0].propertyName).to.equal('newPassword');
      });
    }

    it('refuses a repeat that does not match with the spec message', async () => {
      const res = await change('Good#Pass1', 'Good#Pass2');
      expect(res.status).to.equal(400);
      expect(res.body.validationErrors![0]).to.deep.equal({ propertyName: 'confirmPassword', message: 'Password and repassword doesnt match!' });
    });

    it('refuses a wrong current password', async () => {
      const res = await change('Good#Pass1', 'Good#Pass1', 'Wrong#Pass1');
      expect(res.status).to.equal(400);
      expect(res.body.validationErrors![0].propertyName).to.equal('currentPassword');
    });

    it('refuses any of the last five passwords and accepts the sixth back', async () => {
      const used = [USER_PASSWORD];
      for (let i = 1; i <= 5; i++) {
        const next = `Cycle#Pass${i}`;
        const res = await change(next);
        expect(res.status, JSON.stringify(res.body)).to.equal(200);
        current = next;
        used.push(next);
      }
      for (const old of used.slice(-5)) {
        const res = await change(old);
        expect(res.status, old).to.equal(400);
        expect(res.body.validationErrors![0].message).to.contain('last 5 passwords');
      }
      // The initial password is now six changes back.
      const back = await change(USER_PASSWORD);
      expect(back.status, JSON.stringify(back.body)).to.equal(200);
    });
  });

  describe('refresh token rotation', () => {
    it('swaps a pair for a new one and kills the used refresh token', async () => {
      const userName = await freshUser();
      const first = await login(api, userName, USER_PASSWORD);
      const res = await api.post('Account/RefreshToken', { accessToken: first.accessToken, refreshToken: first.refreshToken });
      expect(res.status).to.equal(200);
      expect(res.body.data.accessToken).to.be.a('string').and.not.equal(first.accessToken);
      expect(res.body.data.refreshToken).to.be.a('string').and.not.equal(first.refreshToken);
      const me = await api.get('Users/GetCurrentUser', { token: res.body.data.accessToken });
      expect(me.status).to.equal(200);
      expect(me.body.data.userName).to.equal(userName);
    });

    it('revokes the whole session when a used refresh token is presented again', async () => {
      const userName = await freshUser();
      const first = await login(api, userName, USER_PASSWORD);
      const second = (await api.post('Account/RefreshToken', { accessToken: first.accessToken, refreshToken: first.refreshToken })).body.data;
      const reuse = await api.post('Account/RefreshToken', { accessToken: first.accessToken, refreshToken: first.refreshToken });
      expect(reuse.status).to.equal(401);
      // The legitimate holder's newer tokens die with the session.
      expect((await api.get('Users/GetCurrentUser', { token: second.accessToken })).status).to.equal(401);
      expect((await api.post('Account/RefreshToken', { accessToken: second.accessToken, refreshToken: second.refreshToken })).status).to.equal(401);
      // Other sessions of the same user are untouched.
      const other = await login(api, userName, USER_PASSWORD);
      expect((await api.get('Users/GetCurrentUser', { token: other.accessToken })).status).to.equal(200);
    });

    it('lets only one of two concurrent refreshes with the same token win', async () => {
      const userName = await freshUser();
      const first = await login(api, userName, USER_PASSWORD);
      const results = await Promise.all([1, 2].map(() => api.post('Account/RefreshToken', { accessToken: first.accessToken, refreshToken: first.refreshToken })));
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).to.deep.equal([200, 401]);
    });

    it('refuses a refresh token with the access token of another session', async () => {
      const userName = await freshUser();
      const a = await login(api, userName, USER_PASSWORD);
      const b = await login(api, userName, USER_PASSWORD);
      const res = await api.post('Account/RefreshToken', { accessToken: a.accessToken, refreshToken: b.refreshToken });
      expect(res.status).to.equal(401);
      // Not a reuse: b's session still works.
      expect((await api.post('Account/RefreshToken', { accessToken: b.accessToken, refreshToken: b.refreshToken })).status).to.equal(200);
    });

    it('renews the refresh token through UpdateRefreshToken', async () => {
      const userName = await freshUser();
      const first = await login(api, userName, USER_PASSWORD);
      const res = await api.post('Account/UpdateRefreshToken', { refreshToken: first.refreshToken }, { token: first.accessToken });
      expect(res.status).to.equal(200);
      const renewed = res.body.data.refreshToken as string;
      expect(renewed).to.not.equal(first.refreshToken);
      expect((await api.post('Account/RefreshToken', { accessToken: first.accessToken, refreshToken: renewed })).status).to.equal(200);
      const again = await api.post('Account/UpdateRefreshToken', { refreshToken: first.refreshToken }, { token: first.accessToken });
      expect(again.status).to.equal(400);
      expect(again.body.validationErrors![0].propertyName).to.equal('refreshToken');
    });
  });

  describe('sessions and history', () => {
    it('logout ends the session at once', async () => {
      const userName = await freshUser();
      const s = await login(api, userName, USER_PASSWORD);
      expect((await api.post('Account/Logout', undefined, { token: s.accessToken })).status).to.equal(200);
      expect((await api.get('Users/GetCurrentUser', { token: s.accessToken })).status).to.equal(401);
      expect((await api.post('Account/RefreshToken', { accessToken: s.accessToken, refreshToken: s.refreshToken })).status).to.equal(401);
    });

    it('lists active sessions and revokes one of them', async () => {
      const userName = await freshUser();
      const a = await login(api, userName, USER_PASSWORD);
      const b = await login(api, userName, USER_PASSWORD);
      const list = await api.get('Account/GetActiveSessions', { token: a.accessToken, headers: { 'user-agent': 'peyk-test-agent' } });
      expect(list.status).to.equal(200);
      expect(list.body.data).to.have.length(2);
      const current = list.body.data.filter((s: any) => s.isCurrent);
      expect(current).to.have.length(1);
      const other = list.body.data.find((s: any) => !s.isCurrent);
      expect(other.ip).to.be.a('string');
      expect((await api.post(`Account/RevokeSession/${other.id}`, undefined, { token: a.accessToken })).status).to.equal(200);
      expect((await api.get('Users/GetCurrentUser', { token: b.accessToken })).status).to.equal(401);
      expect((await api.get('Users/GetCurrentUser', { token: a.accessToken })).status).to.equal(200);
      const foreign = await api.post(`Account/RevokeSession/${other.id}`, undefined, { token: tree.subUser.token });
      expect(foreign.status).to.equal(404);
    });

    it('records login history with time, IP, user agent and result', async () => {
      const userName = await freshUser();
      await api.post('Account/Login', { userName, password: 'Wrong#Pass1' }, { headers: { 'user-agent': 'history-agent/1.0' } });
      const s = await login(api, userName, USER_PASSWORD);
      const res = await api.get('Account/GetLoginHistory', { token: s.accessToken });
      expect(res.status).to.equal(200);
      expect(res.body.data.totalCount).to.equal(2);
      const [latest, earlier] = res.body.data.items;
      expect(latest.result).to.equal('Success');
      expect(earlier.result).to.equal('WrongPassword');
      expect(earlier.userAgent).to.equal('history-agent/1.0');
      expect(earlier.ip).to.be.a('string').and.not.empty;
      expect(Date.parse(latest.at)).to.be.closeTo(Date.now(), 60_000);
    });

    it('ends sessions of a suspended user and lets them back after unblock', async () => {
      const userName = await freshUser();
      const s = await login(api, userName, USER_PASSWORD);
      const me = (await api.get('Users/GetCurrentUser', { token: s.accessToken })).body.data;
      expect((await api.post(`Users/Suspend/${me.id}`, undefined, { token: tree.orgAdmin.token })).status).to.equal(200);
      expect((await api.get('Users/GetCurrentUser', { token: s.accessToken })).status).to.equal(401);
      const refused = await api.post('Account/Login', { userName, password: USER_PASSWORD });
      expect(refused.status).to.equal(400);
      expect(refused.body.message).to.equal('The user account is suspended.');
      expect((await api.post(`Users/Unblock/${me.id}`, undefined, { token: tree.orgAdmin.token })).status).to.equal(200);
      await login(api, userName, USER_PASSWORD);
    });
  });
});
