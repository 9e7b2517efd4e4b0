import { expect } from 'chai';
import { ApiClient } from '../support/api-client.js';
import { startTestServer, INITIAL_ADMIN_PASSWORD, type TestServer } from '../support/test-server.js';
import { USER_PASSWORD } from '../support/fixtures.js';

// Failed sign-ins raise per-IP counters, so this suite has a server of its own: the shared one
// must not start demanding captchas from every other test.
describe('Account: captcha and lockout', function () {
  this.timeout(60_000);
  let server: TestServer;
  let api: ApiClient;
  let adminToken: string;

  before(async () => {
    server = await startTestServer();
    api = new ApiClient(server.url);
    const first = (await api.post('Account/Login', { userName: 'admin', password: INITIAL_ADMIN_PASSWORD })).body.data;
    await api.post('Account/ChangePassword', { currentPassword: INITIAL_ADMIN_PASSWORD, newPassword: 'Admin#Pass2', confirmPassword: 'Admin#Pass2' }, { token: first.accessToken });
    adminToken = (await api.post('Account/Login', { userName: 'admin', password: 'Admin#Pass2' })).body.data.accessToken;
    for (const userName of ['victim', 'other']) {
      const res = await api.post('Users/Create', { userName, password: USER_PASSWORD, changePasswordRequired: false }, { token: adminToken });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
    }
  });
  after(async () => { await server.stop(); });

  async function solvedCaptcha(): Promise<{ captchaId: string; captchaCode: string }> {
    const res = await api.get('Captcha/Create');
    expect(res.status).to.equal(200);
    expect(res.body.data.image).to.match(/^data:image\/svg\+xml;base64,/);
    const answer = await server.peyk.kv.get(`captcha:${res.body.data.captchaId}`);
    expect(answer).to.match(/^\d{5}$/);
    return { captchaId: res.body.data.captchaId, captchaCode: answer as string };
  }

  it('asks for a captcha after three failures and checks it', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await api.post('Account/Login', { userName: 'victim', password: 'Wrong#Pass1' });
      expect(res.status).to.equal(400);
      expect(res.body.message).to.equal('Invalid user name or password.');
      expect(res.body.data.captchaRequired).to.equal(i >= 2);
    }
    const without = await api.post('Account/Login', { userName: 'victim', password: USER_PASSWORD });
    expect(without.status).to.equal(400);
    expect(without.body.data.captchaRequired).to.equal(true);
    expect(without.body.validationErrors![0].propertyName).to.equal('captchaCode');

    const wrong = await api.post('Account/Login', { userName: 'victim', password: USER_PASSWORD, captchaId: (await solvedCaptcha()).captchaId, captchaCode: '00000' });
    expect(wrong.status).to.equal(400);
    expect(wrong.body.message).to.equal('The verification code is invalid.');

    // A solved captcha is used up by the attempt it came with, right password or not.
    const solved = await solvedCaptcha();
    const wrongPassword = await api.post('Account/Login', { userName: 'victim', password: 'Wrong#Pass1', ...solved });
    expect(wrongPassword.body.message).to.equal('Invalid user name or password.');
    const replay = await api.post('Account/Login', { userName: 'victim', password: USER_PASSWORD, ...solved });
    expect(replay.status).to.equal(400);
    expect(replay.body.message).to.equal('The verification code is invalid.');
    const ok = await api.post('Account/Login', { userName: 'victim', password: USER_PASSWORD, ...(await solvedCaptcha()) });
    expect(ok.status, JSON.stringify(ok.body)).to.equal(200);
    // Success clears the user's failures: no captcha next time.
    const next = await api.post('Account/Login', { userName: 'victim', password: USER_PASSWORD });
    expect(next.status, JSON.stringify(next.body)).to.equal(200);
  });

  it('locks the account after five failures, even for the right password, until unblocked', async () => {
    let last;
    for (let i = 0; i < 5; i++) {
      last = await api.post('Account/Login', { userName: 'other', password: 'Wrong#Pass1', ...(await solvedCaptcha()) });
    }
    expect(last!.status).to.equal(400);
    expect(last!.body.message).to.match(/locked/);
    expect(last!.body.data.lockedUntil).to.be.a('string');
    const right = await api.post('Account/Login', { userName: 'other', password: USER_PASSWORD, ...(await solvedCaptcha()) });
    expect(right.status).to.equal(400);
    expect(right.body.message).to.match(/locked/);

    const users = (await api.get('Users/GetAll?search=other', { token: adminToken })).body.data.items;
    const other = users.find((u: any) => u.userName === 'other');
    const detail = await api.get(`Users/Get/${other.id}`, { token: adminToken });
    expect(detail.body.data.isLocked).to.equal(true);
    expect((await api.post(`Users/Unblock/${other.id}`, undefined, { token: adminToken })).status).to.equal(200);
    const afterUnblock = await api.post('Account/Login', { userName: 'other', password: USER_PASSWORD, ...(await solvedCaptcha()) });
    expect(afterUnblock.status, JSON.stringify(afterUnblock.body)).to.equal(200);

    const history = (await api.get(`Users/GetLoginHistory/${other.id}`, { token: adminToken })).body.data.items.map((h: any) => h.result);
    expect(history).to.include.members(['Locked', 'WrongPassword', 'Success']);
  });
});

describe('Account: captcha by IP', function () {
  this.timeout(60_000);
  let server: TestServer;
  let api: ApiClient;
  before(async () => {
    server = await startTestServer();
    api = new ApiClient(server.url);
  });
  after(async () => { await server.stop(); });

  it('demands a captcha from an address after ten failures over any user names', async () => {
    for (let i = 1; i <= 10; i++) {
      const res = await api.post('Account/Login', { userName: `nobody${i}`, password: 'Wrong#Pass1' });
      expect(res.status).to.equal(400);
      expect(res.body.data.captchaRequired, `attempt ${i}`).to.equal(i >= 10);
    }
    const admin = await api.post('Account/Login', { userName: 'admin', password: INITIAL_ADMIN_PASSWORD });
    expect(admin.status).to.equal(400);
    expect(admin.body.data.captchaRequired).to.equal(true);
  });
});
