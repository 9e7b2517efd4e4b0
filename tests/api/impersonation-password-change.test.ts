import { expect } from 'chai';
import { adminToken, createTree, createUser, login, sharedApi, unique, USER_PASSWORD, type Tree } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { ok } from '../support/envelope.js';

// Issue 14 item 4: an impersonator cannot know the user's password, so the forced change must not
// stop the impersonation; it stays pending for the user's own sign-in.
describe('Impersonating a user who must change their password', function () {
  this.timeout(60_000);
  let api: ApiClient;
  let tree: Tree;
  let target: { id: number; userName: string };
  let imp: { accessToken: string; refreshToken: string };

  before(async () => {
    api = await sharedApi();
    await adminToken(api);
    tree = await createTree(api);
    const userName = unique('mustchange');
    const created = await createUser(api, tree.subAdmin.token, { userName, firstName: 'Pending', lastName: 'Change', changePasswordRequired: true }, tree.sub.id);
    target = { id: created.id, userName };
  });

  it('the user signing in is still forced to change the password (control)', async () => {
    const own = await login(api, target.userName, USER_PASSWORD);
    expect(own.changePasswordRequired).to.equal(true);
    const me = ok(await api.get('Users/GetCurrentUser', { token: own.accessToken }));
    expect(me.changePasswordRequired).to.equal(true);
    const refused = await api.get('Account/GetLoginHistory', { token: own.accessToken });
    expect(refused.status).to.equal(403);
  });

  it('the impersonation session is not forced: it works like any session of the user', async () => {
    imp = ok(await api.post('Account/Impersonate', { userId: target.id }, { token: tree.subAdmin.token }));
    const me = await api.get('Users/GetCurrentUser', { token: imp.accessToken });
    expect(me.status).to.equal(200);
    expect(me.headers.get('x-imp')).to.equal('1');
    expect(me.body.data).to.include({ id: target.id, isImpersonating: true, changePasswordRequired: false });
    const history = await api.get('Account/GetLoginHistory', { token: imp.accessToken });
    expect(history.status, JSON.stringify(history.body)).to.equal(200);
    expect(history.headers.get('x-imp')).to.equal('1');
  });

  it('the flag stays on the user row while impersonated', async () => {
    const row = ok(await api.get(`Users/Get/${target.id}`, { token: tree.subAdmin.token }));
    expect(row.changePasswordRequired).to.equal(true);
  });

  it('StopImpersonation returns the impersonator to their own session', async () => {
    const back = ok(await api.post('Account/StopImpersonation', undefined, { token: imp.accessToken }));
    const me = await api.get('Users/GetCurrentUser', { token: back.accessToken });
    expect(me.headers.get('x-imp')).to.equal(null);
    expect(me.body.data).to.include({ id: tree.subAdmin.userId, isImpersonating: false });
    expect((await api.get('Users/GetCurrentUser', { token: imp.accessToken })).status).to.equal(401);
  });

  it('the real user is still forced at the next sign-in', async () => {
    const own = await login(api, target.userName, USER_PASSWORD);
    expect(own.changePasswordRequired).to.equal(true);
    expect((await api.get('Account/GetLoginHistory', { token: own.accessToken })).status).to.equal(403);
    const me = ok(await api.get('Users/GetCurrentUser', { token: own.accessToken }));
    expect(me.changePasswordRequired).to.equal(true);
  });
});
