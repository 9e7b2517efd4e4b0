import { inject, injectable } from 'inversify';
import type { Request } from 'express';
import { TYPES } from '../../platform/tokens.js';
import type { Clock } from '../../platform/clock.js';
import type { Authenticator } from '../../platform/http/router.js';
import type { RequestContext } from '../../platform/http/context.js';
import { unauthorized } from '../../platform/http/errors.js';
import { ActorFactory, JwtAuthenticator } from '../identity/index.js';
import { ApiTokensRepository, type ApiTokenRow } from './api-tokens.repository.js';
import { hashSecret, isWellFormed, secretMatches } from './token-secret.js';
import { ApiGuardService } from './api-guard.service.js';
import { ApiCallLogService } from './api-call-log.service.js';

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
    @inject(ApiGuardService) private readonly guard: ApiGuardService,
  ) {}

  async authenticate(req: Request, ctx: RequestContext): Promise<void> {
    const secret = req.get('x-api-key') ?? '';
    if (!isWellFormed(secret)) throw unauthorized('developer.tokenInvalid');
    const row = await this.tokens.findByHash(hashSecret(secret));
    if (!row || !secretMatches(secret, row.tokenHash) || row.status !== 'Active') throw unauthorized('developer.tokenInvalid');
    const now = this.clock.now();
    if (row._userDeletedAt || !row._userActive || row._userSuspended || (row._userExpireDate && new Date(row._userExpireDate) <= now)) throw unauthorized('developer.tokenUserRefused');
    if (row._orgDeletedAt || !row._orgActive || row._orgArchived || (row._orgExpireTime && new Date(row._orgExpireTime) <= now)) throw unauthorized('developer.tokenUserRefused');
    // Safe IPs (and the token's own ip), then rate rules: 403 / 429 (api-guard.service.ts).
    await this.guard.check(req, ctx, row);
    const result = await this.actors.forUser(row.userId, row.organizationId, 'api', { requestId: ctx.requestId, userAgent: ctx.userAgent });
    if ('missing' in result) throw unauthorized('developer.tokenUserRefused');
    ctx.principal = result.actor.principal;
    ctx.tenant = result.actor.tenant;
    ctx.channel = 'api';
    const token: ApiTokenRow = row;
    req.res!.locals[API_TOKEN_LOCAL] = token;
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
