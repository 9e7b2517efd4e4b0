import type { Container } from 'inversify';
import type { PeykModule } from '../../platform/module.js';
import { inboxMessages } from './inbox.messages.js';
import { InboxRepository } from './inbox.repository.js';
import { InboxService } from './inbox.service.js';
import { inboxController, optOutsController } from './inbox.routes.js';
import { OptOutsRepository } from './opt-outs.repository.js';
import { OptOutsService } from './opt-outs.service.js';

export const inboxModule: PeykModule = {
  name: 'inbox',
  messages: inboxMessages,
  register(container: Container) {
    for (const cls of [InboxRepository, InboxService, OptOutsRepository, OptOutsService] as (new (...args: never[]) => unknown)[]) container.bind(cls).toSelf().inSingletonScope();
  },
  controllers: (container) => [inboxController(container.get(InboxService)), optOutsController(container.get(OptOutsService))],
};
