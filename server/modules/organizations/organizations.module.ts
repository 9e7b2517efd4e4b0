import type { Container } from 'inversify';
import type { PeykModule } from '../../platform/module.js';
import { OrganizationsRepository } from './organizations.repository.js';
import { OrganizationsService } from './organizations.service.js';
import { organizationsController } from './organizations.routes.js';
import { CustomerDomainsRepository } from './customer-domains.repository.js';
import { CustomerDomainsService } from './customer-domains.service.js';
import { customerDomainsController } from './customer-domains.routes.js';
import { organizationsMessages } from './organizations.messages.js';

export const organizationsModule: PeykModule = {
  name: 'organizations',
  messages: organizationsMessages,
  register(container: Container) {
    container.bind(OrganizationsRepository).toSelf().inSingletonScope();
    container.bind(OrganizationsService).toSelf().inSingletonScope();
    container.bind(CustomerDomainsRepository).toSelf().inSingletonScope();
    container.bind(CustomerDomainsService).toSelf().inSingletonScope();
  },
  controllers: (container) => [
    organizationsController(container.get(OrganizationsService)),
    customerDomainsController(container.get(CustomerDomainsService)),
  ],
};
