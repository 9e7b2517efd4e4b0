import { expect } from 'chai';
import sinon from 'sinon';
import { ApiClient, ApiError, REQUEST_TIMEOUT_MS, stripEmpty, type ApiClientHooks } from '../../../client/src/shared/api/api-client';
import { SessionStore, type StorageLike } from '../../../client/src/shared/auth/session-store';
import { bulkLines, dialogFor } from '../../../client/src/shared/api/error-catalogue';

class MemoryStorage implements StorageLike {
  readonly map = new Map<string, string>();
  getItem(k: string) { return this.map.get(k) ?? null; }
  setItem(k: string, v: string) { this.map.set(k, v); }
  removeItem(k: string) { this.map.delete(k); }
}

interface Seen { url: URL; init: RequestInit; headers: Record<string, string>; body: unknown }

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

function setup(handler: (req: Seen) => Response | Promise<Response>) {
  const seen: Seen[] = [];
  const local = new MemoryStorage();
  const session = new SessionStore(local, new MemoryStorage());
  const dialogs: unknown[] = [];
  const state = { impersonating: false, left: 0, org: null as string | null, logs: [] as string[] };
  const hooks: ApiClientHooks = {
    apiRoot: () => 'http://panel.test/api',
    language: () => 'en-US',
    activeOrganizationId: () => state.org,
    showDialog: (d) => dialogs.push(d),
    setImpersonating: (on) => { state.impersonating = on; },
    leave: () => { state.left += 1; },
    log: (m) => state.logs.push(m),
    fetch: (async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const headers = (init.headers ?? {}) as Record<string, string>;
      const req = { url: new URL(String(input)), init, headers, body: init.body ? JSON.parse(String(init.body)) : undefined };
      seen.push(req);
      return handler(req);
    }) as typeof fetch,
  };
  const api = new ApiClient(session, hooks);
  return { api, session, seen, dialogs, state, local };
}

describe('client api client', () => {
  it('sends the bearer token, c-org-id and culture, and strips empty values', async () => {
    const t = setup(() => json(200, { isSucceed: true, data: 1 }));
    t.session.save({ accessToken: 'A1', refreshToken: 'R1' });
    t.state.org = '42';
    await t.api.post('/Organizations/Create', { name: 'x', organName: '', parentId: null, nested: { a: undefined, b: 'b' }, list: [{ c: '' }] });
    const req = t.seen[0];
    expect(req.headers.authorization).to.equal('Bearer A1');
    expect(req.headers['c-org-id']).to.equal('42');
    expect(req.url.searchParams.get('culture')).to.equal('en-US');
    expect(req.body).to.deep.equal({ name: 'x', parentId: null, nested: { b: 'b' }, list: [{}] });
    expect(req.init.credentials).to.equal('same-origin');
  });

  it('keeps empty values for OnlineSurvey, sends credentials for captcha and login, and no bearer for client data', async () => {
    const t = setup(() => json(200, { isSucceed: true, data: null }));
    t.session.save({ accessToken: 'A1', refreshToken: 'R1' });
    await t.api.post('/OnlineSurvey/Answer', { a: '', b: null });
    expect(t.seen[0].body).to.deep.equal({ a: '', b: null });
    await t.api.get('/Captcha/Create');
    expect(t.seen[1].init.credentials).to.equal('include');
    await t.api.post('/Account/Login', { userName: 'u', password: 'p' });
    expect(t.seen[2].init.credentials).to.equal('include');
    await t.api.get('/CustomerDomains/GetCurrentClientData');
    expect(t.seen[3].headers.authorization).to.equal(undefined);
    expect(stripEmpty({ a: 0, b: false, c: '' })).to.deep.equal({ a: 0, b: false });
  });

  it('refreshes once for many calls that hit an expired token, then retries each with the new token', async () => {
    let refreshCalls = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    const t = setup(async (req) => {
      if (req.url.pathname.endsWith('/Account/RefreshToken')) {
        refreshCalls += 1;
        await gate;
        return json(200, { isSucceed: true, data: { accessToken: 'A2', refreshToken: 'R2' } });
      }
      return req.headers.authorization === 'Bearer A2' ? json(200, { isSucceed: true, data: req.url.pathname }) : json(401, { isSucceed: false });
    });
    t.session.save({ accessToken: 'A1', refreshToken: 'R1' }, true);
    const calls = Promise.all([t.api.get('/Users/GetCurrentUser'), t.api.get('/Organizations/GetAll'), t.api.get('/Roles/GetAll')]);
    await new Promise((r) => setTimeout(r, 10));
    release();
    const results = await calls;
    expect(refreshCalls).to.equal(1);
    expect(results).to.deep.equal(['/api/Users/GetCurrentUser', '/api/Organizations/GetAll', '/api/Roles/GetAll']);
    expect(t.session.tokens()).to.deep.equal({ accessToken: 'A2', refreshToken: 'R2' });
    expect(t.session.rememberMe()).to.equal(true);
    const refreshBody = t.seen.find((s) => s.url.pathname.endsWith('/RefreshToken'))!.body;
    expect(refreshBody).to.deep.equal({ accessToken: 'A1', refreshToken: 'R1' });
  });

  it('does not refresh again for a call that failed with a token already replaced', async () => {
    let refreshCalls = 0;
    let releaseLate!: () => void;
    const late = new Promise<void>((r) => { releaseLate = r; });
    const t = setup(async (req) => {
      if (req.url.pathname.endsWith('/Account/RefreshToken')) {
        refreshCalls += 1;
        return json(200, { isSucceed: true, data: { accessToken: 'A2', refreshToken: 'R2' } });
      }
      if (req.headers.authorization === 'Bearer A2') return json(200, { isSucceed: true, data: 'ok' });
      if (req.url.pathname.endsWith('/Slow')) await late; // answers 401 only after the refresh is over
      return json(401, { isSucceed: false });
    });
    t.session.save({ accessToken: 'A1', refreshToken: 'R1' });
    const slow = t.api.get('/Slow');
    expect(await t.api.get('/Fast')).to.equal('ok');
    releaseLate();
    expect(await slow).to.equal('ok');
    expect(refreshCalls).to.equal(1);
  });

  it('signs out with one 401 dialog when the refresh fails, and silently when the refresh call itself is 401', async () => {
    const failing = setup((req) => req.url.pathname.endsWith('/RefreshToken') ? json(400, { isSucceed: false }) : json(401, { isSucceed: false }));
    failing.session.save({ accessToken: 'A1', refreshToken: 'R1' });
    const errors = await Promise.all([failing.api.get('/A'), failing.api.get('/B')].map((p) => p.catch((e: unknown) => e)));
    for (const e of errors) expect((e as ApiError).status).to.equal(401);
    expect(failing.dialogs).to.deep.equal([{ titleKey: 'errors.code401', messageKey: 'errors.code401Msg' }]);
    expect(failing.session.tokens()).to.equal(null);
    expect(failing.state.left).to.be.greaterThan(0);

    const dead = setup(() => json(401, { isSucceed: false }));
    dead.session.save({ accessToken: 'A1', refreshToken: 'R1' });
    await dead.api.get('/A').catch(() => undefined);
    expect(dead.dialogs).to.deep.equal([]);
    expect(dead.session.tokens()).to.equal(null);
    expect(dead.state.left).to.equal(1);
  });

  it('renews the refresh token when x-rft appears, and follows x-imp', async () => {
    const t = setup((req) => req.url.pathname.endsWith('/UpdateRefreshToken')
      ? json(200, { isSucceed: true, data: { refreshToken: 'R9' } }, { 'x-imp': '1' })
      : json(200, { isSucceed: true, data: null }, { 'x-rft': '1', 'x-imp': '1' }));
    t.session.save({ accessToken: 'A1', refreshToken: 'R1' });
    await t.api.get('/Users/GetCurrentUser');
    await new Promise((r) => setTimeout(r, 10));
    expect(t.state.impersonating).to.equal(true);
    const renewals = t.seen.filter((s) => s.url.pathname.endsWith('/UpdateRefreshToken'));
    expect(renewals).to.have.length(1);
    expect(renewals[0].body).to.deep.equal({ refreshToken: 'R1' });
    expect(t.session.tokens()?.refreshToken).to.equal('R9');
  });

  it('drops a guarded call that repeats the previous one with the same body, and a resent send id', async () => {
    const t = setup(() => json(200, { isSucceed: true, data: 1 }));
    await t.api.post('/Payments/ConfirmPayment', { id: 1 });
    const dup = await t.api.post('/Payments/ConfirmPayment', { id: 1 }).catch((e: ApiError) => e);
    expect((dup as ApiError).kind).to.equal('duplicate');
    await t.api.post('/Payments/ConfirmPayment', { id: 2 });
    await t.api.post('/ScheduledMessages/Create', { sendId: 's1', text: 'a' });
    const resend = await t.api.post('/ScheduledMessages/Create', { sendId: 's1', text: 'b' }).catch((e: ApiError) => e);
    expect((resend as ApiError).message).to.equal('Prevent SMS resending');
    // Unguarded calls are never dropped.
    await t.api.post('/Organizations/Update', { id: 1 });
    await t.api.post('/Organizations/Update', { id: 1 });
    expect(t.seen.map((s) => s.url.pathname)).to.deep.equal([
      '/api/Payments/ConfirmPayment', '/api/Payments/ConfirmPayment', '/api/ScheduledMessages/Create', '/api/Organizations/Update', '/api/Organizations/Update',
    ]);
    expect(t.state.logs).to.include.members(['Prevent duplicate request', 'Prevent SMS resending']);
  });

  it('lets a guarded call be repeated after it failed', async () => {
    let n = 0;
    const t = setup(() => (n++ === 0 ? json(500, { isSucceed: false }) : json(200, { isSucceed: true, data: 1 })));
    await t.api.post('/Payments/RejectPayment', { id: 1 }, { quiet: true }).catch(() => undefined);
    expect(await t.api.post('/Payments/RejectPayment', { id: 1 })).to.equal(1);
  });

  it('times out after 100 seconds with the timeout message', async () => {
    const clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const t = setup((req) => new Promise<Response>((_resolve, reject) => {
        req.init.signal?.addEventListener('abort', () => reject(new Error('aborted')));
      }));
      const pending = t.api.get('/Slow').catch((e: ApiError) => e);
      await clock.tickAsync(REQUEST_TIMEOUT_MS - 1);
      expect(t.dialogs).to.have.length(0);
      await clock.tickAsync(1);
      const e = await pending;
      expect((e as ApiError).kind).to.equal('timeout');
      expect(t.dialogs).to.deep.equal([{ titleKey: 'common.error', messageKey: 'messages.timeoutError' }]);
    } finally {
      clock.restore();
    }
  });

  it('maps the error catalogue, silent paths and bulk recipients', () => {
    expect(dialogFor({ status: 403, path: '/Users/GetAll' })).to.deep.equal({ titleKey: 'errors.code403', messageKey: 'errors.code403Msg' });
    expect(dialogFor({ status: 403, path: '/Dashboard/GetInformationsForDashboard' })).to.equal(null);
    expect(dialogFor({ status: 403, path: '/Organizations/GetOrganizationCreditForAdmin' })).to.equal(null);
    expect(dialogFor({ status: 404, path: '/Plans/GetPlan/3' })).to.equal(null);
    // The landing page paths: the public page and its images are silent, the builder's own reads are not.
    expect(dialogFor({ status: 404, path: '/LandingPages/GetOrganizationLandingPage/shop' })).to.equal(null);
    expect(dialogFor({ status: 404, path: '/LandingPages/GetOrganizationLandingPage/shop/autumn' })).to.equal(null);
    expect(dialogFor({ status: 404, path: '/LandingPages/Image/0f6c2b8e-0000-4000-8000-000000000000' })).to.equal(null);
    expect(dialogFor({ status: 404, path: '/LandingPages/Get/3', message: 'Landing page not found.' })).to.deep.include({ titleKey: 'errors.code404', text: 'Landing page not found.' });
    expect(dialogFor({ status: 404, path: '/Users/Get/3', message: 'User not found.' })).to.deep.include({ titleKey: 'errors.code404', text: 'User not found.' });
    expect(dialogFor({ status: 405, path: '/X' })).to.deep.equal({ titleKey: 'errors.code405', messageKey: 'errors.code405Msg' });
    expect(dialogFor({ status: 500, path: '/X' })).to.deep.equal({ titleKey: 'errors.code500', messageKey: 'errors.code500Msg' });
    expect(dialogFor({ status: 409, path: '/X', message: 'Taken' })).to.deep.equal({ titleKey: 'common.error', messageKey: null, text: 'Taken' });
    expect(dialogFor({ status: 422, path: '/X', validationErrors: [{ propertyName: 'a', message: 'm1' }] })!.lines).to.deep.equal(['m1']);
    const lines = bulkLines(
      [{ propertyName: 'bulkRecipients[1].mobile', message: 'Invalid number' }, { propertyName: 'text', message: 'Too long' }],
      { bulkRecipients: [{ description: 'Ali' }, { description: 'Sara' }] },
    );
    expect(lines).to.deep.equal(['Invalid number — Sara', 'Too long']);
    const bulk = dialogFor({ status: 500, path: '/ScheduledMessages/CreateScheduledMessageBulk', validationErrors: [{ propertyName: 'bulkRecipients[0].mobile', message: 'Invalid number' }], requestBody: { bulkRecipients: [{ description: 'Ali' }] } });
    expect(bulk!.lines).to.deep.equal(['Invalid number — Ali']);
  });
});
