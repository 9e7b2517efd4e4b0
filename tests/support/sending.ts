import type { ApiClient } from './api-client.js';
import { ok } from './envelope.js';
import { expect } from 'chai';
import { adminToken, createOrganization, createTree, createUser, sharedApi, unique, type Tree } from './fixtures.js';
import { INITIAL_ADMIN_PASSWORD } from './test-server.js';

export { bad, ok } from './envelope.js';



export const tariffBody = (title: string, rate: number) => ({
  title, ranges: [{ fromCount: 0, toCount: null, prices: { mci: rate, irancell: rate, rightel: rate, other: rate, international: rate * 10 } }],
});

/** Tariffs down the tree and credit in every organization, so the tree's sub-organization can send. */
export async function fundTree(api: ApiClient, tree: Tree, credit = 10_000_000): Promise<void> {
  const superToken = await adminToken(api);
  const sys = ok(await api.post('Tariffs/Create', tariffBody(unique('Sys '), 50), { token: superToken }));
  const res = ok(await api.post('Tariffs/Create', tariffBody(unique('Res '), 100), { token: tree.resellerAdmin.token }));
  ok(await api.post('Tariffs/AssignToOrganization', { organizationId: tree.reseller.id, tariffId: sys.id }, { token: superToken }));
  for (const org of [tree.organization, tree.sub]) ok(await api.post('Tariffs/AssignToOrganization', { organizationId: org.id, tariffId: res.id }, { token: tree.resellerAdmin.token }));
  ok(await api.post('Credits/ChargeOrganization', { organizationId: tree.reseller.id, amount: credit * 3 }, { token: superToken }));
  ok(await api.post('Credits/ChargeOrganization', { organizationId: tree.organization.id, amount: credit * 2 }, { token: tree.resellerAdmin.token }));
  ok(await api.post('Credits/ChargeOrganization', { organizationId: tree.sub.id, amount: credit }, { token: tree.orgAdmin.token }));
}

let lineCounter = 0;

/** A simulator sender agent with these options (and agent fields, e.g. maxPerSecond) and a public line on it (owned by the system organization). */
export async function simulatorLine(api: ApiClient, options: Record<string, unknown>, line: Record<string, unknown> = {}, agentFields: Record<string, unknown> = {}): Promise<{ agentId: number; lineId: number; number: string }> {
  const superToken = await adminToken(api);
  const agent = ok(await api.post('SenderAgents/Create', {
    title: unique('Sim '), pluginName: 'simulator', options: { submitLatencyMs: 0, deliveryDelayMs: 10, deliveryRatio: 1, seed: 1, ...options }, maxPerSecond: 100_000,
    isActive: true, isSendActive: true, isActiveAllTime: true, ...agentFields,
  }, { token: superToken }));
  lineCounter += 1;
  const number = `3000${String(Date.now()).slice(-6)}${lineCounter}`.slice(0, 12);
  const created = ok(await api.post('PrivateNumbers/Create', {
    number, useForm: 'OneNumber', numberType: 'Public', typePrivateNumber: 'Bulk', smsSenderAgentId: agent.id,
    isPublic: true, isActive: true, isSendSingle: true, isSendBulk: true, isSendP2P: true, isSendApiSingle: true, isSendApiP2P: true, isSendOtp: true,
    isGeneralBlackList: true, deliveryBase: true, ...line,
  }, { token: superToken }));
  return { agentId: agent.id, lineId: created.id, number };
}

/** Polls the outbox until the send settles (or the time runs out). */
export async function waitForSend(api: ApiClient, token: string, id: number, until = (s: any) => s.queueStatus === 'Completed', timeoutMs = 30_000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const send = ok(await api.get(`OutBox/Get/${id}`, { token }));
    if (until(send)) return send;
    if (Date.now() > deadline) throw new Error(`send ${id} did not settle: ${JSON.stringify(send)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function available(api: ApiClient, token: string, organizationId: number): Promise<{ balance: bigint; held: bigint }> {
  const c = ok(await api.get(`Organizations/GetOrganizationCreditForAdmin?organizationId=${organizationId}`, { token }));
  return { balance: BigInt(c.balance ?? c.credit), held: BigInt(c.held ?? 0) };
}

/**
 * For a test that runs its own server (its own clock or settings): the first administrator past
 * the forced password change, and one funded reseller organization with an administrator who sends.
 */
export async function standaloneSender(api: ApiClient, name: string, credit = 1_000_000): Promise<{ admin: string; token: string; organizationId: number }> {
  const first = ok(await api.post('Account/Login', { userName: 'admin', password: INITIAL_ADMIN_PASSWORD }));
  ok(await api.post('Account/ChangePassword', { currentPassword: INITIAL_ADMIN_PASSWORD, newPassword: 'Admin#Pass9', confirmPassword: 'Admin#Pass9' }, { token: first.accessToken }));
  const admin = ok(await api.post('Account/Login', { userName: 'admin', password: 'Admin#Pass9' })).accessToken;
  const org = ok(await api.post('Organizations/Create', { name, type: 'reseller' }, { token: admin }));
  const tariff = ok(await api.post('Tariffs/Create', tariffBody(`${name} flat 100`, 100), { token: admin }));
  ok(await api.post('Tariffs/AssignToOrganization', { organizationId: org.id, tariffId: tariff.id }, { token: admin }));
  ok(await api.post('Credits/ChargeOrganization', { organizationId: org.id, amount: credit }, { token: admin }));
  const userName = `sender${org.id}`;
  ok(await api.post('Users/Create', { userName, password: 'User#Pass1', changePasswordRequired: false, organizationId: org.id, isAdmin: true, firstName: 'S' }, { token: admin }));
  const token = ok(await api.post('Account/Login', { userName, password: 'User#Pass1' })).accessToken;
  return { admin, token, organizationId: org.id };
}

/**
 * A brand-new customer on the shared server: a reseller organization with a 120-rial tariff and
 * 1,000,000 rials of credit, and its administrator (password `USER_PASSWORD`).
 */
export async function fundedCustomer(api: ApiClient, admin: string, label: string, firstName: string): Promise<{ org: any; user: any }> {
  const org = await createOrganization(api, admin, { name: unique(`${label} customer `), type: 'reseller' });
  const tariff = ok(await api.post('Tariffs/Create', tariffBody(unique(`${label} retail `), 120), { token: admin }));
  ok(await api.post('Tariffs/AssignToOrganization', { organizationId: org.id, tariffId: tariff.id }, { token: admin }));
  ok(await api.post('Credits/ChargeOrganization', { organizationId: org.id, amount: 1_000_000 }, { token: admin }));
  const user = await createUser(api, admin, { userName: unique(label.toLowerCase()), organizationId: org.id, isAdmin: true, firstName });
  return { org, user };
}

/** On a test's own server (`standaloneSender`): a simulator agent with these options and a public line `number` on it. */
export async function standaloneLine(api: ApiClient, admin: string, number: string, options: Record<string, unknown>, line: Record<string, unknown> = {}): Promise<{ agentId: number; lineId: number }> {
  const agent = ok(await api.post('SenderAgents/Create', {
    title: `Sim ${number}`, pluginName: 'simulator', maxPerSecond: 1_000, isActive: true, isSendActive: true, isActiveAllTime: true,
    options: { submitLatencyMs: 0, deliveryRatio: 1, ...options },
  }, { token: admin }));
  const lineId = ok(await api.post('PrivateNumbers/Create', {
    number, useForm: 'OneNumber', numberType: 'Public', typePrivateNumber: 'Bulk', smsSenderAgentId: agent.id, isPublic: true, isActive: true, isSendBulk: true, deliveryBase: true, ...line,
  }, { token: admin })).id;
  return { agentId: agent.id, lineId };
}

/** The shared server with a funded organization tree and a simulator line: the start of every send suite. */
export async function sendingTree(lineOptions: Record<string, unknown> = {}): Promise<{ api: ApiClient; superToken: string; tree: Tree; line: { agentId: number; lineId: number; number: string } }> {
  const api = await sharedApi();
  const superToken = await adminToken(api);
  const tree = await createTree(api);
  await fundTree(api, tree);
  const line = await simulatorLine(api, lineOptions);
  return { api, superToken, tree, line };
}

/** Every account's balance still equals the sum of its entries (for a suite's `after`). */
export async function expectLedgerClean(api: ApiClient): Promise<void> {
  const verify = ok(await api.get('Ledger/Verify', { token: await adminToken(api) }));
  expect(verify.mismatches, 'ledger verify after the file').to.deep.equal([]);
}
