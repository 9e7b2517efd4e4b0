import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import type { AppConfig } from '../../platform/config.js';
import type { Clock } from '../../platform/clock.js';
import { UnitOfWork, type Tx } from '../../platform/unit-of-work.js';
import type { Actor } from '../../platform/actor.js';
import type { RequestContext } from '../../platform/http/context.js';
import { badRequest, conflict, fieldError, forbidden, notFound } from '../../platform/http/errors.js';
import { normalizeSearch } from '../../platform/http/search.js';
import { sameAsStored } from '../../platform/stored-value.js';
import { AuditService } from '../audit/index.js';
import { OrganizationsService, type ClosingReason, type OrganizationLifecycleListener } from '../organizations/index.js';
import { UsersRepository, type UserListFilter, type UserRow } from './users.repository.js';
import { SessionsRepository } from './sessions.repository.js';
import { RolesRepository } from './roles.repository.js';
import { AuthService } from './auth.service.js';
import { checkPasswordPolicy, generatePassword } from './passwords.js';
import { PasswordHasher } from './password-hasher.service.js';
import { publicProfile } from './principal.js';
import { USER_CONTACT_FIELDS, USER_IDENTITY_FIELDS, USER_LIMIT_FIELDS, assertMaySetLimits, assertMayTakeOver, isAbove } from './authority.js';
import type { SchemaType } from '../../platform/http/router.js';
import type { createUserSchema, updateUserSchema } from './identity.schemas.js';
import { USER_FLAGS, USER_TEXT_FIELDS } from './user.fields.js';

const WRITABLE = new Set<string>([...Object.keys(USER_TEXT_FIELDS), ...USER_FLAGS, 'zoneId', 'birthDate', 'expireDate', 'roleTemplateId', 'mobileCount']);

/** The names a fresh install gives its system organization and first administrator (Persian: the product's primary language). */
const SYSTEM_ORGANIZATION_NAME = 'پیک';
const FIRST_ADMIN_NAME = { firstName: 'مدیر', lastName: 'سامانه' } as const;

/**
 * Administrators of an organization are managed from above: a caller acts on another user of
 * their own organization only when that user is not an administrator (the super admin excepted).
 * Otherwise one administrator could take over another by resetting their password.
 */
export function assertMayManage(ctx: Actor, target: UserRow): void {
  if (target.id === ctx.principal.userId || ctx.principal.scope === 'superAdmin') return;
  if (target.organizationId === ctx.principal.organizationId && target.isAdmin) throw forbidden('user.cannotManagePeerAdmin');
}

export function publicUser(row: UserRow): Record<string, unknown> {
  return publicProfile(row);
}

/**
 * mobileCount above 1 only in an organization with isCanSetMultipleMobileForUser (organizations
 * CONTEXT.md, decision log 2026-12-04); a stored count posted back unchanged is not judged again.
 */
function assertMobileCountAllowed(org: Record<string, unknown> | null, mobileCount: unknown): void {
  if (typeof mobileCount === 'number' && mobileCount > 1 && org?.isCanSetMultipleMobileForUser !== true) {
    throw fieldError('mobileCount', 'user.multipleMobilesNotAllowed');
  }
}

@injectable()
export class UsersService implements OrganizationLifecycleListener {
  private readonly currentViews = new WeakMap<object, Record<string, unknown>>();

  constructor(
    @inject(TYPES.Config) private readonly config: AppConfig,
    @inject(TYPES.Clock) private readonly clock: Clock,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(UsersRepository) private readonly users: UsersRepository,
    @inject(SessionsRepository) private readonly sessions: SessionsRepository,
    @inject(RolesRepository) private readonly roles: RolesRepository,
    @inject(OrganizationsService) private readonly organizations: OrganizationsService,
    @inject(AuthService) private readonly auth: AuthService,
    @inject(AuditService) private readonly audit: AuditService,
    @inject(PasswordHasher) private readonly hasher: PasswordHasher,
  ) {}

  /** Users of closed organizations lose their sessions; users of deleted ones are deleted with them. */
  async onOrganizationsClosed(tx: Tx, organizationIds: number[], reason: ClosingReason): Promise<void> {
    const ids = reason === 'deleted'
      ? await this.users.softDeleteInOrganizations(tx, organizationIds)
      : await this.users.idsInOrganizations(tx, organizationIds);
    await this.sessions.revokeUserSessions(tx, ids, `organization${reason[0].toUpperCase()}${reason.slice(1)}`);
  }

  /**
   * First start: the system organization and its administrator, who must change the password. Their
   * names are written in Persian, the product's primary language (CONTEXT.md, decision log).
   */
  /** Editing a user's authentication deactivates it; an administrator above approves again (spec). */
  async revokeAuthentication(tx: Tx, userId: number): Promise<void> {
    await this.users.update(tx, userId, { isAuthenticated: false });
  }

  async bootstrapFirstAdmin(): Promise<{ created: boolean; userName: string; password: string | null }> {
    if ((await this.organizations.countOrganizations()) > 0) return { created: false, userName: this.config.admin.userName, password: null };
    const password = this.config.admin.password ?? generatePassword();
    await this.uow.run(async (tx) => {
      const org = await this.organizations.createSystemOrganization(tx, SYSTEM_ORGANIZATION_NAME);
      const passwordHash = await this.hasher.hash(password);
      const user = await this.users.insert(tx, {
        organizationId: org.id, userName: this.config.admin.userName, passwordHash, firstName: FIRST_ADMIN_NAME.firstName, lastName: FIRST_ADMIN_NAME.lastName,
        isAdmin: true, isActive: true, isActiveSend: true, changePasswordRequired: true,
      });
      await this.users.addPasswordHistory(tx, user.id, passwordHash, null, 'bootstrap');
    });
    return { created: true, userName: this.config.admin.userName, password };
  }

  /**
   * Answered from the row read with the session (no query), and the view is built once per cached
   * principal: this is the hottest authenticated call of the client.
   */
  async current(ctx: Actor) {
    const p = ctx.principal;
    let view = this.currentViews.get(p);
    if (!view) {
      view = {
        ...p.profile,
        fullName: p.fullName,
        organizationName: p.organizationName,
        scope: p.scope,
        claims: [...p.claims].sort(),
        // The session's flag, not the row's: an impersonation is never forced to change it.
        changePasswordRequired: p.changePasswordRequired,
        isImpersonating: p.impersonatorUserId !== null,
        impersonatorUserId: p.impersonatorUserId,
      };
      this.currentViews.set(p, view);
    }
    return { ...view, activeOrganizationId: ctx.tenant.organizationId };
  }

  async get(ctx: Actor, id: number) {
    const user = await this.users.findVisible(ctx.tenant, id);
    if (!user) throw notFound('user.notFound');
    return publicUser(user);
  }

  async list(ctx: Actor, filter: UserListFilter) {
    return this.users.list(ctx.tenant, normalizeSearch(filter));
  }

  async create(ctx: Actor, body: SchemaType<typeof createUserSchema>) {
    const organizationId = body.organizationId ?? ctx.tenant.organizationId;
    const policy = checkPasswordPolicy(body.password, this.config.auth.passwordMinLength);
    if (policy) throw fieldError('password', policy.key, policy.params);
    const passwordHash = await this.hasher.hash(body.password);
    const secondPasswordHash = typeof body.secondPassword === 'string' ? await this.hasher.hash(body.secondPassword) : null;
    return this.uow.run(async (tx) => {
      const org = await this.organizations.findVisible(ctx.tenant, organizationId, tx);
      if (!org) throw fieldError('organizationId', 'organization.notFound');
      if (org.isArchived) throw fieldError('organizationId', 'organization.parentArchived');
      const values = this.pickWritable(body);
      if (values.isAdmin && !ctx.principal.isAdmin) throw forbidden();
      await this.checkRole(tx, ctx, org.id, values.roleTemplateId as number | null | undefined);
      assertMobileCountAllowed(org, values.mobileCount);
      return publicUser(await this.storeUser(tx, ctx, org, body.userName, values, { passwordHash, secondPasswordHash }, { userId: ctx.principal.userId, name: ctx.principal.fullName }));
    });
  }

  /** The password rule a user's password meets on Create, as a field error (sign-up judges with it before its transaction). */
  passwordProblem(password: string): { propertyName: string; key: string; params?: Record<string, unknown> } | null {
    const policy = checkPasswordPolicy(password, this.config.auth.passwordMinLength);
    return policy ? { propertyName: 'password', key: policy.key, params: policy.params } : null;
  }

  /**
   * A self sign-up's administrator (`SignUpService`, in its transaction): Create's path (unique
   * user name, the organization's user cap, password history, audit) with the password judged by
   * Create's rule; the chosen password is kept (no forced change: nobody else knows it).
   */
  async createForSignUp(tx: Tx, ctx: RequestContext, organizationId: number, body: { userName: string; password: string; firstName: string; lastName: string; mobile: string }): Promise<UserRow> {
    const org = await this.organizations.findById(organizationId, tx);
    if (!org) throw fieldError('organizationId', 'organization.notFound');
    const passwordHash = await this.hasher.hash(body.password);
    const values = this.pickWritable({ firstName: body.firstName, lastName: body.lastName, mobile: body.mobile, isAdmin: true, isActive: true, isActiveSend: true, changePasswordRequired: false });
    return this.storeUser(tx, ctx, org, body.userName, values, { passwordHash, secondPasswordHash: null }, { userId: null, name: 'sign-up' });
  }

  /** Create's one path once the organization and the caller's rights are settled. */
  private async storeUser(
    tx: Tx, ctx: Actor | RequestContext, org: { id: number; maximumUser?: unknown }, userName: string, values: Record<string, unknown>,
    hashes: { passwordHash: string; secondPasswordHash: string | null }, by: { userId: number | null; name: string },
  ): Promise<UserRow> {
    if (await this.users.findByUserName(userName, tx)) throw conflict('user.userNameTaken', {}, [{ propertyName: 'userName', key: 'user.userNameTaken' }]);
    if (org.maximumUser && (await this.users.countLiveInOrganization(tx, org.id)) >= (org.maximumUser as number)) {
      throw badRequest('user.maximumUserReached', { limit: org.maximumUser });
    }
    const user = await this.users.insert(tx, {
      ...values, organizationId: org.id, userName: userName.trim(), ...hashes,
      changePasswordRequired: values.changePasswordRequired ?? true, createdBy: by.userId,
    });
    await this.users.addPasswordHistory(tx, user.id, hashes.passwordHash, by.userId, by.name);
    await this.audit.record(tx, ctx, { operationType: 'Create', className: 'User', referenceId: user.id, organizationId: org.id, newData: publicUser(user) });
    return user;
  }

  async update(ctx: Actor, body: SchemaType<typeof updateUserSchema>) {
    const secondPasswordHash = typeof body.secondPassword === 'string' ? await this.hasher.hash(body.secondPassword) : undefined;
    return this.uow.run(async (tx) => {
      const user = await this.users.findVisible(ctx.tenant, body.id, tx);
      if (!user) throw notFound('user.notFound');
      assertMayManage(ctx, user);
      const values = this.pickWritable(body);
      const self = user.id === ctx.principal.userId;
      if (self && (values.isAdmin === false || values.isActive === false)) throw forbidden('user.cannotChangeOwnAccess');
      // Only a change is refused: the edit form may post a limit back with its stored value.
      const changedLimits = Object.keys(values).filter((k) => USER_LIMIT_FIELDS.has(k) && !sameAsStored(values[k], user[k]));
      const changedContacts = Object.keys(values).filter((k) => USER_CONTACT_FIELDS.has(k) && !sameAsStored(values[k], user[k]));
      if (changedLimits.length || changedContacts.length || secondPasswordHash) {
        const target = await this.authorityOf(user.id, tx);
        assertMaySetLimits(ctx, target, changedLimits);
        // The second password is a credential, and the email or mobile is where a reset would go:
        // setting a colleague's is taking their account over.
        if (changedContacts.length) assertMayTakeOver(ctx, target, changedContacts);
        if (secondPasswordHash) assertMayTakeOver(ctx, target);
      }
      if (changedLimits.includes('mobileCount')) assertMobileCountAllowed(await this.organizations.findById(user.organizationId, tx), values.mobileCount);
      if (secondPasswordHash) values.secondPasswordHash = secondPasswordHash;
      // The user (or a colleague) changing what the documents vouch for deactivates the
      // authentication until someone above approves again; someone above edits under their own approval.
      const changedIdentity = Object.keys(values).some((k) => USER_IDENTITY_FIELDS.has(k) && !sameAsStored(values[k], user[k]));
      // Likewise a new mobile is not the verified one: its verification goes until someone above
      // confirms it again (CONTEXT.md "Limits come from above", issue 29).
      const changedMobile = 'mobile' in values && !sameAsStored(values.mobile, user.mobile);
      if ((changedIdentity && user.isAuthenticated) || (changedMobile && user.isAuthenticatedMobile)) {
        if (!isAbove(ctx.principal, await this.authorityOf(user.id, tx))) {
          if (changedIdentity && user.isAuthenticated) values.isAuthenticated = false;
          if (changedMobile && user.isAuthenticatedMobile) values.isAuthenticatedMobile = false;
        }
      }
      await this.users.update(tx, user.id, values);
      if (values.isActive === false && user.isActive) await this.sessions.revokeUserSessions(tx, [user.id], 'deactivated');
      const updated = (await this.users.findById(user.id, tx)) as UserRow;
      await this.audit.record(tx, ctx, { operationType: 'Update', className: 'User', referenceId: user.id, organizationId: user.organizationId, oldData: publicUser(user), newData: publicUser(updated) });
      return publicUser(updated);
    });
  }

  async delete(ctx: Actor, id: number) {
    return this.uow.run(async (tx) => {
      const user = await this.users.findVisible(ctx.tenant, id, tx);
      if (!user) throw notFound('user.notFound');
      assertMayManage(ctx, user);
      if (user.id === ctx.principal.userId) throw forbidden('user.cannotChangeOwnAccess');
      await this.users.update(tx, user.id, { deletedAt: this.clock.now() });
      await this.sessions.revokeUserSessions(tx, [user.id], 'deleted');
      await this.audit.record(tx, ctx, { operationType: 'Delete', className: 'User', referenceId: user.id, organizationId: user.organizationId, oldData: publicUser(user) });
      return null;
    });
  }

  async setSuspended(ctx: Actor, id: number, suspended: boolean) {
    return this.uow.run(async (tx) => {
      const user = await this.users.findVisible(ctx.tenant, id, tx);
      if (!user) throw notFound('user.notFound');
      assertMayManage(ctx, user);
      if (user.id === ctx.principal.userId) throw forbidden('user.cannotChangeOwnAccess');
      // Unblock also lifts a login lockout, which otherwise stops guessing the user's password;
      // suspending takes the account from its holder. Either way: not over someone holding more.
      assertMayTakeOver(ctx, await this.authorityOf(user.id, tx));
      const values = suspended ? { isSuspended: true } : { isSuspended: false, lockedUntil: null, failedLoginCount: 0 };
      await this.users.update(tx, user.id, values);
      if (suspended) await this.sessions.revokeUserSessions(tx, [user.id], 'suspended');
      await this.audit.record(tx, ctx, { operationType: suspended ? 'Suspend' : 'Unblock', className: 'User', referenceId: user.id, organizationId: user.organizationId, newData: values });
      return publicUser((await this.users.findById(user.id, tx)) as UserRow);
    });
  }

  /** An administrator sets a new password; the user must choose their own at next sign-in. */
  async resetPassword(ctx: Actor, id: number, password: string) {
    const policy = checkPasswordPolicy(password, this.config.auth.passwordMinLength);
    if (policy) throw fieldError('password', policy.key, policy.params);
    return this.uow.run(async (tx) => {
      const user = await this.users.findVisible(ctx.tenant, id, tx);
      if (!user) throw notFound('user.notFound');
      assertMayManage(ctx, user);
      assertMayTakeOver(ctx, await this.authorityOf(user.id, tx));
      await this.auth.assertNotReused(tx, user, password);
      const passwordHash = await this.hasher.hash(password);
      await this.users.update(tx, user.id, { passwordHash, changePasswordRequired: true, passwordChangedAt: this.clock.now() });
      await this.users.addPasswordHistory(tx, user.id, passwordHash, ctx.principal.userId, ctx.principal.fullName);
      await this.sessions.revokeUserSessions(tx, [user.id], 'passwordReset');
      await this.audit.record(tx, ctx, { operationType: 'ResetPassword', className: 'User', referenceId: user.id, organizationId: user.organizationId });
      return null;
    });
  }

  async loginHistoryOf(ctx: Actor, id: number, pageIndex: number, pageSize: number) {
    const user = await this.users.findVisible(ctx.tenant, id);
    if (!user) throw notFound('user.notFound');
    return this.auth.loginHistory(user.id, pageIndex, pageSize);
  }

  async passwordHistoryOf(ctx: Actor, id: number, pageIndex: number, pageSize: number) {
    const user = await this.users.findVisible(ctx.tenant, id);
    if (!user) throw notFound('user.notFound');
    return this.users.passwordHistory(user.id, pageIndex, pageSize);
  }

  private async authorityOf(id: number, tx: Tx) {
    const row = await this.users.findAuthority(id, tx);
    if (!row) throw notFound('user.notFound');
    return row;
  }

  /** A user's role is a role of their own organization or the template assigned to it. */
  private async checkRole(tx: Tx, ctx: Actor, organizationId: number, roleId: number | null | undefined): Promise<void> {
    if (roleId === undefined || roleId === null) return;
    const role = await this.roles.findById(roleId, tx);
    const org = await this.organizations.findById(organizationId, tx);
    const fits = role && ((!role.isTemplate && role.organizationId === organizationId) || (role.isTemplate && org?.roleTemplateId === role.id));
    if (!fits) throw fieldError('roleTemplateId', 'role.notFound');
    if (!role.claims.every((c) => ctx.principal.claims.has(c))) throw fieldError('roleTemplateId', 'role.claimsBeyondYours');
  }

  private pickWritable(body: Record<string, unknown>): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(body)) {
      if (!WRITABLE.has(k)) continue;
      out[k] = typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : v;
    }
    return out;
  }
}
