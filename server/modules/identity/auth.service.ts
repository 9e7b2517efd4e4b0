import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import type { AppConfig } from '../../platform/config.js';
import type { Clock } from '../../platform/clock.js';
import type { KeyValueStore } from '../../platform/kv.js';
import { UnitOfWork } from '../../platform/unit-of-work.js';
import type { Actor } from '../../platform/actor.js';
import type { RequestContext } from '../../platform/http/context.js';
import { AppError, badRequest, fieldError, forbidden, notFound, unauthorized, type ValidationIssue } from '../../platform/http/errors.js';
import { AuditService } from '../audit/index.js';
import { CustomerDomainsService, OrganizationsService } from '../organizations/index.js';
import { UsersRepository, type UserRow } from './users.repository.js';
import { SessionsRepository } from './sessions.repository.js';
import { TokensService, hashToken, type TokenPair } from './tokens.service.js';
import { CaptchaService } from './captcha.service.js';
import { checkPasswordPolicy, verifyPassword } from './passwords.js';
import { PasswordHasher } from './password-hasher.service.js';
import { LoginGuard, type LoginPass } from './login-guard.service.js';
import { scopeOf } from './principal.js';
import { assertMayTakeOver } from './authority.js';

export interface LoginInput {
  userName: string;
  password: string;
  captchaId?: string;
  captchaCode?: string;
  rememberMe?: boolean;
}

const IP_FAILURE_WINDOW_MS = 15 * 60_000;

@injectable()
export class AuthService {
  constructor(
    @inject(TYPES.Config) private readonly config: AppConfig,
    @inject(TYPES.Clock) private readonly clock: Clock,
    @inject(TYPES.KeyValueStore) private readonly kv: KeyValueStore,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(UsersRepository) private readonly users: UsersRepository,
    @inject(SessionsRepository) private readonly sessions: SessionsRepository,
    @inject(TokensService) private readonly tokens: TokensService,
    @inject(CaptchaService) private readonly captcha: CaptchaService,
    @inject(OrganizationsService) private readonly organizations: OrganizationsService,
    @inject(AuditService) private readonly audit: AuditService,
    @inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @inject(LoginGuard) private readonly guard: LoginGuard,
    @inject(CustomerDomainsService) private readonly domains: CustomerDomainsService,
  ) {}

  async login(ctx: RequestContext, input: LoginInput): Promise<TokenPair & { changePasswordRequired: boolean }> {
    // Before the user is read or any password hashed: a flood is answered from the counters.
    const pass = await this.guard.admit(ctx.ip, input.userName);
    try {
      return await this.signIn(ctx, input, pass);
    } finally {
      pass.release();
    }
  }

  private async signIn(ctx: RequestContext, input: LoginInput, pass: LoginPass): Promise<TokenPair & { changePasswordRequired: boolean }> {
    const auth = this.config.auth;
    const ipKey = `login:ipfail:${ctx.ip}`;
    const user = await this.users.findByUserName(input.userName.trim());
    const ipFailures = Number((await this.kv.get(ipKey)) ?? 0);
    const record = (result: string, u: UserRow | null = user) =>
      this.sessions.recordLogin({ userId: u?.id ?? null, organizationId: u?.organizationId ?? null, userName: input.userName, ip: ctx.ip, userAgent: ctx.userAgent, result });

    if (ipFailures >= auth.captchaAfterIpFailures || (user?.failedLoginCount ?? 0) >= auth.captchaAfterFailures) {
      if (!input.captchaId || !input.captchaCode) {
        await record('CaptchaRequired');
        throw new AppError(400, 'account.captchaRequired', {}, [{ propertyName: 'captchaCode', key: 'account.captchaRequired' }], { captchaRequired: true });
      }
      if (!(await this.captcha.verify(input.captchaId, input.captchaCode))) {
        await record('InvalidCaptcha');
        throw new AppError(400, 'account.captchaInvalid', {}, [{ propertyName: 'captchaCode', key: 'account.captchaInvalid' }], { captchaRequired: true });
      }
    }

    const now = this.clock.now();
    if (user?.lockedUntil && new Date(user.lockedUntil) > now) {
      await record('Locked');
      throw this.lockedError(new Date(user.lockedUntil), now);
    }
    // Verifying against a hash of the same cost when the user does not exist keeps the answer time
    // the same, so timing does not reveal which user names exist.
    const ok = await this.hasher.verify(input.password, user?.passwordHash ?? this.hasher.unknownUserHash);
    if (!user || !ok) {
      const ipCount = await this.kv.incr(ipKey, IP_FAILURE_WINDOW_MS);
      let userCount = 0;
      if (user) {
        userCount = user.failedLoginCount + 1;
        if (userCount >= auth.lockoutAfterFailures) {
          const until = new Date(now.getTime() + auth.lockoutMinutes * 60_000);
          await this.uow.run((tx) => this.users.update(tx, user.id, { failedLoginCount: 0, lockedUntil: until }));
          await record('Locked');
          throw this.lockedError(until, now);
        }
        await this.uow.run((tx) => this.users.update(tx, user.id, { failedLoginCount: userCount }));
      }
      await record(user ? 'WrongPassword' : 'UnknownUser');
      throw new AppError(400, 'account.invalidCredentials', {}, [{ propertyName: 'password', key: 'account.invalidCredentials' }],
        { captchaRequired: ipCount >= auth.captchaAfterIpFailures || userCount >= auth.captchaAfterFailures });
    }

    // The password is proven: this attempt leaves the sign-in limits' budgets as it found them.
    await pass.refund();
    const refusal = await this.refusalFor(user, now);
    if (refusal) {
      await record(refusal);
      throw badRequest(refusal === 'Inactive' ? 'account.inactive' : refusal === 'Suspended' ? 'account.suspended' : refusal === 'Expired' ? 'account.expired'
        : refusal === 'OrganizationExpired' ? 'organization.expired' : 'organization.inactive');
    }
    // On a reseller's domain only its own tree signs in. Asked after the password is proven, like
    // the refusals above, so it tells nothing about a user name a wrong password would not.
    if (!(await this.inTreeOfHost(user, ctx.host ?? ''))) {
      await record('OtherDomain');
      throw badRequest('account.otherDomain');
    }

    const pair = await this.uow.run(async (tx) => {
      await this.users.update(tx, user.id, { failedLoginCount: 0, lockedUntil: null, lastLoginAt: now, lastLoginIp: ctx.ip.slice(0, 64) });
      const opened = await this.tokens.openSession(tx, { userId: user.id, impersonatorUserId: null, ip: ctx.ip, userAgent: ctx.userAgent, rememberMe: input.rememberMe ?? false });
      await this.sessions.recordLogin({ userId: user.id, organizationId: user.organizationId, userName: user.userName, ip: ctx.ip, userAgent: ctx.userAgent, result: 'Success' }, tx);
      return opened;
    });
    return { accessToken: pair.accessToken, refreshToken: pair.refreshToken, expiresIn: pair.expiresIn, changePasswordRequired: user.changePasswordRequired };
  }

  /** Whether the host's white-label domain (if any) serves the user's organization: under the domain organization's path. */
  private async inTreeOfHost(user: UserRow, host: string): Promise<boolean> {
    const tree = await this.domains.treeOfHost(host);
    if (tree === null) return true;
    const org = await this.organizations.findById(user.organizationId);
    return !!org && org.path.startsWith(tree);
  }

  /** Why this user may not have a session now, or null. */
  private async refusalFor(user: UserRow, now: Date): Promise<string | null> {
    if (!user.isActive) return 'Inactive';
    if (user.isSuspended) return 'Suspended';
    if (user.expireDate && new Date(user.expireDate) <= now) return 'Expired';
    const standing = await this.organizations.standing(user.organizationId);
    if (standing === 'expired') return 'OrganizationExpired';
    if (standing !== 'ok') return 'OrganizationInactive';
    return null;
  }

  private lockedError(until: Date, now: Date): AppError {
    const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
    return new AppError(400, 'account.locked', { minutes }, [{ propertyName: 'userName', key: 'account.locked', params: { minutes } }], { lockedUntil: until.toISOString() });
  }

  /**
   * Rotation: each refresh token works once. Presenting one that was already used means it was
   * copied, so the whole session is revoked and both holders must sign in again.
   */
  async refresh(input: { accessToken: string; refreshToken: string }): Promise<TokenPair> {
    const decoded = this.tokens.decodeAccess(input.accessToken);
    if (!decoded) throw unauthorized();
    const now = this.clock.now();
    const outcome = await this.uow.run(async (tx) => {
      const token = await this.sessions.findRefreshTokenForUpdate(tx, hashToken(input.refreshToken));
      if (!token || token.sessionId !== decoded.sessionId) return 'invalid' as const;
      const session = await this.sessions.findSession(tx, token.sessionId);
      if (!session || session.userId !== decoded.userId || session.revokedAt) return 'invalid' as const;
      if (token.usedAt) {
        await this.sessions.revokeSession(tx, session.id, 'refreshTokenReuse');
        await this.sessions.killUnusedRefreshTokens(tx, session.id);
        await this.sessions.endImpersonation(tx, session.id);
        return 'reuse' as const;
      }
      if (new Date(token.expiresAt) <= now) return 'invalid' as const;
      const user = await this.users.findById(session.userId, tx);
      if (!user || !user.isActive || user.isSuspended) return 'invalid' as const;
      if ((await this.organizations.standing(user.organizationId, tx)) !== 'ok') return 'invalid' as const;
      await this.sessions.markRefreshTokenUsed(tx, token.tokenHash);
      const expiresAt = this.tokens.refreshExpiry();
      await this.sessions.touchSession(tx, session.id, expiresAt);
      const refreshToken = await this.tokens.newRefreshToken(tx, session.id, expiresAt);
      return { accessToken: this.tokens.signAccess(user.id, session.id), refreshToken, expiresIn: this.config.auth.accessTokenTtlSeconds };
    });
    if (outcome === 'invalid' || outcome === 'reuse') throw unauthorized();
    return outcome;
  }

  /** Answers x-rft: swaps the session's refresh token for a fresh one with a full lifetime. */
  async updateRefreshToken(ctx: Actor, refreshToken: string): Promise<{ refreshToken: string }> {
    return this.uow.run(async (tx) => {
      const token = await this.sessions.findRefreshTokenForUpdate(tx, hashToken(refreshToken));
      if (!token || token.sessionId !== ctx.principal.sessionId || token.usedAt) throw fieldError('refreshToken', 'account.refreshTokenInvalid');
      await this.sessions.markRefreshTokenUsed(tx, token.tokenHash);
      const expiresAt = this.tokens.refreshExpiry();
      await this.sessions.touchSession(tx, token.sessionId, expiresAt);
      return { refreshToken: await this.tokens.newRefreshToken(tx, token.sessionId, expiresAt) };
    });
  }

  async logout(ctx: Actor): Promise<null> {
    await this.uow.run(async (tx) => {
      await this.sessions.revokeSession(tx, ctx.principal.sessionId, 'logout');
      await this.sessions.killUnusedRefreshTokens(tx, ctx.principal.sessionId);
      await this.sessions.endImpersonation(tx, ctx.principal.sessionId);
      await this.audit.record(tx, ctx, { operationType: 'Logout', className: 'Session', referenceId: ctx.principal.sessionId });
    });
    return null;
  }

  async changePassword(ctx: Actor, input: { currentPassword: string; newPassword: string; confirmPassword: string }): Promise<null> {
    // Both reasons at once: a refused password says why (the policy), not only that the entries differ.
    const issues: ValidationIssue[] = [];
    const policy = checkPasswordPolicy(input.newPassword, this.config.auth.passwordMinLength);
    if (policy) issues.push({ propertyName: 'newPassword', key: policy.key, params: policy.params });
    if (input.newPassword !== input.confirmPassword) issues.push({ propertyName: 'confirmPassword', key: 'password.mismatch' });
    if (issues.length === 1) throw fieldError(issues[0].propertyName, issues[0].key, issues[0].params);
    if (issues.length) throw new AppError(400, 'status.400', {}, issues);
    const user = await this.users.findById(ctx.principal.userId);
    if (!user) throw unauthorized();
    // verifyPassword, not this.hasher.verify: the hasher's verify is the sign-in path, which the
    // login-limit tests count; a password change is not a sign-in attempt.
    if (!(await verifyPassword(input.currentPassword, user.passwordHash))) throw fieldError('currentPassword', 'password.currentWrong');
    await this.uow.run(async (tx) => {
      await this.assertNotReused(tx, user, input.newPassword);
      const passwordHash = await this.hasher.hash(input.newPassword);
      await this.users.update(tx, user.id, { passwordHash, changePasswordRequired: false, passwordChangedAt: this.clock.now() });
      await this.users.addPasswordHistory(tx, user.id, passwordHash, ctx.principal.userId, ctx.principal.fullName);
      // Other sessions may belong to whoever knew the old password.
      await this.sessions.revokeUserSessions(tx, [user.id], 'passwordChanged', ctx.principal.sessionId);
      await this.audit.record(tx, ctx, { operationType: 'ChangePassword', className: 'User', referenceId: user.id, organizationId: user.organizationId });
    });
    return null;
  }

  /** The new password may not equal the current one nor any of the last N (verified outside the sign-in hasher, as in changePassword). */
  async assertNotReused(tx: Parameters<UsersRepository['recentPasswordHashes']>[0], user: UserRow, password: string): Promise<void> {
    const recent = await this.users.recentPasswordHashes(tx, user.id, this.config.auth.passwordHistory);
    for (const hash of [user.passwordHash, ...recent]) {
      if (await verifyPassword(password, hash)) throw fieldError('newPassword', 'password.reused', { count: this.config.auth.passwordHistory });
    }
  }

  async activeSessions(ctx: Actor) {
    const rows = await this.sessions.activeSessions(ctx.principal.userId, this.clock.now());
    return rows.map((s) => ({
      id: s.id, createdAt: s.createdAt, lastRefreshedAt: s.lastRefreshedAt, expiresAt: s.refreshExpiresAt, ip: s.ip, userAgent: s.userAgent,
      isCurrent: s.id === ctx.principal.sessionId, impersonatorUserId: s.impersonatorUserId,
    }));
  }

  async revokeSession(ctx: Actor, sessionId: string): Promise<null> {
    const own = (await this.sessions.activeSessions(ctx.principal.userId, this.clock.now())).some((s) => s.id === sessionId);
    if (!own) throw notFound('account.sessionNotFound');
    await this.uow.run(async (tx) => {
      await this.sessions.revokeSession(tx, sessionId, 'revokedByUser');
      await this.sessions.killUnusedRefreshTokens(tx, sessionId);
      await this.audit.record(tx, ctx, { operationType: 'RevokeSession', className: 'Session', referenceId: sessionId });
    });
    return null;
  }

  loginHistory(userId: number, pageIndex: number, pageSize: number) {
    return this.sessions.loginHistory(userId, pageIndex, pageSize);
  }

  async impersonate(ctx: Actor, userId: number): Promise<TokenPair> {
    if (ctx.principal.impersonatorUserId !== null) throw badRequest('impersonation.alreadyImpersonating');
    const target = await this.users.findVisible(ctx.tenant, userId);
    if (!target) throw notFound('user.notFound');
    if (target.id === ctx.principal.userId) throw badRequest('impersonation.self');
    const org = await this.organizations.findById(target.organizationId);
    if (!org) throw notFound('user.notFound');
    // Nobody takes on an equal or wider reach than their own: only users of organizations strictly
    // below the caller's, or non-administrators of the caller's own organization.
    const sameOrg = org.id === ctx.principal.organizationId;
    if (ctx.principal.scope !== 'superAdmin' && sameOrg && target.isAdmin) throw forbidden('impersonation.notAllowed');
    if (scopeOf(org.type, target.isAdmin) === 'superAdmin') throw forbidden('impersonation.notAllowed');
    // Acting as the target hands over everything the target may do.
    const authority = await this.users.findAuthority(target.id);
    if (!authority) throw notFound('user.notFound');
    assertMayTakeOver(ctx, authority);
    const refusal = await this.refusalFor(target, this.clock.now());
    if (refusal) throw badRequest('impersonation.targetUnavailable');
    return this.uow.run(async (tx) => {
      const opened = await this.tokens.openSession(tx, { userId: target.id, impersonatorUserId: ctx.principal.userId, ip: ctx.ip, userAgent: ctx.userAgent, rememberMe: false });
      await this.sessions.startImpersonation(tx, {
        sessionId: opened.sessionId, impersonatorUserId: ctx.principal.userId, impersonatorName: ctx.principal.fullName,
        impersonatorOrganizationId: ctx.principal.organizationId, impersonatedUserId: target.id,
        impersonatedUserName: [target.firstName, target.lastName].filter(Boolean).join(' ') || target.userName,
        impersonatedOrganizationId: org.id, impersonatedOrganizationName: org.name,
      });
      await this.audit.record(tx, ctx, { operationType: 'Impersonate', className: 'User', referenceId: target.id, organizationId: org.id, newData: { sessionId: opened.sessionId } });
      return { accessToken: opened.accessToken, refreshToken: opened.refreshToken, expiresIn: opened.expiresIn };
    });
  }

  /** Ends the impersonated session and gives the administrator a fresh session of their own. */
  async stopImpersonation(ctx: Actor): Promise<TokenPair> {
    const impersonatorId = ctx.principal.impersonatorUserId;
    if (impersonatorId === null) throw badRequest('impersonation.notImpersonating');
    const admin = await this.users.findById(impersonatorId);
    if (!admin || (await this.refusalFor(admin, this.clock.now()))) throw unauthorized();
    return this.uow.run(async (tx) => {
      await this.sessions.revokeSession(tx, ctx.principal.sessionId, 'impersonationEnded');
      await this.sessions.killUnusedRefreshTokens(tx, ctx.principal.sessionId);
      await this.sessions.endImpersonation(tx, ctx.principal.sessionId);
      const opened = await this.tokens.openSession(tx, { userId: admin.id, impersonatorUserId: null, ip: ctx.ip, userAgent: ctx.userAgent, rememberMe: false });
      await this.audit.record(tx, ctx, { operationType: 'StopImpersonation', className: 'User', referenceId: ctx.principal.userId });
      return { accessToken: opened.accessToken, refreshToken: opened.refreshToken, expiresIn: opened.expiresIn };
    });
  }

  impersonationHistory(ctx: Actor, pageIndex: number, pageSize: number) {
    return this.sessions.impersonationHistory(ctx.tenant, ctx.principal.impersonatorUserId ?? ctx.principal.userId, pageIndex, pageSize);
  }
}
