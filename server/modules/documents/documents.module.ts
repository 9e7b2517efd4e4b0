import type { Container } from 'inversify';
import type { PeykModule } from '../../platform/module.js';
import { documentsMessages } from './documents.messages.js';
import { DocumentsRepository } from './documents.repository.js';
import { DocumentsService } from './documents.service.js';
import { documentsController } from './documents.routes.js';

export const documentsModule: PeykModule = {
  name: 'documents',
  messages: documentsMessages,
  register(container: Container) {
    for (const cls of [DocumentsRepository, DocumentsService] as (new (...args: never[]) => unknown)[]) container.bind(cls).toSelf().inSingletonScope();
  },
  controllers: (container) => [documentsController(container.get(DocumentsService))],
};
