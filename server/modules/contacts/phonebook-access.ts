import type { Actor, Tenant } from '../../platform/actor.js';

/**
 * Who is looking at phonebooks: the rules of CONTEXT.md ("Who sees what") need the caller's
 * tenant slice, whether they manage it, the organizations above whose public phonebooks reach it,
 * and the two user flags of the spec.
 */
export interface PhonebookViewer {
  userId: number;
  tenant: Tenant;
  /** Administrators, resellers and the super admin manage every phonebook in their tenant slice. */
  manager: boolean;
  /** Organizations above the tenant's whose public phonebooks it may see (isCanSeePublicParentPhonebook up the chain). */
  parentOrganizationIds: ReadonlySet<number>;
  /** isCanSeeContactsOfPublicPhonebooks: contacts of public phonebooks one does not manage. */
  canSeePublicContacts: boolean;
  /** isCanSeeContactsOfPrivatePhonebooks: other users' private phonebooks of the organization, and their contacts. */
  canSeePrivateContacts: boolean;
}

/** What the rules read of a phonebook. */
export interface PhonebookPlace {
  organizationId: number;
  organizationPath: string;
  userId: number;
  isPublic: boolean;
  isShowNumber: boolean;
}

export interface PhonebookAccess {
  /** Listed, readable as a phonebook, usable as a send's recipients. */
  visible: boolean;
  /** Edit, delete, and change its contacts. */
  canManage: boolean;
  /** Read its contacts. */
  canSeeContacts: boolean;
  /** Contacts are read with their numbers masked (isShowNumber off, caller does not manage it). */
  numbersHidden: boolean;
  /** A public phonebook of an organization above the tenant's (read only). */
  fromParent: boolean;
}

export function viewerOf(ctx: Actor, parentOrganizationIds: ReadonlySet<number>): PhonebookViewer {
  return {
    userId: ctx.principal.userId,
    tenant: ctx.tenant,
    manager: ctx.tenant.subtree,
    parentOrganizationIds,
    canSeePublicContacts: ctx.principal.profile.isCanSeeContactsOfPublicPhonebooks === true,
    canSeePrivateContacts: ctx.principal.profile.isCanSeeContactsOfPrivatePhonebooks === true,
  };
}

export function inTenantSlice(p: Pick<PhonebookPlace, 'organizationId' | 'organizationPath'>, tenant: Tenant): boolean {
  return tenant.subtree ? p.organizationPath.startsWith(tenant.path) : p.organizationId === tenant.organizationId;
}

export function phonebookAccess(p: PhonebookPlace, v: PhonebookViewer): PhonebookAccess {
  const inSlice = inTenantSlice(p, v.tenant);
  const own = p.userId === v.userId;
  const canManage = inSlice && (v.manager || own);
  const fromParent = !inSlice && p.isPublic && v.parentOrganizationIds.has(p.organizationId);
  const visible = canManage || fromParent || (inSlice && (p.isPublic || v.canSeePrivateContacts));
  const canSeeContacts = canManage
    || (inSlice && (p.isPublic ? v.canSeePublicContacts : v.canSeePrivateContacts))
    || (fromParent && v.canSeePublicContacts);
  return { visible, canManage, canSeeContacts, numbersHidden: canSeeContacts && !canManage && !p.isShowNumber, fromParent };
}

/**
 * The organizations above `path` (`/1/4/9/`: 4 then 1) whose public phonebooks reach its last
 * organization: each step up needs the flag on the organization below it, so a parent's public
 * phonebooks reach a child that has the flag, and the grandparent's only if the parent has it too.
 * `flags` holds the live organizations of the path; a missing (deleted) one ends the chain.
 */
export function reachableParents(path: string, flags: ReadonlyMap<number, boolean>): Set<number> {
  const ids = path.split('/').filter(Boolean).map(Number);
  const out = new Set<number>();
  for (let i = ids.length - 1; i > 0; i--) {
    if (flags.get(ids[i]) !== true || !flags.has(ids[i - 1])) break;
    out.add(ids[i - 1]);
  }
  return out;
}
