export { organizationsModule } from './organizations.module.js';
export {
  OrganizationsService, publicOrganization,
  type OrganizationLifecycleListener, type ClosingReason, type OrganizationStanding,
} from './organizations.service.js';
export type { OrganizationRow, OrganizationType } from './organization.fields.js';
export { CustomerDomainsService } from './customer-domains.service.js';
