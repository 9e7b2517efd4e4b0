import { inject, injectable } from 'inversify';
import type { Request } from 'express';
import { TYPES } from '../../platform/tokens.js';
import type { Clock } from '../../platform/clock.js';
import type { Authenticator } from '../../platform/http/router.js';
import type { RequestContext } from '../../platform/http/context.js';
import { unauthorized } from '../../platform/http/errors.js';
import { ActorFactory, JwtAuthenticator } from '../identity/index.js';
import { ApiTokensRepository, type ApiTokenRow, type TokenAuthRow } from './api-tokens.repository.js';
import { hashSecret, isWellFormed, secretMatches } from './token-secret.js';
import type { AuthEpoch } from '../../platform/auth-epoch.js';
import type { Actor } from '../../platform/actor.js';
import { ApiGuardService } from './api-guard.service.js';
import { ApiCallLogService } from './api-call-log.service.js';
import { SmppSignal } from './smpp-server/smpp-signal.js';

/** How long a token's row and caller are reused without reading them again (see `cache`). */
const CACHE_TTL_MS = 5_000;
const CACHE_MAX = 20_000;

interface Cached { row: TokenAuthRow; principal: Actor['principal']; tenant: Actor['tenant']; epoch: number; at: number }

/** The token that authenticated a v1 call, kept on the response for the routes that check its flags. */
export const API_TOKEN_LOCAL = 'apiToken';

/**
 * The REST API v1's caller: the `x-api-key` header names a token; the caller is its user, built by
 * identity's ActorFactory exactly as a signed-in one (claims, organization, scope), on channel `api`.
 * A token whose user or organization the panel would refuse is refused the same way (401).
 */
@injectable()
export class ApiTokenAuthenticator implements Authenticator {
  constructor(
    @inject(ApiTokensRepository) private readonly tokens: ApiTokensRepository,
    @inject(ActorFactory) private readonly actors: ActorFactory,
    @inject(TYPES.Clock) private readonly clock: Clock,
    @inject(TYPES.AuthEpoch) private readonly epoch: AuthEpoch,
    @inject(ApiGuardService) private readonly guard: ApiGuardService,
    @inject(SmppSignal) signal: SmppSignal,
  ) {
    // A revoke or rotation in another process: its entry goes now, not at the end of CACHE_TTL_MS.
    signal.onTokenChanged((tokenId) => {
      for (const [hash, entry] of this.cache) if (Number(entry.row.id) === tokenId) this.cache.delete(hash);
    });
  }

  /**
   * A busy integrator sends thousands of calls a second with one token: its row and the caller
   * built from it are reused for CACHE_TTL_MS, like the panel's principal cache. An entry is
   * trusted only while the auth epoch is unchanged — revoke and rotate move it (as every change to
   * users, roles and organizations does), so in this process they apply to the very next call;
   * other processes drop the token's entry when the cluster signal of the change arrives (Redis),
   * and within CACHE_TTL_MS at the latest. Expiry dates are compared on every call.
   */
  private readonly cache = new Map<string, Cached>();

  async authenticate(req: Request, ctx: RequestContext): Promise<void> {
    const secret = req.get('x-api-key') ?? '';
    if (!isWellFormed(secret)) throw unauthorized('developer.tokenInvalid');
    const hash = hashSecret(secret);
    const nowMs = Date.now();
    const hit = this.cache.get(hash);
    if (hit && hit.epoch === this.epoch.current() && nowMs - hit.at <= CACHE_TTL_MS) {
      await this.admit(req, hit.row, this.clock.now(), ctx);
      ctx.principal = hit.principal;
      ctx.tenant = hit.tenant;
      ctx.channel = 'api';
      req.res!.locals[API_TOKEN_LOCAL] = hit.row;
      return;
    }
    if (hit) this.cache.delete(hash);
    const epoch = this.epoch.current();
    const row = await this.tokens.findByHash(hash);
    if (!row || !secretMatches(secret, row.tokenHash) || row.status !== 'Active') throw unauthorized('developer.tokenInvalid');
    const now = this.clock.now();
    await this.admit(req, row, now, ctx);
    const result = await this.actors.forUser(row.userId, row.organizationId, 'api', { requestId: ctx.requestId, userAgent: ctx.userAgent });
    if ('missing' in result) throw unauthorized('developer.tokenUserRefused');
    ctx.principal = result.actor.principal;
    ctx.tenant = result.actor.tenant;
    ctx.channel = 'api';
    const token: ApiTokenRow = row;
    req.res!.locals[API_TOKEN_LOCAL] = token;
    // A change committed while the rows were read makes them suspect: not kept.
    if (epoch === this.epoch.current()) {
      if (this.cache.size >= CACHE_MAX) this.cache.clear();
      this.cache.set(hash, { row, principal: result.actor.principal, tenant: result.actor.tenant, epoch, at: nowMs });
    }
  }

  /** The checks run on every call, cached or not: the token's user and organization against the clock, then the guard. */
  private async admit(req: Request, row: TokenAuthRow, now: Date, ctx: RequestContext): Promise<void> {
    if (row._userDeletedAt || !row._userActive || row._userSuspended || (row._userExpireDate && new Date(row._userExpireDate) <= now)) throw unauthorized('developer.tokenUserRefused');
    if (row._orgDeletedAt || !row._orgActive || row._orgArchived || (row._orgExpireTime && new Date(row._orgExpireTime) <= now)) throw unauthorized('developer.tokenUserRefused');
    // Safe IPs (and the token's own ip), then rate rules: 403 / 429 (api-guard.service.ts).
    await this.guard.check(req, ctx, row);
  }
}

/**
 * The router's one authenticator: `/v1/*` is the REST API (x-api-key only), everything else the
 * panel's session API (bearer only), so neither credential opens the other API.
 */
@injectable()
export class ChannelAuthenticator implements Authenticator {
  constructor(
    @inject(JwtAuthenticator) private readonly panel: JwtAuthenticator,
    @inject(ApiTokenAuthenticator) private readonly api: ApiTokenAuthenticator,
    @inject(ApiCallLogService) private readonly callLog: ApiCallLogService,
  ) {}

  authenticate(req: Request, ctx: RequestContext): Promise<void> {
    if (!req.path.startsWith('/v1/')) return this.panel.authenticate(req, ctx);
    // Every v1 call is logged, refused ones too: the watcher is attached before the key is checked.
    this.callLog.watch(req, req.res!, ctx);
    return this.api.authenticate(req, ctx);
  }
}
