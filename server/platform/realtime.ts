import { randomUUID } from 'node:crypto';
import type { Server as HttpServer } from 'node:http';
import { Server as SocketServer, type Socket } from 'socket.io';
import type { Principal } from './http/context.js';
import type { RealtimeBus } from './realtime-bus.js';

export type TokenVerifier = (token: string) => Promise<Principal | null>;

/**
 * The session's principal as the database holds it now (no cache: the caller acts on a change
 * another process may have just made), or null once the session may no longer be used.
 */
export type SessionReloader = (principal: Principal) => Promise<Principal | null>;

/**
 * Who may receive a push about one row of an organization's data: the rule of the REST call that
 * reads that row, evaluated on each socket's principal (`mayRead`). Plain data, so it travels the bus.
 */
export interface ReadersAudience {
  /** The claim of that REST call. */
  claim: string;
  /** The organization the row belongs to, and its tree path (`/1/5/9/`). */
  organizationId: number;
  organizationPath: string;
  /**
   * Plain users of that organization who may read the row (a send's owner; users of a line with
   * canSeeReceivedSms). Administrators read every row of their organization and below.
   */
  userIds: readonly number[];
}

/** Sessions that may no longer be used: their sockets are closed. */
export interface EndedSessions {
  sessionIds?: readonly string[];
  /** Every session of these users, including those they opened as impersonators. */
  userIds?: readonly number[];
  /** A session of those users that lives on (the one that changed the password): re-read, not closed. */
  exceptSessionId?: string;
}

type BusMessage =
  | { kind: 'user'; userId: number; event: string; payload: unknown }
  | { kind: 'readers'; audience: ReadersAudience; event: string; payload: unknown }
  | { kind: 'ended'; sessions: EndedSessions; origin?: string };

/** A session still required to change its password gets nothing: REST answers it 403 on all but the account calls. */
function mayReceive(p: Principal): boolean {
  return !p.changePasswordRequired;
}

/**
 * The REST rule, for the default tenant a request without c-org-id gets: administrators (any scope
 * but `user`) see their organization and everything below it, every row; plain users their own
 * organization only, and there only the rows tied to them.
 */
export function mayRead(p: Principal, a: ReadersAudience, userIds: ReadonlySet<number> = new Set(a.userIds)): boolean {
  if (!mayReceive(p) || !p.claims.has(a.claim)) return false;
  if (p.scope !== 'user') return a.organizationPath.startsWith(p.organizationPath);
  return p.organizationId === a.organizationId && userIds.has(p.userId);
}

/** An end as sets, built once per message: an organization closing lists every user of its subtree. */
interface EndMatch { sessionIds: ReadonlySet<string>; userIds: ReadonlySet<number>; exceptSessionId: string | undefined }

function matchOf(s: EndedSessions): EndMatch {
  return { sessionIds: new Set(s.sessionIds ?? []), userIds: new Set(s.userIds ?? []), exceptSessionId: s.exceptSessionId };
}

function endsFor(p: Principal, m: EndMatch): 'close' | 'reload' | null {
  const ofUser = m.userIds.has(p.userId) || (p.impersonatorUserId !== null && m.userIds.has(p.impersonatorUserId));
  if (!ofUser && !m.sessionIds.has(p.sessionId)) return null;
  return p.sessionId === m.exceptSessionId ? 'reload' : 'close';
}

/** Organizations whose administrators may read a row of the organization with this path: it and its ancestors. */
function organizationsOnPath(a: ReadersAudience): number[] {
  const ids = a.organizationPath.split('/').filter(Boolean).map(Number).filter((n) => Number.isInteger(n));
  return ids.includes(a.organizationId) ? ids : [...ids, a.organizationId];
}

function parse(message: string): BusMessage | null {
  try {
    const m = JSON.parse(message) as BusMessage;
    return m && typeof m === 'object' && (m.kind === 'user' || m.kind === 'readers' || m.kind === 'ended') ? m : null;
  } catch {
    return null;
  }
}

const DEFAULT_RECHECK_MS = 60_000;

/**
 * socket.io pushes (send progress, inbound messages, notifications). A socket belongs to the
 * session whose access token opened it: each push is delivered only to sockets whose principal
 * may read it (a user's own pushes, or a `ReadersAudience`), and the socket is closed when its
 * session ends (`endSessions`), and by a periodic re-read of every socket's session that also
 * catches what no message announces (expiry, a lost bus message, changed claims).
 * With a bus (Redis), every push and every end goes through it and each process with a socket.io
 * server applies it to its own sockets, so a worker's pushes reach browsers connected to web
 * processes and a logout in one web process closes sockets held by another.
 */
export class Realtime {
  private io: SocketServer | null = null;
  private bus: RealtimeBus | null = null;
  private reload: SessionReloader | null = null;
  private recheckTimer: NodeJS.Timeout | null = null;
  private rechecking = false;
  /** Ends applied lately, numbered: a handshake that was reading its session meanwhile checks them. */
  private recentEnds: { n: number; match: EndMatch }[] = [];
  private endsApplied = 0;
  /** Names this process on the ends it publishes: its own echo from the bus was applied already. */
  private readonly origin = randomUUID();

  async useBus(bus: RealtimeBus): Promise<void> {
    this.bus = bus;
    await bus.subscribe((message) => {
      const m = parse(message);
      // Not ours (or corrupt): a push is best effort, the client's polling catches up.
      if (m && !(m.kind === 'ended' && m.origin === this.origin)) this.apply(m);
    });
  }

  attach(server: HttpServer, verify: TokenVerifier, options: { reload?: SessionReloader; recheckMs?: number } = {}): void {
    const io = new SocketServer(server, { serveClient: false, cors: { origin: false } });
    io.use((socket, next) => {
      const token = (socket.handshake.auth as { token?: unknown }).token;
      if (typeof token !== 'string') return next(new Error('unauthorized'));
      this.handshake(token, verify).then((principal) => {
        if (!principal) return next(new Error('unauthorized'));
        this.adopt(socket, principal);
        next();
      }, () => next(new Error('unauthorized')));
    });
    this.io = io;
    this.reload = options.reload ?? null;
    if (this.reload) {
      this.recheckTimer = setInterval(() => void this.recheckAll(), options.recheckMs ?? DEFAULT_RECHECK_MS);
      this.recheckTimer.unref();
    }
  }

  /** To the sockets of one user (notifications are the user's own). */
  emitToUser(userId: number, event: string, payload: unknown): void {
    this.publish({ kind: 'user', userId, event, payload });
  }

  /** To the sockets whose principal may read the row the audience describes (see `mayRead`). */
  emitToReaders(audience: ReadersAudience, event: string, payload: unknown): void {
    this.publish({ kind: 'readers', audience, event, payload });
  }

  /**
   * Closes the sockets of sessions that ended. Applied here at once (a down bus must not keep a
   * revoked session's socket in this process) and sent to the other processes (this one skips
   * its own echo from the bus).
   */
  endSessions(sessions: EndedSessions): void {
    this.apply({ kind: 'ended', sessions });
    this.bus?.publish(JSON.stringify({ kind: 'ended', sessions, origin: this.origin } satisfies BusMessage)).catch(() => undefined);
  }

  private publish(message: BusMessage): void {
    if (!this.bus) {
      this.apply(message);
      return;
    }
    // Delivered by the subscription (this process included), so never emitted twice here.
    this.bus.publish(JSON.stringify(message)).catch(() => undefined);
  }

  private apply(m: BusMessage): void {
    const io = this.io;
    if (!io) return;
    if (m.kind === 'ended') {
      const match = matchOf(m.sessions);
      this.endsApplied += 1;
      this.recentEnds.push({ n: this.endsApplied, match });
      if (this.recentEnds.length > 1_000) this.recentEnds.splice(0, this.recentEnds.length - 1_000);
      for (const socket of io.of('/').sockets.values()) {
        const p = socket.data.principal as Principal | undefined;
        const verdict = p ? endsFor(p, match) : null;
        if (verdict === 'close') socket.disconnect(true);
        else if (verdict === 'reload') void this.recheck(socket);
      }
      return;
    }
    const rooms = m.kind === 'user' ? [`user:${m.userId}`] : organizationsOnPath(m.audience).map((id) => `org:${id}`);
    const readers = m.kind === 'readers' ? new Set(m.audience.userIds) : null;
    const namespace = io.of('/');
    const to = new Set<string>();
    for (const room of rooms) {
      for (const id of namespace.adapter.rooms.get(room) ?? []) {
        const p = namespace.sockets.get(id)?.data.principal as Principal | undefined;
        if (p && (m.kind === 'user' ? mayReceive(p) : mayRead(p, m.audience, readers!))) to.add(id);
      }
    }
    // An empty list would mean "everyone" to socket.io.
    if (to.size > 0) io.to([...to]).emit(m.event, m.payload);
  }

  /**
   * An end applied while the session was being read found no socket to close yet: the handshake
   * checks the ends it missed (the session read may predate the revocation's commit).
   */
  private async handshake(token: string, verify: TokenVerifier): Promise<Principal | null> {
    const before = this.endsApplied;
    const principal = await verify(token);
    if (!principal) return null;
    const missed = this.recentEnds.filter((e) => e.n > before).map((e) => endsFor(principal, e.match));
    if (missed.includes('close')) return null;
    return missed.includes('reload') ? verify(token) : principal;
  }

  private adopt(socket: Socket, principal: Principal): void {
    const old = socket.data.principal as Principal | undefined;
    socket.data.principal = principal;
    if (old && old.userId === principal.userId && old.organizationId === principal.organizationId) return;
    if (old) for (const room of [`user:${old.userId}`, `org:${old.organizationId}`]) void socket.leave(room);
    void socket.join([`user:${principal.userId}`, `org:${principal.organizationId}`]);
  }

  /** Re-reads the socket's session: its new principal (claims, password state) or, once ended, the socket is closed. */
  private async recheck(socket: Socket): Promise<void> {
    const p = socket.data.principal as Principal | undefined;
    if (!p || !this.reload || !socket.connected) return;
    let fresh: Principal | null;
    try {
      fresh = await this.reload(p);
    } catch {
      // The database did not answer: keep the socket, the next round decides.
      return;
    }
    if (!socket.connected) return;
    if (!fresh || fresh.sessionId !== p.sessionId || fresh.userId !== p.userId) socket.disconnect(true);
    else this.adopt(socket, fresh);
  }

  /** One socket at a time: a round costs one indexed read per socket, spread over the round. */
  private async recheckAll(): Promise<void> {
    if (this.rechecking || !this.io) return;
    this.rechecking = true;
    try {
      for (const socket of [...this.io.of('/').sockets.values()]) await this.recheck(socket);
    } finally {
      this.rechecking = false;
    }
  }

  async close(): Promise<void> {
    if (this.recheckTimer) clearInterval(this.recheckTimer);
    this.recheckTimer = null;
    const bus = this.bus;
    this.bus = null;
    if (bus) await bus.close();
    if (!this.io) return;
    const io = this.io;
    this.io = null;
    await new Promise<void>((resolve) => io.close(() => resolve()));
  }
}
