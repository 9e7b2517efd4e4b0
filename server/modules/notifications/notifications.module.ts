import type { Container } from 'inversify';
import type { PeykModule } from '../../platform/module.js';
import { NotificationsRepository } from './notifications.repository.js';
import { NotificationsService } from './notifications.service.js';
import { notificationsController } from './notifications.routes.js';

export const notificationsModule: PeykModule = {
  name: 'notifications',
  register(container: Container) {
    container.bind(NotificationsRepository).toSelf().inSingletonScope();
    container.bind(NotificationsService).toSelf().inSingletonScope();
  },
  controllers: (container) => [notificationsController(container.get(NotificationsService))],
};
