import type { Principal, Scope } from '../../platform/http/context.js';
import { ALL_CLAIMS, BASE_CLAIMS, claimsOfModules, defaultCeiling } from './claim-catalogue.js';
import type { SessionPrincipalRow, UserAuthorityRow } from './users.repository.js';

export function scopeOf(organizationType: string, isAdmin: boolean): Scope {
  if (!isAdmin) return 'user';
  if (organizationType === 'system') return 'superAdmin';
  if (organizationType === 'reseller') return 'reseller';
  return 'organization';
}

/**
 * Effective claims: the super admin holds everything; an organization's ceiling is its role
 * template (or the default for its kind), narrowed by the template of every organization above
 * it (a template caps the whole subtree, else a narrowed administrator could step around it
 * through an administrator of a sub-organization); its administrators hold the whole ceiling and
 * other users the part of their role that lies under it.
 */
export function effectiveClaims(
  scope: Scope, organizationType: string, templateClaims: string[] | null, roleClaims: string[] | null, ancestorTemplates: string[][] = [],
): Set<string> {
  if (scope === 'superAdmin') return new Set(ALL_CLAIMS);
  const ceiling = new Set(templateClaims ?? defaultCeiling(organizationType));
  for (const cap of ancestorTemplates) for (const claim of [...ceiling]) if (!cap.includes(claim)) ceiling.delete(claim);
  if (scope !== 'user') return ceiling;
  const out = new Set<string>(BASE_CLAIMS);
  for (const claim of roleClaims ?? []) if (ceiling.has(claim)) out.add(claim);
  return out;
}

/**
 * A user's effective claims, built the same way for the caller and for a user acted upon; the
 * claims of modules on sale to the organization and not bought (`_lockedModules`) are dropped, so
 * the menu (GetCurrentUser) and the routes' claim checks follow the purchase in one place.
 */
export function claimsOf(row: UserAuthorityRow): Set<string> {
  const claims = effectiveClaims(scopeOf(row._orgType, row.isAdmin), row._orgType, row._templateClaims, row._roleClaims, row._ancestorTemplateClaims ?? []);
  for (const claim of claimsOfModules(row._lockedModules ?? [])) claims.delete(claim);
  return claims;
}

const PRIVATE_USER_FIELDS = new Set(['passwordHash', 'secondPasswordHash', 'deletedAt', 'failedLoginCount']);

/** The user's own fields as anyone may read them: no hashes, no joined columns. */
export function publicProfile(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) if (!k.startsWith('_') && !PRIVATE_USER_FIELDS.has(k)) out[k] = v;
  const lockedUntil = row.lockedUntil as Date | null | undefined;
  out.isLocked = !!lockedUntil && new Date(lockedUntil) > new Date();
  return out;
}

/** What a principal knows of the session it came with; empty for an Actor built without one. */
export interface PrincipalSession {
  sessionId: string;
  impersonatorUserId: number | null;
  changePasswordRequired: boolean;
  refreshDue: boolean;
}

/** One principal from a user's authority row: the same for a signed-in caller and a session-less Actor. */
export function principalOf(row: UserAuthorityRow, session: PrincipalSession): Principal {
  return {
    userId: row.id,
    userName: row.userName,
    fullName: [row.firstName, row.lastName].filter(Boolean).join(' ') || row.userName,
    organizationId: row.organizationId,
    organizationPath: row._orgPath,
    organizationName: row._orgName ?? '',
    scope: scopeOf(row._orgType, row.isAdmin),
    isAdmin: row.isAdmin,
    claims: claimsOf(row),
    ...session,
    profile: publicProfile(row as unknown as Record<string, unknown>),
  };
}

export function toPrincipal(row: SessionPrincipalRow, sessionId: string, now: Date, renewBeforeMs: number): Principal {
  return principalOf(row, {
    sessionId,
    impersonatorUserId: row._impersonatorUserId,
    // An impersonator cannot know the user's current password, so the forced change would lock
    // them out; it stays on the row and applies to the user's own next sign-in.
    changePasswordRequired: row.changePasswordRequired && row._impersonatorUserId === null,
    refreshDue: new Date(row._refreshExpiresAt).getTime() - now.getTime() < renewBeforeMs,
  });
}
