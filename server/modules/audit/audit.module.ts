import type { Container } from 'inversify';
import type { PeykModule } from '../../platform/module.js';
import { AuditRepository } from './audit.repository.js';
import { AuditService } from './audit.service.js';
import { auditController } from './audit.routes.js';

export const auditModule: PeykModule = {
  name: 'audit',
  register(container: Container) {
    container.bind(AuditRepository).toSelf().inSingletonScope();
    container.bind(AuditService).toSelf().inSingletonScope();
  },
  controllers: (container) => [auditController(container.get(AuditService))],
};
