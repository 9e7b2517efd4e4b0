import { expect } from 'chai';
import sinon from 'sinon';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ApiClient, type ApiResponse } from '../support/api-client.js';
import { startTestServer, INITIAL_ADMIN_PASSWORD, ROOT_DIR, type TestServer } from '../support/test-server.js';
import { USER_PASSWORD } from '../support/fixtures.js';
import type { AppConfig } from '../../server/platform/config.js';
import { PasswordHasher } from '../../server/modules/identity/password-hasher.service.js';
import { UsersRepository } from '../../server/modules/identity/users.repository.js';

const WINDOW_MS = 60_000;

// Sign-in attempts are counted per address and per user name in fixed windows of the clock, and
// refused with 429 before the user is read or any password is hashed. All requests here come from
// 127.0.0.1, so this suite has a server of its own with small limits and moves its clock into a
// fresh window per test.
describe('Account: sign-in limits per address and per user name', function () {
  this.timeout(60_000);
  let server: TestServer;
  let api: ApiClient;
  let adminToken: string;
  let t = 0;
  const clock = { now: () => new Date(t) };
  /** One second into a window none of the earlier tests used. */
  const freshWindow = () => { t = (Math.floor(Math.max(t, Date.now()) / WINDOW_MS) + 1) * WINDOW_MS + 1_000; };
  let verify: sinon.SinonSpy;
  let findByUserName: sinon.SinonSpy;

  before(async () => {
    freshWindow();
    const defaults = JSON.parse(readFileSync(path.join(ROOT_DIR, 'config', 'default.json'), 'utf8')) as AppConfig;
    // The address's captcha (lockout.test.ts) would stop hashing on its own after ten failures; kept
    // out of the way so the counts here show the limits alone.
    server = await startTestServer({
      auth: { ...defaults.auth, captchaAfterIpFailures: 1000, loginAttemptsPerIp: 8, loginAttemptsPerUserName: 3, loginAttemptWindowSeconds: 60, loginConcurrency: 1, loginQueue: 1, loginRefusalDelayMs: 200 },
    }, clock);
    api = new ApiClient(server.url);
    const first = (await api.post('Account/Login', { userName: 'admin', password: INITIAL_ADMIN_PASSWORD })).body.data;
    await api.post('Account/ChangePassword', { currentPassword: INITIAL_ADMIN_PASSWORD, newPassword: 'Admin#Pass2', confirmPassword: 'Admin#Pass2' }, { token: first.accessToken });
    adminToken = (await api.post('Account/Login', { userName: 'admin', password: 'Admin#Pass2' })).body.data.accessToken;
    for (const userName of ['victim', 'other', 'regular']) {
      const res = await api.post('Users/Create', { userName, password: USER_PASSWORD, changePasswordRequired: false }, { token: adminToken });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
    }
  });
  beforeEach(() => {
    verify = sinon.spy(server.peyk.container.get(PasswordHasher), 'verify');
    findByUserName = sinon.spy(server.peyk.container.get(UsersRepository), 'findByUserName');
  });
  afterEach(() => sinon.restore());
  after(async () => { await server.stop(); });

  function expectLimited(res: ApiResponse, seconds: number) {
    expect(res.status, JSON.stringify(res.body)).to.equal(429);
    expect(res.body.isSucceed).to.equal(false);
    expect(res.body.message).to.equal(`Too many sign-in attempts; try again in ${seconds} seconds.`);
    expect(res.headers.get('retry-after')).to.equal(String(seconds));
  }

  it('refuses a user name past its limit before reading the user or hashing, and keeps no history row for it', async () => {
    freshWindow();
    for (let i = 1; i <= 3; i++) {
      const res = await api.post('Account/Login', { userName: 'victim', password: 'Wrong#Pass1' });
      expect(res.status, `attempt ${i}`).to.equal(400);
      expect(res.body.message).to.equal('Invalid user name or password.');
    }
    expect(verify.callCount).to.equal(3);
    const readsBefore = findByUserName.callCount;

    // The right password, in another spelling of the same name: the limit is on the name, not the text.
    const limited = await api.post('Account/Login', { userName: ' VICTIM ', password: USER_PASSWORD });
    expectLimited(limited, 59);
    expect(verify.callCount, 'no hashing once limited').to.equal(3);
    expect(findByUserName.callCount, 'no user read once limited').to.equal(readsBefore);

    const persian = await api.post('Account/Login', { userName: 'victim', password: USER_PASSWORD }, { culture: 'fa' });
    expect(persian.status).to.equal(429);
    expect(persian.body.message).to.equal('تلاش‌های ورود بیش از حد است؛ ۵۹ ثانیه دیگر دوباره تلاش کنید.');

    // Another name from the same address is still answered (5 of the address's 8 so far).
    const other = await api.post('Account/Login', { userName: 'other', password: USER_PASSWORD });
    expect(other.status, JSON.stringify(other.body)).to.equal(200);

    const users = (await api.get('Users/GetAll?search=victim', { token: adminToken })).body.data.items;
    const victim = users.find((u: { userName: string }) => u.userName === 'victim');
    const history = (await api.get(`Users/GetLoginHistory/${victim.id}`, { token: adminToken })).body.data.items.map((h: { result: string }) => h.result);
    expect(history).to.deep.equal(['WrongPassword', 'WrongPassword', 'WrongPassword']);

    // The next window starts afresh: the lockout and captcha rules are what stop the guessing.
    freshWindow();
    const later = await api.post('Account/Login', { userName: 'victim', password: USER_PASSWORD });
    expect(later.status).to.equal(400);
    expect(later.body.data.captchaRequired).to.equal(true);
  });

  it('refuses an address past its limit over any user names, before reading the user or hashing', async () => {
    freshWindow();
    for (let i = 1; i <= 8; i++) {
      const res = await api.post('Account/Login', { userName: `nobody${i}`, password: 'Wrong#Pass1' });
      expect(res.status, `attempt ${i}`).to.equal(400);
    }
    expect(verify.callCount).to.equal(8);
    const readsBefore = findByUserName.callCount;
    t += 30_000;
    const sent = performance.now();
    const limited = await api.post('Account/Login', { userName: 'other', password: USER_PASSWORD });
    expect(performance.now() - sent, 'a refusal is held back a moment').to.be.at.least(200);
    expectLimited(limited, 29);
    expect(verify.callCount).to.equal(8);
    expect(findByUserName.callCount).to.equal(readsBefore);

    freshWindow();
    const later = await api.post('Account/Login', { userName: 'other', password: USER_PASSWORD });
    expect(later.status, JSON.stringify(later.body)).to.equal(200);
  });

  it('counts only attempts that do not prove their password: successes give their counts back', async () => {
    freshWindow();
    // Twice the name's limit and more than the address's, all right: every one signs in.
    for (let i = 1; i <= 9; i++) {
      const res = await api.post('Account/Login', { userName: 'regular', password: USER_PASSWORD });
      expect(res.status, `sign-in ${i}: ${JSON.stringify(res.body)}`).to.equal(200);
    }
    for (let i = 1; i <= 3; i++) {
      const res = await api.post('Account/Login', { userName: 'regular', password: 'Wrong#Pass1' });
      expect(res.status, `attempt ${i}`).to.equal(400);
    }
    expectLimited(await api.post('Account/Login', { userName: 'regular', password: USER_PASSWORD }), 59);
    // The refusal for the name gave the address its count back: 3 of 8 used, 5 left.
    for (let i = 1; i <= 5; i++) {
      const res = await api.post('Account/Login', { userName: `stranger${i}`, password: 'Wrong#Pass1' });
      expect(res.status, `stranger ${i}`).to.equal(400);
    }
    expectLimited(await api.post('Account/Login', { userName: 'stranger6', password: 'Wrong#Pass1' }), 59);
  });

  it('lets only so many sign-ins be checked at once and refuses more than the queue holds', async () => {
    freshWindow();
    verify.restore();
    let open!: () => void;
    const gate = new Promise<void>((resolve) => { open = resolve; });
    let entered!: () => void;
    const first = new Promise<void>((resolve) => { entered = resolve; });
    const hasher = server.peyk.container.get(PasswordHasher);
    const original = hasher.verify.bind(hasher);
    const stub = sinon.stub(hasher, 'verify').callsFake(async (password: string, stored: string) => {
      entered();
      await gate;
      return original(password, stored);
    });
    // Concurrency 1, queue 1: one is being checked, one waits, the next is refused at once.
    const a = api.post('Account/Login', { userName: 'other', password: USER_PASSWORD });
    await first;
    const b = api.post('Account/Login', { userName: 'nobody-b', password: 'Wrong#Pass1' });
    const c = api.post('Account/Login', { userName: 'nobody-c', password: 'Wrong#Pass1' });
    const refused = await Promise.race([b, c]);
    expect(refused.status, JSON.stringify(refused.body)).to.equal(429);
    expect(refused.body.message).to.equal('The server is busy with other sign-ins; try again in a moment.');
    expect(refused.headers.get('retry-after')).to.equal('1');
    expect(stub.callCount).to.equal(1);
    open();
    const answers = await Promise.all([a, b, c]);
    expect(answers.map((r) => r.status).sort()).to.deep.equal([200, 400, 429]);
    expect(stub.callCount).to.equal(2);
  });
});
