import type { Server as HttpServer } from 'node:http';
import { Server as SocketServer } from 'socket.io';
import type { Principal } from './http/context.js';

export type TokenVerifier = (token: string) => Promise<Principal | null>;

/**
 * socket.io pushes (send progress, notifications). A socket must present a valid access token in
 * its handshake and joins its user's and organization's rooms; services emit to rooms only.
 */
export class Realtime {
  private io: SocketServer | null = null;

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
    this.io?.to(`org:${organizationId}`).emit(event, payload);
  }

  emitToUser(userId: number, event: string, payload: unknown): void {
    this.io?.to(`user:${userId}`).emit(event, payload);
  }

  async close(): Promise<void> {
    if (!this.io) return;
    const io = this.io;
    this.io = null;
    await new Promise<void>((resolve) => io.close(() => resolve()));
  }
}
