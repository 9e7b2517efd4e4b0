import { inject, injectable } from 'inversify';
import type { Request } from 'express';
import passport from 'passport';
import jwt from 'jsonwebtoken';
import { Strategy as JwtStrategy, ExtractJwt } from 'passport-jwt';
import { TYPES } from '../../platform/tokens.js';
import type { AppConfig } from '../../platform/config.js';
import type { Clock } from '../../platform/clock.js';
import type { Authenticator } from '../../platform/http/router.js';
import type { Principal, RequestContext, Tenant } from '../../platform/http/context.js';
import { AppError, forbidden, unauthorized } from '../../platform/http/errors.js';
import { OrganizationsService } from '../organizations/index.js';
import { UsersRepository } from './users.repository.js';
import { toPrincipal } from './principal.js';
import { PrincipalCache } from './principal-cache.js';

interface AccessPayload { sub: string; sid: string }

/**
 * Bearer tokens through passport-jwt; every call re-reads the session with its user, so logout,
 * revocation, suspension and deactivation take effect on the next request, not at token expiry.
 */
@injectable()
export class JwtAuthenticator implements Authenticator {
  private readonly passport = new passport.Passport();

  constructor(
    @inject(TYPES.Config) private readonly config: AppConfig,
    @inject(TYPES.Clock) private readonly clock: Clock,
    @inject(UsersRepository) private readonly users: UsersRepository,
    @inject(OrganizationsService) private readonly organizations: OrganizationsService,
    @inject(PrincipalCache) private readonly cache: PrincipalCache,
  ) {
    this.passport.use('jwt', new JwtStrategy(
      { jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(), secretOrKey: config.jwtKey as unknown as string, algorithms: ['HS256'], issuer: 'peyk' },
      (payload: AccessPayload, done: (err: unknown, user?: unknown) => void) => {
        this.principalFromPayload(payload).then((p) => done(null, p ?? false), (err) => done(err));
      },
    ));
  }

  /** `fresh` skips the cache: for websockets, which act on a revocation another process may have just committed. */
  async principalFromPayload(payload: AccessPayload, fresh = false): Promise<Principal | null> {
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId) || typeof payload.sid !== 'string') return null;
    const now = this.clock.now();
    const cached = fresh ? null : this.cache.get(payload.sid, now.getTime());
    if (cached) return cached.userId === userId ? cached : null;
    const epoch = this.cache.mark();
    const row = await this.users.loadSessionPrincipal(payload.sid, userId);
    if (!row || row._sessionRevokedAt || !row.isActive || row.isSuspended || row._orgDeletedAt || !row._orgActive || row._orgArchived) return null;
    if (row.expireDate && new Date(row.expireDate) <= now) return null;
    // Expiry of the caller's own organization ends its sessions at once; ancestors' expiry is
    // checked at sign-in and refresh, so it ends them within one access-token lifetime.
    if (row._orgExpireTime && new Date(row._orgExpireTime) <= now) return null;
    const principal = toPrincipal(row, payload.sid, now, this.config.auth.refreshRenewBeforeDays * 86_400_000);
    this.cache.set(payload.sid, principal, epoch, now.getTime());
    return principal;
  }

  /**
   * For the websocket handshake: a valid, unexpired access token of a live session, read afresh
   * (a handshake is rare; a cached principal could be up to 5 s behind a logout in another process).
   */
  async principalFromToken(token: string): Promise<Principal | null> {
    try {
      const payload = jwt.verify(token, this.config.jwtKey, { algorithms: ['HS256'], issuer: 'peyk' }) as AccessPayload;
      return await this.principalFromPayload(payload, true);
    } catch {
      return null;
    }
  }

  /** A websocket's session as stored now (its token may have expired since: the socket lives with the session, not the token). */
  reloadPrincipal(principal: Principal): Promise<Principal | null> {
    return this.principalFromPayload({ sub: String(principal.userId), sid: principal.sessionId }, true);
  }

  authenticate(req: Request, ctx: RequestContext): Promise<void> {
    return new Promise((resolve, reject) => {
      this.passport.authenticate('jwt', { session: false }, (err: unknown, principal: Principal | false) => {
        if (err) return reject(err);
        if (!principal) return reject(unauthorized());
        ctx.principal = principal;
        this.resolveTenant(principal, req.get('c-org-id')).then((tenant) => { ctx.tenant = tenant; resolve(); }, reject);
      })(req, req.res, () => undefined);
    });
  }

  /** The active organization named by c-org-id, if the caller may work in it. */
  async resolveTenant(principal: Principal, header: string | undefined): Promise<Tenant> {
    const subtree = principal.scope !== 'user';
    const own: Tenant = { organizationId: principal.organizationId, path: principal.organizationPath, subtree };
    if (header === undefined || header === '' || header === 'null' || header === 'undefined') return own;
    // An id beyond the integer column's range is a malformed header, not a lookup (PostgreSQL would refuse it: 500).
    if (!/^\d{1,10}$/.test(header) || Number(header) > 2147483647) throw new AppError(400, 'status.400', {}, [{ propertyName: 'c-org-id', key: 'validation.type', params: { field: 'c-org-id', type: 'integer' } }]);
    const id = Number(header);
    if (id === principal.organizationId) return own;
    if (!subtree) throw forbidden('tenant.outOfReach');
    const org = await this.organizations.findById(id);
    if (!org || !org.path.startsWith(principal.organizationPath)) throw forbidden('tenant.outOfReach');
    return { organizationId: org.id, path: org.path, subtree: true };
  }
}
