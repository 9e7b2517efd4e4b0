import { expect } from 'chai';
import sinon from 'sinon';
import { sharedServer, unique, type Tree } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { available, expectLedgerClean, ok, sendingTree } from '../support/sending.js';
import { btsSimulatorAgent, smartBody, smartRequests } from '../support/smart.js';
import { SmartRequestsService } from '../../server/modules/targeting/index.js';
import { BillingService, creditFailure } from '../../server/modules/billing/index.js';

const DAY_MS = 86_400_000;

/**
 * Periodic smart requests (issue 26) through the real bts-simulator: each occurrence its own
 * submit, hold and settle; the scheduler's job creates each occurrence once; the daily cap; cancel
 * stops the future. Runs on whichever backend the environment gives (PostgreSQL or embedded).
 */
describe('Periodic smart requests (CreatePeriodicSmartSmsRecipient) repeat', function () {
  this.timeout(120_000);
  let api: ApiClient;
  let tree: Tree;
  let service: SmartRequestsService;
  const agents: Record<string, number> = {};

  const body = (periodicSmartSms: Record<string, unknown>, extra: Record<string, unknown> = {}) => smartBody({ requestName: unique('Daily mall '), periodicSmartSms, ...extra });
  const create = async (periodic: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    ok(await api.post('SmartSmsRecipients/CreatePeriodicSmartSmsRecipient', body(periodic, extra), { token: tree.subAdmin.token, culture: 'en-US' }));
  const { get, waitFor } = smartRequests(() => api, () => tree.subAdmin.token);
  const credit = () => available(api, tree.orgAdmin.token, tree.sub.id);
  const btsAgent = async (name: string, options: Record<string, unknown>) => { agents[name] = await btsSimulatorAgent(api, name, options); };

  before(async () => {
    ({ api, tree } = await sendingTree());
    service = (await sharedServer()).peyk.container.get(SmartRequestsService);
    // Seeds the simulator's default agent when none exists yet, as any first smart call does.
    ok(await api.get('SmartSmsRecipients/GetAgents', { token: tree.subAdmin.token }));
    await btsAgent('fast', {});
    await btsAgent('silent', { storedMs: 600_000 });
    ok(await api.post('Users/Update', { id: tree.subAdmin.userId, isCanSendSmartWithoutConfirmation: true }, { token: tree.orgAdmin.token }));
  });

  after(async () => { await expectLedgerClean(api); });

  it('two daily occurrences: each submitted, held and settled exactly once; a second scheduler run creates no duplicate; then it ends', async () => {
    const before = await credit();
    const parent = await create({ periodType: 'Daily', repeatCount: 2 }, { senderAgentId: agents.fast });
    expect(parent).to.include({ requestKind: 'Periodic', stage: 'Queued', parentId: null, heldAmount: '0' });
    // The first occurrence is due at once (its window starts within the lead) and went to the BTS.
    let view = await get(parent.id);
    expect(view.occurrences).to.have.length(1);
    const first = await waitFor(view.occurrences[0].id, (r) => r.stage === 'Ended');
    expect(first).to.include({ parentId: parent.id, occurrenceIndex: 0, status: 'Done', requestedCount: 10, sentCount: 10 });
    expect(first.settledAmount).to.equal(first.heldAmount);
    expect(BigInt(first.settledAmount) > 0n).to.equal(true);
    // Occurrences are listed under their parent, not as requests of their own.
    const list = ok(await api.get('SmartSmsRecipients/GetAll?pageSize=100', { token: tree.subAdmin.token })).items.map((r: any) => r.id);
    expect(list).to.include(parent.id).and.not.include(first.id);

    // A day later the scheduler's job creates the second; two runs at once still make one.
    const tomorrow = new Date(Date.now() + DAY_MS);
    const runs = await Promise.all([service.runPeriodic(tomorrow), service.runPeriodic(tomorrow)]);
    expect(runs[0] + runs[1]).to.equal(1);
    view = await get(parent.id);
    expect(view.occurrences.map((o: any) => o.occurrenceIndex)).to.deep.equal([0, 1]);
    const second = await waitFor(view.occurrences[1].id, (r) => r.stage === 'Ended');
    expect(second).to.include({ occurrenceIndex: 1, status: 'Done', sentCount: 10 });
    expect(Date.parse(second.startDatetime) - Date.parse(first.startDatetime)).to.equal(DAY_MS);
    expect(await service.runPeriodic(tomorrow)).to.equal(0);
    expect(await service.runPeriodic(new Date(tomorrow.getTime() + 3 * DAY_MS))).to.equal(0);

    view = await get(parent.id);
    expect(view).to.include({ stage: 'Ended', status: 'Done', periodicStopReason: 'Completed', nextOccurrenceAt: null });
    expect(view.occurrences).to.have.length(2);
    const settled = BigInt(first.settledAmount) + BigInt(second.settledAmount);
    expect(view.occurrenceTotals).to.deep.equal({ occurrenceCount: 2, requestedCount: 20, sentCount: 20, deliveredCount: first.deliveredCount + second.deliveredCount, heldAmount: '0', settledAmount: settled.toString() });
    const after = await credit();
    expect(after.held).to.equal(before.held);
    expect(before.balance - after.balance).to.equal(settled);
  });

  it("maxDailySendCount caps each occurrence by what is left of its Tehran day", async () => {
    const parent = await create({ periodType: 'Daily', repeatCount: 1 }, { senderAgentId: agents.fast, countToSend: 10, maxDailySendCount: 4 });
    const view = await get(parent.id);
    const occ = await waitFor(view.occurrences[0].id, (r) => r.stage === 'Ended');
    expect(occ).to.include({ maxSendCount: 4, requestedCount: 4, sentCount: 4 });
    expect(occ.settledAmount).to.equal(occ.heldAmount);
  });

  it('cancel stops the future and cancels the running occurrence; nothing stays held', async () => {
    const before = await credit();
    const parent = await create({ periodType: 'Daily', repeatCount: 3 }, { senderAgentId: agents.silent });
    const running = (await get(parent.id)).occurrences[0];
    expect(running).to.include({ stage: 'Submitted', requestedCount: 10 });
    expect((await credit()).held > before.held).to.equal(true);
    const cancelled = ok(await api.post(`SmartSmsRecipients/Cancel/${parent.id}`, {}, { token: tree.subAdmin.token }));
    expect(cancelled).to.include({ stage: 'Cancelled', periodicStopReason: 'Cancelled', nextOccurrenceAt: null });
    const occ = await waitFor(running.id, (r) => r.stage === 'Cancelled');
    expect(occ).to.include({ sentCount: 0, settledAmount: '0' });
    expect(await service.runPeriodic(new Date(Date.now() + DAY_MS))).to.equal(0);
    expect((await get(parent.id)).occurrences).to.have.length(1);
    expect(await credit()).to.deep.equal(before);
  });

  it('an occurrence whose hold is refused for credit ends Failed with the reason; the parent continues with the next', async () => {
    const before = await credit();
    const billing = (service as unknown as { billing: BillingService }).billing;
    const hold = sinon.stub(billing, 'hold').callThrough();
    hold.onFirstCall().rejects(creditFailure('OrganizationCreditNotEnough', tree.sub.id));
    let parent: any;
    try {
      parent = await create({ periodType: 'Daily', repeatCount: 2 }, { senderAgentId: agents.fast });
    } finally {
      hold.restore();
    }
    const [refused] = (await get(parent.id)).occurrences;
    expect(refused).to.include({ stage: 'Ended', status: 'Failed', sentCount: 0, heldAmount: '0', settledAmount: '0' });
    expect(refused.failedReason).to.be.a('string').and.not.match(/^billing\./);
    expect(await credit()).to.deep.equal(before);
    expect(await service.runPeriodic(new Date(Date.now() + DAY_MS))).to.equal(1);
    const second = await waitFor((await get(parent.id)).occurrences[1].id, (r) => r.stage === 'Ended');
    expect(second).to.include({ status: 'Done', sentCount: 10 });
    expect(second.settledAmount).to.equal(second.heldAmount);
  });

  it('an update while it waits for approval keeps the rule it does not restate', async () => {
    const userToken = tree.subUser.token;
    const role = ok(await api.post('Roles/Create', { title: unique('Smart '), claims: ['Sending.Smart'], organizationId: tree.sub.id }, { token: tree.subAdmin.token }));
    ok(await api.post('Roles/AssignToUser', { userId: tree.subUser.userId, roleId: role.id }, { token: tree.subAdmin.token }));
    const waiting = ok(await api.post('SmartSmsRecipients/CreatePeriodicSmartSmsRecipient', body({ periodType: 'Monthly', repeatCount: 3 }, { senderAgentId: agents.silent }), { token: userToken }));
    expect(waiting).to.include({ stage: 'AwaitingApproval', canEdit: true });
    const { periodicSmartSms: _rule, ...plain } = body({}, { senderAgentId: agents.silent, requestName: 'Edited' });
    const edited = ok(await api.post('SmartSmsRecipients/Update', { ...plain, id: waiting.id }, { token: userToken }));
    expect(edited.periodicSmartSms).to.deep.equal({ periodType: 'Monthly', repeatCount: 3 });
    ok(await api.post(`SmartSmsRecipients/Cancel/${waiting.id}`, {}, { token: userToken }));
  });

  it('a confirmed periodic request cannot be edited (it is running)', async () => {
    const parent = await create({ periodType: 'Weekly' }, { senderAgentId: agents.silent });
    expect(parent.canEdit).to.equal(false);
    ok(await api.post(`SmartSmsRecipients/Cancel/${parent.id}`, {}, { token: tree.subAdmin.token }));
  });
});
