import type { ApiClient } from '../../shared/api/api-client';
import { endpoint } from '../../shared/api/endpoint';
import type { CustomerDomainAnswer, CustomerDomainsPage, DashboardMode, Desktop, DomainImageType, LoginPageMode, LoginTheme } from '../../../../server/shared/organizations/customer-domains.answers';

export {
  DASHBOARD_MODES, DESKTOPS, DOMAIN_IMAGE_MAX_BYTES, LOGIN_IMAGE_SIZES, LOGIN_PAGE_MODES, LOGIN_THEMES, MAX_LOGIN_IMAGES,
  DEFAULT_PRIMARY_COLOR, DEFAULT_SECONDARY_COLOR,
} from '../../../../server/shared/organizations/customer-domains.answers';

/** Shapes of `CustomerDomains/*` (server module organizations, "Domains"). */
export type CustomerDomain = CustomerDomainAnswer;

export interface CustomerDomainInput {
  resellerDomain: string;
  resellerIdentityDomain: string | null;
  desktop: Desktop;
  loginTheme: LoginTheme;
  dashboardMode: DashboardMode;
  loginPageMode: LoginPageMode;
  primaryColor: string;
  secondaryColor: string;
  resellerLink: string | null;
  enamad: string | null;
  isSignUpEnabled: boolean;
}

export const customerDomainsApi = {
  list: endpoint.get<CustomerDomainsPage, { pageIndex: number; pageSize: number; search?: string }>('/CustomerDomains/GetAll'),
  get: endpoint.getById<CustomerDomain>('/CustomerDomains/Get'),
  create: endpoint.post<CustomerDomainInput, CustomerDomain>('/CustomerDomains/Create'),
  update: endpoint.post<CustomerDomainInput & { id: number }, CustomerDomain>('/CustomerDomains/Update'),
  delete: endpoint.deleteById<null>('/CustomerDomains/Delete'),
  removeImage: endpoint.post<{ id: number; key: string }, CustomerDomain>('/CustomerDomains/RemoveImage'),
};

/** The image itself is the body (streamed into the server's upload intake). */
export function uploadDomainImage(api: ApiClient, id: number, imageType: DomainImageType, file: File): Promise<CustomerDomain> {
  return api.post<CustomerDomain>('/CustomerDomains/UploadImage', file, {
    query: { id, imageType, fileName: file.name }, rawContentType: file.type || 'application/octet-stream', quiet: true,
  });
}

export const customerDomainKeys = {
  list: (pageIndex: number, pageSize: number, search: string) => ['customer-domains', pageIndex, pageSize, search] as const,
  one: (id: number) => ['customer-domain', id] as const,
  isDomainKey: (key: unknown) => Array.isArray(key) && typeof key[0] === 'string' && (key[0] as string).startsWith('customer-domain'),
};

export const DOMAINS_PATH = '/organizations/domains';
export const domainEditPath = (id: number | 'new') => `${DOMAINS_PATH}/${id}`;
