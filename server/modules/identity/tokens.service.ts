import { inject, injectable } from 'inversify';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { TYPES } from '../../platform/tokens.js';
import type { AppConfig } from '../../platform/config.js';
import type { Clock } from '../../platform/clock.js';
import type { Tx } from '../../platform/unit-of-work.js';
import { SessionsRepository } from './sessions.repository.js';

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/**
 * Access tokens are short JWTs naming the session; refresh tokens are random strings stored only
 * as hashes, each usable once. The session is the unit of revocation.
 */
@injectable()
export class TokensService {
  constructor(
    @inject(TYPES.Config) private readonly config: AppConfig,
    @inject(TYPES.Clock) private readonly clock: Clock,
    @inject(SessionsRepository) private readonly sessions: SessionsRepository,
  ) {}

  refreshExpiry(): Date {
    return new Date(this.clock.now().getTime() + this.config.auth.refreshTokenTtlDays * 86_400_000);
  }

  signAccess(userId: number, sessionId: string): string {
    return jwt.sign({ sid: sessionId }, this.config.jwtKey, {
      algorithm: 'HS256', subject: String(userId), issuer: 'peyk', expiresIn: this.config.auth.accessTokenTtlSeconds, jwtid: randomUUID(),
    });
  }

  /** Reads an access token's claims even when expired (refresh presents an expired one). */
  decodeAccess(token: string): { userId: number; sessionId: string } | null {
    try {
      const payload = jwt.verify(token, this.config.jwtKey, { algorithms: ['HS256'], issuer: 'peyk', ignoreExpiration: true }) as { sub?: string; sid?: string };
      if (!payload.sub || !payload.sid) return null;
      return { userId: Number(payload.sub), sessionId: payload.sid };
    } catch {
      return null;
    }
  }

  async newRefreshToken(tx: Tx, sessionId: string, expiresAt: Date): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.sessions.insertRefreshToken(tx, { tokenHash: hashToken(token), sessionId, expiresAt });
    return token;
  }

  async openSession(tx: Tx, input: { userId: number; impersonatorUserId: number | null; ip: string; userAgent: string; rememberMe: boolean }): Promise<TokenPair & { sessionId: string }> {
    const sessionId = randomUUID();
    const refreshExpiresAt = this.refreshExpiry();
    await this.sessions.createSession(tx, { id: sessionId, ...input, ip: input.ip.slice(0, 64), userAgent: input.userAgent.slice(0, 500), refreshExpiresAt });
    const refreshToken = await this.newRefreshToken(tx, sessionId, refreshExpiresAt);
    return { sessionId, accessToken: this.signAccess(input.userId, sessionId), refreshToken, expiresIn: this.config.auth.accessTokenTtlSeconds };
  }
}
