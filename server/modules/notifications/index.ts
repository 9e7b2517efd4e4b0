export { notificationsModule } from './notifications.module.js';
export { NotificationsService, type NewNotification } from './notifications.service.js';
