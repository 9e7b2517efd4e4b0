import 'reflect-metadata';
import { expect } from 'chai';
import { startTestServer, INITIAL_ADMIN_PASSWORD, type TestServer } from '../support/test-server.js';
import { ApiClient, type ApiResponse } from '../support/api-client.js';
import { ADMIN_PASSWORD, createOrganization, createUser, login, USER_PASSWORD } from '../support/fixtures.js';
import { AppError } from '../../server/platform/http/errors.js';
import { TYPES } from '../../server/platform/tokens.js';
import type { UnitOfWork } from '../../server/platform/unit-of-work.js';
import { LinesService, tehranPeriods, type ResolveInput } from '../../server/modules/numbers/index.js';
import { maskOptions } from '../../server/modules/numbers/line-fields.js';
import { ok } from '../support/envelope.js';

/** The failure an AppError carries: failure code, field, key. */
async function failure(p: Promise<unknown>): Promise<{ code: string; field: string; key: string; status: number }> {
  try {
    await p;
  } catch (err) {
    if (err instanceof AppError) {
      return { code: (err.data as { failureCode?: string } | undefined)?.failureCode ?? '', field: err.validationErrors[0]?.propertyName ?? '', key: err.key, status: err.status };
    }
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('numbers: lines for the send engine, limits, first-start seed', function () {
  this.timeout(120_000);
  let server: TestServer;
  let api: ApiClient;
  let token: string;
  let lines: LinesService;
  let uow: UnitOfWork;
  let org: { id: number };
  let otherOrg: { id: number };
  let orgAdmin: { id: number };
  let plainUser: { id: number };
  let outsider: { id: number };
  let agentId: number;
  let n = 0;

  const newLine = async (extra: Record<string, unknown> = {}) => ok(await api.post('PrivateNumbers/Create', {
    number: `7${String(100_000 + ++n)}`, useForm: 'OneNumber', numberType: 'Private', typePrivateNumber: 'Bulk', smsSenderAgentId: agentId,
    isSendBulk: true, organizationId: org.id, ...extra,
  }, { token }));
  const resolve = (input: Partial<ResolveInput>) => uow.run((tx) => lines.resolveForSend(tx, {
    organizationId: org.id, userId: orgAdmin.id, isOrganizationAdmin: true, privateNumberId: 0, sendType: 'Bulk', at: new Date(), ...input,
  }));

  before(async () => {
    server = await startTestServer();
    api = new ApiClient(server.url);
    const first = await login(api, 'admin', INITIAL_ADMIN_PASSWORD);
    ok(await api.post('Account/ChangePassword', { currentPassword: INITIAL_ADMIN_PASSWORD, newPassword: ADMIN_PASSWORD, confirmPassword: ADMIN_PASSWORD }, { token: first.accessToken }));
    token = (await login(api, 'admin', ADMIN_PASSWORD)).accessToken;
    lines = server.peyk.container.get(LinesService);
    uow = server.peyk.container.get<UnitOfWork>(TYPES.UnitOfWork);
    const reseller = await createOrganization(api, token, { name: 'Lines reseller', type: 'reseller' });
    org = await createOrganization(api, token, { name: 'Lines org', parentId: reseller.id });
    otherOrg = await createOrganization(api, token, { name: 'Other lines org', type: 'reseller' });
    orgAdmin = await createUser(api, token, { userName: 'lines-admin', organizationId: org.id, isAdmin: true, firstName: 'A' });
    plainUser = await createUser(api, token, { userName: 'lines-user', organizationId: org.id, isAdmin: false, firstName: 'U' });
    outsider = await createUser(api, token, { userName: 'lines-outsider', organizationId: otherOrg.id, isAdmin: true, firstName: 'O' });
    void USER_PASSWORD;
  });

  after(async () => {
    if (server) await server.stop();
  });

  it('seeds the Simulator agent and the public line once, however many starts and racing callers', async () => {
    const knex = server.peyk.database.knex;
    await Promise.all([lines.ensureFirstStartSeed(), lines.ensureFirstStartSeed(), new LinesService(
      server.peyk.container.get(LinesService)['lines'], server.peyk.container.get(LinesService)['agents'], uow, server.peyk.container.get(LinesService)['registry'],
      server.peyk.container.get(LinesService)['liveHealth'],
    ).ensureFirstStartSeed()]);
    // Two more starts: the boot sequence seeds once per start (server/app.ts).
    await lines.ensureFirstStartSeed();
    await lines.ensureFirstStartSeed();
    const agents = await knex('sender_agents').select('*');
    expect(agents.map((a) => a.title)).to.deep.equal(['شبیه‌ساز']);
    expect(agents[0]).to.include({ pluginName: 'simulator', isActive: true, isSendActive: true });
    const seeded = await knex('private_numbers').where({ number: '10001000' });
    expect(seeded).to.have.length(1);
    expect(seeded[0]).to.include({ isPublic: true, numberType: 'Public', typePrivateNumber: 'Bulk', isSendSingle: true, isSendBulk: true, isSendP2P: true, isSendPhonebook: true, isSendApiSingle: true, isSendApiP2P: true, deliveryBase: true, isGeneralBlackList: true });
    // Issue 23: every send kind the panel offers on a fresh install (patterns send as Dynamic; occasions need their own flag).
    expect(seeded[0]).to.include({ isSendDynamic: true, isSendOccasionPhonebook: true, isCanSendFlashSms: true, confirmP2pAndDynamic: false });
    // The seeded public line is usable by anyone below the system organization at once.
    const line = await resolve({ privateNumberId: seeded[0].id, userId: plainUser.id, isOrganizationAdmin: false, sendType: 'Single' });
    expect(line).to.include({ number: '10001000', pluginName: 'simulator', isPublic: true, lineType: 'Bulk', isGeneralBlackList: true });
    agentId = ok(await api.post('SenderAgents/Create', { title: 'Lines sim', pluginName: 'simulator', options: { seed: 1 }, startTime: '08:00', endTime: '22:00', isActiveAllTime: false, maxPerSecond: 50 }, { token })).id;
  });

  it('resolves a line for a send with everything the engine needs', async () => {
    const created = await newLine({ deliveryLevel1: true, refundDeliveryStatusId: 'Expired', tryCount: 2, sendToBlackList: true, isCanSendFlashSms: true });
    const line = await resolve({ privateNumberId: created.id });
    expect(line).to.deep.equal({
      id: created.id, number: created.number, ownerOrganizationId: org.id, isPublic: false, lineType: 'Bulk', senderAgentId: agentId, agentType: 'SMS',
      pluginName: 'simulator', agentOptions: { seed: 1 }, agentMaxPerSecond: 50,
      agentWindow: { isActiveAllTime: false, startTime: '08:00', endTime: '22:00' },
      sendToBlackList: true, isGeneralBlackList: false, isCanSendFlashSms: true,
      refundPolicy: { deliveryBase: false, deliveryLevel1: true, deliveryLevel2: false, refundDeliveryStatusId: 'Expired' }, tryCount: 2,
      confirmP2pAndDynamic: false,
      regionalFlags: { isSendGender: false, isSendGroup: false, isAutomaticBulk: false, isAutomaticGroup: false, agentSendBulkActive: true, agentSendBulkIsAutomatic: false },
    });
    const mask = await newLine({ useForm: 'Mask', mask: 'PeykShop' });
    expect((await resolve({ privateNumberId: mask.id })).number).to.equal('PeykShop');
  });

  it('answers PrivateNumberNotValid for unknown, deleted, foreign, unassigned lines and other send types', async () => {
    const line = await newLine();
    const expectNotValid = async (input: Partial<ResolveInput>) => {
      expect(await failure(resolve({ privateNumberId: line.id, ...input }))).to.deep.equal({ code: 'PrivateNumberNotValid', field: 'senderNumberId', key: 'numbers.PrivateNumberNotValid', status: 400 });
    };
    await expectNotValid({ privateNumberId: 999_999 });
    // The organization's administrator may use the line; only its Single flag is off, and the answer says so.
    expect(await failure(resolve({ privateNumberId: line.id, sendType: 'Single' }))).to.deep.equal({ code: 'PrivateNumberNotValid', field: 'senderNumberId', key: 'numbers.sendTypeOff.Single', status: 400 });
    await expectNotValid({ sendType: 'Nonsense' });
    await expectNotValid({ userId: plainUser.id, isOrganizationAdmin: false });
    await expectNotValid({ organizationId: otherOrg.id, userId: outsider.id });
    ok(await api.post('PrivateNumbers/Assign', { privateNumberId: line.id, userId: plainUser.id, sendTypesList: ['Bulk'] }, { token }));
    expect((await resolve({ privateNumberId: line.id, userId: plainUser.id, isOrganizationAdmin: false })).id).to.equal(line.id);
    ok(await api.delete(`PrivateNumbers/Delete/${line.id}`, { token }));
    await expectNotValid({});
  });

  it('answers PrivateNumberIsExpired, PrivateNumberIsInactive and SystemIsOutOfService from their causes', async () => {
    const expired = await newLine({ expireTime: new Date(Date.now() - 60_000).toISOString() });
    expect((await failure(resolve({ privateNumberId: expired.id }))).code).to.equal('PrivateNumberIsExpired');
    const later = await newLine({ expireTime: new Date(Date.now() + 3_600_000).toISOString() });
    expect((await resolve({ privateNumberId: later.id })).id).to.equal(later.id);
    expect((await failure(resolve({ privateNumberId: later.id, at: new Date(Date.now() + 7_200_000) }))).code).to.equal('PrivateNumberIsExpired');

    const off = await newLine({ isActive: false });
    expect(await failure(resolve({ privateNumberId: off.id }))).to.deep.equal({ code: 'PrivateNumberIsInactive', field: 'senderNumberId', key: 'numbers.PrivateNumberIsInactive', status: 400 });

    const agent = ok(await api.post('SenderAgents/Create', { title: 'Switchable', pluginName: 'simulator' }, { token }));
    const onAgent = await newLine({ smsSenderAgentId: agent.id });
    expect((await resolve({ privateNumberId: onAgent.id })).senderAgentId).to.equal(agent.id);
    ok(await api.post('SenderAgents/Update', { id: agent.id, isSendActive: false }, { token }));
    // The line is fine; what carries it is off.
    expect(await failure(resolve({ privateNumberId: onAgent.id }))).to.deep.equal({ code: 'SystemIsOutOfService', field: 'senderNumberId', key: 'numbers.SystemIsOutOfService', status: 400 });
    expect((await lines.senderAgent(undefined, agent.id))?.isActive).to.equal(false);
    expect((await lines.listActiveAgents()).map((a) => a.id)).to.not.include(agent.id);
    ok(await api.post('SenderAgents/Update', { id: agent.id, isSendActive: true, isActive: false }, { token }));
    expect((await failure(resolve({ privateNumberId: onAgent.id }))).code).to.equal('SystemIsOutOfService');
    ok(await api.post('SenderAgents/Update', { id: agent.id, isActive: true }, { token }));
    const active = await lines.senderAgent(undefined, agent.id);
    expect(active).to.deep.equal({ id: agent.id, pluginName: 'simulator', options: {}, maxPerSecond: 1000, isActive: true });
    expect((await lines.listActiveAgents()).map((a) => a.id)).to.include(agent.id);
    expect(await lines.senderAgent(undefined, 999_999)).to.equal(null);
    // A plugin that is no longer installed (removed from plugins/, or broken at this boot) carries nothing either.
    const knex = server.peyk.database.knex;
    await knex('sender_agents').where({ id: agent.id }).update({ pluginName: 'removed-plugin' });
    expect((await failure(resolve({ privateNumberId: onAgent.id }))).code).to.equal('SystemIsOutOfService');
    expect((await lines.senderAgent(undefined, agent.id))?.isActive).to.equal(false);
    await knex('sender_agents').where({ id: agent.id }).update({ pluginName: 'simulator' });
  });

  it('lets exactly 10 of 20 concurrent sends of one message through a daily limit of 10, and gives back released ones', async () => {
    const line = await newLine();
    ok(await api.post('PrivateNumbers/Assign', { privateNumberId: line.id, userId: plainUser.id, sendTypesList: ['Bulk'], dailySendLimit: 10 }, { token }));
    const at = new Date();
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => uow.run((tx) => lines.consumeLimits(tx, { privateNumberId: line.id, userId: plainUser.id, count: 1, at }))));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).to.have.length(10);
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected').map((o) => o.reason as AppError);
    expect(refused).to.have.length(10);
    for (const err of refused) {
      expect(err).to.be.instanceOf(AppError);
      expect(err.data).to.deep.equal({ failureCode: 'ErrorSelectNumber' });
      expect(err.validationErrors[0]).to.include({ propertyName: 'senderNumberId', key: 'numbers.dailyLimitReached' });
      expect(err.params).to.deep.equal({ limit: 10, remaining: 0 });
    }
    const knex = server.peyk.database.knex;
    const usage = await knex('private_number_usage').where({ privateNumberId: line.id, userId: plainUser.id, period: tehranPeriods(at).day }).first();
    expect(Number(usage.count)).to.equal(10);

    await uow.run((tx) => lines.releaseLimits(tx, { privateNumberId: line.id, userId: plainUser.id, count: 3, at }));
    await uow.run((tx) => lines.consumeLimits(tx, { privateNumberId: line.id, userId: plainUser.id, count: 3, at }));
    expect((await failure(uow.run((tx) => lines.consumeLimits(tx, { privateNumberId: line.id, userId: plainUser.id, count: 1, at })))).code).to.equal('ErrorSelectNumber');
    // Another day has its own counter.
    await uow.run((tx) => lines.consumeLimits(tx, { privateNumberId: line.id, userId: plainUser.id, count: 10, at: new Date(at.getTime() + 86_400_000) }));
    // Giving back never goes below zero.
    await uow.run((tx) => lines.releaseLimits(tx, { privateNumberId: line.id, userId: plainUser.id, count: 100, at }));
    expect(Number((await knex('private_number_usage').where({ privateNumberId: line.id, userId: plainUser.id, period: tehranPeriods(at).day }).first()).count)).to.equal(0);
  });

  it('checks the monthly limit too, rolls back the day counter with it, and ignores users without an assignment', async () => {
    const line = await newLine();
    ok(await api.post('PrivateNumbers/Assign', { privateNumberId: line.id, userId: plainUser.id, sendTypesList: ['Bulk'], dailySendLimit: 100, monthlySendLimit: 5 }, { token }));
    const at = new Date();
    await uow.run((tx) => lines.consumeLimits(tx, { privateNumberId: line.id, userId: plainUser.id, count: 4, at }));
    const refused = await failure(uow.run((tx) => lines.consumeLimits(tx, { privateNumberId: line.id, userId: plainUser.id, count: 2, at })));
    expect(refused).to.include({ code: 'ErrorSelectNumber', field: 'senderNumberId', key: 'numbers.monthlyLimitReached' });
    const knex = server.peyk.database.knex;
    expect(Number((await knex('private_number_usage').where({ privateNumberId: line.id, userId: plainUser.id, period: tehranPeriods(at).day }).first()).count)).to.equal(4);
    await uow.run((tx) => lines.consumeLimits(tx, { privateNumberId: line.id, userId: orgAdmin.id, count: 1_000_000, at }));
    expect(tehranPeriods(new Date('2026-11-21T21:00:00Z'))).to.deep.equal({ day: 'd:2026-11-22', month: 'm:2026-11' });
    expect(tehranPeriods(new Date('2026-11-30T20:29:00Z'))).to.deep.equal({ day: 'd:2026-11-30', month: 'm:2026-11' });
    expect(tehranPeriods(new Date('2026-11-30T20:31:00Z'))).to.deep.equal({ day: 'd:2026-12-01', month: 'm:2026-12' });
  });

  it('masks secret-looking option values in answers', () => {
    expect(maskOptions({ apiKey: 'abc', password: 'p', seed: 1, token: '' })).to.deep.equal({ apiKey: '***', password: '***', seed: 1, token: '' });
  });
});
