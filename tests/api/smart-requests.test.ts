import { expect } from 'chai';
import { io as connect, type Socket } from 'socket.io-client';
import { sharedServer, unique, type Tree } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { adminToken } from '../support/fixtures.js';
import { available, bad, expectLedgerClean, ok, sendingTree } from '../support/sending.js';
import { btsSimulatorAgent, smartBody, smartRequests, soonWindow } from '../support/smart.js';
import { SmartRequestsService } from '../../server/modules/targeting/index.js';
import { SmartRequestsRepository } from '../../server/modules/targeting/smart-requests.repository.js';
import { TYPES } from '../../server/platform/tokens.js';
import type { UnitOfWork } from '../../server/platform/unit-of-work.js';

/**
 * Smart requests (issue 26) through the real bts-simulator plugin: the spec's rules and messages,
 * the approval flow and its state rules, and money — held for the requested count, settled by the
 * operator's sent count exactly once (partial delivery, duplicates, failures, time-outs).
 */
describe('Smart requests (SmartSmsRecipients) through the BTS simulator', function () {
  this.timeout(120_000);
  let api: ApiClient;
  let tree: Tree;
  let service: SmartRequestsService;
  const agents: Record<string, number> = {};

  const soon = soonWindow;
  const body = smartBody;
  const create = (token: string, extra: Record<string, unknown> = {}, culture = 'en-US') => api.post('SmartSmsRecipients/CreateSmartSmsRecipient', body(extra), { token, culture });
  /** The message of the validation error on this field, from a 400's envelope. */
  const messageOf = (envelope: any, propertyName: string): string =>
    (envelope.validationErrors as { propertyName: string; message: string }[]).find((v) => v.propertyName === propertyName)?.message ?? `no error on ${propertyName}: ${JSON.stringify(envelope)}`;
  const { get, waitFor } = smartRequests(() => api, () => tree.subAdmin.token);
  const credit = () => available(api, tree.orgAdmin.token, tree.sub.id);

  const btsAgent = async (name: string, options: Record<string, unknown>) => { agents[name] = await btsSimulatorAgent(api, name, options); };

  before(async () => {
    ({ api, tree } = await sendingTree());
    service = (await sharedServer()).peyk.container.get(SmartRequestsService);
    // A smart tariff: MCI 90 % and Irancell 60 % of the ordinary 100 rials a part.
    const tariff = ok(await api.post('Tariffs/Create', {
      title: unique('Smart '), ranges: [{ fromCount: 0, toCount: null, prices: { mci: 100, irancell: 100, rightel: 100, other: 100, international: 1000 }, smartPercent: { mci: 90, irancell: 60 } }],
    }, { token: tree.resellerAdmin.token }));
    ok(await api.post('Tariffs/AssignToOrganization', { organizationId: tree.sub.id, tariffId: tariff.id }, { token: tree.resellerAdmin.token }));
    // A fresh install has no bts agent: the first smart call makes the simulator's (numbers' SMS simulator is left alone).
    const btsAgents = async () => (ok(await api.get('SenderAgents/GetAll', { token: await adminToken(api) })).items as { pluginName: string; title: string }[])
      .filter((a) => a.pluginName === 'bts-simulator');
    if ((await btsAgents()).length === 0) {
      const first = ok(await api.post('SmartSmsRecipients/Estimate', body(), { token: tree.subAdmin.token }));
      expect(first.sendableCount).to.equal(10);
      expect((await btsAgents()).map((a) => a.title)).to.deep.equal(['BTS simulator']);
    }
    await btsAgent('partial', { sentRatio: 0.5, deliveredRatio: 0.5 });
    await btsAgent('failing', { failWith: 'Failed' });
    await btsAgent('silent', { storedMs: 600_000 });
    await btsAgent('gray', { storedMs: 600_000, sentRatio: 1 });
    ok(await api.post('Users/Update', { id: tree.subAdmin.userId, isCanSendSmartWithoutConfirmation: true }, { token: tree.orgAdmin.token }));
    // The plain user sends smart requests (claim Sending.Smart) but needs confirmation.
    const role = ok(await api.post('Roles/Create', { title: unique('Smart '), claims: ['Sending.Smart'], organizationId: tree.sub.id }, { token: tree.subAdmin.token }));
    ok(await api.post('Roles/AssignToUser', { userId: tree.subUser.userId, roleId: role.id }, { token: tree.subAdmin.token }));
  });

  after(async () => {
    service.answerTimeoutMs = 6 * 60 * 60 * 1000;
    await expectLedgerClean(api);
  });

  it("answers the spec's messages: title, operator, polygon, points, crossing edges, size, presence range, cell list, P2P operator", async () => {
    const t = tree.subAdmin.token;
    const empty = bad(await api.post('SmartSmsRecipients/CreateSmartSmsRecipient', { ...soon(), text: 'x' }, { token: t, culture: 'en-US' }), 400);
    expect(messageOf(empty, 'requestName')).to.equal('The title is required.');
    expect(messageOf(empty, 'operator')).to.equal('Please select the operator.');
    expect(messageOf(empty, 'areas')).to.equal('Please select a polygon.');
    const fa = bad(await create(t, { operator: null }, 'fa'), 400, 'operator');
    expect(messageOf(fa, 'operator')).to.equal('لطفا اپراتور را انتخاب کنید.');

    const two = bad(await create(t, { areas: [{ type: 'Polygon', coordinates: [[[51.3, 35.6], [51.4, 35.6]]] }] }), 400);
    expect(messageOf(two, 'areas[0]')).to.equal('A polygon needs at least 3 points.');
    const bowTie = bad(await create(t, { areas: [{ type: 'Polygon', coordinates: [[[51.3, 35.6], [51.4, 35.7], [51.4, 35.6], [51.3, 35.7]]] }] }), 400);
    expect(messageOf(bowTie, 'areas[0]')).to.equal("The polygon's edges must not cross each other.");
    const huge = bad(await create(t, { areas: [{ type: 'Rectangle', bbox: [50, 34, 53, 37] }] }), 400);
    expect(messageOf(huge, 'areas[0]')).to.equal('The area is too large (at most 2000 km²).');

    const start = new Date(Date.now() + 60_000);
    const long = bad(await create(t, { startDatetime: start.toISOString(), endDatetime: new Date(start.getTime() + 61 * 60_000).toISOString() }), 400);
    expect(messageOf(long, 'endDatetime')).to.equal('The presence time range is at most one hour.');
    const big = bad(await create(t, { provinces: ['تهران'], startDatetime: start.toISOString(), endDatetime: new Date(start.getTime() + 10 * 60_000).toISOString() }), 400);
    expect(messageOf(big, 'endDatetime')).to.equal('For big provinces and cities the presence time range must be under 5 minutes.');

    const cells = bad(await create(t, { smartRequestType: 'CellList', areas: [], cellList: ['12a'] }), 400);
    expect(messageOf(cells, 'cellList')).to.equal('Cell list is wrong');

    const p2p = bad(await api.post('SmartSmsRecipients/CreateP2PSmartSmsRecipients', { ...body(), items: [{ text: 'a' }] }, { token: t, culture: 'en-US' }), 400);
    expect(messageOf(p2p, 'items[0].operator')).to.equal('Smart P2P requires an operator.');
  });

  it('estimates the audience per operator and prices it at the tariff smart percent', async () => {
    const est = ok(await api.post('SmartSmsRecipients/Estimate', { ...body(), senderAgentId: agents.partial }, { token: tree.subAdmin.token }));
    expect(est.perOperator.MCI).to.be.greaterThan(10);
    expect(est.sendableCount).to.equal(10);
    expect(est.partsCount).to.equal(1);
    const irancell = ok(await api.post('SmartSmsRecipients/Estimate', { ...body({ operator: 'Irancell' }), senderAgentId: agents.partial }, { token: tree.subAdmin.token }));
    // MCI 90 %, Irancell 60 % of the same ordinary 100 rials (levy and VAT, if any, on top of each).
    expect(Number(BigInt(est.unitPrice) - BigInt(irancell.unitPrice))).to.be.at.least(30);
    expect(BigInt(est.price)).to.equal(BigInt(est.unitPrice) * 10n);
  });

  it("a plain user's request waits; only a manager decides, and only while it waits ('please wait' otherwise)", async () => {
    const mine = ok(await create(tree.subUser.token, { senderAgentId: agents.silent }));
    expect(mine).to.include({ stage: 'AwaitingApproval', status: 'Stored', canEdit: true, canDecide: false, heldAmount: '0' });
    bad(await api.post(`SmartSmsRecipients/Confirm/${mine.id}`, {}, { token: tree.subUser.token }), 403);
    bad(await api.post(`SmartSmsRecipients/Confirm/${mine.id}`, {}, { token: tree.otherAdmin.token }), 404);
    const edited = ok(await api.post('SmartSmsRecipients/Update', { ...body({ requestName: 'Edited', senderAgentId: agents.silent }), id: mine.id }, { token: tree.subUser.token }));
    expect(edited).to.include({ requestName: 'Edited', stage: 'AwaitingApproval' });
    const before = await credit();
    const confirmed = ok(await api.post(`SmartSmsRecipients/Confirm/${mine.id}`, {}, { token: tree.subAdmin.token }));
    expect(confirmed).to.include({ stage: 'Submitted', decidedByUserId: tree.subAdmin.userId, requestedCount: 10 });
    expect(confirmed.externalId).to.be.a('string');
    const after = await credit();
    expect(after.held - before.held).to.equal(BigInt(confirmed.heldAmount));

    const wait = 'The request cannot be edited, approved or rejected in its current state; please wait until the request state changes.';
    expect(bad(await api.post(`SmartSmsRecipients/Reject/${mine.id}`, {}, { token: tree.subAdmin.token, culture: 'en-US' }), 409).message).to.equal(wait);
    expect(bad(await api.post('SmartSmsRecipients/Update', { ...body({ senderAgentId: agents.silent }), id: mine.id }, { token: tree.subUser.token, culture: 'en-US' }), 409).message).to.equal(wait);

    // Cancel at the BTS: the simulator ends it Failed with nothing sent; the hold comes back whole.
    const cancelled = ok(await api.post(`SmartSmsRecipients/Cancel/${mine.id}`, {}, { token: tree.subUser.token }));
    expect(cancelled).to.include({ stage: 'Cancelled', status: 'Failed', sentCount: 0, settledAmount: '0' });
    expect(await credit()).to.deep.equal(before);

    const rejected = ok(await create(tree.subUser.token, { senderAgentId: agents.silent }));
    expect(ok(await api.post(`SmartSmsRecipients/Reject/${rejected.id}`, { reason: 'Not now' }, { token: tree.subAdmin.token }))).to.include({ stage: 'Rejected', rejectReason: 'Not now' });
    const list = ok(await api.get('SmartSmsRecipients/GetAll?pageSize=100', { token: tree.subUser.token }));
    expect(list.items.map((r: any) => r.id)).to.include.members([mine.id, rejected.id]);
    expect(ok(await api.get('SmartSmsRecipients/GetAll?pageSize=100', { token: tree.otherAdmin.token })).items.map((r: any) => r.id)).to.not.include(mine.id);
  });

  it('partial delivery: held for the requested count, settled by the sent count, the rest released, exactly', async () => {
    const server = await sharedServer();
    const socket: Socket = await new Promise((resolve, reject) => {
      const s = connect(server.url, { auth: { token: tree.subAdmin.token }, transports: ['websocket'], reconnection: false });
      s.once('connect', () => resolve(s));
      s.once('connect_error', (err) => { s.close(); reject(err); });
    });
    const pushed: any[] = [];
    socket.on('smart-request-progress', (p) => pushed.push(p));
    const before = await credit();
    const req = ok(await create(tree.subAdmin.token, { senderAgentId: agents.partial, countToSend: 20 }));
    expect(req.stage).to.be.oneOf(['Submitted', 'Ended']);
    expect(req.requestedCount).to.equal(20);
    const done = await waitFor(req.id, (r) => r.stage === 'Ended');
    expect(done).to.include({ status: 'Done', requestedCount: 20, sentCount: 10, deliveredCount: 5 });
    expect(done.locations.length).to.be.greaterThan(0);
    const unit = BigInt(done.heldAmount) / 20n;
    expect(BigInt(done.settledAmount)).to.equal(unit * 10n);
    const after = await credit();
    expect(after.held).to.equal(before.held);
    expect(before.balance - after.balance).to.equal(BigInt(done.settledAmount));
    // The owner's sockets followed it to the end.
    const deadline = Date.now() + 5000;
    while (!pushed.some((p) => p.id === req.id && p.stage === 'Ended') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    socket.close();
    expect(pushed.filter((p) => p.id === req.id).at(-1)).to.include({ stage: 'Ended', status: 'Done', sentCount: 10 });

    // The same final report again, three at once: nothing moves.
    const final = { externalId: done.externalId, status: 'Done' as const, foundCount: done.foundCount, sentCount: 20, deliveredCount: 20, locations: [], at: new Date() };
    await Promise.all([service.progress(agents.partial!, [final]), service.progress(agents.partial!, [final]), service.progress(agents.partial!, [final])]);
    expect(await credit()).to.deep.equal(after);
    expect(await get(req.id)).to.include({ sentCount: 10, settledAmount: done.settledAmount });
  });

  it('concurrent duplicate final reports settle once, by the reported sent count', async () => {
    const before = await credit();
    const req = ok(await create(tree.subAdmin.token, { senderAgentId: agents.silent, countToSend: 12 }));
    expect(req).to.include({ stage: 'Submitted', requestedCount: 12 });
    const report = (status: 'Waiting' | 'Done', sentCount: number) => ({ externalId: req.externalId, status, foundCount: 30, sentCount, deliveredCount: sentCount, locations: [], at: new Date() });
    await service.progress(agents.silent!, [report('Waiting', 5)]);
    expect(await get(req.id)).to.include({ stage: 'Submitted', status: 'Waiting', sentCount: 5 });
    await Promise.all([1, 2, 3, 4].map(() => service.progress(agents.silent!, [report('Done', 7)])));
    const done = await get(req.id);
    expect(done).to.include({ stage: 'Ended', status: 'Done', sentCount: 7 });
    const after = await credit();
    expect(after.held).to.equal(before.held);
    expect(before.balance - after.balance).to.equal(BigInt(done.settledAmount));
    expect(BigInt(done.settledAmount)).to.equal((BigInt(done.heldAmount) / 12n) * 7n);
    // A report naming no request of ours (and no submit waiting for its id) is dropped, not refused forever.
    await service.progress(agents.silent!, [{ ...report('Done', 1), externalId: 'never-given' }]);
  });

  it('an operator failure releases the hold and alerts the organization that asked for it', async () => {
    ok(await api.post('Organizations/Update', { id: tree.sub.id, enableSmartSmsFailureAlert: true }, { token: tree.orgAdmin.token }));
    const before = await credit();
    const req = ok(await create(tree.subAdmin.token, { senderAgentId: agents.failing }));
    const failed = await waitFor(req.id, (r) => r.stage === 'Ended');
    expect(failed).to.include({ status: 'Failed', sentCount: 0, settledAmount: '0' });
    expect(await credit()).to.deep.equal(before);
    const latest = ok(await api.get('Notifications/GetLatest', { token: tree.subAdmin.token }));
    const items = (Array.isArray(latest) ? latest : latest.items) as { kind: string; body: string }[];
    expect(items.some((n) => n.kind === 'AlertSmartSmsFailure' && n.body.includes(req.requestName))).to.equal(true);
  });

  it('a request whose answer never comes is timed out: status Unknown, hold released', async () => {
    const before = await credit();
    const req = ok(await create(tree.subAdmin.token, { senderAgentId: agents.silent }));
    expect((await credit()).held > before.held).to.equal(true);
    service.answerTimeoutMs = 0;
    service.pollAfterMs = 0;
    try {
      // The simulator's first status ("Stored") may land a few milliseconds after the create and
      // move statusDatetime past the poll's cut-off: poll again until the time-out has taken it.
      const deadline = Date.now() + 10_000;
      for (;;) {
        await new Promise((r) => setTimeout(r, 5));
        await service.pollStale();
        if ((await get(req.id)).stage === 'Ended' || Date.now() > deadline) break;
      }
    } finally {
      service.answerTimeoutMs = 6 * 60 * 60 * 1000;
      service.pollAfterMs = 30_000;
    }
    expect(await get(req.id)).to.include({ stage: 'Ended', status: 'Unknown', settledAmount: '0', failedReason: 'No answer came from the operator (timed out).' });
    expect(await credit()).to.deep.equal(before);
  });

  it('P2P makes one request per operator text; periodic waits for its delay, then its first occurrence holds and goes; the parent is told of new requests when it asks', async () => {
    ok(await api.post('Organizations/Update', { id: tree.organization.id, isSendAlertForCreateSmartSmsRequest: true }, { token: tree.resellerAdmin.token }));
    const before = await credit();
    const p2p = ok(await api.post('SmartSmsRecipients/CreateP2PSmartSmsRecipients', {
      ...body({ senderAgentId: agents.silent }), items: [{ operator: 'MCI', text: 'Hello MCI' }, { operator: 'Irancell', text: 'Hello Irancell', countToSend: 3 }],
    }, { token: tree.subAdmin.token }));
    expect(p2p.items.map((r: any) => [r.operator, r.text, r.requestKind, r.stage, r.requestedCount])).to.deep.equal([
      ['MCI', 'Hello MCI', 'P2P', 'Submitted', 10], ['Irancell', 'Hello Irancell', 'P2P', 'Submitted', 3],
    ]);
    expect(p2p.items[1].groupId).to.equal(p2p.items[0].id);
    for (const r of p2p.items) expect(ok(await api.post(`SmartSmsRecipients/Cancel/${r.id}`, {}, { token: tree.subAdmin.token })).stage).to.equal('Cancelled');
    expect(await credit()).to.deep.equal(before);

    const periodic = ok(await api.post('SmartSmsRecipients/CreatePeriodicSmartSmsRecipient', {
      ...body({ senderAgentId: agents.silent, sentDelayType: 'Hour', sentDelayValue: 2 }), periodicSmartSms: { periodType: 'Weekly', weekDays: [0, 1, 2, 3, 4, 5, 6], repeatCount: 4 },
    }, { token: tree.subAdmin.token }));
    // A delayed request waits in the queue for the submit job; nothing is held yet.
    expect(periodic).to.include({ requestKind: 'Periodic', stage: 'Queued', heldAmount: '0' });
    expect(periodic.periodicSmartSms).to.deep.equal({ periodType: 'Weekly', weekDays: [0, 1, 2, 3, 4, 5, 6], repeatCount: 4 });
    expect(new Date(periodic.submitAfter).getTime()).to.be.greaterThan(Date.now() + 60 * 60_000);
    // Its time come (moved here instead of waiting two hours): the submit job never submits the
    // periodic request itself; the periodic job creates its first occurrence, which goes and holds.
    const container = (await sharedServer()).peyk.container;
    await container.get<UnitOfWork>(TYPES.UnitOfWork).run((tx) => container.get(SmartRequestsRepository).update(tx, periodic.id, { submitAfter: new Date(Date.now() - 1000) }));
    await service.submitDue();
    expect((await get(periodic.id)).occurrences).to.deep.equal([]);
    expect(await service.runPeriodic()).to.equal(1);
    const [occurrence] = (await get(periodic.id)).occurrences;
    const submitted = await get(occurrence.id);
    expect(submitted).to.include({ stage: 'Submitted', requestedCount: 10, parentId: periodic.id, occurrenceIndex: 0 });
    expect((await credit()).held - before.held).to.equal(BigInt(submitted.heldAmount));
    expect(ok(await api.post(`SmartSmsRecipients/Cancel/${periodic.id}`, {}, { token: tree.subAdmin.token })).stage).to.equal('Cancelled');
    expect((await get(occurrence.id)).stage).to.equal('Cancelled');
    expect(await credit()).to.deep.equal(before);

    const latest = ok(await api.get('Notifications/GetLatest', { token: tree.orgAdmin.token }));
    const items = (Array.isArray(latest) ? latest : latest.items) as { kind: string; body: string }[];
    expect(items.some((n) => n.kind === 'AlertCreateSmartSmsRequest' && n.body.includes(periodic.requestName))).to.equal(true);
  });

  it('gray list: people a request of the same organization was handed within grayListExpireHour are not chosen again', async () => {
    const t = tree.subAdmin.token;
    const area = { senderAgentId: agents.gray, countToSend: 25 };
    const estimate = async (extra: Record<string, unknown>) => ok(await api.post('SmartSmsRecipients/Estimate', body({ ...area, ...extra }), { token: t }));
    const fresh = await estimate({ grayListExpireHour: 24 });
    expect(fresh.sendableCount).to.equal(25);
    const first = ok(await create(t, { ...area, grayListExpireHour: 24 }));
    expect(first).to.include({ stage: 'Submitted', requestedCount: 25 });
    // Those 25 are left out of every count for 24 hours; without a gray list they count again.
    const grayed = await estimate({ grayListExpireHour: 24 });
    expect(grayed.perOperator.MCI).to.equal(fresh.perOperator.MCI - 25);
    expect(grayed.perArea[0]).to.equal(fresh.perArea[0] - 25);
    expect((await estimate({ grayListExpireHour: 0 })).perOperator.MCI).to.equal(fresh.perOperator.MCI);
    // A second request asking for everyone left finds 25 fewer than the first could have.
    const second = ok(await create(t, { ...area, countToSend: 100_000, grayListExpireHour: 24 }));
    expect(second.requestedCount).to.equal(fresh.perArea[0] - 25);
    // Another organization's gray list is its own.
    const other = ok(await api.post('SmartSmsRecipients/Estimate', body({ ...area, grayListExpireHour: 24 }), { token: tree.otherAdmin.token }));
    expect(other.perOperator.MCI).to.equal(fresh.perOperator.MCI);
    for (const r of [first, second]) ok(await api.post(`SmartSmsRecipients/Cancel/${r.id}`, {}, { token: t }));
  });

  it('maxSendCount caps what is asked and held', async () => {
    const t = tree.subAdmin.token;
    expect(ok(await api.post('SmartSmsRecipients/Estimate', body({ senderAgentId: agents.silent, countToSend: 40, maxSendCount: 7 }), { token: t })).sendableCount).to.equal(7);
    const req = ok(await create(t, { senderAgentId: agents.silent, countToSend: 40, maxSendCount: 7 }));
    expect(req).to.include({ stage: 'Submitted', requestedCount: 7 });
    ok(await api.post(`SmartSmsRecipients/Cancel/${req.id}`, {}, { token: t }));
  });

  it('GetAgents lists the active BTS lines a request may name; an SMS agent or an unknown id is refused on senderAgentId', async () => {
    const t = tree.subAdmin.token;
    const lines = ok(await api.get('SmartSmsRecipients/GetAgents', { token: t })).items as { id: number; title: string }[];
    expect(lines.map((a) => a.id)).to.include.members([agents.partial, agents.gray, agents.silent]);
    expect(lines[0]!.title).to.be.a('string');
    const smsAgents = ok(await api.get('SenderAgents/GetNames', { token: await adminToken(api) })) as { id: number }[];
    const sms = (Array.isArray(smsAgents) ? smsAgents : (smsAgents as any).items)[0].id as number;
    expect(lines.map((a) => a.id)).to.not.include(sms);
    for (const senderAgentId of [sms, 987_654]) {
      const refused = bad(await create(t, { senderAgentId }), 400);
      expect((refused.validationErrors ?? []).map((v: any) => v.propertyName)).to.include('senderAgentId');
    }
  });
});
