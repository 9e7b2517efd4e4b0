import type { Actor, Principal } from '../../platform/actor.js';
import { AppError, forbidden } from '../../platform/http/errors.js';
import { claimsBeyond } from './claim-catalogue.js';
import { claimsOf } from './principal.js';
import type { UserAuthorityRow } from './users.repository.js';

/**
 * Fields that limit a user. Only someone strictly above the user changes them (`isAbove`);
 * everything else a user may edit on themselves or a colleague may edit for them. The list and
 * its reasons are in CONTEXT.md ("Limits come from above").
 */
export const USER_LIMIT_FIELDS: ReadonlySet<string> = new Set([
  'isActive', 'isActiveSend', 'isAdmin', 'expireDate', 'mobileCount', 'roleTemplateId', 'isDefault', 'changePasswordRequired',
  'isAuthenticated', 'isAuthenticatedMobile', 'isSendSmsDescriptionRequired', 'isCanSendSmartWithoutConfirmation', 'isCanSendVoice',
  'isCanSeeContactsOfPublicPhonebooks', 'isCanSeeContactsOfPrivatePhonebooks',
]);

/**
 * Strictly above in the hierarchy: the super admin is above everyone else; an administrator is
 * above the plain users of their own organization and everyone in the organizations below it.
 * Nobody is above themselves, a plain user is above nobody, and an administrator is not above a
 * peer administrator (two peers could otherwise lift each other's limits).
 */
export function isAbove(p: Principal, target: UserAuthorityRow): boolean {
  if (target.id === p.userId) return false;
  if (p.scope === 'superAdmin') return true;
  if (!p.isAdmin) return false;
  if (target.organizationId === p.organizationId) return !target.isAdmin;
  return target._orgPath.startsWith(p.organizationPath);
}

/** Refuses a change of a limit unless the caller is above the user; `changed` are the fields whose value differs. */
export function assertMaySetLimits(ctx: Actor, target: UserAuthorityRow, changed: string[]): void {
  if (!changed.length || isAbove(ctx.principal, target)) return;
  throw new AppError(403, 'user.limitsFromAbove', { fields: changed.join(', ') },
    changed.map((f) => ({ propertyName: f, key: 'user.limitsFromAbove', params: { fields: f } })));
}

/**
 * The personal fields identity documents vouch for (the birth certificate, the national card).
 * Spec: "editing a user's authentication deactivates it; the administrator must approve again" —
 * a change of one by anyone not above the user takes `isAuthenticated` away (`UsersService.update`).
 */
export const USER_IDENTITY_FIELDS: ReadonlySet<string> = new Set([
  'nationalCode', 'foreignerCode', 'identityNumber', 'firstName', 'lastName', 'fatherName', 'birthDate', 'isForeigner',
]);

/**
 * Fields where a reset code or notice for the account would go: changing them prepares a take-over
 * (and a colleague's mobile or email is how they would learn of one), so they follow
 * `assertMayTakeOver`, not the personal-field rule.
 */
export const USER_CONTACT_FIELDS: ReadonlySet<string> = new Set(['email', 'mobile']);

/**
 * Acting as a user (impersonation) or taking their account (password reset, second password,
 * unblock, and changing their email or mobile) hands the caller everything that user may do.
 * Suspending them takes their account away from them, so it follows the same rule. So the role-assignment rule applies:
 * never to someone holding a claim the caller lacks, nor to an administrator by a non-administrator.
 * The super admin holds every claim.
 */
export function assertMayTakeOver(ctx: Actor, target: UserAuthorityRow, fields: string[] = []): void {
  const p = ctx.principal;
  if (target.id === p.userId || p.scope === 'superAdmin') return;
  if (target.isAdmin && !p.isAdmin) throw forbidden('user.cannotManagePeerAdmin');
  const beyond = claimsBeyond(p.claims, claimsOf(target));
  if (!beyond.length) return;
  const params = { claims: beyond.join(', ') };
  throw new AppError(403, 'user.claimsBeyondYours', params, fields.map((f) => ({ propertyName: f, key: 'user.claimsBeyondYours', params })));
}
