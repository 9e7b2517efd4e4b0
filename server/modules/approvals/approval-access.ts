import type { Actor } from '../../platform/actor.js';

/**
 * Whose things a caller manages, and so who decides approvals: null = every row in their tenant
 * slice (an administrator, reseller or super admin), otherwise only this user id's own (a plain
 * user). API tokens, webhooks, the call log and every approval subject read it from here.
 */
export function managerOwnerFilter(ctx: Actor): number | null {
  return ctx.principal.isAdmin || ctx.principal.scope === 'superAdmin' || ctx.principal.scope === 'reseller' ? null : ctx.principal.userId;
}

/** A manager decides; a plain user's own rows wait for one. */
export function isApprovalManager(ctx: Actor): boolean {
  return managerOwnerFilter(ctx) === null;
}
