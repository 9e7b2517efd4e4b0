import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { createOrganization, createUser, login, unique, USER_PASSWORD, type Tree } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { available, bad, expectLedgerClean, ok, sendingTree, waitForSend } from '../support/sending.js';

describe('API tokens and the REST API v1', function () {
  this.timeout(120_000);
  let api: ApiClient;
  let tree: Tree;
  let line: { agentId: number; lineId: number; number: string };

  const create = (token: string, body: Record<string, unknown> = {}) => api.post('ApiTokens/Create', { title: unique('Shop '), ...body }, { token });
  const v1 = (key: string, path: string, body?: unknown, culture = 'en-US') =>
    api.call(body === undefined ? 'GET' : 'POST', `v1/${path}`, { body, culture, headers: { 'x-api-key': key } });
  const sendOne = (key: string, body: Record<string, unknown>) => v1(key, 'messages/send', { to: '09121119001', text: 'Your code is 1234', line: line.lineId, ...body });

  before(async () => {
    ({ api, tree, line } = await sendingTree());
  });

  after(async () => {
    await expectLedgerClean(api);
  });

  it('shows the secret once at creation; the list never carries it or its hash', async () => {
    const created = ok(await create(tree.subAdmin.token));
    expect(created.token).to.match(/^pk_[A-Za-z0-9_-]{43}$/);
    expect(created).to.include({ status: 'Active', isCanSend: true, isIgnoreCheckIp: true, userId: tree.subAdmin.userId, prefix: created.token.slice(0, 11) });
    expect(created).to.not.have.property('tokenHash');
    const listed = ok(await api.get('ApiTokens/GetAll', { token: tree.subAdmin.token })).items.find((t: any) => t.id === created.id);
    expect(listed).to.include({ id: created.id, prefix: created.prefix });
    expect(listed).to.not.have.property('token');
    expect(listed).to.not.have.property('tokenHash');
    expect(JSON.stringify(listed)).to.not.contain(created.token.slice(11));
  });

  it('authenticates v1 with x-api-key as its user; nothing else opens v1 and the key opens nothing else', async () => {
    const { token } = ok(await create(tree.subAdmin.token));
    const credit = ok(await v1(token, 'credit'));
    expect(credit.organizationId).to.equal(tree.sub.id);
    expect(BigInt(credit.credit) > 0n).to.equal(true);
    const lines = ok(await v1(token, 'lines'));
    expect(lines.map((l: any) => l.id)).to.include(line.lineId);
    const missing = bad(await api.get('v1/credit'), 401);
    expect(missing.message).to.equal('The API key is invalid or has been revoked.');
    expect(bad(await v1(`pk_${'A'.repeat(43)}`, 'credit', undefined, 'fa-IR'), 401).message).to.equal('کلید API نامعتبر یا باطل شده است.');
    bad(await api.get('v1/credit', { token: tree.subAdmin.token }), 401);
    bad(await api.get('ApiTokens/GetAll', { headers: { 'x-api-key': token } }), 401);
  });

  it('revoke is at once; rotate kills the old secret at once and the new one works', async () => {
    const a = ok(await create(tree.subAdmin.token));
    ok(await v1(a.token, 'credit'));
    expect(ok(await api.post(`ApiTokens/Revoke/${a.id}`, {}, { token: tree.subAdmin.token })).status).to.equal('Revoked');
    bad(await v1(a.token, 'credit'), 401);
    bad(await api.post(`ApiTokens/Rotate/${a.id}`, {}, { token: tree.subAdmin.token }), 404);

    const b = ok(await create(tree.subAdmin.token));
    ok(await v1(b.token, 'credit'));
    const rotated = ok(await api.post(`ApiTokens/Rotate/${b.id}`, {}, { token: tree.subAdmin.token }));
    expect(rotated.token).to.not.equal(b.token);
    bad(await v1(b.token, 'credit'), 401);
    ok(await v1(rotated.token, 'credit'));

    const audits = ok(await api.get('Audits/GetAll?pageSize=50&className=ApiToken', { token: tree.orgAdmin.token }));
    const mine = (audits.items as any[]).filter((r) => r.className === 'ApiToken' && [String(a.id), String(b.id)].includes(String(r.referenceId)));
    expect(mine.map((r) => r.operationType).sort()).to.deep.equal(['Create', 'Create', 'Revoke', 'Rotate']);
    expect(JSON.stringify(mine)).to.not.contain(rotated.token);
  });

  it("another organization's tokens are neither listed nor revocable; an administrator above manages them", async () => {
    const t = ok(await create(tree.subAdmin.token));
    expect(ok(await api.get('ApiTokens/GetAll', { token: tree.otherAdmin.token })).items.map((x: any) => x.id)).to.not.include(t.id);
    bad(await api.post(`ApiTokens/Revoke/${t.id}`, {}, { token: tree.otherAdmin.token }), 404);
    bad(await api.post(`ApiTokens/Rotate/${t.id}`, {}, { token: tree.otherAdmin.token }), 404);
    // A plain user of the same organization sees only their own.
    expect(ok(await api.get('ApiTokens/GetAll', { token: tree.subUser.token })).items.map((x: any) => x.id)).to.not.include(t.id);
    ok(await v1(t.token, 'credit'));
    expect(ok(await api.get('ApiTokens/GetAll', { token: tree.orgAdmin.token })).items.map((x: any) => x.id)).to.include(t.id);
    ok(await api.post(`ApiTokens/Revoke/${t.id}`, {}, { token: tree.orgAdmin.token }));
    bad(await v1(t.token, 'credit'), 401);
  });

  it('an IP-bound token answers 403 from another address; isCanSend false answers 403 on send', async () => {
    const bound = ok(await create(tree.subAdmin.token, { ip: '203.0.113.9', isIgnoreCheckIp: false }));
    expect(bad(await v1(bound.token, 'credit'), 403).message).to.equal('This API key may not be used from this IP address.');
    const ignored = ok(await create(tree.subAdmin.token, { ip: '203.0.113.9', isIgnoreCheckIp: true }));
    ok(await v1(ignored.token, 'credit'));
    const readOnly = ok(await create(tree.subAdmin.token, { isCanSend: false }));
    const count = ok(await api.get('OutBox/GetAll?pageSize=1', { token: tree.subAdmin.token })).totalCount;
    expect(bad(await sendOne(readOnly.token, { sendId: randomUUID() }), 403).message).to.equal('This API key is not allowed to send messages.');
    expect(ok(await api.get('OutBox/GetAll?pageSize=1', { token: tree.subAdmin.token })).totalCount).to.equal(count);
  });

  it('a token of a suspended or deactivated user is refused at once', async () => {
    const user = await createUser(api, tree.orgAdmin.token, { userName: unique('apiuser'), organizationId: tree.sub.id, isAdmin: true });
    const userToken = (await login(api, user.userName, USER_PASSWORD)).accessToken;
    const t = ok(await create(userToken));
    ok(await v1(t.token, 'credit'));
    ok(await api.post('Users/Suspend/' + user.id, {}, { token: tree.orgAdmin.token }));
    expect(bad(await v1(t.token, 'credit'), 401).message).to.equal('The user or organization of this API key is inactive or expired.');
    ok(await api.post('Users/Unblock/' + user.id, {}, { token: tree.orgAdmin.token }));
    ok(await v1(t.token, 'credit'));
    ok(await api.post('Users/Update', { id: user.id, isActive: false }, { token: tree.orgAdmin.token }));
    expect(bad(await v1(t.token, 'credit'), 401).message).to.equal('The user or organization of this API key is inactive or expired.');
  });

  it('sends one through the simulator line; a repeated sendId answers the first send and holds money once', async () => {
    const { token } = ok(await create(tree.subAdmin.token));
    const before = await available(api, tree.orgAdmin.token, tree.sub.id);
    const sendId = randomUUID();
    const first = ok(await sendOne(token, { sendId }));
    const second = ok(await sendOne(token, { sendId }));
    expect(first).to.include({ recipientCount: 1, repeated: false, sendId });
    expect(second).to.include({ id: first.id, repeated: true });
    const done = await waitForSend(api, tree.subAdmin.token, first.id);
    expect(done).to.include({ status: 'Sent', sentCount: 1, deliveredCount: 1 });
    const after = await available(api, tree.orgAdmin.token, tree.sub.id);
    expect(before.balance - after.balance).to.equal(BigInt(done.totalPrice));
    expect(after.held).to.equal(before.held);

    const byId = ok(await v1(token, `messages/${first.id}`));
    expect(byId).to.include({ id: first.id, status: 'Sent', sendId });
    expect(byId.receiver).to.include({ sendStatus: 'Sent' });
    const bySendId = ok(await v1(token, `messages/by-send-id/${encodeURIComponent(sendId)}`));
    expect(bySendId.id).to.equal(first.id);
    expect(bySendId.receiver.deliveryStatus).to.equal(byId.receiver.deliveryStatus);
    bad(await v1(token, `messages/by-send-id/${randomUUID()}`), 404);
    // The audit of the send says it came through the API.
    const audits = ok(await api.get('Audits/GetAll?pageSize=50&className=ScheduledMessage', { token: tree.orgAdmin.token })).items as any[];
    expect(audits.find((r) => String(r.referenceId) === String(first.id))?.channel).to.equal('api');
  });

  it('answers the panel failure codes: invalid number and no credit', async () => {
    const { token } = ok(await create(tree.subAdmin.token));
    const invalid = bad(await sendOne(token, { to: 'abc' }), 400, 'to');
    expect(invalid.data.failureCode).to.equal('RecipientNotExist');

    const poor = await createOrganization(api, tree.orgAdmin.token, { name: unique('Poor API ') });
    const tariff = ok(await api.get('Tariffs/GetAll?pageSize=100', { token: tree.resellerAdmin.token })).items.find((t: any) => t.ownerOrganizationId === tree.reseller.id);
    ok(await api.post('Tariffs/AssignToOrganization', { organizationId: poor.id, tariffId: tariff.id }, { token: tree.resellerAdmin.token }));
    const poorAdmin = await createUser(api, tree.orgAdmin.token, { userName: unique('poorapi'), organizationId: poor.id, isAdmin: true });
    const poorToken = (await login(api, poorAdmin.userName, USER_PASSWORD)).accessToken;
    const key = ok(await create(poorToken)).token;
    const panel = bad(await api.post('ScheduledMessages/CreateFastScheduledMessage', { mobile: '09121119002', smsBody: 'x', senderNumberId: line.lineId }, { token: poorToken }), 400);
    const viaApi = bad(await sendOne(key, { to: '09121119002', text: 'x' }), 400);
    expect(viaApi.data.failureCode).to.equal('OrganizationCreditNotEnough');
    expect(viaApi.data.failureCode).to.equal(panel.data.failureCode);
    expect(viaApi.message).to.equal(panel.message);
  });
});
