import type { Culture } from '../i18n.js';

import type { Actor, Channel, Principal, Tenant } from '../actor.js';

// Who and where live with the Actor (platform/actor.ts): services take an Actor, never HTTP types.
export type { Principal, Scope, Tenant } from '../actor.js';

export interface RequestContext {
  requestId: string;
  ip: string;
  /**
   * The host name the request was addressed to (lower-case, no port): the Host header, or
   * X-Forwarded-Host when `trust proxy` is set. White-label domains are chosen by it.
   */
  host?: string;
  userAgent: string;
  culture: Culture;
  principal: Principal | null;
  tenant: Tenant | null;
  /** How the call arrived: the panel's session API today (the REST API v1 and SMPP build their own). */
  channel: Channel;
}

/**
 * A context that is known to be signed in (routes that are not public get this). It is an Actor,
 * so a route hands it straight to a service.
 */
export interface AuthedContext extends RequestContext, Actor {
  principal: Principal;
  tenant: Tenant;
}
