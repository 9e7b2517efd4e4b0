import { expect } from 'chai';
import { adminToken, createTree, sharedApi, type Tree } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { available, bad, expectLedgerClean, ok, simulatorLine, tariffBody } from '../support/sending.js';
import { unique } from '../support/fixtures.js';

/**
 * Issue 14 item 1: the preview runs the send's own standing checks along the chain (every
 * organization above needs a tariff and credit) and names who lacks what; the send then fails with
 * the first of those very reasons. The preview holds nothing.
 */
describe('Send preview: the problems of the chain, named before the send fails', function () {
  this.timeout(120_000);
  let api: ApiClient;
  let superToken: string;
  let tree: Tree;
  let line: { agentId: number; lineId: number; number: string };
  let resellerTariffId: number;
  const receivers = ['09121770001', '09121770002'];

  const body = (extra: Record<string, unknown> = {}) => ({ senderNumberId: line.lineId, smsBody: 'preview problems', sendType: 'Bulk', receivers, ...extra });
  const preview = (culture = 'en-US', token = tree.subAdmin.token, extra: Record<string, unknown> = {}, orgId?: number) =>
    api.post('ScheduledMessages/GetScheduledMessageCalculations', body(extra), { token, culture, orgId });
  const send = (culture = 'en-US', token = tree.subAdmin.token, extra: Record<string, unknown> = {}) =>
    api.post('ScheduledMessages/Create', body(extra), { token, culture });
  /** Free credit (balance − held): what a debit may take. */
  const free = async (id: number) => { const a = await available(api, superToken, id); return a.balance - a.held; };
  const held = async () => Promise.all([tree.sub.id, tree.organization.id, tree.reseller.id].map(async (id) => (await available(api, superToken, id)).held));

  before(async () => {
    api = await sharedApi();
    superToken = await adminToken(api);
    tree = await createTree(api);
    line = await simulatorLine(api, {});
    // The reseller and the sub-organization get tariffs; the organization between them does not.
    const sys = ok(await api.post('Tariffs/Create', tariffBody(unique('Preview sys '), 50), { token: superToken }));
    const res = ok(await api.post('Tariffs/Create', tariffBody(unique('Preview res '), 100), { token: tree.resellerAdmin.token }));
    resellerTariffId = res.id;
    ok(await api.post('Tariffs/AssignToOrganization', { organizationId: tree.reseller.id, tariffId: sys.id }, { token: superToken }));
    ok(await api.post('Tariffs/AssignToOrganization', { organizationId: tree.sub.id, tariffId: res.id }, { token: tree.resellerAdmin.token }));
    ok(await api.post('Credits/ChargeOrganization', { organizationId: tree.reseller.id, amount: 3_000_000 }, { token: superToken }));
    ok(await api.post('Credits/ChargeOrganization', { organizationId: tree.organization.id, amount: 2_000_000 }, { token: tree.resellerAdmin.token }));
    ok(await api.post('Credits/ChargeOrganization', { organizationId: tree.sub.id, amount: 1_000_000 }, { token: tree.orgAdmin.token }));
  });

  after(async () => {
    await expectLedgerClean(api);
  });

  it('names the organization above without a tariff; the send then fails with that reason', async () => {
    const before = await held();
    const calc = ok(await preview());
    // The sub-organization's own price is right: 2 parts at 100.
    expect(calc).to.include({ recipientCount: 2, sendPrice: '200', priced: true });
    expect(calc.problems).to.deep.equal([{
      failureCode: 'GroupPriceIsNull', organizationId: tree.organization.id, organizationName: tree.organization.name, userId: null,
      message: `No tariff is set for the organization "${tree.organization.name}".`,
      // Tariffs are given from above: not the sub-organization's administrator's to fix.
      fixable: false,
    }]);
    // The reseller's administrator, working in the sub-organization, may fix it.
    expect(ok(await preview('en-US', tree.resellerAdmin.token, {}, tree.sub.id)).problems.map((p: any) => [p.organizationId, p.fixable])).to.deep.equal([[tree.organization.id, true]]);
    const fa = ok(await preview('fa'));
    expect(fa.problems[0].message).to.equal(`برای سازمان «${tree.organization.name}» تعرفه‌ای تعیین نشده است.`);
    expect(await held(), 'the preview holds nothing').to.deep.equal(before);

    const refused = bad(await send(), 400);
    expect(refused.data).to.include({ failureCode: 'GroupPriceIsNull', organizationId: tree.organization.id, organizationName: tree.organization.name });
    expect(refused.message).to.equal(calc.problems[0].message);
    expect(await held()).to.deep.equal(before);
  });

  it('names the organization above that is short of credit and by how much; the send fails with the same numbers', async () => {
    ok(await api.post('Tariffs/AssignToOrganization', { organizationId: tree.organization.id, tariffId: resellerTariffId }, { token: tree.resellerAdmin.token }));
    // The organization keeps 150 rials; the send costs it 200 at its own tariff.
    const left = await free(tree.organization.id);
    ok(await api.post('Credits/ChargeOrganization', { organizationId: tree.organization.id, amount: String(left - 150n), isIncrement: false }, { token: tree.resellerAdmin.token }));
    const before = await held();
    const calc = ok(await preview());
    expect(calc.problems).to.deep.equal([{
      failureCode: 'AdminCreditNotEnough', organizationId: tree.organization.id, organizationName: tree.organization.name, userId: null,
      required: '200', available: '150', shortBy: '50',
      message: `The credit of "${tree.organization.name}", an organization above, is not enough.`,
      fixable: false,
    }]);
    expect(await held()).to.deep.equal(before);
    const refused = bad(await send(), 400);
    expect(refused.data).to.include({ failureCode: 'AdminCreditNotEnough', organizationId: tree.organization.id, shortBy: '50', required: '200', available: '150' });
    expect(refused.message).to.equal(calc.problems[0].message);
    expect(await held()).to.deep.equal(before);
  });

  it('lists every organization of the chain that lacks something, in the order the send meets them', async () => {
    // The reseller keeps 60 rials; its share of two parts at the system tariff is 100.
    const left = await free(tree.reseller.id);
    ok(await api.post('Credits/ChargeOrganization', { organizationId: tree.reseller.id, amount: String(left - 60n), isIncrement: false }, { token: superToken }));
    const calc = ok(await preview());
    expect(calc.problems.map((p: any) => [p.failureCode, p.organizationId, p.shortBy])).to.deep.equal([
      ['AdminCreditNotEnough', tree.organization.id, '50'],
      ['AdminCreditNotEnough', tree.reseller.id, '40'],
    ]);
    expect(bad(await send(), 400).data).to.include({ failureCode: 'AdminCreditNotEnough', organizationId: tree.organization.id });

    // Fixed from above: the preview is clean and the send goes through.
    ok(await api.post('Credits/ChargeOrganization', { organizationId: tree.reseller.id, amount: 1_000_000 }, { token: superToken }));
    ok(await api.post('Credits/ChargeOrganization', { organizationId: tree.organization.id, amount: 100_000 }, { token: tree.resellerAdmin.token }));
    expect(ok(await preview()).problems).to.deep.equal([]);
    ok(await send());
  });

  it('names the own organization without credit and a day limit of the line the same way', async () => {
    const left = await free(tree.sub.id);
    ok(await api.post('Credits/ChargeOrganization', { organizationId: tree.sub.id, amount: String(left - 10n), isIncrement: false }, { token: tree.orgAdmin.token }));
    const own = ok(await preview());
    expect(own.problems.map((p: any) => [p.failureCode, p.organizationId, p.shortBy])).to.deep.equal([['OrganizationCreditNotEnough', tree.sub.id, '190']]);
    expect(own.problems[0].message).to.equal(`The credit of the organization "${tree.sub.name}" is not enough.`);
    expect(bad(await send(), 400).data).to.include({ failureCode: 'OrganizationCreditNotEnough', organizationId: tree.sub.id, shortBy: '190' });
    ok(await api.post('Credits/ChargeOrganization', { organizationId: tree.sub.id, amount: 100_000 }, { token: tree.orgAdmin.token }));

    // A private line of the sub-organization whose administrator may send one message a day from it.
    const privateLine = ok(await api.post('PrivateNumbers/Create', {
      number: `3001${String(Date.now()).slice(-7)}`, useForm: 'OneNumber', numberType: 'Private', typePrivateNumber: 'Bulk', smsSenderAgentId: line.agentId,
      organizationId: tree.sub.id, isSendBulk: true, deliveryBase: true,
    }, { token: tree.resellerAdmin.token }));
    ok(await api.post('PrivateNumbers/Assign', { privateNumberId: privateLine.id, userId: tree.subAdmin.userId, sendTypesList: ['Bulk'], dailySendLimit: 1 }, { token: tree.resellerAdmin.token }));
    const limited = ok(await preview('en-US', tree.subAdmin.token, { senderNumberId: privateLine.id }));
    expect(limited.problems.map((p: any) => p.failureCode)).to.deep.equal(['ErrorSelectNumber']);
    const refused = bad(await send('en-US', tree.subAdmin.token, { senderNumberId: privateLine.id }), 400);
    expect(refused.data.failureCode).to.equal('ErrorSelectNumber');
    expect(refused.message).to.equal(limited.problems[0].message);
  });
});
