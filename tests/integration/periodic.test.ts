import { expect } from 'chai';
import { ApiClient } from '../support/api-client.js';
import { startTestServer, INITIAL_ADMIN_PASSWORD, type TestServer } from '../support/test-server.js';
import { ok, tariffBody, waitForSend } from '../support/sending.js';
import type { Clock } from '../../server/platform/clock.js';
import { PeriodicService } from '../../server/modules/messaging/periodic/periodic.service.js';

/**
 * The periodic scheduler on this run's database backend, with a clock the test moves: each
 * occurrence is one ordinary send (priced and held on its own), made exactly once however often
 * or concurrently runDue is called; an occurrence without credit is a failed send and the series
 * goes on; the definition finishes after maxOccurrences.
 */
describe('Periodic sends: the scheduler (runDue)', function () {
  this.timeout(120_000);
  let server: TestServer;
  let api: ApiClient;
  let admin: string;
  let orgId: number;
  let lineId: number;
  let offsetMs = 0;
  const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };
  let periodic: PeriodicService;

  const login = async (userName: string, password: string) => ok(await api.post('Account/Login', { userName, password })).accessToken as string;
  const balance = async () => {
    const c = ok(await api.get(`Organizations/GetOrganizationCreditForAdmin?organizationId=${orgId}`, { token: await login('admin', 'Admin#Pass9') }));
    return { balance: BigInt(c.balance), held: BigInt(c.held) };
  };
  const definition = async (token: string, id: number) => (ok(await api.get('ScheduledMessages/GetPeriodicSends?pageSize=100', { token })).items as any[]).find((d) => d.id === id);
  const occurrenceSends = async (token: string, id: number) => (ok(await api.get('OutBox/GetAll?pageSize=100', { token })).items as any[])
    .filter((s) => Number(s.periodicSendId) === id).sort((a, b) => a.periodicOccurrence - b.periodicOccurrence);
  /** Moves the clock just past the definition's next run. */
  const moveTo = (at: string) => { offsetMs = new Date(at).getTime() + 1_000 - Date.now(); };

  before(async () => {
    server = await startTestServer({}, clock);
    api = new ApiClient(server.url);
    periodic = server.peyk.container.get(PeriodicService);
    const first = ok(await api.post('Account/Login', { userName: 'admin', password: INITIAL_ADMIN_PASSWORD }));
    ok(await api.post('Account/ChangePassword', { currentPassword: INITIAL_ADMIN_PASSWORD, newPassword: 'Admin#Pass9', confirmPassword: 'Admin#Pass9' }, { token: first.accessToken }));
    admin = await login('admin', 'Admin#Pass9');
    const org = ok(await api.post('Organizations/Create', { name: 'Every day', type: 'reseller' }, { token: admin }));
    orgId = org.id;
    const tariff = ok(await api.post('Tariffs/Create', tariffBody('Flat 100', 100), { token: admin }));
    ok(await api.post('Tariffs/AssignToOrganization', { organizationId: org.id, tariffId: tariff.id }, { token: admin }));
    // Enough for one occurrence of two receivers (200), not for two.
    ok(await api.post('Credits/ChargeOrganization', { organizationId: org.id, amount: 250 }, { token: admin }));
    ok(await api.post('Users/Create', { userName: 'daily', password: 'User#Pass1', changePasswordRequired: false, organizationId: org.id, isAdmin: true, firstName: 'D' }, { token: admin }));
    const agent = ok(await api.post('SenderAgents/Create', {
      title: 'Sim periodic', pluginName: 'simulator', maxPerSecond: 100_000, isActive: true, isSendActive: true, isActiveAllTime: true,
      options: { submitLatencyMs: 0, deliveryDelayMs: 10, deliveryRatio: 1, seed: 7 },
    }, { token: admin }));
    lineId = ok(await api.post('PrivateNumbers/Create', {
      number: '30007788', useForm: 'OneNumber', numberType: 'Public', typePrivateNumber: 'Bulk', smsSenderAgentId: agent.id,
      isPublic: true, isActive: true, isSendBulk: true, deliveryBase: true,
    }, { token: admin })).id;
  });

  after(async () => {
    await server?.stop();
  });

  it('makes each occurrence once, holds per occurrence, records a failed one and finishes after maxOccurrences', async () => {
    let token = await login('daily', 'User#Pass1');
    const def = ok(await api.post('ScheduledMessages/Create', {
      senderNumberId: lineId, smsBody: 'Good morning', sendType: 'Bulk', typeSend: 'periodic', receivers: ['09121230001', '09351230002'],
      periodType: 'Daily', sendHour: 9, maxOccurrences: 3,
    }, { token }));
    expect(def).to.include({ status: 'Active', occurrences: 0, recipientCount: 2 });
    expect(await periodic.runDue(clock.now()), 'nothing due yet').to.equal(0);

    // Occurrence 1: two schedulers at once make one send.
    moveTo(def.dateTimeNext);
    const before = await balance();
    const made = await Promise.all([periodic.runDue(clock.now()), periodic.runDue(clock.now())]);
    expect(made[0] + made[1]).to.be.at.most(1);
    expect(await periodic.runDue(clock.now()), 'a repeat finds nothing due').to.equal(0);
    token = await login('daily', 'User#Pass1');
    let sends = await occurrenceSends(token, def.id);
    expect(sends).to.have.length(1);
    expect(sends[0]).to.include({ sendSubType: 'Periodic', periodicOccurrence: 1, recipientCount: 2, totalPrice: '200' });
    const firstDone = await waitForSend(api, token, sends[0].id);
    // The occurrence is the owner's own send, made by the system on their behalf: audit says so.
    const audits = async (q: string) => ok(await api.get(`Audits/GetAll?pageSize=100&${q}`, { token: await login('admin', 'Admin#Pass9') })).items as any[];
    const byScheduler = (await audits('className=ScheduledMessage&channel=system')).filter((a) => a.referenceId === String(sends[0].id));
    expect(byScheduler).to.have.length(1);
    expect(byScheduler[0]).to.include({ channel: 'system', userName: 'daily', requestId: `periodic:${def.id}:1`, userAgent: 'periodic-scheduler' });
    const defined = (await audits('channel=panel')).filter((a) => a.userName === 'daily');
    expect(defined.length).to.be.greaterThan(0);
    expect((await audits('channel=system')).every((a) => a.channel === 'system')).to.equal(true);
    expect(firstDone).to.include({ status: 'Sent', deliveredCount: 2 });
    const afterFirst = await balance();
    expect(before.balance - afterFirst.balance, 'charged for this occurrence only').to.equal(200n);
    expect(afterFirst.held).to.equal(before.held);
    let now = await definition(token, def.id);
    expect(now).to.include({ occurrences: 1, failedOccurrences: 0, status: 'Active' });
    expect(new Date(now.dateTimeNext).getTime() - new Date(def.dateTimeNext).getTime()).to.equal(86_400_000);

    // Occurrence 2: 50 rials left, the occurrence costs 200: a failed send, the series goes on.
    moveTo(now.dateTimeNext);
    expect(await periodic.runDue(clock.now())).to.be.at.most(1);
    token = await login('daily', 'User#Pass1');
    sends = await occurrenceSends(token, def.id);
    expect(sends).to.have.length(2);
    expect(sends[1]).to.include({ periodicOccurrence: 2, queueStatus: 'Failed', status: 'ErrorInSending', recipientCount: 0, sendSubType: 'Periodic' });
    expect(['OrganizationCreditNotEnough', 'UserCreditNotEnough', 'AdminCreditNotEnough']).to.include(sends[1].failureCode);
    const afterFailed = await balance();
    expect(afterFailed).to.deep.equal(afterFirst);
    now = await definition(token, def.id);
    expect(now).to.include({ occurrences: 2, failedOccurrences: 1, status: 'Active', lastFailureCode: sends[1].failureCode });

    // Occurrence 3 (the last): with credit again it goes out, and the definition finishes.
    ok(await api.post('Credits/ChargeOrganization', { organizationId: orgId, amount: 1_000 }, { token: await login('admin', 'Admin#Pass9') }));
    moveTo(now.dateTimeNext);
    expect(await periodic.runDue(clock.now())).to.be.at.most(1);
    token = await login('daily', 'User#Pass1');
    sends = await occurrenceSends(token, def.id);
    expect(sends.map((s) => s.periodicOccurrence)).to.deep.equal([1, 2, 3]);
    await waitForSend(api, token, sends[2].id);
    now = await definition(token, def.id);
    expect(now).to.include({ occurrences: 3, status: 'Finished', dateTimeNext: null });

    offsetMs += 7 * 86_400_000;
    expect(await periodic.runDue(clock.now()), 'a finished series makes nothing').to.equal(0);
    token = await login('daily', 'User#Pass1');
    expect(await occurrenceSends(token, def.id)).to.have.length(3);
    const verify = ok(await api.get('Ledger/Verify', { token: await login('admin', 'Admin#Pass9') }));
    expect(verify.mismatches).to.deep.equal([]);
  });

  it('holds each occurrence on its own (seen while the sends wait for confirmation)', async () => {
    offsetMs = 0;
    admin = await login('admin', 'Admin#Pass9');
    const strict = ok(await api.post('Organizations/Create', { name: 'Confirm first', type: 'reseller', isConfirmMessage: true }, { token: admin }));
    const tariff = ok(await api.post('Tariffs/Create', tariffBody('Flat 100 strict', 100), { token: admin }));
    ok(await api.post('Tariffs/AssignToOrganization', { organizationId: strict.id, tariffId: tariff.id }, { token: admin }));
    ok(await api.post('Credits/ChargeOrganization', { organizationId: strict.id, amount: 10_000 }, { token: admin }));
    ok(await api.post('Users/Create', { userName: 'strict', password: 'User#Pass1', changePasswordRequired: false, organizationId: strict.id, isAdmin: true, firstName: 'S' }, { token: admin }));
    const held = async () => BigInt(ok(await api.get(`Organizations/GetOrganizationCreditForAdmin?organizationId=${strict.id}`, { token: await login('admin', 'Admin#Pass9') })).held);
    let token = await login('strict', 'User#Pass1');
    const def = ok(await api.post('ScheduledMessages/Create', {
      senderNumberId: lineId, smsBody: 'Held apart', sendType: 'Bulk', typeSend: 'periodic', receivers: ['09121230011', '09351230012'], periodType: 'Daily', sendHour: 7,
    }, { token }));
    const start = await held();
    moveTo(def.dateTimeNext);
    await periodic.runDue(clock.now());
    // The server's own scheduler tick may have taken this occurrence first (runDue then finds it
    // locked and returns at once): wait for that transaction to commit before reading.
    for (const until = Date.now() + 10_000; (await held()) === start && Date.now() < until;) await new Promise((r) => setTimeout(r, 100));
    expect((await held()) - start, 'the first occurrence holds its own price').to.equal(200n);
    token = await login('strict', 'User#Pass1');
    const next = await definition(token, def.id);
    moveTo(next.dateTimeNext);
    await periodic.runDue(clock.now());
    expect((await held()) - start, 'the second holds again, beside the first').to.equal(400n);
    token = await login('strict', 'User#Pass1');
    const sends = await occurrenceSends(token, def.id);
    expect(sends.map((s) => [s.periodicOccurrence, s.queueStatus, s.totalPrice])).to.deep.equal([[1, 'WatingForConfirm', '200'], [2, 'WatingForConfirm', '200']]);
    ok(await api.post('ScheduledMessages/CancelPeriodicSend', { id: def.id }, { token }));
  });

  it('the running scheduler makes the occurrence by itself when it is due', async () => {
    offsetMs = 0;
    let token = await login('daily', 'User#Pass1');
    ok(await api.post('Credits/ChargeOrganization', { organizationId: orgId, amount: 1_000 }, { token: await login('admin', 'Admin#Pass9') }));
    const def = ok(await api.post('ScheduledMessages/Create', {
      senderNumberId: lineId, smsBody: 'On its own', sendType: 'Bulk', typeSend: 'periodic', receivers: ['09121230021'], periodType: 'Daily', sendHour: 10, maxOccurrences: 1,
    }, { token }));
    moveTo(def.dateTimeNext);
    // No runDue call here: the dispatcher's tick (every second) picks it up.
    const deadline = Date.now() + 15_000;
    let sends: any[] = [];
    while (sends.length === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      token = await login('daily', 'User#Pass1');
      sends = await occurrenceSends(token, def.id);
    }
    expect(sends).to.have.length(1);
    const done = await waitForSend(api, token, sends[0].id);
    expect(done).to.include({ status: 'Sent', deliveredCount: 1 });
    expect(await definition(token, def.id)).to.include({ status: 'Finished', occurrences: 1 });
  });

  it('a cancelled definition makes no more occurrences', async () => {
    offsetMs = 0;
    const token = await login('daily', 'User#Pass1');
    const def = ok(await api.post('ScheduledMessages/Create', {
      senderNumberId: lineId, smsBody: 'Weekly news', sendType: 'Bulk', typeSend: 'periodic', receivers: ['09121230003'], periodType: 'Weekly', daysOfWeek: [0, 1, 2, 3, 4, 5, 6], sendHour: 12,
    }, { token }));
    ok(await api.post('ScheduledMessages/CancelPeriodicSend', { id: def.id }, { token }));
    moveTo(def.dateTimeNext);
    expect(await periodic.runDue(clock.now())).to.equal(0);
    expect(await occurrenceSends(await login('daily', 'User#Pass1'), def.id)).to.have.length(0);
  });

  it('a GradualPeriodic occurrence is a gradual send: step 0 at once, the next at its step, exact money', async () => {
    offsetMs = 0;
    ok(await api.post('Credits/ChargeOrganization', { organizationId: orgId, amount: 200_000 }, { token: await login('admin', 'Admin#Pass9') }));
    let token = await login('daily', 'User#Pass1');
    const receiversText = Array.from({ length: 1000 }, (_, i) => `0913${String(4_000_000 + i)}`).join('\n');
    const def = ok(await api.post('ScheduledMessages/Create', {
      senderNumberId: lineId, smsBody: 'Step by step', sendType: 'Bulk', typeSend: 'gradualPeriodic', receiversText, periodType: 'Daily', sendHour: 11,
      maxOccurrences: 2, gradualStepCount: 500, gradualIntervalMinutes: 60,
    }, { token }));
    expect(def).to.include({ status: 'Active', recipientCount: 1000, gradualStepCount: 500, gradualIntervalMinutes: 60, occurrencePrice: '100000' });
    moveTo(def.dateTimeNext);
    const before = await balance();
    await periodic.runDue(clock.now());
    // The server's own tick may have made it first: wait for that commit.
    let sends: any[] = [];
    for (const until = Date.now() + 10_000; sends.length === 0 && Date.now() < until;) {
      token = await login('daily', 'User#Pass1');
      sends = await occurrenceSends(token, def.id);
      if (sends.length === 0) await new Promise((r) => setTimeout(r, 100));
    }
    expect(sends).to.have.length(1);
    expect(sends[0]).to.include({ sendSubType: 'GradualPeriodic', periodicOccurrence: 1, recipientCount: 1000, gradualStepCount: 500, gradualIntervalMinutes: 60, totalPrice: '100000' });
    await waitForSend(api, token, sends[0].id, (s) => s.deliveredCount === 500);
    const waiting = ok(await api.get(`OutBox/GetRecipients?id=${sends[0].id}&deliveryStatus=WaitingForSend&pageSize=1`, { token }));
    expect(waiting.totalCount, 'step 1 waits for its hour').to.equal(500);
    ok(await api.post(`OutBox/Cancel/${sends[0].id}`, {}, { token }));
    const done = await waitForSend(api, token, sends[0].id);
    expect(done).to.include({ deliveredCount: 500, canceledCount: 500, pendingCount: 0 });
    const after = await balance();
    expect(before.balance - after.balance, 'charged for the 500 sent').to.equal(50_000n);
    expect(after.held).to.equal(before.held);
    expect(await definition(token, def.id)).to.include({ occurrences: 1, status: 'Active' });
    ok(await api.post('ScheduledMessages/CancelPeriodicSend', { id: def.id }, { token }));
  });
});
