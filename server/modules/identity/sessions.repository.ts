import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../platform/tokens.js';
import { afterCommit, type Tx } from '../../platform/unit-of-work.js';
import type { Tenant } from '../../platform/http/context.js';
import type { Page } from '../../platform/http/envelope.js';
import { whereOrganizationVisible } from '../../platform/tenancy.js';
import type { AuthEpoch } from '../../platform/auth-epoch.js';
import type { Realtime } from '../../platform/realtime.js';

export interface SessionRow {
  id: string;
  userId: number;
  impersonatorUserId: number | null;
  ip: string | null;
  userAgent: string | null;
  rememberMe: boolean;
  createdAt: Date;
  lastRefreshedAt: Date;
  refreshExpiresAt: Date;
  revokedAt: Date | null;
  revokedReason: string | null;
}

export interface RefreshTokenRow {
  tokenHash: string;
  sessionId: string;
  expiresAt: Date;
  usedAt: Date | null;
}

/**
 * Every revocation (logout, a session killed, refresh-token reuse, the end of an impersonation, a
 * user deactivated, suspended, deleted or given a new password, an organization closed) passes
 * through revokeSession / revokeUserSessions, so that is where the websockets of those sessions
 * are closed (in every process, after the commit): no caller can forget them.
 */
@injectable()
export class SessionsRepository {
  constructor(
    @inject(TYPES.Knex) private readonly knex: Knex,
    @inject(TYPES.AuthEpoch) private readonly epoch: AuthEpoch,
    @inject(TYPES.Realtime) private readonly realtime: Realtime,
  ) {}

  async createSession(tx: Tx, row: Omit<SessionRow, 'createdAt' | 'lastRefreshedAt' | 'revokedAt' | 'revokedReason'>): Promise<void> {
    await tx('sessions').insert(row);
  }

  async findSession(tx: Tx, id: string): Promise<SessionRow | null> {
    return ((await tx('sessions').where({ id }).forUpdate().first()) as SessionRow | undefined) ?? null;
  }

  async touchSession(tx: Tx, id: string, refreshExpiresAt: Date): Promise<void> {
    await tx('sessions').where({ id }).update({ lastRefreshedAt: tx.fn.now(), refreshExpiresAt });
  }

  async revokeSession(tx: Tx, id: string, reason: string): Promise<void> {
    this.epoch.bumpAfterCommit(tx);
    afterCommit(tx, () => this.realtime.endSessions({ sessionIds: [id] }));
    await tx('sessions').where({ id }).whereNull('revokedAt').update({ revokedAt: tx.fn.now(), revokedReason: reason });
  }

  /**
   * Ends the users' sessions, including those they opened as impersonators: a suspended, deleted
   * or reset administrator must not carry on as someone else. Their impersonations end too.
   */
  async revokeUserSessions(tx: Tx, userIds: number[], reason: string, exceptSessionId?: string): Promise<void> {
    if (!userIds.length) return;
    this.epoch.bumpAfterCommit(tx);
    // The kept session (a password changed in it) is re-read: its socket now gets what REST answers it.
    afterCommit(tx, () => this.realtime.endSessions({ userIds, exceptSessionId }));
    const live = (q: Knex.QueryBuilder) => {
      q.where((w) => w.whereIn('userId', userIds).orWhereIn('impersonatorUserId', userIds)).whereNull('revokedAt');
      if (exceptSessionId) q.whereNot('id', exceptSessionId);
      return q;
    };
    await tx('impersonation_history').whereNull('endedAt').whereIn('sessionId', live(tx('sessions').select('id'))).update({ endedAt: tx.fn.now() });
    await live(tx('sessions')).update({ revokedAt: tx.fn.now(), revokedReason: reason });
  }

  async insertRefreshToken(tx: Tx, row: Omit<RefreshTokenRow, 'usedAt'>): Promise<void> {
    await tx('refresh_tokens').insert(row);
  }

  /** Locks the token row so two concurrent refreshes with the same token cannot both succeed. */
  async findRefreshTokenForUpdate(tx: Tx, tokenHash: string): Promise<RefreshTokenRow | null> {
    return ((await tx('refresh_tokens').where({ tokenHash }).forUpdate().first()) as RefreshTokenRow | undefined) ?? null;
  }

  async markRefreshTokenUsed(tx: Tx, tokenHash: string): Promise<void> {
    await tx('refresh_tokens').where({ tokenHash }).update({ usedAt: tx.fn.now() });
  }

  async killUnusedRefreshTokens(tx: Tx, sessionId: string): Promise<void> {
    await tx('refresh_tokens').where({ sessionId }).whereNull('usedAt').update({ usedAt: tx.fn.now() });
  }

  async activeSessions(userId: number, now: Date): Promise<SessionRow[]> {
    return (await this.knex('sessions').where({ userId }).whereNull('revokedAt').where('refreshExpiresAt', '>', now)
      .orderBy('lastRefreshedAt', 'desc').limit(200)) as SessionRow[];
  }

  async recordLogin(row: { userId: number | null; organizationId: number | null; userName: string; ip: string; userAgent: string; result: string }, tx?: Tx): Promise<void> {
    await (tx ?? this.knex)('login_history').insert({ ...row, userName: row.userName.slice(0, 100) });
  }

  async loginHistory(userId: number, pageIndex: number, pageSize: number): Promise<Page<Record<string, unknown>>> {
    const q = this.knex('login_history').where({ userId });
    const [{ n }] = await q.clone().count<{ n: string }[]>({ n: '*' });
    const items = await q.select('id', 'at', 'ip', 'userAgent', 'result').orderBy('id', 'desc').limit(pageSize).offset(pageIndex * pageSize);
    return { items: items.map((r) => ({ ...r, id: Number(r.id) })), totalCount: Number(n) };
  }

  async startImpersonation(tx: Tx, row: Record<string, unknown>): Promise<void> {
    await tx('impersonation_history').insert(row);
  }

  async endImpersonation(tx: Tx, sessionId: string): Promise<void> {
    await tx('impersonation_history').where({ sessionId }).whereNull('endedAt').update({ endedAt: tx.fn.now() });
  }

  /** Impersonations the caller made, plus those of users in the tenant's tree. */
  async impersonationHistory(tenant: Tenant, callerId: number, pageIndex: number, pageSize: number): Promise<Page<Record<string, unknown>>> {
    const q = this.knex('impersonation_history as h').where((w) => {
      w.where('h.impersonatorUserId', callerId).orWhere((inner) => {
        whereOrganizationVisible(inner, this.knex, 'h.impersonatedOrganizationId', tenant);
      });
    });
    const [{ n }] = await q.clone().count<{ n: string }[]>({ n: '*' });
    const items = await q.select('h.id', 'h.impersonatorUserId', 'h.impersonatorName', 'h.impersonatedUserId', 'h.impersonatedUserName',
      'h.impersonatedOrganizationId', 'h.impersonatedOrganizationName', 'h.startedAt', 'h.endedAt')
      .orderBy('h.id', 'desc').limit(pageSize).offset(pageIndex * pageSize);
    return { items, totalCount: Number(n) };
  }
}
