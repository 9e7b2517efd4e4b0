import type { Page } from '../../shared/api/api-client';
import { endpoint } from '../../shared/api/endpoint';
import type {
  OrganizationAnswer, OrganizationListItemAnswer, OrganizationsDeleted, OrganizationsPage, OrganizationType,
} from '../../../../server/shared/organizations/organizations.answers';

/** Shapes of `Organizations/*`: the server's answer contracts (module organizations). */
export type Organization = OrganizationAnswer;
export type OrganizationListItem = OrganizationListItemAnswer;
export type { OrganizationType };

/** A confirmation number the server asked for (the kit's confirmation flow adds it to the call). */
type ConfirmationValues = { confirmationId?: string; confirmationNumber?: string };

/** The form's body: everything on create, only the changed fields (and the id) on edit; see `bodyFrom`. */
export type OrganizationBody = Record<string, unknown> & ConfirmationValues;

export const organizationsApi = {
  list: endpoint.get<OrganizationsPage, { pageIndex?: number; pageSize: number; search?: string; parentId?: number; includeArchived?: boolean }>(
    '/Organizations/GetAll'),
  get: endpoint.getById<Organization>('/Organizations/Get'),
  create: endpoint.post<OrganizationBody, Organization>('/Organizations/Create'),
  update: endpoint.post<OrganizationBody, Organization>('/Organizations/Update'),
  activate: endpoint.postById<Organization>('/Organizations/Activate'),
  deactivate: endpoint.postById<Organization>('/Organizations/Deactivate'),
  archive: endpoint.postById<Organization>('/Organizations/Archive'),
  unarchive: endpoint.postById<Organization>('/Organizations/Unarchive'),
  delete: endpoint.deleteByIdWith<OrganizationsDeleted, { withChildren: boolean } & ConfirmationValues>('/Organizations/Delete'),
};

/**
 * What the organization form reads of other features (billing's tariff of the organization, the
 * role templates). Their modules declare no answer contracts yet, so these name only the fields
 * the form reads.
 */
export interface OrganizationTariff { organizationId: number; tariff: { id: number; title: string } | null }
export interface RoleTemplateItem { id: number; title: string }

export const organizationFormLookups = {
  tariff: endpoint.get<OrganizationTariff, { organizationId: number }>('/Tariffs/GetOrganizationTariff'),
  assignTariff: endpoint.post<{ organizationId: number; tariffId: number | null }>('/Tariffs/AssignToOrganization'),
  roleTemplates: endpoint.get<Page<RoleTemplateItem>, { pageSize: number }>('/RoleTemplates/GetAll'),
};

/**
 * The feature's SWR keys. Every list of the screen starts with 'organizations'; a change also
 * refreshes the shell's organization switcher ('switcher', main-layout) and the roles feature's
 * parent list ('organizations-parents'), whose key values are theirs.
 */
export const organizationsKeys = {
  root: (id: number) => ['organizations', 'root', id] as const,
  list: (search: string, parentId: number | null, pageIndex: number, pageSize: number, includeArchived: boolean) =>
    ['organizations', search, parentId, pageIndex, pageSize, includeArchived] as const,
  children: (openIds: number[], includeArchived: boolean) => ['organizations', 'children', openIds.join(','), includeArchived] as const,
  isOrganizationsKey: (key: unknown) => Array.isArray(key) && (key[0] === 'organizations' || key[0] === 'organizations-parents' || key[0] === 'switcher'),
  tariff: (organizationId: number) => ['organization-tariff', organizationId] as const,
  templates: () => ['organization-templates'] as const,
};
