import { expect } from 'chai';
import type { ApiClient } from '../support/api-client.js';
import { bad, expectLedgerClean, ok, sendingTree } from '../support/sending.js';
import { createUser, unique, type Tree } from '../support/fixtures.js';

/**
 * The organization flags that gate behaviour (issue 29 item 1; organizations CONTEXT.md, decision
 * log 2026-12-04). maximumPhoneNumber is tested with the contacts (contacts.test.ts,
 * contact-import.test.ts).
 */
describe('Organization flags that gate behaviour', function () {
  this.timeout(120_000);
  let api: ApiClient;
  let superToken: string;
  let tree: Tree;
  let line: { agentId: number; lineId: number; number: string };

  before(async () => {
    ({ api, superToken, tree, line } = await sendingTree());
  });

  after(async () => {
    await expectLedgerClean(api);
  });

  const myNumbers = async (token: string) => (ok(await api.get('PrivateNumbers/GetMyNumbers?sendType=Bulk', { token })) as any[]).map((l) => l.id);
  const send = (token: string, senderNumberId: number) =>
    api.post('ScheduledMessages/Create', { senderNumberId, smsBody: 'General', sendType: 'Bulk', receivers: ['09121110701'] }, { token });

  it('isShowGeneralNumbers: on by default; off, the public lines of the organizations above are neither offered nor usable, its own still are', async () => {
    expect(ok(await api.get(`Organizations/Get/${tree.sub.id}`, { token: tree.orgAdmin.token })).isShowGeneralNumbers).to.equal(true);
    const ownPublic = ok(await api.post('PrivateNumbers/Create', {
      number: `4000${String(Date.now()).slice(-7)}`, useForm: 'OneNumber', numberType: 'Public', typePrivateNumber: 'Bulk', smsSenderAgentId: line.agentId,
      organizationId: tree.sub.id, isPublic: true, isActive: true, isSendBulk: true,
    }, { token: superToken }));
    expect(await myNumbers(tree.subUser.token)).to.include.members([line.lineId, ownPublic.id]);
    ok(await send(tree.subAdmin.token, line.lineId));

    ok(await api.post('Organizations/Update', { id: tree.sub.id, isShowGeneralNumbers: false }, { token: tree.orgAdmin.token }));
    const offered = await myNumbers(tree.subUser.token);
    expect(offered).to.include(ownPublic.id);
    expect(offered).to.not.include(line.lineId);
    expect(await myNumbers(tree.subAdmin.token)).to.not.include(line.lineId);
    const refused = bad(await send(tree.subAdmin.token, line.lineId), 400, 'senderNumberId');
    expect(refused.data.failureCode).to.equal('PrivateNumberNotValid');
    // The organization above keeps its own flag: its users still use the line.
    expect(await myNumbers(tree.orgAdmin.token)).to.include(line.lineId);

    ok(await api.post('Organizations/Update', { id: tree.sub.id, isShowGeneralNumbers: true }, { token: tree.orgAdmin.token }));
    expect(await myNumbers(tree.subUser.token)).to.include(line.lineId);
  });

  it('isCanSetMultipleMobileForUser: a user gets more than one mobile only in an organization with the flag', async () => {
    const user = await createUser(api, tree.orgAdmin.token, { userName: unique('mobiles'), organizationId: tree.sub.id });
    const en = bad(await api.post('Users/Update', { id: user.id, mobileCount: 2 }, { token: tree.orgAdmin.token }), 400, 'mobileCount');
    expect(en.validationErrors![0].message).to.equal("This user's organization may not give a user more than one mobile.");
    const fa = bad(await api.post('Users/Update', { id: user.id, mobileCount: 3 }, { token: tree.orgAdmin.token, culture: 'fa-IR' }), 400, 'mobileCount');
    expect(fa.validationErrors![0].message).to.equal('سازمان این کاربر اجازه بیش از یک موبایل برای هر کاربر را ندارد.');
    bad(await api.post('Users/Create', { userName: unique('mobiles'), password: 'Aa123456!x', organizationId: tree.sub.id, mobileCount: 2 }, { token: tree.orgAdmin.token }), 400, 'mobileCount');
    ok(await api.post('Users/Update', { id: user.id, mobileCount: 1 }, { token: tree.orgAdmin.token }));

    ok(await api.post('Organizations/Update', { id: tree.sub.id, isCanSetMultipleMobileForUser: true }, { token: tree.orgAdmin.token }));
    expect(ok(await api.post('Users/Update', { id: user.id, mobileCount: 3 }, { token: tree.orgAdmin.token })).mobileCount).to.equal(3);
    // Switched off later: the stored count stays and may be posted back, but not raised.
    ok(await api.post('Organizations/Update', { id: tree.sub.id, isCanSetMultipleMobileForUser: false }, { token: tree.orgAdmin.token }));
    ok(await api.post('Users/Update', { id: user.id, mobileCount: 3, firstName: 'Same' }, { token: tree.orgAdmin.token }));
    bad(await api.post('Users/Update', { id: user.id, mobileCount: 4 }, { token: tree.orgAdmin.token }), 400, 'mobileCount');
  });
});
