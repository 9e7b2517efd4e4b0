export { documentsModule } from './documents.module.js';
export { DocumentsService } from './documents.service.js';
