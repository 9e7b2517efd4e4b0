import type { Culture } from '../i18n.js';

export type Scope = 'superAdmin' | 'reseller' | 'organization' | 'user';

/** Who is calling, loaded once per request from the access token and its session. */
export interface Principal {
  userId: number;
  userName: string;
  fullName: string;
  organizationId: number;
  organizationPath: string;
  organizationName: string;
  scope: Scope;
  isAdmin: boolean;
  claims: ReadonlySet<string>;
  sessionId: string;
  impersonatorUserId: number | null;
  changePasswordRequired: boolean;
  /** The session's refresh token is close to expiry: the response asks the client to renew it (x-rft). */
  refreshDue: boolean;
  /** The caller's own user fields (no secrets), read with the session. */
  profile: Readonly<Record<string, unknown>>;
}

/**
 * The slice of the organization tree a request works in: the active organization (c-org-id) and,
 * for administrators, everything under it. Repositories filter by it, so an object outside it is
 * simply not found.
 */
export interface Tenant {
  organizationId: number;
  path: string;
  subtree: boolean;
}

export interface RequestContext {
  requestId: string;
  ip: string;
  userAgent: string;
  culture: Culture;
  principal: Principal | null;
  tenant: Tenant | null;
}

/** A context that is known to be signed in (routes that are not public get this). */
export interface AuthedContext extends RequestContext {
  principal: Principal;
  tenant: Tenant;
}
