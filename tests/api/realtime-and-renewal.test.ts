import { expect } from 'chai';
import { io as connect, type Socket } from 'socket.io-client';
import { ApiClient } from '../support/api-client.js';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startTestServer, INITIAL_ADMIN_PASSWORD, ROOT_DIR, type TestServer } from '../support/test-server.js';
import { TYPES } from '../../server/platform/tokens.js';
import type { Realtime } from '../../server/platform/realtime.js';
import type { AppConfig } from '../../server/platform/config.js';

// A server whose refresh tokens live less long than the renewal window, so every authenticated
// answer asks for renewal (x-rft).
describe('refresh renewal (x-rft) and realtime', function () {
  this.timeout(60_000);
  let server: TestServer;
  let api: ApiClient;
  let tokens: { accessToken: string; refreshToken: string };

  before(async () => {
    const defaults = JSON.parse(readFileSync(path.join(ROOT_DIR, 'config', 'default.json'), 'utf8')) as AppConfig;
    server = await startTestServer({ auth: { ...defaults.auth, refreshTokenTtlDays: 3, refreshRenewBeforeDays: 7 } });
    api = new ApiClient(server.url);
    tokens = (await api.post('Account/Login', { userName: 'admin', password: INITIAL_ADMIN_PASSWORD })).body.data;
  });
  after(async () => { await server.stop(); });

  it('asks for renewal with x-rft and renews through UpdateRefreshToken', async () => {
    const me = await api.get('Users/GetCurrentUser', { token: tokens.accessToken });
    expect(me.status).to.equal(200);
    expect(me.headers.get('x-rft')).to.equal('1');
    expect(me.headers.get('x-imp')).to.equal(null);
    const renewed = await api.post('Account/UpdateRefreshToken', { refreshToken: tokens.refreshToken }, { token: tokens.accessToken });
    expect(renewed.status).to.equal(200);
    const pair = await api.post('Account/RefreshToken', { accessToken: tokens.accessToken, refreshToken: renewed.body.data.refreshToken });
    expect(pair.status).to.equal(200);
    tokens = pair.body.data;
  });

  function open(token: unknown): Promise<Socket> {
    return new Promise((resolve, reject) => {
      const socket = connect(server.url, { auth: { token }, transports: ['websocket'], reconnection: false });
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', (err) => { socket.close(); reject(err); });
    });
  }

  it('refuses a websocket without a valid token', async () => {
    for (const token of [undefined, 'nonsense', `${tokens.accessToken}x`]) {
      const err = await open(token).then(() => null, (e: Error) => e);
      expect(err?.message).to.equal('unauthorized');
    }
  });

  it('pushes to a signed-in socket whose user may read the data', async () => {
    // Until the first password change REST answers only the account calls, and pushes nothing.
    const changed = await api.post('Account/ChangePassword', { currentPassword: INITIAL_ADMIN_PASSWORD, newPassword: 'Renewed#Pass4', confirmPassword: 'Renewed#Pass4' }, { token: tokens.accessToken });
    expect(changed.status).to.equal(200);
    const socket = await open(tokens.accessToken);
    try {
      const me = (await api.get('Users/GetCurrentUser', { token: tokens.accessToken })).body.data;
      const received = new Promise((resolve) => socket.once('progress', resolve));
      const audience = { claim: 'SmsReports.Outbox', organizationId: me.organizationId, organizationPath: `/${me.organizationId}/`, userIds: [] };
      server.peyk.container.get<Realtime>(TYPES.Realtime).emitToReaders(audience, 'progress', { done: 3 });
      expect(await received).to.deep.equal({ done: 3 });
    } finally {
      socket.close();
    }
  });
});
