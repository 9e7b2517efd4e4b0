import { endpoint } from '../../shared/api/endpoint';
import type { ClaimSectionsAnswer, RoleAnswer, RoleListItem, RolesPage } from '../../../../server/shared/identity/roles.answers';
import type { OrganizationsPage } from '../../../../server/shared/organizations/organizations.answers';
import type { UsersPage } from '../../../../server/shared/identity/users.answers';

/** Shapes of `Roles/*` and `RoleTemplates/*`: the server's answer contracts (module identity). */
export type Role = RoleListItem;
export type ClaimSection = ClaimSectionsAnswer[number];
export type { RoleAnswer };

/** A role's list and form calls are the same under `Roles` and `RoleTemplates`. */
export type RoleKind = 'Roles' | 'RoleTemplates';

/** A confirmation number the server asked for (the kit's confirmation flow adds it to the call). */
type ConfirmationValues = { confirmationId?: string; confirmationNumber?: string };

export interface RoleInput { title: string; claims: string[]; organizationId?: number }

function roleCalls(kind: RoleKind) {
  return {
    list: endpoint.get<RolesPage, { organizationId?: number; search?: string; pageIndex?: number; pageSize: number }>(`/${kind}/GetAll`),
    get: endpoint.getById<RoleListItem>(`/${kind}/Get`),
    create: endpoint.post<RoleInput, RoleAnswer>(`/${kind}/Create`),
    update: endpoint.post<{ id: number; title: string; claims: string[] } & ConfirmationValues, RoleAnswer>(`/${kind}/Update`),
    delete: endpoint.deleteByIdWith<null, ConfirmationValues>(`/${kind}/Delete`),
  };
}

export const rolesApi = {
  Roles: roleCalls('Roles'),
  RoleTemplates: roleCalls('RoleTemplates'),
  clone: endpoint.post<{ id: number; title: string }, RoleAnswer>('/Roles/Clone'),
  claims: endpoint.get<ClaimSectionsAnswer>('/Roles/GetClaims'),
  assignToUser: endpoint.post<{ userId: number | null; roleId: number | null } & ConfirmationValues, null>('/Roles/AssignToUser'),
  assignToOrganization: endpoint.post<{ organizationId: number | null; roleTemplateId: number | null } & ConfirmationValues, null>(
    '/RoleTemplates/AssignToOrganization'),
} satisfies Record<RoleKind, unknown> & Record<string, unknown>;

/** What the role screens read of other features: the organizations (owner, filter) and an organization's users. */
export const roleLookups = {
  organizations: endpoint.get<OrganizationsPage, { pageSize: number }>('/Organizations/GetAll'),
  users: endpoint.get<UsersPage, { organizationId: number | null; pageSize: number }>('/Users/GetAll'),
};

/**
 * SWR keys of the role screens (their values as before). A change revalidates every key
 * `isRolesKey` accepts: the screens' own, the users form's role list ('user-roles') and the
 * organization form's templates ('organization-templates').
 */
export const rolesKeys = {
  list: (kind: RoleKind, organizationId: number | null, search: string, pageIndex: number, pageSize: number) =>
    ['roles', kind, organizationId, search, pageIndex, pageSize] as const,
  claims: () => ['roles', 'claims'] as const,
  assignUsers: (organizationId: number) => ['roles', 'assign-users', organizationId] as const,
  assignRoles: (kind: RoleKind, organizationId: number | null) => ['roles', 'assign-roles', kind, organizationId] as const,
  organizations: () => ['organizations-parents'] as const,
  isRolesKey: (key: unknown) => Array.isArray(key) && (key[0] === 'roles' || key[0] === 'user-roles' || key[0] === 'organization-templates'),
};
