export { auditModule } from './audit.module.js';
export { AuditService, type AuditEntry } from './audit.service.js';
