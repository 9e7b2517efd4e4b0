import type { Actor, Tenant } from '../../platform/actor.js';
import type { Tx } from '../../platform/unit-of-work.js';
import { managerOwnerFilter } from './approval-access.js';
import type { ApprovalTarget } from './approvals.service.js';

/** A subject's locked read through the caller's tenant slice and owner filter (`managerOwnerFilter`). */
export type SliceLookup<Found> = (tenant: Tenant, ownerUserId: number | null, id: number, tx: Tx) => Promise<Found | null>;

/** What `tenantSlice` gives a registration: its `find`, and whether decisions come only from above. */
export interface SliceGuard<Row> {
  find(ctx: Actor, id: number, tx: Tx): Promise<ApprovalTarget<Row> | null>;
  fromAbove: boolean;
}

export interface SliceOptions {
  /**
   * Decided only from strictly above the row's organization (a parent decides a
   * sub-organization's request): the organization's own administrators wait like its users.
   */
  fromAbove?: boolean;
}

/**
 * The one shape of "whose row is it, who decides" for an approval subject: the caller sees the
 * rows of their tenant slice (a plain user only their own), the audit rows belong to the row's
 * organization; with `fromAbove` the workflow refuses (403) a decision from the row's own
 * organization. `target` maps what the lookup found when the row is not itself the subject's row
 * or its organization lives elsewhere (a safe IP's is its token's).
 */
export function tenantSlice<Row extends { organizationId: number }>(lookup: SliceLookup<Row>, options?: SliceOptions): SliceGuard<Row>;
export function tenantSlice<Row, Found>(lookup: SliceLookup<Found>, options: SliceOptions & { target: (found: Found) => ApprovalTarget<Row> }): SliceGuard<Row>;
export function tenantSlice<Row, Found>(
  lookup: SliceLookup<Found>,
  options: SliceOptions & { target?: (found: Found) => ApprovalTarget<Row> } = {},
): SliceGuard<Row> {
  const target = options.target ?? ((found: Found) => ({ row: found as unknown as Row, organizationId: (found as { organizationId: number }).organizationId }));
  return {
    find: async (ctx, id, tx) => {
      const found = await lookup(ctx.tenant, managerOwnerFilter(ctx), id, tx);
      return found === null ? null : target(found);
    },
    fromAbove: options.fromAbove ?? false,
  };
}
