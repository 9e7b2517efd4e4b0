import { expect } from 'chai';
import { createOrganization, createTree, login, sharedApi, unique, type Tree } from '../support/fixtures.js';
import type { ApiClient, ApiResponse, CallOptions } from '../support/api-client.js';
import { ok } from '../support/envelope.js';

describe('Audit trail', function () {
  this.timeout(60_000);
  const USER_AGENT = 'peyk-audit-test/1.0 (mocha)';
  let api: ApiClient;
  let tree: Tree;

  const as = (token: string, extra: CallOptions = {}): CallOptions => ({ token, headers: { 'user-agent': USER_AGENT }, ...extra });

  async function audits(query: Record<string, string | number>, token = tree.resellerAdmin.token): Promise<{ items: any[]; totalCount: number }> {
    const qs = new URLSearchParams(Object.entries({ pageSize: 500, ...query }).map(([k, v]): [string, string] => [k, String(v)]));
    return ok(await api.get(`Audits/GetAll?${qs}`, { token }));
  }

  /** Every key that names a secret holds '***' at most, and no secret text appears anywhere. */
  function expectNoSecrets(value: unknown, secrets: string[]): void {
    const text = JSON.stringify(value);
    for (const s of secrets) expect(text, 'a password reached the audit trail').to.not.contain(s);
    expect(text, 'a password hash reached the audit trail').to.not.contain('scrypt$');
    const walk = (v: unknown): void => {
      if (Array.isArray(v)) { v.forEach(walk); return; }
      if (v && typeof v === 'object') {
        for (const [k, inner] of Object.entries(v)) {
          if (/password/i.test(k) && !/required|changedAt/i.test(k)) expect(inner, k).to.equal('***');
          walk(inner);
        }
      }
    };
    walk(value);
  }

  before(async () => {
    api = await sharedApi();
    tree = await createTree(api);
  });

  it('records create, update, state changes and delete of an organization with old and new data, IP and user agent', async () => {
    const name = unique('Audited org ');
    const created = await api.post('Organizations/Create', { name, ceoFullName: 'First CEO' }, as(tree.resellerAdmin.token));
    const org = ok(created);

    let page = await audits({ className: 'Organization', referenceId: org.id });
    expect(page.totalCount).to.equal(1);
    const create = page.items[0];
    expect(create).to.include({
      operationType: 'Create', className: 'Organization', referenceId: String(org.id), organizationId: org.id,
      userId: tree.resellerAdmin.userId, userName: tree.resellerAdmin.userName, impersonatorUserId: null,
      remoteIpAddress: '127.0.0.1', userAgent: USER_AGENT, requestId: created.headers.get('x-request-id'),
    });
    expect(create.oldData).to.equal(null);
    expect(create.newData).to.include({ id: org.id, name, ceoFullName: 'First CEO', parentId: tree.reseller.id });
    expect(Date.parse(create.at)).to.be.closeTo(Date.now(), 120_000);

    const renamed = unique('Renamed org ');
    ok(await api.post('Organizations/Update', { id: org.id, name: renamed, ceoFullName: 'Second CEO' }, as(tree.resellerAdmin.token)));
    ok(await api.post(`Organizations/Deactivate/${org.id}`, undefined, as(tree.resellerAdmin.token)));

    const path = `Organizations/Delete/${org.id}`;
    const ask = await api.delete(path, as(tree.resellerAdmin.token));
    expect(ask.status).to.equal(400);
    const { confirmationId, confirmationNumber } = ask.body.data;
    ok(await api.delete(`${path}?confirmationId=${confirmationId}&confirmationNumber=${confirmationNumber}`, as(tree.resellerAdmin.token)));

    page = await audits({ className: 'Organization', referenceId: org.id });
    expect(page.items.map((i) => i.operationType), 'newest first').to.deep.equal(['Delete', 'Deactivate', 'Update', 'Create']);
    const [del, deactivate, update] = page.items;
    expect(update.oldData).to.include({ name, ceoFullName: 'First CEO' });
    expect(update.newData).to.include({ name: renamed, ceoFullName: 'Second CEO' });
    expect(update).to.include({ remoteIpAddress: '127.0.0.1', userAgent: USER_AGENT, userId: tree.resellerAdmin.userId });
    expect(deactivate.oldData).to.deep.equal({ isActive: true });
    expect(deactivate.newData).to.deep.equal({ isActive: false });
    expect(del.oldData).to.include({ id: org.id, name: renamed });
    expect(del.newData).to.deep.equal({ deletedOrganizationIds: [org.id] });
    expect(del.organizationId, 'the delete row lives with the parent, which still exists').to.equal(tree.reseller.id);

    const byType = await audits({ className: 'Organization', operationType: 'Update', referenceId: org.id });
    expect(byType.items.map((i) => i.id)).to.deep.equal([update.id]);
    const byUser = await audits({ userId: tree.resellerAdmin.userId, referenceId: org.id, className: 'Organization' });
    expect(byUser.totalCount).to.equal(4);
  });

  it('records create, update, suspend, password reset and delete of a user without any password in it', async () => {
    const PASSWORD = 'Audit#Secret123';
    const SECOND = 'Second#Secret456';
    const RESET = 'Reset#Secret789';
    const CHANGED = 'Changed#Secret012';
    const userName = unique('audited');
    const created = ok(await api.post('Users/Create', {
      userName, password: PASSWORD, secondPassword: SECOND, firstName: 'Audrey', organizationId: tree.organization.id, changePasswordRequired: false,
    }, as(tree.orgAdmin.token)));

    let page = await audits({ className: 'User', referenceId: created.id }, tree.orgAdmin.token);
    expect(page.totalCount).to.equal(1);
    expect(page.items[0]).to.include({
      operationType: 'Create', organizationId: tree.organization.id, userId: tree.orgAdmin.userId, remoteIpAddress: '127.0.0.1', userAgent: USER_AGENT,
    });
    expect(page.items[0].newData).to.include({ id: created.id, userName, firstName: 'Audrey', organizationId: tree.organization.id });
    expect(page.items[0].newData).to.not.have.any.keys('passwordHash', 'secondPasswordHash', 'password', 'secondPassword');

    ok(await api.post('Users/Update', { id: created.id, firstName: 'Audra', secondPassword: 'Another#Second1' }, as(tree.orgAdmin.token)));
    ok(await api.post(`Users/Suspend/${created.id}`, undefined, as(tree.orgAdmin.token)));
    ok(await api.post(`Users/Unblock/${created.id}`, undefined, as(tree.orgAdmin.token)));
    ok(await api.post('Users/ResetPassword', { id: created.id, password: RESET }, as(tree.orgAdmin.token)));
    const session = await login(api, userName, RESET);
    ok(await api.post('Account/ChangePassword', { currentPassword: RESET, newPassword: CHANGED, confirmPassword: CHANGED }, as(session.accessToken)));
    ok(await api.delete(`Users/Delete/${created.id}`, as(tree.orgAdmin.token)));

    page = await audits({ className: 'User', referenceId: created.id }, tree.orgAdmin.token);
    expect(page.items.map((i) => i.operationType)).to.deep.equal(['Delete', 'ChangePassword', 'ResetPassword', 'Unblock', 'Suspend', 'Update', 'Create']);
    const byType = Object.fromEntries(page.items.map((i) => [i.operationType, i]));
    expect(byType.Update.oldData).to.include({ firstName: 'Audrey' });
    expect(byType.Update.newData).to.include({ firstName: 'Audra' });
    expect(byType.Suspend.newData).to.include({ isSuspended: true });
    expect(byType.ChangePassword.userId, 'the user changed their own password').to.equal(created.id);
    expect(byType.Delete.oldData).to.include({ id: created.id, userName });
    for (const row of page.items) expect(row.remoteIpAddress).to.equal('127.0.0.1');
    expectNoSecrets(page.items, [PASSWORD, SECOND, 'Another#Second1', RESET, CHANGED]);

    // The administrator's own trail of the same day holds no secret either.
    expectNoSecrets((await audits({ userId: tree.orgAdmin.userId }, tree.orgAdmin.token)).items, [PASSWORD, SECOND, RESET, CHANGED]);
  });

  it('a rejected call writes no audit row', async () => {
    const org = await createOrganization(api, tree.resellerAdmin.token, { name: unique('Guarded org '), maxOrganization: 1 });
    await createOrganization(api, tree.resellerAdmin.token, { name: unique('Only child '), parentId: org.id });
    const count = async (query: Record<string, string | number>) => (await audits(query)).totalCount;
    const orgRows = await count({ className: 'Organization', referenceId: org.id });
    const userCreates = await count({ className: 'User', operationType: 'Create' });
    const orgCreates = await count({ className: 'Organization', operationType: 'Create' });
    const orgDeletes = await count({ className: 'Organization', operationType: 'Delete' });
    expect(orgRows, 'only its Create so far').to.equal(1);

    const rejected: [string, Promise<ApiResponse>, number][] = [
      ['schema: empty name', api.post('Organizations/Update', { id: org.id, name: '' }, as(tree.resellerAdmin.token)), 400],
      ['schema: unknown field', api.post('Organizations/Update', { id: org.id, color: 'red' }, as(tree.resellerAdmin.token)), 400],
      ['service: half a send window', api.post('Organizations/Update', { id: org.id, sendStartTime: '09:00' }, as(tree.resellerAdmin.token)), 400],
      ['service: move into own subtree', api.post('Organizations/Update', { id: tree.organization.id, parentId: tree.sub.id }, as(tree.resellerAdmin.token)), 400],
      ['service: sub-organization limit', api.post('Organizations/Create', { name: unique('One too many '), parentId: org.id }, as(tree.resellerAdmin.token)), 400],
      ['confirmation asked', api.delete(`Organizations/Delete/${org.id}`, as(tree.resellerAdmin.token)), 400],
      ['schema: bad mobile', api.post('Users/Create', { userName: unique('bad'), password: 'Good#Pass123', mobile: '123' }, as(tree.resellerAdmin.token)), 400],
      ['service: weak password', api.post('Users/Create', { userName: unique('weak'), password: 'weakpassword' }, as(tree.resellerAdmin.token)), 400],
      ['service: taken user name', api.post('Users/Create', { userName: tree.subUser.userName, password: 'Good#Pass123' }, as(tree.resellerAdmin.token)), 409],
    ];
    for (const [what, pending, status] of rejected) {
      const res = await pending;
      expect(res.status, `${what}: ${JSON.stringify(res.body)}`).to.equal(status);
    }
    // A call refused for lack of access writes nothing either.
    const forbidden = await api.post('Organizations/Update', { id: org.id, name: 'By a user' }, as(tree.subUser.token));
    expect(forbidden.status).to.equal(403);

    expect(await count({ className: 'Organization', referenceId: org.id })).to.equal(orgRows);
    expect(await count({ className: 'Organization', referenceId: tree.organization.id, operationType: 'Update' })).to.equal(0);
    expect(await count({ className: 'User', operationType: 'Create' })).to.equal(userCreates);
    expect(await count({ className: 'Organization', operationType: 'Create' })).to.equal(orgCreates);
    expect(await count({ className: 'Organization', operationType: 'Delete' })).to.equal(orgDeletes);
  });

  it("searches by action, entity and the user's name (3 characters at least; % and _ are literal)", async () => {
    const org = await createOrganization(api, tree.resellerAdmin.token, { name: unique('Searched org ') });
    ok(await api.post(`Organizations/Deactivate/${org.id}`, undefined, as(tree.resellerAdmin.token)));
    const all = await audits({});

    // The user: rows of the organization's administrator (tree set-up), found by user name and by first name.
    const byUser = await audits({ search: tree.orgAdmin.userName.toUpperCase() });
    expect(byUser.totalCount).to.be.greaterThan(0).and.below(all.totalCount);
    expect(byUser.items.every((a) => a.userName === tree.orgAdmin.userName)).to.equal(true);
    const byFirstName = await audits({ search: 'oadmin' });
    expect(byFirstName.items.map((a) => a.userName)).to.include(tree.orgAdmin.userName);

    // The action and the entity.
    const byAction = await audits({ search: 'deactiv' });
    expect(byAction.items.map((a) => a.referenceId)).to.include(String(org.id));
    expect(byAction.items.every((a) => /deactiv/i.test(a.operationType))).to.equal(true);
    const byEntity = await audits({ search: 'organizat' });
    expect(byEntity.totalCount).to.be.below(all.totalCount);
    expect(byEntity.items.every((a) => /organizat/i.test(`${a.className} ${a.operationType}`))).to.equal(true);
    // It combines with the other filters.
    expect((await audits({ search: 'deactiv', referenceId: org.id })).totalCount).to.equal(1);

    expect((await audits({ search: '%%%' })).totalCount).to.equal(0);
    expect((await audits({ search: '___' })).totalCount).to.equal(0);
    const short = await api.get('Audits/GetAll?search=ab', { token: tree.resellerAdmin.token });
    expect(short.status).to.equal(400);
    expect(short.body.validationErrors?.map((v: { propertyName: string }) => v.propertyName)).to.deep.equal(['search']);
  });

  it('the audit list itself needs the claim', async () => {
    const res = await api.get('Audits/GetAll', { token: tree.subUser.token });
    expect(res.status).to.equal(403);
  });
});
