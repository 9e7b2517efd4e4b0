import type { Culture } from './i18n.js';

/**
 * The caller of a service, whatever carried the call: the panel's session API, the REST API v1,
 * an SMPP bind, or the system itself acting for a user (a periodic occurrence). Services take an
 * Actor and never an HTTP request, so the same rules (tenancy, limits, audit) hold on every channel.
 */

/** How a call arrived; audit records it with every change. */
export type Channel = 'panel' | 'api' | 'smpp' | 'system';

export const CHANNELS: readonly Channel[] = ['panel', 'api', 'smpp', 'system'];

export type Scope = 'superAdmin' | 'reseller' | 'organization' | 'user';

/**
 * Who is acting: the user, their organization and its path, claims and scope, and who impersonates
 * them. Loaded from the session for the panel; built by identity's ActorFactory for work done on a
 * user's behalf without a session (a periodic occurrence; later API tokens and SMPP binds), where
 * `sessionId` is empty.
 */
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

export interface Actor {
  principal: Principal;
  tenant: Tenant;
  channel: Channel;
  /** Traces for audit: a request id (or the job's own), and the remote address and agent if any. */
  requestId: string;
  ip: string;
  userAgent: string;
  /** The language messages written on the actor's behalf (notifications) use. */
  culture: Culture;
}
