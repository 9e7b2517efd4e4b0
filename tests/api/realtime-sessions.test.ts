import { expect } from 'chai';
import { io as connect, type Socket } from 'socket.io-client';
import { pino } from 'pino';
import type { ApiClient } from '../support/api-client.js';
import { createTree, createUser, login, sharedApi, sharedServer, unique, USER_PASSWORD, type Tree } from '../support/fixtures.js';
import { ok } from '../support/envelope.js';
import { ROOT_DIR } from '../support/test-server.js';
import { requireEnv } from '../contract/requires-env.js';
import { TYPES } from '../../server/platform/tokens.js';
import type { Realtime } from '../../server/platform/realtime.js';
import { startPeyk, type PeykInstance } from '../../server/app.js';

interface Live {
  socket: Socket;
  got: string[];
  /** Resolves with the reason once the server ends the connection. */
  ended: Promise<string>;
}

async function live(url: string, token: string): Promise<Live> {
  const socket: Socket = await new Promise((resolve, reject) => {
    const s = connect(url, { auth: { token }, transports: ['websocket'], reconnection: false });
    s.once('connect', () => resolve(s));
    s.once('connect_error', (err) => { s.close(); reject(err); });
  });
  const got: string[] = [];
  socket.on('ping-test', (payload: { n: string }) => got.push(payload.n));
  const ended = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
  return { socket, got, ended };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The server ended it (not the client, not a time-out) within the time given. */
async function expectEnded(l: Live, what: string, timeoutMs = 5_000): Promise<void> {
  const reason = await Promise.race([l.ended, sleep(timeoutMs).then(() => 'still connected')]);
  expect(reason, what).to.equal('io server disconnect');
}

async function expectStillOpen(l: Live, what: string): Promise<void> {
  const reason = await Promise.race([l.ended, sleep(300).then(() => 'still connected')]);
  expect(reason, what).to.equal('still connected');
}

async function refused(url: string, token: string): Promise<boolean> {
  return live(url, token).then((l) => { l.socket.close(); return false; }, (err: Error) => err.message === 'unauthorized');
}

/**
 * A websocket belongs to the session whose token opened it: when the session ends (logout,
 * revoked on the sessions screen, the user or the organization switched off, the password changed
 * elsewhere) the server closes the socket, so nothing more reaches it.
 */
describe('Live sockets end with their session', function () {
  this.timeout(120_000);
  let api: ApiClient;
  let tree: Tree;
  let url: string;
  let realtime: Realtime;
  const opened: Live[] = [];

  async function open(token: string): Promise<Live> {
    const l = await live(url, token);
    opened.push(l);
    return l;
  }

  async function freshUser(body: Record<string, unknown> = {}): Promise<{ userId: number; userName: string }> {
    const userName = unique('rs');
    const user = await createUser(api, tree.subAdmin.token, { userName, organizationId: tree.sub.id, isAdmin: false, firstName: 'Rs', ...body });
    return { userId: user.id, userName };
  }

  /** A push to the user after the session ended must not arrive anywhere. */
  async function expectNothingMore(userId: number, ...ls: Live[]): Promise<void> {
    const n = unique('after-');
    realtime.emitToUser(userId, 'ping-test', { n });
    await sleep(300);
    for (const l of ls) expect(l.got).to.not.include(n);
  }

  before(async () => {
    api = await sharedApi();
    tree = await createTree(api);
    const server = await sharedServer();
    url = server.url;
    realtime = server.peyk.container.get<Realtime>(TYPES.Realtime);
  });

  after(() => { for (const l of opened) l.socket.close(); });

  it('logout closes the sockets of that session only', async () => {
    const u = await freshUser();
    const a = await login(api, u.userName, USER_PASSWORD);
    const b = await login(api, u.userName, USER_PASSWORD);
    const [la, lb] = [await open(a.accessToken), await open(b.accessToken)];
    ok(await api.post('Account/Logout', undefined, { token: a.accessToken }));
    await expectEnded(la, 'the socket of the session that logged out');
    await expectStillOpen(lb, 'the socket of the other session');
    await expectNothingMore(u.userId, la);
    expect(await refused(url, a.accessToken), 'a new socket with the logged-out token').to.equal(true);
  });

  it('revoking a session on the sessions screen closes its sockets', async () => {
    const u = await freshUser();
    const a = await login(api, u.userName, USER_PASSWORD);
    const b = await login(api, u.userName, USER_PASSWORD);
    const [la, lb] = [await open(a.accessToken), await open(b.accessToken)];
    const other = ok(await api.get('Account/GetActiveSessions', { token: a.accessToken })).find((s: any) => !s.isCurrent);
    ok(await api.post(`Account/RevokeSession/${other.id}`, undefined, { token: a.accessToken }));
    await expectEnded(lb, 'the socket of the revoked session');
    await expectStillOpen(la, 'the socket of the session that revoked it');
    await expectNothingMore(u.userId, lb);
  });

  it('deactivating or suspending a user closes every socket of the user', async () => {
    const deactivated = await freshUser();
    const suspended = await freshUser();
    const d = [await open((await login(api, deactivated.userName, USER_PASSWORD)).accessToken), await open((await login(api, deactivated.userName, USER_PASSWORD)).accessToken)];
    const s = [await open((await login(api, suspended.userName, USER_PASSWORD)).accessToken), await open((await login(api, suspended.userName, USER_PASSWORD)).accessToken)];
    ok(await api.post('Users/Update', { id: deactivated.userId, isActive: false }, { token: tree.subAdmin.token }));
    ok(await api.post(`Users/Suspend/${suspended.userId}`, undefined, { token: tree.subAdmin.token }));
    for (const l of [...d, ...s]) await expectEnded(l, 'a socket of the switched-off user');
    await expectNothingMore(deactivated.userId, ...d);
    await expectNothingMore(suspended.userId, ...s);
  });

  it('deactivating the organization closes the sockets of its users', async () => {
    const org = ok(await api.post('Organizations/Create', { name: unique('Closing ') }, { token: tree.orgAdmin.token }));
    const userName = unique('rso');
    const user = await createUser(api, tree.orgAdmin.token, { userName, organizationId: org.id, isAdmin: true, firstName: 'Rso' });
    const l = await open((await login(api, userName, USER_PASSWORD)).accessToken);
    const bystander = await open(tree.subAdmin.token);
    ok(await api.post(`Organizations/Deactivate/${org.id}`, undefined, { token: tree.orgAdmin.token }));
    await expectEnded(l, 'the socket of a user of the deactivated organization');
    await expectStillOpen(bystander, 'a socket of another organization');
    await expectNothingMore(user.id, l);
  });

  it('changing the password closes the other sessions\' sockets; the current one stays and now gets what REST answers', async () => {
    const u = await freshUser({ changePasswordRequired: true });
    const a = await login(api, u.userName, USER_PASSWORD);
    const b = await login(api, u.userName, USER_PASSWORD);
    expect(a.changePasswordRequired).to.equal(true);
    const [la, lb] = [await open(a.accessToken), await open(b.accessToken)];
    // Until the password is changed REST answers nothing but the account calls: no pushes either.
    const before = unique('before-');
    realtime.emitToUser(u.userId, 'ping-test', { n: before });
    await sleep(300);
    expect(la.got).to.not.include(before);
    const password = 'Changed#Pass7';
    ok(await api.post('Account/ChangePassword', { currentPassword: USER_PASSWORD, newPassword: password, confirmPassword: password }, { token: a.accessToken }));
    await expectEnded(lb, 'the socket of the other session');
    await expectStillOpen(la, 'the socket of the session that changed the password');
    const after = unique('after-');
    const deadline = Date.now() + 5_000;
    while (!la.got.includes(after) && Date.now() < deadline) {
      realtime.emitToUser(u.userId, 'ping-test', { n: after });
      await sleep(200);
    }
    expect(la.got, 'the current session, once the password is changed').to.include(after);
    expect(lb.got).to.not.include(after);
  });

  describe('across processes (PostgreSQL and Redis)', () => {
    let second: PeykInstance | null = null;

    before(async function () {
      requireEnv(this, 'DATABASE_URL', 'two web processes sharing one database');
      requireEnv(this, 'REDIS_URL', 'the realtime bus');
      const shared = await sharedServer();
      // Another web process of the same installation: same database, same Redis prefix, its own caches and sockets.
      second = await startPeyk({ ...shared.peyk.config, port: 0, role: 'web' }, { rootDir: ROOT_DIR, logger: pino({ level: 'silent' }) });
    });

    after(async () => { await second?.stop(); });

    it('a logout or a suspension in one process closes the sockets held by another', async () => {
      const u = await freshUser();
      const v = await freshUser();
      const a = await login(api, u.userName, USER_PASSWORD);
      const b = await login(api, v.userName, USER_PASSWORD);
      // Both sockets on the second process; the calls that end their sessions go to the first.
      const la = await open2(a.accessToken);
      const lb = await open2(b.accessToken);
      ok(await api.post('Account/Logout', undefined, { token: a.accessToken }));
      ok(await api.post(`Users/Suspend/${v.userId}`, undefined, { token: tree.subAdmin.token }));
      await expectEnded(la, 'the socket of the logged-out session, held by the other process');
      await expectEnded(lb, 'the socket of the suspended user, held by the other process');
    });

    async function open2(token: string): Promise<Live> {
      const l = await live(second!.url as string, token);
      opened.push(l);
      return l;
    }
  });
});
