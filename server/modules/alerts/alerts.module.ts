import type { Container } from 'inversify';
import type { PeykModule } from '../../platform/module.js';
import { AlertsRepository } from './alerts.repository.js';
import { AlertSettingsService } from './alert-settings.service.js';
import { AlertRunner } from './alert-runner.service.js';
import { alertsController } from './alerts.routes.js';
import { alertsMessages } from './alerts.messages.js';
import { PaymentAlertsListener } from './payment-alerts.listener.js';
import { PAYMENT_LISTENERS } from '../billing/index.js';

export const alertsModule: PeykModule = {
  name: 'alerts',
  messages: alertsMessages,
  register(container: Container) {
    container.bind(AlertsRepository).toSelf().inSingletonScope();
    container.bind(AlertSettingsService).toSelf().inSingletonScope();
    container.bind(AlertRunner).toSelf().inSingletonScope();
    container.bind(PaymentAlertsListener).toSelf().inSingletonScope();
    container.bind(PAYMENT_LISTENERS).toService(PaymentAlertsListener);
  },
  controllers: (container) => [alertsController(container.get(AlertSettingsService))],
  jobs: (container) => {
    const runner = container.get(AlertRunner);
    return [{ name: 'alerts.send-alerts', schedule: '0 * * * * *', scope: 'global', run: (now, signal) => runner.run(now, signal) }];
  },
};
