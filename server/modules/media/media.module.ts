import type { Container } from 'inversify';
import type { PeykModule } from '../../platform/module.js';
import { mediaMessages } from './media.messages.js';
import { MediaRepository } from './media.repository.js';
import { MediaService } from './media.service.js';
import { mediaController } from './media.routes.js';

export const mediaModule: PeykModule = {
  name: 'media',
  messages: mediaMessages,
  register(container: Container) {
    for (const cls of [MediaRepository, MediaService] as (new (...args: never[]) => unknown)[]) container.bind(cls).toSelf().inSingletonScope();
  },
  controllers: (container) => [mediaController(container.get(MediaService))],
};
