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
    web.attach(server, async (token) => (token === 'good' ? ({ userId: 7, organizationId: 42 } as Principal) : null));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    socket = connect(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, { auth: { token: 'good' }, transports: ['websocket'] });
    await new Promise<void>((resolve, reject) => { socket.once('connect', () => resolve()); socket.once('connect_error', reject); });
  });

  after(async () => {
    socket?.close();
    await worker?.close();
    await web?.close();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });

  it('delivers what the worker emits to the organization room once, and nothing of another organization', async () => {
    const got: unknown[] = [];
    socket.on('send-progress', (payload) => got.push(payload));
    worker.emitToOrganization(99, 'send-progress', { id: 0 });
    worker.emitToOrganization(42, 'send-progress', { id: 1 });
    web.emitToOrganization(42, 'send-progress', { id: 2 });
    worker.emitToUser(7, 'send-progress', { id: 3 });
    const deadline = Date.now() + 5_000;
    while (got.length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 200));
    // Two publishers: their messages keep each one's order, not a global one.
    expect((got as { id: number }[]).map((p) => p.id).sort()).to.deep.equal([1, 2, 3]);
  });
});
