import type { Server as HttpServer } from 'node:http';
import { Server as SocketServer } from 'socket.io';
import type { Principal } from './http/context.js';
import type { RealtimeBus } from './realtime-bus.js';

export type TokenVerifier = (token: string) => Promise<Principal | null>;

/**
 * socket.io pushes (send progress, notifications). A socket must present a valid access token in
 * its handshake and joins its user's and organization's rooms; services emit to rooms only.
 * With a bus (Redis), every emit goes through it and each process with a socket.io server
 * delivers it to its own sockets, so a worker's pushes reach browsers connected to web processes.
 */
export class Realtime {
  private io: SocketServer | null = null;
  private bus: RealtimeBus | null = null;

  async useBus(bus: RealtimeBus): Promise<void> {
    this.bus = bus;
    await bus.subscribe((message) => {
      try {
        const { room, event, payload } = JSON.parse(message) as { room: string; event: string; payload: unknown };
        this.io?.to(room).emit(event, payload);
      } catch {
        // Not ours (or corrupt): a push is best effort, the client's polling catches up.
      }
    });
  }

  attach(server: HttpServer, verify: TokenVerifier): void {
    const io = new SocketServer(server, { serveClient: false, cors: { origin: false } });
    io.use((socket, next) => {
      const token = (socket.handshake.auth as { token?: unknown }).token;
      if (typeof token !== 'string') return next(new Error('unauthorized'));
      verify(token).then((principal) => {
        if (!principal) return next(new Error('unauthorized'));
        socket.data.principal = principal;
        void socket.join([`user:${principal.userId}`, `org:${principal.organizationId}`]);
        next();
      }, () => next(new Error('unauthorized')));
    });
    this.io = io;
  }

  emitToOrganization(organizationId: number, event: string, payload: unknown): void {
    this.emit(`org:${organizationId}`, event, payload);
  }

  emitToUser(userId: number, event: string, payload: unknown): void {
    this.emit(`user:${userId}`, event, payload);
  }

  private emit(room: string, event: string, payload: unknown): void {
    if (!this.bus) {
      this.io?.to(room).emit(event, payload);
      return;
    }
    // Delivered by the subscription (this process included), so never emitted twice here.
    this.bus.publish(JSON.stringify({ room, event, payload })).catch(() => undefined);
  }

  async close(): Promise<void> {
    const bus = this.bus;
    this.bus = null;
    if (bus) await bus.close();
    if (!this.io) return;
    const io = this.io;
    this.io = null;
    await new Promise<void>((resolve) => io.close(() => resolve()));
  }
}
