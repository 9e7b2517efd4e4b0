import type { Actor } from '../../platform/actor.js';

/**
 * Whose tokens a caller manages: null = every token in their tenant slice (an administrator,
 * reseller or super admin), otherwise only the tokens of this user id (a plain user's own).
 */
export function tokenOwnerFilter(ctx: Actor): number | null {
  return ctx.principal.isAdmin || ctx.principal.scope === 'superAdmin' || ctx.principal.scope === 'reseller' ? null : ctx.principal.userId;
}
