import { expect } from 'chai';
import { sharedApi, createTree, createUser, login, unique, USER_PASSWORD, type Tree } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { bad, ok } from '../support/envelope.js';

describe('who may manage whom', function () {
  this.timeout(60_000);
  let api: ApiClient;
  let tree: Tree;
  before(async () => {
    api = await sharedApi();
    tree = await createTree(api);
  });

  it('keeps a plain user with user-management claims away from their own administrators', async () => {
    const role = await api.post('Roles/Create', { title: unique('helpdesk '), claims: ['Users.View', 'Users.Update', 'Users.Suspend'], organizationId: tree.organization.id }, { token: tree.orgAdmin.token });
    expect(role.status, JSON.stringify(role.body)).to.equal(200);
    const userName = unique('helpdesk');
    const helper = await createUser(api, tree.orgAdmin.token, { userName, organizationId: tree.organization.id });
    expect((await api.post('Roles/AssignToUser', { userId: helper.id, roleId: role.body.data.id }, { token: tree.orgAdmin.token })).status).to.equal(200);
    const token = (await login(api, userName, USER_PASSWORD)).accessToken;

    const reset = await api.post('Users/ResetPassword', { id: tree.orgAdmin.userId, password: 'Taken#Over1' }, { token });
    expect(reset.status).to.equal(403);
    expect(reset.body.message).to.equal("An organization's administrators are managed by the organization above it.");
    expect((await api.post(`Users/Suspend/${tree.orgAdmin.userId}`, undefined, { token })).status).to.equal(403);
    expect((await api.post('Users/Update', { id: tree.orgAdmin.userId, email: 'x@example.com' }, { token })).status).to.equal(403);
    // The administrator is untouched and can still sign in.
    await login(api, tree.orgAdmin.userName, USER_PASSWORD);

    // A plain colleague is fair game for the same helper.
    const colleague = await createUser(api, tree.orgAdmin.token, { userName: unique('colleague'), organizationId: tree.organization.id });
    const suspended = await api.post(`Users/Suspend/${colleague.id}`, undefined, { token });
    expect(suspended.status, JSON.stringify(suspended.body)).to.equal(200);
  });

  it('lets an administrator manage administrators below, but not a peer administrator', async () => {
    const peer = await createUser(api, tree.resellerAdmin.token, { userName: unique('peer'), organizationId: tree.organization.id, isAdmin: true });
    expect((await api.post(`Users/Suspend/${peer.id}`, undefined, { token: tree.orgAdmin.token })).status).to.equal(403);
    expect((await api.post(`Users/Suspend/${peer.id}`, undefined, { token: tree.resellerAdmin.token })).status).to.equal(200);
    expect((await api.post(`Users/Unblock/${tree.subAdmin.userId}`, undefined, { token: tree.orgAdmin.token })).status).to.equal(200);
  });

  it('refuses to delete a role template in use before asking for a confirmation number', async () => {
    const template = await api.post('RoleTemplates/Create', { title: unique('tpl '), claims: ['Dashboard.View', 'Users.View', 'Users.Create'] }, { token: tree.resellerAdmin.token });
    expect(template.status, JSON.stringify(template.body)).to.equal(200);
    const org = await api.post('Organizations/Create', { name: unique('Templated ') }, { token: tree.resellerAdmin.token });
    const assign = await api.post('RoleTemplates/AssignToOrganization', { organizationId: org.body.data.id, roleTemplateId: template.body.data.id }, { token: tree.resellerAdmin.token });
    let assigned = assign;
    if (assign.status === 400 && assign.body.data?.confirmationRequired) {
      assigned = await api.post('RoleTemplates/AssignToOrganization', { organizationId: org.body.data.id, roleTemplateId: template.body.data.id, confirmationId: assign.body.data.confirmationId, confirmationNumber: assign.body.data.confirmationNumber }, { token: tree.resellerAdmin.token });
    }
    expect(assigned.status, JSON.stringify(assigned.body)).to.equal(200);
    const del = await api.delete(`RoleTemplates/Delete/${template.body.data.id}`, { token: tree.resellerAdmin.token });
    expect(del.status).to.equal(400);
    expect(del.body.data?.confirmationRequired).to.equal(undefined);
    expect(del.body.message).to.equal('This role template is assigned to organizations; unassign it first.');
  });

  it("ends the sessions of an organization's users as soon as it expires", async () => {
    const org = (await api.post('Organizations/Create', { name: unique('Expiring ') }, { token: tree.resellerAdmin.token })).body.data;
    const userName = unique('exp');
    await createUser(api, tree.resellerAdmin.token, { userName, organizationId: org.id });
    const token = (await login(api, userName, USER_PASSWORD)).accessToken;
    expect((await api.get('Users/GetCurrentUser', { token })).status).to.equal(200);
    const expired = await api.post('Organizations/Update', { id: org.id, expireTime: new Date(Date.now() - 60_000).toISOString() }, { token: tree.resellerAdmin.token });
    expect(expired.status, JSON.stringify(expired.body)).to.equal(200);
    expect((await api.get('Users/GetCurrentUser', { token })).status).to.equal(401);
    const again = await api.post('Account/Login', { userName, password: USER_PASSWORD });
    expect(again.status).to.equal(400);
    expect(again.body.message).to.equal('Expired organization');
  });

  describe('limits come from above', () => {
    let t: Tree;
    let expireDate: string;
    before(async () => {
      t = await createTree(api);
      expireDate = new Date(Date.now() + 30 * 86_400_000).toISOString();
      // Several mobiles per user are the organization's to allow (isCanSetMultipleMobileForUser).
      ok(await api.post('Organizations/Update', { id: t.organization.id, isCanSetMultipleMobileForUser: true }, { token: t.resellerAdmin.token }));
      // The reseller's administrator limits the organization's administrator.
      ok(await api.post('Users/Update', {
        id: t.orgAdmin.userId, isActiveSend: false, expireDate, mobileCount: 2, isSendSmsDescriptionRequired: true, isCanSendVoice: false,
      }, { token: t.resellerAdmin.token }));
    });

    const me = async (token: string, id: number) => ok(await api.get(`Users/Get/${id}`, { token }));
    /** A send preview answers the standing of the caller before it looks at the line. */
    const preview = (token: string) => api.post('ScheduledMessages/GetScheduledMessageCalculations',
      { senderNumberId: 999_999, smsBody: 'limit test', sendType: 'Bulk', receivers: ['09121234567'] }, { token });

    const lifts: [string, unknown][] = [
      ['isActiveSend', true], ['expireDate', null], ['expireDate', new Date(Date.now() + 3650 * 86_400_000).toISOString()], ['mobileCount', 50],
      ['isSendSmsDescriptionRequired', false], ['isCanSendVoice', true], ['isCanSendSmartWithoutConfirmation', true],
      ['isCanSeeContactsOfPrivatePhonebooks', true], ['isAuthenticated', true], ['isAuthenticatedMobile', true], ['isDefault', true],
    ];
    for (const [field, value] of lifts) {
      it(`a user cannot change their own ${field} → ${JSON.stringify(value)} (403 naming the field, nothing written)`, async () => {
        const before = await me(t.orgAdmin.token, t.orgAdmin.userId);
        const res = await api.post('Users/Update', { id: t.orgAdmin.userId, firstName: unique('Sneaky'), [field]: value }, { token: t.orgAdmin.token });
        const body = bad(res, 403, field);
        expect(body.message).to.include(field);
        const after = await me(t.orgAdmin.token, t.orgAdmin.userId);
        expect(after.firstName, 'nothing of the refused call was written').to.equal(before.firstName);
        expect(after[field]).to.deep.equal(before[field]);
      });
    }

    it('and so still cannot send', async () => {
      const res = bad(await preview(t.orgAdmin.token), 400);
      expect(res.data.failureCode).to.equal('UserIsInactive');
    });

    it('a user edits their personal fields and may post their limits back unchanged (the edit form)', async () => {
      const current = await me(t.orgAdmin.token, t.orgAdmin.userId);
      const updated = ok(await api.post('Users/Update', {
        id: t.orgAdmin.userId, firstName: 'Own', lastName: 'Edit', email: 'own.edit@example.com', mobile: '09121112233', descriptions: 'mine',
        isActiveSend: current.isActiveSend, expireDate: current.expireDate, mobileCount: current.mobileCount, isCanSendVoice: current.isCanSendVoice,
        isActive: current.isActive, isAdmin: current.isAdmin,
      }, { token: t.orgAdmin.token }));
      expect(updated).to.include({ firstName: 'Own', lastName: 'Edit', email: 'own.edit@example.com', isActiveSend: false, mobileCount: 2 });
      expect(Date.parse(updated.expireDate)).to.equal(Date.parse(expireDate));
    });

    it('an administrator of a plain user of the same organization sets and lifts its limits; a plain colleague holding Users.Update does neither', async () => {
      const role = ok(await api.post('Roles/Create', { title: unique('helpdesk '), claims: ['Users.View', 'Users.Update'], organizationId: t.organization.id }, { token: t.orgAdmin.token }));
      const helperName = unique('helper');
      const helper = await createUser(api, t.orgAdmin.token, { userName: helperName, organizationId: t.organization.id, roleTemplateId: role.id });
      const colleague = await createUser(api, t.orgAdmin.token, { userName: unique('mate'), organizationId: t.organization.id });
      const helperToken = (await login(api, helperName, USER_PASSWORD)).accessToken;
      // The administrator limits both.
      for (const id of [helper.id, colleague.id]) ok(await api.post('Users/Update', { id, isActiveSend: false, mobileCount: 1 }, { token: t.orgAdmin.token }));
      // Neither the helper's own limits nor a colleague's move for the helper: a plain user is above nobody.
      bad(await api.post('Users/Update', { id: helper.id, isActiveSend: true }, { token: helperToken }), 403, 'isActiveSend');
      bad(await api.post('Users/Update', { id: colleague.id, isActiveSend: true }, { token: helperToken }), 403, 'isActiveSend');
      bad(await api.post('Users/Update', { id: colleague.id, mobileCount: 9 }, { token: helperToken }), 403, 'mobileCount');
      // Personal fields of a colleague are still the helper's job.
      expect(ok(await api.post('Users/Update', { id: colleague.id, firstName: 'Fixed' }, { token: helperToken })).firstName).to.equal('Fixed');
      expect(ok(await api.post('Users/Update', { id: helper.id, lastName: 'Self' }, { token: helperToken })).lastName).to.equal('Self');
      expect(await me(t.orgAdmin.token, colleague.id)).to.include({ isActiveSend: false, mobileCount: 1 });
      // The administrator is above both.
      ok(await api.post('Users/Update', { id: colleague.id, isActiveSend: true, mobileCount: 3 }, { token: t.orgAdmin.token }));
      expect(await me(t.orgAdmin.token, colleague.id)).to.include({ isActiveSend: true, mobileCount: 3 });
    });

    it("the parent's administrator lifts the limits again, and the user sends", async () => {
      ok(await api.post('Users/Update', { id: t.orgAdmin.userId, isActiveSend: true, expireDate: null }, { token: t.resellerAdmin.token }));
      expect(await me(t.orgAdmin.token, t.orgAdmin.userId)).to.include({ isActiveSend: true, expireDate: null });
      const res = await preview(t.orgAdmin.token);
      expect(res.body.data?.failureCode, JSON.stringify(res.body)).to.not.equal('UserIsInactive');
    });
  });

  describe('taking over a colleague', () => {
    let t: Tree;
    let helperToken: string;
    let finance: any;
    let plain: any;
    before(async () => {
      t = await createTree(api);
      const helpdesk = ok(await api.post('Roles/Create', {
        title: unique('helpdesk '), claims: ['Users.View', 'Users.Update', 'Users.Suspend', 'Users.Impersonate'], organizationId: t.organization.id,
      }, { token: t.orgAdmin.token }));
      const money = ok(await api.post('Roles/Create', {
        title: unique('finance '), claims: ['Financial.View', 'Financial.Payments', 'Sending.Single', 'Sending.Bulk'], organizationId: t.organization.id,
      }, { token: t.orgAdmin.token }));
      const helperName = unique('helper');
      await createUser(api, t.orgAdmin.token, { userName: helperName, organizationId: t.organization.id, roleTemplateId: helpdesk.id });
      finance = await createUser(api, t.orgAdmin.token, { userName: unique('finance'), organizationId: t.organization.id, roleTemplateId: money.id });
      plain = await createUser(api, t.orgAdmin.token, { userName: unique('plain'), organizationId: t.organization.id });
      helperToken = (await login(api, helperName, USER_PASSWORD)).accessToken;
    });

    it('ResetPassword on a colleague holding claims the caller lacks is refused (403); the colleague keeps their password', async () => {
      const res = bad(await api.post('Users/ResetPassword', { id: finance.id, password: 'Taken#Over1' }, { token: helperToken }), 403);
      expect(res.message).to.include('Financial.View');
      await login(api, finance.userName, USER_PASSWORD);
    });

    it("nor may the caller set that colleague's second password or lift a lockout on them", async () => {
      bad(await api.post('Users/Update', { id: finance.id, secondPassword: 'Second#Over1' }, { token: helperToken }), 403);
      expect((await api.post(`Users/Unblock/${finance.id}`, undefined, { token: helperToken })).status).to.equal(403);
    });

    it('nor suspend that colleague (issue 21 F9): 403 naming the claims, and the colleague still signs in', async () => {
      const res = bad(await api.post(`Users/Suspend/${finance.id}`, undefined, { token: helperToken }), 403);
      expect(res.message).to.include('Financial.View');
      await login(api, finance.userName, USER_PASSWORD);
    });

    it("nor change that colleague's email or mobile (where a reset code would go); posting them back unchanged passes", async () => {
      const before = ok(await api.get(`Users/Get/${finance.id}`, { token: t.orgAdmin.token }));
      const email = bad(await api.post('Users/Update', { id: finance.id, email: 'taken@example.com' }, { token: helperToken }), 403, 'email');
      expect(email.message).to.include('Financial.View');
      bad(await api.post('Users/Update', { id: finance.id, mobile: '09127770000' }, { token: helperToken }), 403, 'mobile');
      const after = ok(await api.get(`Users/Get/${finance.id}`, { token: t.orgAdmin.token }));
      expect([after.email, after.mobile]).to.deep.equal([before.email, before.mobile]);
      // The edit form posts every field back: unchanged ones are no change, and a name still is the helper's to fix.
      ok(await api.post('Users/Update', { id: finance.id, email: before.email, mobile: before.mobile, firstName: 'Fixed' }, { token: helperToken }));
      // A colleague holding fewer claims is given a new email and mobile.
      ok(await api.post('Users/Update', { id: plain.id, email: 'plain@example.com', mobile: '09127770001' }, { token: helperToken }));
      // The administrator, who holds the whole ceiling, changes the colleague's email.
      ok(await api.post('Users/Update', { id: finance.id, email: 'finance@example.com' }, { token: t.orgAdmin.token }));
    });

    it('ResetPassword on a colleague holding fewer claims works', async () => {
      ok(await api.post('Users/ResetPassword', { id: plain.id, password: 'Fresh#Pass12' }, { token: helperToken }));
      expect((await login(api, plain.userName, 'Fresh#Pass12')).changePasswordRequired).to.equal(true);
    });

    it('the administrator, who holds the whole ceiling, resets the colleague', async () => {
      ok(await api.post('Users/ResetPassword', { id: finance.id, password: 'Admin#Reset12' }, { token: t.orgAdmin.token }));
      await login(api, finance.userName, 'Admin#Reset12');
    });
  });
});
