import { expect } from 'chai';
import {
  adminToken, createOrganization, createTree, createUser, login, sharedApi, sharedServer, unique, USER_PASSWORD, type Tree,
} from '../support/fixtures.js';
import type { ApiClient, ApiResponse } from '../support/api-client.js';
import { ok } from '../support/envelope.js';

describe('Organizations', function () {
  this.timeout(60_000);
  let api: ApiClient;
  let superToken: string;

  before(async () => {
    api = await sharedApi();
    superToken = await adminToken(api);
  });


  async function getOrg(token: string, id: number): Promise<any> {
    return ok(await api.get(`Organizations/Get/${id}`, { token }));
  }

  async function tryLogin(userName: string): Promise<ApiResponse> {
    return api.post('Account/Login', { userName, password: USER_PASSWORD });
  }

  /**
   * A login meant to fail for an unknown user counts against this machine's IP (after a few the
   * server asks every login from it for a captcha); forget that count so other tests are unaffected.
   */
  async function forgetIpFailures(): Promise<void> {
    await (await sharedServer()).peyk.kv.del('login:ipfail:127.0.0.1');
  }

  /** Answers the confirmation question of a delete and returns the final response. */
  async function confirmedDelete(token: string, id: number, withChildren: boolean): Promise<ApiResponse> {
    const path = `Organizations/Delete/${id}?withChildren=${withChildren}`;
    const first = await api.delete(path, { token });
    expect(first.status, JSON.stringify(first.body)).to.equal(400);
    const { confirmationId, confirmationNumber } = first.body.data;
    return api.delete(`${path}&confirmationId=${confirmationId}&confirmationNumber=${confirmationNumber}`, { token });
  }

  describe('create and read', () => {
    let tree: Tree;
    before(async () => { tree = await createTree(api); });

    it('round-trips every field of the spec through Get', async () => {
      const flags = [
        'isRealPerson', 'isForeigner', 'isActiveSend', 'isConfirmMessage', 'isActiveAllTime', 'isHaveBlackListDeliveryProcess', 'isAllowLink',
        'isTax', 'isAuthenticated', 'isPostpaid', 'isShowGeneralNumbers', 'isShowGeneralAccount', 'isCanSendExtraReceivers',
        'isCanSetMultipleMobileForUser', 'isCanSeePublicParentPhonebook', 'enableSystemDefaultTag', 'isSendAlertToOrganizationAdmin',
        'isSendAlertForCreateSmartSmsRequest', 'isSendOrganizationExpirationAlertMessage', 'isSendAlertForCreateOnlinePayment',
        'isSendAlertForCreatePayment', 'enableSmartSmsFailureAlert',
      ];
      const expireTime = new Date(Date.now() + 90 * 86_400_000).toISOString();
      const body: Record<string, unknown> = {
        name: unique('Full org '), organName: 'Organ name', nationalId: '10101234567', economicCode: '411122223333', ceoFullName: 'Sara Ahmadi',
        ceoMobile: '09121234567', ceoNationalCode: '0012345678', workplaceTitle: 'Head office', workplacePhone: '02188776655',
        workplaceZipCode: '1234567890', workplaceAddress: 'No. 1, Example St., Tehran', groupPriceTitle: 'Gold tariff',
        maximumUser: 11, maxOrganization: 12, maxCustomFiled: 13, maxPhonebook: 14, maximumPhoneNumber: 15,
        // adminUserId, blackSenderPrivateNumberId and domainId name real records: organization-references.test.ts.
        panelPrice: 2_500_000,
        sendStartTime: '08:00', sendEndTime: '21:30', expireTime, isActive: true, parentId: tree.reseller.id,
        ...Object.fromEntries(flags.map((f) => [f, true])),
      };
      const created = ok(await api.post('Organizations/Create', body, { token: tree.resellerAdmin.token }));
      expect(created.id).to.be.a('number');
      const read = await getOrg(tree.resellerAdmin.token, created.id);
      for (const [key, value] of Object.entries(body)) {
        if (key === 'expireTime') expect(Date.parse(read.expireTime), key).to.equal(Date.parse(expireTime));
        else expect(read[key], key).to.deep.equal(value);
      }
      expect(read.type).to.equal('organization');
      expect(read.resellerId, 'the reseller is derived from the tree').to.equal(tree.reseller.id);
      expect(read.path).to.equal(`${tree.reseller.path}${created.id}/`);
      expect(read.depth).to.equal(tree.reseller.depth + 1);
      expect(read.isArchived).to.equal(false);
      expect(read).to.not.have.property('deletedAt');
    });

    it('leaves unset flags false and places the organization under the active one by default', async () => {
      const created = await createOrganization(api, tree.orgAdmin.token, { name: unique('Default org ') });
      expect(created.parentId).to.equal(tree.organization.id);
      expect(created.resellerId).to.equal(tree.reseller.id);
      expect(created.isActive).to.equal(true);
      expect(created.isAllowLink).to.equal(false);
      expect(created.panelPrice).to.equal(null);
      const narrowed = await createOrganization(api, tree.resellerAdmin.token, { name: unique('Narrowed org ') }, tree.sub.id);
      expect(narrowed.parentId).to.equal(tree.sub.id);
    });

    it('only the super admin creates resellers', async () => {
      const res = await api.post('Organizations/Create', { name: unique('Fake reseller '), type: 'reseller' }, { token: tree.resellerAdmin.token });
      expect(res.status).to.equal(403);
      expect(res.body.message).to.equal('Only the system administrator can create resellers.');
    });

    it('rejects malformed fields by name', async () => {
      const res = await api.post('Organizations/Create', {
        name: unique('Bad '), ceoMobile: '12345', nationalId: 'abc', sendStartTime: '25:00', expireTime: 'tomorrow',
      }, { token: tree.resellerAdmin.token });
      expect(res.status).to.equal(400);
      expect(res.body.validationErrors!.map((v) => v.propertyName).sort()).to.deep.equal(['ceoMobile', 'expireTime', 'nationalId', 'sendStartTime']);
      const half = await api.post('Organizations/Create', { name: unique('Half window '), sendStartTime: '08:00' }, { token: tree.resellerAdmin.token });
      expect(half.status).to.equal(400);
      expect(half.body.validationErrors!.map((v) => v.propertyName)).to.deep.equal(['sendEndTime']);
    });
  });

  describe('listing', () => {
    let tree: Tree;
    let parent: any;
    let children: any[];
    const marker = unique('Pagingmarker');
    before(async () => {
      tree = await createTree(api);
      parent = await createOrganization(api, tree.resellerAdmin.token, { name: unique('Paging parent ') });
      children = [];
      for (let i = 0; i < 3; i++) children.push(await createOrganization(api, tree.resellerAdmin.token, { name: `${marker} child ${i}`, parentId: parent.id }));
    });

    it('search needs at least 3 characters', async () => {
      for (const search of ['ab', ' a ', 'xy ']) {
        const res = await api.get(`Organizations/GetAll?search=${encodeURIComponent(search)}`, { token: tree.resellerAdmin.token });
        expect(res.status, search).to.equal(400);
        expect(res.body.validationErrors).to.deep.equal([{ propertyName: 'search', message: 'Search needs at least 3 characters.' }]);
      }
      const res = await api.get(`Organizations/GetAll?search=${encodeURIComponent(marker)}`, { token: tree.resellerAdmin.token });
      expect(ok(res).totalCount).to.equal(3);
      const one = ok(await api.get(`Organizations/GetAll?search=${encodeURIComponent(`${marker} child 1`)}`, { token: tree.resellerAdmin.token }));
      expect(one.items.map((i: any) => i.id)).to.deep.equal([children[1].id]);
      const empty = ok(await api.get('Organizations/GetAll?search=', { token: tree.resellerAdmin.token }));
      expect(empty.totalCount).to.be.greaterThan(3);
    });

    it('pages with pageIndex and pageSize and reports the total', async () => {
      const page0 = ok(await api.get(`Organizations/GetAll?parentId=${parent.id}&pageSize=2&pageIndex=0`, { token: tree.resellerAdmin.token }));
      const page1 = ok(await api.get(`Organizations/GetAll?parentId=${parent.id}&pageSize=2&pageIndex=1`, { token: tree.resellerAdmin.token }));
      const page2 = ok(await api.get(`Organizations/GetAll?parentId=${parent.id}&pageSize=2&pageIndex=2`, { token: tree.resellerAdmin.token }));
      expect(page0.totalCount).to.equal(3);
      expect(page1.totalCount).to.equal(3);
      expect(page0.items).to.have.length(2);
      expect(page1.items).to.have.length(1);
      expect(page2.items).to.have.length(0);
      const seen = [...page0.items, ...page1.items].map((i: any) => i.id).sort((a: number, b: number) => a - b);
      expect(seen).to.deep.equal(children.map((c) => c.id).sort((a, b) => a - b));
      const tooBig = await api.get('Organizations/GetAll?pageSize=501', { token: tree.resellerAdmin.token });
      expect(tooBig.status).to.equal(400);
      expect(tooBig.body.validationErrors![0].propertyName).to.equal('pageSize');
    });

    it('filters by parentId (direct children only)', async () => {
      const underReseller = ok(await api.get(`Organizations/GetAll?parentId=${tree.reseller.id}`, { token: tree.resellerAdmin.token }));
      expect(underReseller.items.map((i: any) => i.id).sort()).to.deep.equal([tree.organization.id, parent.id].sort());
      const item = underReseller.items.find((i: any) => i.id === parent.id);
      expect(item.hasChildren).to.equal(true);
      expect(underReseller.items.find((i: any) => i.id === tree.organization.id).hasChildren).to.equal(true);
    });
  });

  describe('limits', () => {
    let tree: Tree;
    before(async () => { tree = await createTree(api); });

    it('maxOrganization caps the number of direct children', async () => {
      ok(await api.post('Organizations/Update', { id: tree.organization.id, maxOrganization: 2 }, { token: tree.resellerAdmin.token }));
      // organization already has `sub`; one more fits, the third does not.
      await createOrganization(api, tree.orgAdmin.token, { name: unique('Second child ') });
      const res = await api.post('Organizations/Create', { name: unique('Third child ') }, { token: tree.orgAdmin.token });
      expect(res.status, JSON.stringify(res.body)).to.equal(400);
      expect(res.body.message).to.equal('The maximum number of sub-organizations (2) has been reached.');
      const list = ok(await api.get(`Organizations/GetAll?parentId=${tree.organization.id}`, { token: tree.orgAdmin.token }));
      expect(list.totalCount).to.equal(2);
      // Grandchildren do not count against it.
      await createOrganization(api, tree.subAdmin.token, { name: unique('Grandchild ') });
    });

    it('maximumUser caps the live users of an organization', async () => {
      ok(await api.post('Organizations/Update', { id: tree.sub.id, maximumUser: 3 }, { token: tree.orgAdmin.token }));
      // sub has subAdmin and subUser; one more fits.
      const third = await createUser(api, tree.subAdmin.token, { userName: unique('third') });
      const res = await api.post('Users/Create', { userName: unique('fourth'), password: USER_PASSWORD }, { token: tree.subAdmin.token });
      expect(res.status, JSON.stringify(res.body)).to.equal(400);
      expect(res.body.message).to.equal("The organization's maximum number of users (3) has been reached.");
      // A deleted user frees the seat.
      ok(await api.delete(`Users/Delete/${third.id}`, { token: tree.subAdmin.token }));
      await createUser(api, tree.subAdmin.token, { userName: unique('fourth') });
    });
  });

  describe('own organization', () => {
    let tree: Tree;
    before(async () => {
      tree = await createTree(api);
      ok(await api.post('Organizations/Update', {
        id: tree.organization.id, maximumUser: 50, panelPrice: 1000, expireTime: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      }, { token: tree.resellerAdmin.token }));
    });

    const blocked: [string, unknown][] = [
      ['maximumUser', 99], ['maxOrganization', 9], ['isAllowLink', true], ['isPostpaid', true], ['panelPrice', 1],
      ['expireTime', new Date(Date.now() + 365 * 86_400_000).toISOString()], ['expireTime', null], ['isActive', false], ['sendStartTime', '07:00'],
      ['isActiveSend', false], ['isConfirmMessage', true], ['isActiveAllTime', true], ['isAuthenticated', true], ['isCanSeePublicParentPhonebook', true],
      ['isCanSendExtraReceivers', true], ['isShowGeneralNumbers', false], ['maximumPhoneNumber', 1000], ['maxPhonebook', 100], ['groupPriceTitle', 'Free'],
      ['isTax', true], ['isHaveBlackListDeliveryProcess', true],
    ];
    for (const [field, value] of blocked) {
      it(`its administrator cannot change ${field} → ${JSON.stringify(value)} (403)`, async () => {
        const before = await getOrg(tree.orgAdmin.token, tree.organization.id);
        const res = await api.post('Organizations/Update', { id: tree.organization.id, name: unique('Sneaky '), [field]: value }, { token: tree.orgAdmin.token });
        expect(res.status, JSON.stringify(res.body)).to.equal(403);
        expect(res.body.validationErrors!.map((v) => v.propertyName)).to.include(field);
        expect(res.body.message, 'the message names the field').to.include(field);
        const after = await getOrg(tree.orgAdmin.token, tree.organization.id);
        expect(after.name, 'nothing of the refused call was written').to.equal(before.name);
        expect(after[field]).to.deep.equal(before[field]);
      });
    }

    it('its administrator edits the profile fields', async () => {
      const name = unique('Renamed own ');
      ok(await api.post('Organizations/Update', {
        id: tree.organization.id, name, ceoFullName: 'New CEO', workplaceAddress: 'New address', isSendAlertForCreatePayment: true,
      }, { token: tree.orgAdmin.token }));
      const after = await getOrg(tree.orgAdmin.token, tree.organization.id);
      expect(after).to.include({ name, ceoFullName: 'New CEO', workplaceAddress: 'New address', isSendAlertForCreatePayment: true, maximumUser: 50, panelPrice: 1000 });
    });

    it('its administrator may send the limits back unchanged with a profile edit (the edit form posts them all)', async () => {
      const current = await getOrg(tree.orgAdmin.token, tree.organization.id);
      const name = unique('Form edit ');
      ok(await api.post('Organizations/Update', {
        id: current.id, name, maximumUser: current.maximumUser, maxOrganization: current.maxOrganization, panelPrice: current.panelPrice,
        expireTime: current.expireTime, isAllowLink: current.isAllowLink, sendStartTime: current.sendStartTime, sendEndTime: current.sendEndTime,
      }, { token: tree.orgAdmin.token }));
      expect((await getOrg(tree.orgAdmin.token, tree.organization.id)).name).to.equal(name);
    });

    it('its administrator cannot deactivate, archive, delete or move it', async () => {
      for (const res of [
        await api.post(`Organizations/Deactivate/${tree.organization.id}`, undefined, { token: tree.orgAdmin.token }),
        await api.post(`Organizations/Archive/${tree.organization.id}`, undefined, { token: tree.orgAdmin.token }),
        await api.delete(`Organizations/Delete/${tree.organization.id}`, { token: tree.orgAdmin.token }),
      ]) {
        expect(res.status, JSON.stringify(res.body)).to.equal(403);
        expect(res.body.message).to.equal('You cannot deactivate, archive or delete your own organization or the system organization.');
      }
      const move = await api.post('Organizations/Update', { id: tree.organization.id, parentId: tree.sub.id }, { token: tree.orgAdmin.token });
      expect(move.status).to.be.oneOf([400, 403]);
      const after = await getOrg(tree.orgAdmin.token, tree.organization.id);
      expect(after).to.include({ isActive: true, isArchived: false, parentId: tree.reseller.id });
    });

    it('the parent changes the limits', async () => {
      ok(await api.post('Organizations/Update', { id: tree.organization.id, maximumUser: 77, isAllowLink: true }, { token: tree.resellerAdmin.token }));
      expect(await getOrg(tree.orgAdmin.token, tree.organization.id)).to.include({ maximumUser: 77, isAllowLink: true });
    });
  });

  describe('standing: deactivation, expiry, archive', () => {
    let tree: Tree;
    beforeEach(async () => { tree = await createTree(api); });

    it('deactivation stops the subtree: no login, existing tokens 401; reactivation lets them in again', async () => {
      ok(await api.post(`Organizations/Deactivate/${tree.organization.id}`, undefined, { token: tree.resellerAdmin.token }));
      for (const a of [tree.orgAdmin, tree.subAdmin, tree.subUser]) {
        const me = await api.get('Users/GetCurrentUser', { token: a.token });
        expect(me.status, a.userName).to.equal(401);
        const res = await tryLogin(a.userName);
        expect(res.status, a.userName).to.equal(400);
        expect(res.body.message).to.equal('Not active organization');
      }
      // Above the deactivated organization nothing changes.
      expect((await api.get('Users/GetCurrentUser', { token: tree.resellerAdmin.token })).status).to.equal(200);
      expect((await getOrg(tree.resellerAdmin.token, tree.organization.id)).isActive).to.equal(false);
      // A user of the stopped tree cannot be impersonated either.
      const imp = await api.post('Account/Impersonate', { userId: tree.subAdmin.userId }, { token: superToken });
      expect(imp.status).to.equal(400);

      ok(await api.post(`Organizations/Activate/${tree.organization.id}`, undefined, { token: tree.resellerAdmin.token }));
      for (const a of [tree.orgAdmin, tree.subAdmin, tree.subUser]) {
        const fresh = await login(api, a.userName, USER_PASSWORD);
        expect((await api.get('Users/GetCurrentUser', { token: fresh.accessToken })).body.data.id).to.equal(a.userId);
      }
    });

    it('deactivation through Update (isActive false) stops the subtree too', async () => {
      ok(await api.post('Organizations/Update', { id: tree.sub.id, isActive: false }, { token: tree.orgAdmin.token }));
      expect((await api.get('Users/GetCurrentUser', { token: tree.subUser.token })).status).to.equal(401);
      expect((await tryLogin(tree.subAdmin.userName)).body.message).to.equal('Not active organization');
      expect((await api.get('Users/GetCurrentUser', { token: tree.orgAdmin.token })).status).to.equal(200);
    });

    it('an expireTime in the past refuses login with "Expired organization"', async () => {
      const past = new Date(Date.now() - 60_000).toISOString();
      ok(await api.post('Organizations/Update', { id: tree.organization.id, expireTime: past }, { token: tree.resellerAdmin.token }));
      for (const a of [tree.orgAdmin, tree.subUser]) {
        const res = await tryLogin(a.userName);
        expect(res.status).to.equal(400);
        expect(res.body.message).to.equal('Expired organization');
      }
      ok(await api.post('Organizations/Update', { id: tree.organization.id, expireTime: new Date(Date.now() + 86_400_000).toISOString() }, { token: tree.resellerAdmin.token }));
      await login(api, tree.subUser.userName, USER_PASSWORD);
      ok(await api.post('Organizations/Update', { id: tree.organization.id, expireTime: null }, { token: tree.resellerAdmin.token }));
      await login(api, tree.orgAdmin.userName, USER_PASSWORD);
    });

    it('archive hides the organization from GetAll unless includeArchived=true; unarchive restores it', async () => {
      const listIds = async (query = '') => ok(await api.get(`Organizations/GetAll?pageSize=500${query}`, { token: tree.resellerAdmin.token })).items.map((i: any) => i.id);
      const archived = ok(await api.post(`Organizations/Archive/${tree.sub.id}`, undefined, { token: tree.orgAdmin.token }));
      expect(archived.isArchived).to.equal(true);
      expect(archived.archivedAt).to.be.a('string');
      expect(await listIds()).to.not.include(tree.sub.id);
      expect(await listIds()).to.include(tree.organization.id);
      expect(await listIds('&includeArchived=true')).to.include(tree.sub.id);
      expect((await getOrg(tree.resellerAdmin.token, tree.sub.id)).isArchived).to.equal(true);
      // An archived organization is closed: its users are out and nothing new goes under it.
      expect((await api.get('Users/GetCurrentUser', { token: tree.subUser.token })).status).to.equal(401);
      expect((await tryLogin(tree.subUser.userName)).body.message).to.equal('Not active organization');
      const child = await api.post('Organizations/Create', { name: unique('Under archive '), parentId: tree.sub.id }, { token: tree.orgAdmin.token });
      expect(child.status).to.equal(400);
      expect(child.body.validationErrors![0].propertyName).to.equal('parentId');

      const unarchived = ok(await api.post(`Organizations/Unarchive/${tree.sub.id}`, undefined, { token: tree.orgAdmin.token }));
      expect(unarchived.isArchived).to.equal(false);
      expect(await listIds()).to.include(tree.sub.id);
      await login(api, tree.subUser.userName, USER_PASSWORD);
    });
  });

  describe('delete', () => {
    let tree: Tree;
    beforeEach(async () => { tree = await createTree(api); });

    it('asks for a confirmation number, answers a wrong one with a new number, deletes on the right one', async () => {
      const victim = await createOrganization(api, tree.orgAdmin.token, { name: unique('Victim ') });
      const path = `Organizations/Delete/${victim.id}`;
      const first = await api.delete(path, { token: tree.orgAdmin.token });
      expect(first.status).to.equal(400);
      expect(first.body.data.confirmationRequired).to.equal(true);
      expect(first.body.data.confirmationId).to.match(/^[0-9a-f-]{36}$/);
      expect(first.body.data.confirmationNumber).to.match(/^\d{5}$/);
      expect(first.body.message).to.contain(first.body.data.confirmationNumber);
      expect(first.body.validationErrors![0].propertyName).to.equal('confirmationNumber');

      const wrongNumber = first.body.data.confirmationNumber === '12345' ? '54321' : '12345';
      const wrong = await api.delete(`${path}?confirmationId=${first.body.data.confirmationId}&confirmationNumber=${wrongNumber}`, { token: tree.orgAdmin.token });
      expect(wrong.status).to.equal(400);
      expect(wrong.body.data.confirmationRequired).to.equal(true);
      expect(wrong.body.data.confirmationId).to.not.equal(first.body.data.confirmationId);
      expect(wrong.body.message).to.contain(wrong.body.data.confirmationNumber);
      expect(wrong.body.message).to.contain('wrong');
      // Still there.
      await getOrg(tree.orgAdmin.token, victim.id);
      // The first number was used up by the wrong try.
      const reused = await api.delete(`${path}?confirmationId=${first.body.data.confirmationId}&confirmationNumber=${first.body.data.confirmationNumber}`, { token: tree.orgAdmin.token });
      expect(reused.status).to.equal(400);
      expect(reused.body.data.confirmationRequired).to.equal(true);
      // A number given for "only this" does not delete "with children".
      const tree2 = await api.delete(`${path}?withChildren=true&confirmationId=${reused.body.data.confirmationId}&confirmationNumber=${reused.body.data.confirmationNumber}`, { token: tree.orgAdmin.token });
      expect(tree2.status).to.equal(400);
      await getOrg(tree.orgAdmin.token, victim.id);

      const done = await api.delete(`${path}?withChildren=true&confirmationId=${tree2.body.data.confirmationId}&confirmationNumber=${tree2.body.data.confirmationNumber}`, { token: tree.orgAdmin.token });
      expect(done.status, JSON.stringify(done.body)).to.equal(200);
      expect(done.body.data.deletedOrganizationIds).to.deep.equal([victim.id]);
      expect((await api.get(`Organizations/Get/${victim.id}`, { token: tree.orgAdmin.token })).status).to.equal(404);
    });

    it('"only this" lifts the children one level and keeps their users', async () => {
      const res = await confirmedDelete(tree.resellerAdmin.token, tree.organization.id, false);
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(res.body.data.deletedOrganizationIds).to.deep.equal([tree.organization.id]);
      expect((await api.get(`Organizations/Get/${tree.organization.id}`, { token: tree.resellerAdmin.token })).status).to.equal(404);

      const sub = await getOrg(tree.resellerAdmin.token, tree.sub.id);
      expect(sub.parentId).to.equal(tree.reseller.id);
      expect(sub.path).to.equal(`${tree.reseller.path}${tree.sub.id}/`);
      expect(sub.depth).to.equal(tree.reseller.depth + 1);
      expect(sub.resellerId).to.equal(tree.reseller.id);
      const list = ok(await api.get(`Organizations/GetAll?parentId=${tree.reseller.id}`, { token: tree.resellerAdmin.token }));
      expect(list.items.map((i: any) => i.id)).to.deep.equal([tree.sub.id]);

      // The sub-organization's people carry on; the deleted organization's administrator is gone.
      expect((await getOrg(tree.subAdmin.token, tree.sub.id)).parentId).to.equal(tree.reseller.id);
      expect((await api.get('Users/GetCurrentUser', { token: tree.subUser.token })).status).to.equal(200);
      await login(api, tree.subAdmin.userName, USER_PASSWORD);
      expect((await api.get('Users/GetCurrentUser', { token: tree.orgAdmin.token })).status).to.equal(401);
      expect((await api.get(`Users/Get/${tree.orgAdmin.userId}`, { token: tree.resellerAdmin.token })).status).to.equal(404);
      const gone = await tryLogin(tree.orgAdmin.userName);
      await forgetIpFailures();
      expect(gone.status).to.equal(400);
      expect(gone.body.message).to.equal('Invalid user name or password.');
    });

    it('"withChildren" deletes the whole subtree and its users', async () => {
      const leaf = await createOrganization(api, tree.subAdmin.token, { name: unique('Leaf ') });
      const res = await confirmedDelete(tree.resellerAdmin.token, tree.organization.id, true);
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect([...res.body.data.deletedOrganizationIds].sort()).to.deep.equal([tree.organization.id, tree.sub.id, leaf.id].sort());
      for (const id of [tree.organization.id, tree.sub.id, leaf.id]) {
        expect((await api.get(`Organizations/Get/${id}`, { token: tree.resellerAdmin.token })).status).to.equal(404);
      }
      const users = ok(await api.get('Users/GetAll', { token: tree.resellerAdmin.token }));
      expect(users.items.map((u: any) => u.id)).to.deep.equal([tree.resellerAdmin.userId]);
      for (const a of [tree.orgAdmin, tree.subAdmin, tree.subUser]) {
        expect((await api.get('Users/GetCurrentUser', { token: a.token })).status, a.userName).to.equal(401);
      }
      const gone = await tryLogin(tree.subUser.userName);
      await forgetIpFailures();
      expect(gone.status).to.equal(400);
      expect(gone.body.message).to.equal('Invalid user name or password.');
      // The user name is free again.
      await createUser(api, tree.resellerAdmin.token, { userName: tree.subUser.userName });
    });
  });

  describe('move (Update with parentId)', () => {
    let tree: Tree;
    let target: any;
    before(async () => {
      tree = await createTree(api);
      target = await createOrganization(api, tree.resellerAdmin.token, { name: unique('New home ') });
    });

    it('rewrites the subtree under the new parent', async () => {
      const moved = ok(await api.post('Organizations/Update', { id: tree.organization.id, parentId: target.id }, { token: tree.resellerAdmin.token }));
      expect(moved.parentId).to.equal(target.id);
      expect(moved.path).to.equal(`${target.path}${tree.organization.id}/`);
      expect(moved.depth).to.equal(target.depth + 1);
      const sub = await getOrg(tree.resellerAdmin.token, tree.sub.id);
      expect(sub.parentId).to.equal(tree.organization.id);
      expect(sub.path).to.equal(`${target.path}${tree.organization.id}/${tree.sub.id}/`);
      expect(sub.depth).to.equal(target.depth + 2);
      expect(sub.resellerId).to.equal(tree.reseller.id);
      const children = ok(await api.get(`Organizations/GetAll?parentId=${target.id}`, { token: tree.resellerAdmin.token }));
      expect(children.items.map((i: any) => i.id)).to.deep.equal([tree.organization.id]);
      // The moved organization's administrator still sees its own subtree, and only that.
      const mine = ok(await api.get('Organizations/GetAll', { token: tree.orgAdmin.token }));
      expect(mine.items.map((i: any) => i.id).sort()).to.deep.equal([tree.organization.id, tree.sub.id].sort());
      expect((await api.get(`Organizations/Get/${target.id}`, { token: tree.orgAdmin.token })).status).to.equal(404);
      expect((await api.get('Users/GetCurrentUser', { token: tree.subUser.token })).status).to.equal(200);
    });

    it('refuses a move into its own subtree', async () => {
      for (const parentId of [tree.sub.id, tree.organization.id]) {
        const res = await api.post('Organizations/Update', { id: target.id, parentId }, { token: tree.resellerAdmin.token });
        expect(res.status, JSON.stringify(res.body)).to.equal(400);
        expect(res.body.validationErrors).to.deep.equal([{ propertyName: 'parentId', message: 'An organization cannot be moved under its own descendants.' }]);
      }
      const self = await api.post('Organizations/Update', { id: tree.organization.id, parentId: tree.organization.id }, { token: tree.resellerAdmin.token });
      expect(self.status).to.equal(400);
      expect(self.body.validationErrors![0].propertyName).to.equal('parentId');
      expect((await getOrg(tree.resellerAdmin.token, target.id)).parentId).to.equal(tree.reseller.id);
    });

    it('refuses a parent outside the caller\'s tree', async () => {
      const res = await api.post('Organizations/Update', { id: tree.sub.id, parentId: tree.otherOrganization.id }, { token: tree.resellerAdmin.token });
      expect(res.status).to.equal(400);
      expect(res.body.validationErrors).to.deep.equal([{ propertyName: 'parentId', message: 'The parent organization was not found.' }]);
      expect((await getOrg(tree.subAdmin.token, tree.sub.id)).parentId).to.equal(tree.organization.id);
    });
  });
});
