import type { Container } from 'inversify';
import type { PeykModule } from '../../platform/module.js';
import { inboxMessages } from './inbox.messages.js';
import { InboxRepository } from './inbox.repository.js';
import { InboxService } from './inbox.service.js';
import { inboxController } from './inbox.routes.js';

export const inboxModule: PeykModule = {
  name: 'inbox',
  messages: inboxMessages,
  register(container: Container) {
    for (const cls of [InboxRepository, InboxService] as (new (...args: never[]) => unknown)[]) container.bind(cls).toSelf().inSingletonScope();
  },
  controllers: (container) => [inboxController(container.get(InboxService))],
};
