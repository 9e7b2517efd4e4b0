/**
 * Whose tokens a caller manages: null = every token in their tenant slice (an administrator,
 * reseller or super admin), otherwise only the tokens of this user id (a plain user's own). The
 * same rule decides approvals, so it is the approvals module's one definition.
 */
export { managerOwnerFilter as tokenOwnerFilter } from '../approvals/index.js';
