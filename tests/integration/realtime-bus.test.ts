import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import { Realtime } from '../../server/platform/realtime.js';
import { connectRedisRealtimeBus } from '../../server/platform/realtime-bus.js';
import type { Principal } from '../../server/platform/http/context.js';
import { requireEnv } from '../contract/requires-env.js';

/**
 * A worker process has no socket.io server: its pushes travel over Redis to the web processes,
 * which deliver them to their own sockets, exactly once.
 */
describe('Realtime across processes (Redis bus)', function () {
  this.timeout(20_000);
  let url = '';
  let web: Realtime;
  let worker: Realtime;
  let server: Server;
  let socket: Socket;

  before(async function () {
    url = requireEnv(this, 'REDIS_URL', 'the realtime bus');
    const channel = `peyk-test-${randomBytes(4).toString('hex')}:realtime`;
    web = new Realtime();
    worker = new Realtime();
    await web.useBus(await connectRedisRealtimeBus(url, channel, () => undefined));
    await worker.useBus(await connectRedisRealtimeBus(url, channel, () => undefined));
    server = createServer();
    const principals: Record<string, Principal> = {
      good: principal({ userId: 7, sessionId: 's-good' }),
      doomed: principal({ userId: 8, sessionId: 's-doomed' }),
    };
    web.attach(server, async (token) => principals[token] ?? null);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    socket = await open('good');
  });

  function principal(p: Partial<Principal>): Principal {
    return {
      userId: 0, userName: 'u', fullName: 'U', organizationId: 42, organizationPath: '/1/42/', organizationName: 'O', scope: 'user', isAdmin: false,
      claims: new Set(['SmsReports.Outbox']), sessionId: 's', impersonatorUserId: null, changePasswordRequired: false, refreshDue: false, profile: {}, ...p,
    };
  }

  async function open(token: string): Promise<Socket> {
    const s = connect(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, { auth: { token }, transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve, reject) => { s.once('connect', () => resolve()); s.once('connect_error', reject); });
    return s;
  }

  after(async () => {
    socket?.close();
    await worker?.close();
    await web?.close();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });

  it('delivers what the worker emits to its readers once, and nothing of another organization or user', async () => {
    const got: unknown[] = [];
    socket.on('send-progress', (payload) => got.push(payload));
    const readers = (organizationId: number, userIds: number[]) => ({ claim: 'SmsReports.Outbox', organizationId, organizationPath: `/1/${organizationId}/`, userIds });
    worker.emitToReaders(readers(99, [7]), 'send-progress', { id: 0 });
    worker.emitToReaders(readers(42, [7]), 'send-progress', { id: 1 });
    web.emitToReaders(readers(42, [7]), 'send-progress', { id: 2 });
    worker.emitToUser(7, 'send-progress', { id: 3 });
    worker.emitToReaders(readers(42, [8]), 'send-progress', { id: 4 });
    const deadline = Date.now() + 5_000;
    while (got.length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 200));
    // Two publishers: their messages keep each one's order, not a global one.
    expect((got as { id: number }[]).map((p) => p.id).sort()).to.deep.equal([1, 2, 3]);
  });

  it('closes, in the web process, the sockets of a session ended in the worker process', async () => {
    const doomed = await open('doomed');
    const ended = new Promise<string>((resolve) => doomed.once('disconnect', resolve));
    worker.endSessions({ sessionIds: ['s-doomed'] });
    const reason = await Promise.race([ended, new Promise((r) => setTimeout(() => r('still connected'), 5_000))]);
    expect(reason).to.equal('io server disconnect');
    expect(socket.connected, 'another session\'s socket').to.equal(true);
  });
});
