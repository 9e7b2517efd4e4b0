import { expect } from 'chai';
import { io as connect, type Socket } from 'socket.io-client';
import { ApiClient } from '../support/api-client.js';
import { adminToken, createTree, sharedApi, sharedServer, unique, ADMIN_PASSWORD, type Tree } from '../support/fixtures.js';
import { INITIAL_ADMIN_PASSWORD, startTestServer, type TestServer } from '../support/test-server.js';
import { bad, ok } from '../support/envelope.js';
import { startTestSmtpServer } from '../../plugins/email/contract.fixture.js';
import { AgentHealthService } from '../../server/modules/numbers/index.js';
import type { KeyValueStore } from '../../server/platform/kv.js';
import { GatewayRegistry } from '../../server/gateways/gateway-registry.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, read: () => Promise<T | null | undefined> | T | null | undefined, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== null && value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

async function listen(url: string, token: string): Promise<{ socket: Socket; got: { event: string; payload: any }[] }> {
  const socket: Socket = await new Promise((resolve, reject) => {
    const s = connect(url, { auth: { token }, transports: ['websocket'], reconnection: false });
    s.once('connect', () => resolve(s));
    s.once('connect_error', (err) => { s.close(); reject(err); });
  });
  const got: { event: string; payload: any }[] = [];
  socket.onAny((event: string, payload: unknown) => got.push({ event, payload }));
  return { socket, got };
}

describe('Sender agents: live health and test connection', function () {
  this.timeout(120_000);

  describe('on a fresh install', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer();
    });
    after(async () => server?.stop());

    it('lists the first-start simulator agent as up without anything being sent', async () => {
      const api = new ApiClient(server.url);
      const first = ok(await api.post('Account/Login', { userName: 'admin', password: INITIAL_ADMIN_PASSWORD }));
      ok(await api.post('Account/ChangePassword', { currentPassword: INITIAL_ADMIN_PASSWORD, newPassword: ADMIN_PASSWORD, confirmPassword: ADMIN_PASSWORD }, { token: first.accessToken }));
      const token = ok(await api.post('Account/Login', { userName: 'admin', password: ADMIN_PASSWORD })).accessToken;
      // The connect runs beside the boot (an unreachable provider must not hold it up): a moment, not a send.
      const simulator = await until('the simulator agent up', async () => {
        const all = ok(await api.get('SenderAgents/GetAll', { token }));
        const agent = all.items.find((a: any) => a.pluginName === 'simulator' && a.title === 'شبیه‌ساز');
        return agent?.health?.state === 'up' ? agent : null;
      }, 3_000);
      expect(simulator.health).to.include({ state: 'up' });
      expect(ok(await api.get(`SenderAgents/GetHealth/${simulator.id}`, { token }))).to.include({ state: 'up' });
    });
  });

  describe('on a running server', () => {
    let api: ApiClient;
    let superToken: string;
    let tree: Tree;
    let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
    let url: string;

    before(async () => {
      api = await sharedApi();
      url = (await sharedServer()).url;
      superToken = await adminToken(api);
      tree = await createTree(api);
      smtp = await startTestSmtpServer();
    });
    after(async () => smtp?.close());

    it('connects a new agent at once and pushes its health to sender-agent managers only', async () => {
      const manager = await listen(url, superToken);
      const outsider = await listen(url, tree.resellerAdmin.token);
      try {
        const agent = ok(await api.post('SenderAgents/Create', { title: unique('Live '), pluginName: 'simulator', options: { seed: 3 } }, { token: superToken }));
        const push = await until('an agent-health push', () => manager.got.find((g) => g.event === 'agent-health' && g.payload.agentId === agent.id && g.payload.state === 'up'));
        expect(push.payload).to.have.keys('agentId', 'state', 'detail', 'detailNotes', 'inFlight', 'binds', 'submitsPerSecond', 'lastError', 'lastErrorNote', 'at');
        const listed = ok(await api.get('SenderAgents/GetAll', { token: superToken })).items.find((a: any) => a.id === agent.id);
        expect(listed.health.state).to.equal('up');
        // Deactivated: its connection is let go, and the managers see it go down.
        ok(await api.post('SenderAgents/Update', { id: agent.id, isActive: false }, { token: superToken }));
        await until('the down push', () => manager.got.find((g) => g.event === 'agent-health' && g.payload.agentId === agent.id && g.payload.state === 'down'));
        await sleep(100);
        expect(outsider.got.filter((g) => g.event === 'agent-health'), 'pushes to a reseller administrator').to.deep.equal([]);
      } finally {
        manager.socket.close();
        outsider.socket.close();
      }
    });

    it('tests the connection of a saved agent and of unsaved options, as a normal answer', async () => {
      const saved = ok(await api.post('SenderAgents/Create', { title: unique('Probe '), pluginName: 'simulator', options: {} }, { token: superToken }));
      expect(ok(await api.post('SenderAgents/TestConnection', { id: saved.id }, { token: superToken }))).to.include({ state: 'up' });
      expect(ok(await api.post('SenderAgents/TestConnection', { pluginName: 'simulator', options: { acceptRatio: 0.5 } }, { token: superToken }))).to.include({ state: 'up' });
      const email = { host: '127.0.0.1', port: smtp.port, from: 'sms@peyk.test', toTemplate: '{to}@sms.peyk.test', timeoutMs: 3000 };
      expect(ok(await api.post('SenderAgents/TestConnection', { pluginName: 'email', options: email }, { token: superToken }))).to.include({ state: 'up' });
      const wrongPort = ok(await api.post('SenderAgents/TestConnection', { pluginName: 'email', options: { ...email, port: 1 } }, { token: superToken }));
      expect(wrongPort.state).to.equal('down');
      expect(wrongPort.detail).to.match(/ECONNREFUSED/);
    });

    it('tests a saved agent\'s edited options with its stored secret kept behind ***', async () => {
      const email = { host: '127.0.0.1', port: smtp.port, from: 'sms@peyk.test', toTemplate: '{to}@sms.peyk.test', timeoutMs: 3000, password: 'kept-secret' };
      const saved = ok(await api.post('SenderAgents/Create', { title: unique('Mail '), pluginName: 'email', options: email, isActive: false }, { token: superToken }));
      expect(saved.options.password).to.equal('***');
      // The test SMTP server asks for no password, so what the plugin was given is read off the registry.
      const registry = (await sharedServer()).peyk.container.get(GatewayRegistry);
      const original = registry.testConnection.bind(registry);
      const given: unknown[] = [];
      registry.testConnection = (pluginName, options, timeoutMs) => { given.push(options); return original(pluginName, options, timeoutMs); };
      try {
        const answer = ok(await api.post('SenderAgents/TestConnection', { id: saved.id, options: { ...saved.options, port: smtp.port } }, { token: superToken }));
        expect(answer).to.include({ state: 'up' });
      } finally {
        registry.testConnection = original;
      }
      expect(given).to.have.length(1);
      expect(given[0]).to.include({ password: 'kept-secret', port: smtp.port });
    });

    it('refuses bad input with the spec shape and callers who may not manage agents', async () => {
      bad(await api.post('SenderAgents/TestConnection', { pluginName: 'simulator', options: { acceptRatio: 5 } }, { token: superToken }), 400, 'options.acceptRatio');
      bad(await api.post('SenderAgents/TestConnection', { pluginName: 'no-such-plugin', options: {} }, { token: superToken }), 400, 'pluginName');
      bad(await api.post('SenderAgents/TestConnection', {}, { token: superToken }), 400, 'pluginName');
      bad(await api.post('SenderAgents/TestConnection', { id: 999999 }, { token: superToken }), 404);
      bad(await api.post('SenderAgents/TestConnection', { pluginName: 'simulator', options: {} }, { token: tree.resellerAdmin.token }), 403);
    });
  });

  describe('health held by another process (the shared record)', () => {
    let api: ApiClient;
    let superToken: string;
    let kv: KeyValueStore;
    let liveHealth: AgentHealthService;
    const record = (health: Record<string, unknown>, heldBy: string) => JSON.stringify({ health, at: '2026-01-02T03:04:05.000Z', seenAt: new Date().toISOString(), heldBy });
    const listed = async (id: number, culture = 'en-US') => ok(await api.get('SenderAgents/GetAll', { token: superToken, culture })).items.find((a: any) => a.id === id);

    before(async () => {
      const server = await sharedServer();
      api = await sharedApi();
      superToken = await adminToken(api);
      kv = server.peyk.kv;
      liveHealth = server.peyk.container.get(AgentHealthService);
    });

    it('answers its own connection for an agent it holds and writes the record the other processes read', async () => {
      const agent = ok(await api.post('SenderAgents/Create', { title: unique('Held '), pluginName: 'simulator', options: { seed: 5 } }, { token: superToken }));
      const mine = await until('the agent up', async () => {
        const { health } = await listed(agent.id);
        return health.state === 'up' ? health : null;
      });
      expect(mine).to.include({ heldBy: liveHealth.processId });
      const written = await until('the shared record', async () => kv.get(`agent-health:${agent.id}`));
      expect(JSON.parse(written)).to.deep.include({ heldBy: liveHealth.processId }).and.to.have.nested.property('health.state', 'up');
      // Even a foreign record does not override what this process's own connection says.
      await kv.set(`agent-health:${agent.id}`, record({ state: 'down', detail: 'elsewhere' }, 'other-host:1:00000000'), 10_000);
      expect((await listed(agent.id)).health).to.include({ state: 'up', heldBy: liveHealth.processId });
    });

    it('answers the holder\'s record for an agent it does not hold, and down in fa/en once none is left', async () => {
      const agent = ok(await api.post('SenderAgents/Create', { title: unique('Elsewhere '), pluginName: 'simulator', options: {}, isActive: false }, { token: superToken }));
      expect((await listed(agent.id)).health).to.deep.equal({ state: 'down', detail: 'not connected in any worker', heldBy: null, since: null });
      expect((await listed(agent.id, 'fa')).health.detail).to.equal('در هیچ پردازشگر ارسالی متصل نیست');

      const other = 'worker-host:4242:abcd1234';
      await kv.set(`agent-health:${agent.id}`, record({ state: 'degraded', detail: 'binds 1 of 2', inFlight: 3, binds: { bound: 1, total: 2 } }, other), 400);
      expect((await listed(agent.id)).health).to.deep.equal({ state: 'degraded', detail: 'binds 1 of 2', inFlight: 3, binds: { bound: 1, total: 2 }, heldBy: other, since: '2026-01-02T03:04:05.000Z' });
      expect(ok(await api.get(`SenderAgents/GetHealth/${agent.id}`, { token: superToken }))).to.include({ state: 'degraded', heldBy: other });
      // Not re-published: the record runs out and nobody holds the agent any more.
      await sleep(500);
      expect((await listed(agent.id)).health).to.include({ state: 'down', detail: 'not connected in any worker', heldBy: null });

      // A record this version cannot read counts as none, never as a 500.
      await kv.set(`agent-health:${agent.id}`, '{"health":{"state":"sideways"},"heldBy":"x","at":"y"}', 10_000);
      expect((await listed(agent.id)).health).to.include({ state: 'down', heldBy: null });
      await kv.set(`agent-health:${agent.id}`, 'not json', 10_000);
      expect(ok(await api.get(`SenderAgents/GetHealth/${agent.id}`, { token: superToken }))).to.include({ state: 'down', heldBy: null });
      await kv.del(`agent-health:${agent.id}`);
    });

    it('re-publishes what it holds, and on a clean stop removes only the records that are still its own', async () => {
      const held = ok(await api.post('SenderAgents/Create', { title: unique('Beat '), pluginName: 'simulator', options: { seed: 6 } }, { token: superToken }));
      await until('its record', async () => kv.get(`agent-health:${held.id}`));
      await kv.del(`agent-health:${held.id}`);
      await liveHealth.republishHeld();
      expect(JSON.parse((await kv.get(`agent-health:${held.id}`))!)).to.deep.include({ heldBy: liveHealth.processId }).and.to.have.nested.property('health.state', 'up');

      // Another worker took over this one's record meanwhile: it is that worker's to keep.
      const taken = ok(await api.post('SenderAgents/Create', { title: unique('Taken '), pluginName: 'simulator', options: { seed: 7 } }, { token: superToken }));
      await until('its record', async () => kv.get(`agent-health:${taken.id}`));
      const foreign = record({ state: 'up' }, 'worker-host:4343:ffff0000');
      await kv.set(`agent-health:${taken.id}`, foreign, 10_000);

      await liveHealth.forgetHeld();
      expect(await kv.getMany([`agent-health:${held.id}`, `agent-health:${taken.id}`])).to.deep.equal([null, foreign]);
      // The shared server carries on: its next beat writes its records again.
      await liveHealth.republishHeld();
      expect(JSON.parse((await kv.get(`agent-health:${taken.id}`))!)).to.have.property('heldBy', liveHealth.processId);
    });
  });
});
