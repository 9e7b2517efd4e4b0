export { alertsModule } from './alerts.module.js';
export { AlertRunner, type AlertOutcome } from './alert-runner.service.js';
