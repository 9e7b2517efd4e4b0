import { expect } from 'chai';
import { ApiClient } from './api-client.js';
import { INITIAL_ADMIN_PASSWORD, startTestServer, type TestServer } from './test-server.js';

export const ADMIN_PASSWORD = 'Admin#Pass2';
export const USER_PASSWORD = 'User#Pass1';

let shared: Promise<TestServer> | null = null;
let adminTokenPromise: Promise<string> | null = null;
let adminTokenAt = 0;
/**
 * Access tokens live 15 minutes (config auth.accessTokenTtlSeconds); a lane of the suite runs longer
 * than that, so the shared administrator token is taken anew once it is this old.
 */
const ADMIN_TOKEN_REUSE_MS = 10 * 60_000;
let counter = 0;

/** One server for the whole API suite (starting one costs seconds); stopped by the root hook. */
export function sharedServer(): Promise<TestServer> {
  shared ??= startTestServer();
  return shared;
}

export async function stopSharedServer(): Promise<void> {
  if (!shared) return;
  const s = await shared;
  shared = null;
  adminTokenPromise = null;
  await s.stop();
}

let browserPhase = false;

/**
 * Once, before the first browser suite: the shared server the unit, API and integration suites
 * filled is stopped, so the browser suites get a fresh one. The pages then meet neither that data
 * nor the background work it keeps alive on the embedded database's one connection (resend rules,
 * webhook retries, occasions, imports); the browser phase once saturated that connection.
 */
export async function enterBrowserPhase(): Promise<void> {
  if (browserPhase) return;
  browserPhase = true;
  await stopSharedServer();
}

export async function sharedApi(): Promise<ApiClient> {
  return new ApiClient((await sharedServer()).url);
}

/** A name no other test uses, so tests share a server without seeing each other's data. */
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`;
}

export async function login(api: ApiClient, userName: string, password: string): Promise<{ accessToken: string; refreshToken: string; changePasswordRequired: boolean }> {
  const res = await api.post('Account/Login', { userName, password });
  expect(res.status, JSON.stringify(res.body)).to.equal(200);
  return res.body.data;
}

/** The first administrator, past the forced password change. */
export async function adminToken(api: ApiClient): Promise<string> {
  if (adminTokenPromise && Date.now() - adminTokenAt > ADMIN_TOKEN_REUSE_MS) adminTokenPromise = null;
  if (!adminTokenPromise) adminTokenAt = Date.now();
  adminTokenPromise ??= (async () => {
    const first = await api.post('Account/Login', { userName: 'admin', password: INITIAL_ADMIN_PASSWORD });
    if (first.status === 200 && first.body.data.changePasswordRequired) {
      const changed = await api.post('Account/ChangePassword',
        { currentPassword: INITIAL_ADMIN_PASSWORD, newPassword: ADMIN_PASSWORD, confirmPassword: ADMIN_PASSWORD },
        { token: first.body.data.accessToken });
      expect(changed.status, JSON.stringify(changed.body)).to.equal(200);
    }
    return (await login(api, 'admin', ADMIN_PASSWORD)).accessToken;
  })();
  return adminTokenPromise;
}

export async function createOrganization(api: ApiClient, token: string, body: Record<string, unknown>, orgId?: number): Promise<any> {
  const res = await api.post('Organizations/Create', body, { token, orgId });
  expect(res.status, JSON.stringify(res.body)).to.equal(200);
  return res.body.data;
}

export async function createUser(api: ApiClient, token: string, body: Record<string, unknown>, orgId?: number): Promise<any> {
  const res = await api.post('Users/Create', { password: USER_PASSWORD, changePasswordRequired: false, ...body }, { token, orgId });
  expect(res.status, JSON.stringify(res.body)).to.equal(200);
  return res.body.data;
}

export interface Actor {
  userId: number;
  userName: string;
  organizationId: number;
  token: string;
}

async function actor(api: ApiClient, creatorToken: string, organizationId: number, isAdmin: boolean, prefix: string): Promise<Actor> {
  const userName = unique(prefix);
  const user = await createUser(api, creatorToken, { userName, organizationId, isAdmin, firstName: prefix });
  const { accessToken } = await login(api, userName, USER_PASSWORD);
  return { userId: user.id, userName, organizationId, token: accessToken };
}

export interface Tree {
  reseller: any;
  organization: any;
  sub: any;
  otherReseller: any;
  otherOrganization: any;
  resellerAdmin: Actor;
  orgAdmin: Actor;
  subAdmin: Actor;
  subUser: Actor;
  otherAdmin: Actor;
}

/**
 * reseller → organization → sub-organization, each with an administrator (and a plain user at the
 * bottom), plus a second reseller tree beside it for cross-tree checks.
 */
export async function createTree(api: ApiClient): Promise<Tree> {
  const admin = await adminToken(api);
  const reseller = await createOrganization(api, admin, { name: unique('Reseller '), type: 'reseller' });
  const otherReseller = await createOrganization(api, admin, { name: unique('Other reseller '), type: 'reseller' });
  const resellerAdmin = await actor(api, admin, reseller.id, true, 'radmin');
  const otherAdmin = await actor(api, admin, otherReseller.id, true, 'xadmin');
  const organization = await createOrganization(api, resellerAdmin.token, { name: unique('Org ') });
  const otherOrganization = await createOrganization(api, otherAdmin.token, { name: unique('Other org ') });
  const orgAdmin = await actor(api, resellerAdmin.token, organization.id, true, 'oadmin');
  const sub = await createOrganization(api, orgAdmin.token, { name: unique('Sub ') });
  const subAdmin = await actor(api, orgAdmin.token, sub.id, true, 'sadmin');
  const subUser = await actor(api, subAdmin.token, sub.id, false, 'suser');
  return { reseller, organization, sub, otherReseller, otherOrganization, resellerAdmin, orgAdmin, subAdmin, subUser, otherAdmin };
}
