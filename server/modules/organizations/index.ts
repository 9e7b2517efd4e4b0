export { organizationsModule } from './organizations.module.js';
export {
  OrganizationsService, publicOrganization,
  type OrganizationLifecycleListener, type ClosingReason, type OrganizationStanding,
} from './organizations.service.js';
export { authenticationRequired, type OrganizationRow, type OrganizationType } from './organization.fields.js';
export { CustomerDomainsService } from './customer-domains.service.js';
