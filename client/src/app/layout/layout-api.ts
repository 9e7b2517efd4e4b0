import { endpoint } from '../../shared/api/endpoint';
import type { TokenPairAnswer } from '../../../../server/shared/identity/account.answers';
import type { OrganizationsPage } from '../../../../server/shared/organizations/organizations.answers';

/** The shell's own calls (organization switcher, sign-out, end of an impersonation), typed by the server's contracts. */
export const layoutApi = {
  /** Called with the user's own organization as c-org-id, so the list starts there. */
  switcherOrganizations: endpoint.get<OrganizationsPage, { pageSize: number }>('/Organizations/GetAll'),
  logout: endpoint.post<undefined, null>('/Account/Logout'),
  stopImpersonation: endpoint.post<undefined, TokenPairAnswer>('/Account/StopImpersonation'),
};

/** The switcher's key keeps its value: the organizations feature revalidates it by 'switcher'. */
export const layoutKeys = {
  switcher: (ownOrganizationId: number) => ['switcher', ownOrganizationId] as const,
};
