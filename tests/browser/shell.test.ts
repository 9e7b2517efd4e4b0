import { expect } from 'chai';
import { setTimeout as sleep } from 'node:timers/promises';
import jwt from 'jsonwebtoken';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { launchBrowser, skipWithoutChromium } from '../support/browser.js';
import { createTree, createUser, sharedApi, sharedServer, unique, USER_PASSWORD, type Tree } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import type { TestServer } from '../support/test-server.js';
import { TYPES } from '../../server/platform/tokens.js';
import type { AuthEpoch } from '../../server/platform/auth-epoch.js';
import { NotificationsService } from '../../server/modules/notifications/index.js';
import type { UnitOfWork } from '../../server/platform/unit-of-work.js';
import { ChangePasswordPage, LoginPage } from './pages/login-page.js';
import { Shell } from './pages/shell.js';
import { persianDigits } from './pages/digits.js';

describe('browser: the client shell', function () {
  this.timeout(90_000);
  let browser: Browser;
  let server: TestServer;
  let api: ApiClient;
  let tree: Tree;
  let context: BrowserContext;

  before(async function () {
    skipWithoutChromium(this);
    server = await sharedServer();
    api = await sharedApi();
    tree = await createTree(api);
    browser = await launchBrowser();
  });
  after(async () => { await browser?.close(); });
  beforeEach(async () => { context = await browser?.newContext({ locale: 'fa-IR' }); });
  afterEach(async () => { await context?.close(); });

  async function signedIn(userName: string, password = USER_PASSWORD, rememberMe = false): Promise<Page> {
    const page = await context.newPage();
    const login = new LoginPage(page, server.url);
    await login.open();
    await login.signIn(userName, password, rememberMe);
    await new Shell(page).waitForDashboard();
    return page;
  }

  it('starts in Persian right to left and switches to English left to right', async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}/account/login`);
    await page.getByTestId('login-form').waitFor();
    const shell = new Shell(page);
    expect(await shell.direction()).to.equal('rtl');
    expect(await shell.language()).to.equal('fa');
    expect(await page.getByTestId('login-submit').innerText()).to.equal('ورود');
    await shell.toggleLanguage();
    expect(await shell.direction()).to.equal('ltr');
    expect(await shell.language()).to.equal('en-US');
    expect(await page.getByTestId('login-submit').innerText()).to.equal('Sign in');
    await page.reload();
    await page.getByTestId('login-form').waitFor();
    expect(await shell.direction()).to.equal('ltr');
  });

  it('forces a first-time user to change the password, then lands on the dashboard', async () => {
    const userName = unique('first');
    await createUser(api, tree.orgAdmin.token, { userName, organizationId: tree.organization.id, changePasswordRequired: true });
    const page = await context.newPage();
    const login = new LoginPage(page, server.url);
    await login.open();
    await login.signIn(userName, USER_PASSWORD);
    const change = new ChangePasswordPage(page);
    await change.waitFor();
    expect(new URL(page.url()).pathname).to.equal('/account/change-password');
    // A guarded page sends the user back here until the password is changed.
    await page.goto(`${server.url}/`);
    await change.waitFor();
    await change.change(USER_PASSWORD, 'Brand#New9', 'Brand#New8');
    expect(await page.locator('#cp-confirmPassword-error').innerText()).to.equal('رمز عبور و تکرار آن یکسان نیستند!');
    await change.change(USER_PASSWORD, 'weak');
    await page.locator('#cp-newPassword-error').waitFor();
    await change.change(USER_PASSWORD, 'Brand#New9');
    await new Shell(page).waitForDashboard();
  });

  it('keeps the return address through sign-in', async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}/login-history?from=a%3Ab`);
    await page.getByTestId('login-form').waitFor();
    expect(new URL(page.url()).pathname).to.equal('/account/login');
    await new LoginPage(page, server.url).signIn(tree.subUser.userName, USER_PASSWORD);
    await page.getByTestId('login-history-page').waitFor();
    const url = new URL(page.url());
    expect(url.pathname).to.equal('/login-history');
    expect(decodeURIComponent(url.search)).to.equal('?from=a:b');
  });

  it('refreshes an expired token once for two calls that hit it', async () => {
    const page = await signedIn(tree.resellerAdmin.userName);
    // The dashboard's own calls must be over first: one still in flight when the token is swapped
    // gets its 401 on this page, whose refresh rotates the refresh token on the server while the
    // navigation below throws its answer away; the next page then presents a used refresh token and
    // is signed out (seen whenever an earlier suite left the dashboard something to load).
    await page.waitForLoadState('networkidle');
    // Replace the stored access token with an expired one of the same session.
    const stored = await page.evaluate<{ act: string | null }>("({ act: sessionStorage.getItem('act') })");
    const claims = jwt.decode(stored.act as string) as { sub: string; sid: string };
    const expired = jwt.sign({ sid: claims.sid }, server.peyk.config.jwtKey, { algorithm: 'HS256', subject: claims.sub, issuer: 'peyk', expiresIn: -60 });
    await page.evaluate(`sessionStorage.setItem('act', ${JSON.stringify(expired)})`);
    const refreshes: Request[] = [];
    const unauthorized: string[] = [];
    page.on('request', (r) => { if (r.url().includes('/api/Account/RefreshToken')) refreshes.push(r); });
    page.on('response', (r) => { if (r.status() === 401) unauthorized.push(r.url()); });
    // The sessions page asks for its list while the layout asks for the current user: two calls at once.
    await page.goto(`${server.url}/sessions`);
    await page.getByTestId('session-row').first().waitFor();
    expect(unauthorized.length, 'at least two calls hit the expired token').to.be.greaterThan(1);
    expect(refreshes).to.have.length(1);
    expect(await page.evaluate("sessionStorage.getItem('act')")).to.not.equal(expired);
  });

  it('shows the 403 dialog with the spec text', async () => {
    const page = await signedIn(tree.subUser.userName);
    await page.goto(`${server.url}/users`);
    const shell = new Shell(page);
    await page.getByTestId('error-dialog').waitFor();
    expect(await shell.dialogMessage()).to.equal('کاربر گرامی، شما به این بخش دسترسی ندارید.');
  });

  it('shows the startup-error screen when the client data fails, and the update notice while updating', async () => {
    const page = await context.newPage();
    await page.route('**/api/CustomerDomains/GetCurrentClientData*', (route) => route.abort());
    await page.goto(`${server.url}/`);
    await page.getByTestId('startup-error').waitFor();
    expect(await page.getByTestId('startup-error').innerText()).to.contain('در ارتباط با سرور مشکلی وجود دارد');
    await server.peyk.kv.set('server-state', 'updating');
    try {
      await page.reload();
      await page.getByTestId('startup-error').waitFor();
      expect(await page.getByTestId('startup-error').innerText()).to.contain('در حال به‌روزرسانی');
    } finally {
      await server.peyk.kv.del('server-state');
    }
  });

  it('shows the not-found page inside the layout with a way home', async () => {
    const page = await signedIn(tree.subUser.userName);
    await page.goto(`${server.url}/no-such-page`);
    await page.getByTestId('not-found').waitFor();
    await page.evaluate("localStorage.setItem('language', 'en-US')");
    await page.reload();
    await page.getByTestId('not-found').waitFor();
    expect(await page.getByTestId('not-found').innerText()).to.contain('sorry,we couldn`T find this page !');
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await new Shell(page).waitForDashboard();
  });

  it('reloads the other tab when one tab logs out', async () => {
    const first = await signedIn(tree.subAdmin.userName, USER_PASSWORD, true);
    const second = await context.newPage();
    await second.goto(`${server.url}/`);
    await new Shell(second).waitForDashboard();
    await new Shell(first).logout();
    // Polled rather than waitForURL: the reload to the origin and the guard's redirect are two
    // navigations, and waitForURL reports the first one's replacement as an abort.
    const deadline = Date.now() + 15_000;
    while (!/\/account\/login$/.test(new URL(second.url()).pathname) && Date.now() < deadline) await sleep(100);
    expect(new URL(second.url()).pathname).to.equal('/account/login');
  });

  it('sends the chosen organization as c-org-id', async () => {
    const page = await signedIn(tree.resellerAdmin.userName);
    const switcher = new Shell(page).switcher();
    await switcher.waitFor();
    const headers: (string | undefined)[] = [];
    page.on('request', (r) => { if (r.url().includes('/api/Users/GetCurrentUser')) headers.push(r.headers()['c-org-id']); });
    await switcher.selectOption(String(tree.sub.id));
    await page.waitForTimeout(500);
    expect(headers).to.include(String(tree.sub.id));
    expect(await page.evaluate("localStorage.getItem('active-organization')")).to.equal(String(tree.sub.id));
  });

  it('shows a known UTC instant as a Jalali date in Tehran time', async () => {
    const page = await signedIn(tree.orgAdmin.userName);
    await server.peyk.database.knex('users').where({ id: tree.orgAdmin.userId }).update({ lastLoginAt: new Date('2026-11-22T09:00:00Z') });
    server.peyk.container.get<AuthEpoch>(TYPES.AuthEpoch).bump();
    await page.reload();
    await new Shell(page).waitForDashboard();
    const text = await new Shell(page).lastLogin();
    expect(text).to.contain('۱۴۰۵/۰۹/۰۱');
    expect(text).to.contain('۱۲:۳۰');
  });

  it('shows a pushed notification at once and counts down to the next poll', async () => {
    const page = await signedIn(tree.subAdmin.userName);
    const unread = page.getByTestId('notifications-unread');
    await unread.waitFor();
    const before = Number(await unread.getAttribute('data-count'));
    // The badge speaks the page's language: Persian digits in Persian.
    expect(await unread.innerText()).to.equal(persianDigits(before));
    // Give the websocket a moment to connect, then raise a notification on the server.
    await page.waitForTimeout(500);
    const service = server.peyk.container.get(NotificationsService);
    await server.peyk.container.get<UnitOfWork>(TYPES.UnitOfWork).run((tx) =>
      service.notify(tx, { userId: tree.subAdmin.userId, organizationId: tree.sub.id, kind: 'Test', title: 'Hello', body: 'Pushed' }));
    // Polled from the test side: waitForFunction's in-page polling builds functions from strings,
    // which the panel's CSP (no unsafe-eval) refuses whenever the first check is false.
    await pollPage(() => page.evaluate<number>("Number(document.querySelector('[data-testid=notifications-unread]')?.dataset.count)"), (n) => n === before + 1, 10_000);
    expect(await unread.innerText()).to.equal(persianDigits(before + 1));
    const first = Number(await page.getByTestId('notifications-countdown').getAttribute('data-count'));
    await page.waitForTimeout(2100);
    const later = Number(await page.getByTestId('notifications-countdown').getAttribute('data-count'));
    expect(first).to.be.at.most(25);
    expect(later).to.be.below(first);
  });

  it('registers the service worker once the app is idle', async () => {
    const page = await signedIn(tree.subAdmin.userName);
    const scope = await pollPage(() => page.evaluate<string | null>('navigator.serviceWorker.getRegistration().then((r) => (r ? r.scope : null))'), (v) => Boolean(v), 15_000);
    expect(scope).to.equal(`${server.url}/`);
  });
});

/** Asks the page until the answer is accepted (or the time runs out); answers the accepted value. */
async function pollPage<T>(ask: () => Promise<T>, accept: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await ask();
    if (accept(value)) return value;
    if (Date.now() > deadline) throw new Error(`page did not reach the expected state in ${timeoutMs} ms (last: ${JSON.stringify(value)})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
